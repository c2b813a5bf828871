import os
from collections.abc import Sequence
from importlib import import_module
from typing import Any

from django.urls import URLPattern, URLResolver, include, path

from cfmj.classes import table_urls
from cfmj.core import views as core_views
from cfmj.play import urls as play_urls
from cfmj.site import urls as site_urls


def _app(namespace: str, module: str, site: Sequence[URLPattern] = ()) -> tuple[Any, str | None, str | None]:
    """An app's pages under its namespace, the site's pages for that namespace first
    (cfmj/site/urls.py: pages that put several apps together live above the apps)."""
    patterns: list[URLPattern | URLResolver] = [*site, *import_module(module).urlpatterns]
    return include((patterns, namespace))


urlpatterns: list[URLPattern | URLResolver] = [
    *site_urls.home,
    path("healthz", core_views.healthz, name="healthz"),
    # Browsers and feed readers ask for /favicon.ico whatever the page links: send them the tile.
    path("favicon.ico", core_views.favicon, name="favicon"),
    path("accounts/", _app("accounts", "cfmj.accounts.urls", site_urls.accounts)),
    path("classes/", _app("classes", "cfmj.classes.urls", site_urls.classes)),
    path("play/", _app("play", "cfmj.play.urls", site_urls.play)),
    path("", _app("practice", "practice.urls", site_urls.practice)),
    path("", _app("lessons", "lessons.urls")),
    path("live/", include(([*play_urls.live_patterns, *table_urls.live_patterns], "live"))),
]

# The load benchmarks' yardsticks (bench/loadtest.py) and stream (bench/live.py); absent unless the
# server is started with them.
if os.environ.get("CFMJ_BENCH_BARE") == "1":
    urlpatterns += [
        path("bench/bare/", core_views.bench_bare, name="bench_bare"),
        path("bench/floor/", core_views.bench_floor, name="bench_floor"),
        path("live/bench/<slug:topic>/", core_views.bench_live, name="bench_live"),
    ]
