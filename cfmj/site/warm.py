"""Warming the site up before a server process serves anyone, so that a worker's first request
pays only for its own work: gunicorn's master runs `warm_site` once before it forks its workers
(gunicorn.conf.py, with `preload_app`), and each worker shares what it built (copy on write).
Before, each fresh worker's first page paid 150-250 ms building these on the spot (against
17-34 ms for the same page warm: bench/first_request.py).

What it builds is what Django builds lazily, per process, on first use:
- the URLconf: every view imported, every pattern's regular expression compiled, and the reverse
  lookups of every namespace populated (`reverse` and `{% url %}` build them on their first call:
  about 150 ms with every regular expression compiled);
- every template of the site compiled, into the cached loader (a page's `{% extends %}`,
  `{% include %}` and partials included), with every tag library they load;
- the static files' manifest (hashed names, in production) and every model's field lookups;
- what a first request imports or loads on the way: the template context processors, the message
  and session storage classes, the translation catalogue and the locale's formats, the IDNA codec
  (host names), the process's local-memory caches (the drawings, the verdicts) and the lessons'
  Markdown parser's rules.

uvicorn's process, which serves only the push channel's streams, runs `warm_streams` when it loads
the site (cfmj/asgi.py). Neither opens a database or cache connection: those belong to each worker
(`connect`, run in the worker after the fork), never to a process that forks. Tests and the
development server call neither.
"""

from __future__ import annotations

import contextlib
import logging
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.cache import caches
from django.db import DatabaseError, connection
from django.template import engines
from django.template.backends.django import DjangoTemplates
from django.template.loader import get_template
from django.urls import NoReverseMatch, URLPattern, URLResolver, get_resolver, reverse
from django.urls.converters import IntConverter
from django.utils import formats, translation
from django.utils.module_loading import import_string

from cfmj.core.ratelimit import CACHE_DOWN
from lessons import rendering

log = logging.getLogger(__name__)
TEMPLATE_SUFFIXES = (".html", ".txt")
WARM_KEY = "warm:connect"  # never set: reading it only opens the connection


def warm_site() -> dict[str, int]:
    """Build everything the site builds lazily on first use, except connections. Returns how many
    URL names were reversed and templates compiled."""
    names = warm_urls()
    templates = warm_templates()
    getattr(staticfiles_storage, "base_url", None)  # sets it up: loads production's manifest
    for model in apps.get_models():
        for model_field in model._meta.get_fields():
            model._meta.get_field(model_field.name)  # builds the lookups queries use
        for column in model._meta.concrete_fields:
            column.cached_col  # noqa: B018 - the column expression each query of it uses
    warm_request_path()
    return {"url names": names, "templates": templates}


def warm_streams() -> int:
    """What an ASGI process that serves only streams needs (cfmj/asgi.py): the URLs and what a
    first request imports, no templates. How many URL names were reversed."""
    names = warm_urls()
    warm_request_path()
    return names


def warm_urls() -> int:
    """Import every view, compile every pattern, and reverse every URL name once, with a sample
    value for each of its parameters (1 for a number, "a" for text): reversing compiles the
    pattern it checks the result with, once per process."""
    names = 0
    for name, kwargs in _names(get_resolver(), "", {}):
        with contextlib.suppress(NoReverseMatch):  # a sample its pattern refuses: still built
            reverse(name, kwargs=kwargs or None)
        names += 1
    return names


def _names(
    resolver: URLResolver, namespace: str, converters: dict[str, object]
) -> list[tuple[str, dict[str, object]]]:
    found = []
    for entry in resolver.url_patterns:
        entry.pattern.regex  # noqa: B018 - compiles the pattern (resolving a path would, once)
        inner_converters = {**converters, **getattr(entry.pattern, "converters", {})}
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            found += _names(entry, inner, inner_converters)
        elif isinstance(entry, URLPattern) and entry.name:
            samples: dict[str, object] = {
                key: 1 if isinstance(c, IntConverter) else "a" for key, c in inner_converters.items()
            }
            found.append((namespace + entry.name, samples))
    return found


def warm_templates() -> int:
    """Compile every template in the site's template folders (settings TEMPLATES' DIRS)."""
    compiled = 0
    for folder in engines["django"].dirs:
        root = Path(folder)
        for path in sorted(root.rglob("*")):
            if path.suffix in TEMPLATE_SUFFIXES:
                get_template(path.relative_to(root).as_posix())
                compiled += 1
    return compiled


def warm_request_path() -> None:
    """What the middleware and a page's rendering import or load on a process's first request."""
    for engine in engines.all():
        if isinstance(engine, DjangoTemplates):
            engine.engine.template_context_processors  # noqa: B018 - imports them
    import_string(settings.MESSAGE_STORAGE)
    import_string(settings.SESSION_SERIALIZER)
    translation.gettext("Home")  # loads the default language's catalogue
    formats.get_format("DATE_FORMAT")  # imports the locale's format module
    "localhost".encode("idna")
    for alias, cache in settings.CACHES.items():
        if str(cache["BACKEND"]).endswith(".LocMemCache"):  # no connection: safe across the fork
            caches[alias]
    rendering.warm_up()


def connect() -> bool:
    """Open this process's database connection, and its cache connection (Redis), before it
    serves (a worker, after the fork), so its first request does not wait for them. One that does
    not answer is logged and left to the first request, which copes as it always did; whether
    both connected."""
    connected = True
    try:
        connection.ensure_connection()
    except DatabaseError as problem:
        log.warning("No database connection before serving: %s", problem)
        connected = False
    try:
        caches["default"].get(WARM_KEY)
    except CACHE_DOWN as problem:
        log.warning("No cache connection before serving: %s", problem)
        connected = False
    return connected
