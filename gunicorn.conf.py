"""gunicorn's settings for the site. gunicorn reads ./gunicorn.conf.py by default, and every way
the site is served starts it from the project root (`make prod`'s supervisord, `make loadtest`,
the stack tests), so they all use this file; tests and manage.py commands never read it.

The master process builds the engine's tables before it binds its socket and forks any worker
(`on_starting`): each worker, the first ones and any restarted later, starts with them built
(shared with the master, copy on write) instead of building them on its first play or distance
request (about 2 s). Then each worker, once it has loaded the site and before it accepts a
request (`post_worker_init`), imports every view and compiles the play table's templates."""

from __future__ import annotations

import logging
import time
from typing import Any

PLAY_TEMPLATES = ("play/home.html", "play/game.html")
log = logging.getLogger("gunicorn.error")


def on_starting(server: Any) -> None:
    from cfmj.engine.game.warm import warm_up  # noqa: PLC0415 - only in the master, when serving

    started = time.perf_counter()
    warm_up()
    log.info("Engine tables built before serving in %.1f s", time.perf_counter() - started)


def post_worker_init(worker: Any) -> None:
    from django.template.loader import get_template  # noqa: PLC0415 - the worker has set Django up
    from django.urls import get_resolver  # noqa: PLC0415

    get_resolver().url_patterns  # noqa: B018 - imports every view
    for name in PLAY_TEMPLATES:
        get_template(name)
