"""The documentation: docs/CLI.md is the team's shared command-line contract, kept in step with
../shared/CLI.md as docs/RULES.md is with ../shared/RULES.md (tests/engine/test_rule_coverage.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
CLI = DOCS / "CLI.md"
SHARED_CLI = ROOT.parent / "shared" / "CLI.md"


def test_it_keeps_docs_cli_md_in_step_with_the_shared_copy() -> None:
    # On CI the shared folder lies beside the clone: there the copy must be compared, not skipped.
    if not SHARED_CLI.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{SHARED_CLI} is missing: CI must compare docs/CLI.md with it")
        pytest.skip("the shared CLI.md is not beside this checkout")
    assert CLI.read_text() == SHARED_CLI.read_text()
