import os

from django.urls import URLPattern, URLResolver, include, path

from cfmj.core import views as core_views

urlpatterns: list[URLPattern | URLResolver] = [
    path("", core_views.home, name="home"),
    path("healthz", core_views.healthz, name="healthz"),
    # Browsers and feed readers ask for /favicon.ico whatever the page links: send them the tile.
    path("favicon.ico", core_views.favicon, name="favicon"),
    path("accounts/", include("cfmj.accounts.urls")),
    path("classes/", include("cfmj.classes.urls")),
    path("play/", include("cfmj.play.urls")),
    path("", include("practice.urls")),
    path("", include("lessons.urls")),
]

# The load benchmark's yardsticks (bench/loadtest.py); absent unless the server is started with them.
if os.environ.get("CFMJ_BENCH_BARE") == "1":
    urlpatterns += [
        path("bench/bare/", core_views.bench_bare, name="bench_bare"),
        path("bench/floor/", core_views.bench_floor, name="bench_floor"),
    ]
