"""The engine's build: a digest of its own sources, for whatever keeps engine objects between
processes (a pickled replay, say) to tell that the code that made them is the code that reads them.
ENGINE_VERSION names the puzzles' rules; this changes with any edit."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=1)
def engine_build() -> str:
    sources = sorted(Path(__file__).parent.rglob("*.py"))
    return hashlib.sha256(b"".join(path.read_bytes() for path in sources)).hexdigest()[:12]
