"""gunicorn's settings for bench/first_request.py: the shipped gunicorn.conf.py, every setting and
hook of it, and one thing more: when a worker has run the shipped post_worker_init (the last step
before it accepts), it writes a file named by its pid into $CFMJ_BENCH_READY_DIR holding how long
it took since the process began, so the bench sends a worker's first request only once it is ready
and knows what its boot cost."""

from __future__ import annotations

import os
import runpy
import time
from pathlib import Path
from typing import Any

# CFMJ_BENCH_GUNICORN_CONF: another version of it to compare with (`first_request.py --conf`).
_default = Path(__file__).resolve().parents[1] / "gunicorn.conf.py"
_shipped = runpy.run_path(os.environ.get("CFMJ_BENCH_GUNICORN_CONF") or str(_default))
globals().update({k: v for k, v in _shipped.items() if not k.startswith("__")})
_shipped_post_worker_init = _shipped.get("post_worker_init")


def _seconds_since_process_start() -> float:
    ticks = int(Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()[19])
    uptime = float(Path("/proc/uptime").read_text().split()[0])
    return uptime - ticks / os.sysconf("SC_CLK_TCK")


def post_worker_init(worker: Any) -> None:
    if _shipped_post_worker_init is not None:
        _shipped_post_worker_init(worker)
    ready = Path(os.environ["CFMJ_BENCH_READY_DIR"]) / str(os.getpid())
    ready.with_suffix(".tmp").write_text(f"{_seconds_since_process_start():.3f} {time.time():.3f}")
    ready.with_suffix(".tmp").rename(ready)
