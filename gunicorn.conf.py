"""gunicorn's settings for the site. gunicorn reads ./gunicorn.conf.py by default, and every way
the site is served starts it from the project root (`make prod`'s supervisord, `make loadtest`,
the stack tests), so they all use this file; tests and manage.py commands never read it.

The master process loads the site (`preload_app`: Django set up, the URLconf and every view
imported) and warms it before it forks any worker (`on_starting`): it builds the engine's tables
(about 2 s), populates the URL lookups and compiles every template (cfmj.site.warm). Each worker,
the first ones and any restarted later, is a fork of that master: it starts in milliseconds with
all of it built (shared with the master, copy on write) instead of loading Django itself (3-5 s)
and building the rest on its first requests. The master freezes what it holds out of the garbage
collector's sight (`gc.freeze`), once the site is loaded and again before it forks: the warm-up's
collections, and then a worker's, never walk (and so never copy) the pages it shares. A worker
then opens its own database and cache connections before it accepts (`post_worker_init`):
connections are never opened before the fork.

Preloading means a HUP (gunicorn's reload) does not reload the code: restart gunicorn to deploy
new code (`scripts/supervisorctl restart gunicorn`), as run-production's users do."""

from __future__ import annotations

import gc
import logging
import time
from typing import Any

preload_app = True
log = logging.getLogger("gunicorn.error")


def on_starting(server: Any) -> None:
    from django.db import connections  # noqa: PLC0415 - only when serving, with the site loaded

    from cfmj.engine.game.warm import warm_up  # noqa: PLC0415
    from cfmj.site.warm import warm_site  # noqa: PLC0415

    gc.collect()
    gc.freeze()  # the site just loaded: the warm-up's collections need not walk it (0.4 s of 3.6)
    started = time.perf_counter()
    warm_up()
    engine = time.perf_counter() - started
    warmed = warm_site()
    connections.close_all()  # none should be open; a forked worker must never share one
    gc.collect()
    gc.freeze()
    log.info(
        "Before serving: engine tables built in %.1f s, the site warmed in %.1f s (%s)",
        engine,
        time.perf_counter() - started - engine,
        ", ".join(f"{count} {what}" for what, count in warmed.items()),
    )


def post_worker_init(worker: Any) -> None:
    from cfmj.site.warm import connect  # noqa: PLC0415 - the worker has the site loaded

    connect()
