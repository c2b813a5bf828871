"""The warm-up gunicorn's master runs before it forks its workers (gunicorn.conf.py,
cfmj/site/warm.py), and the connections each worker opens before it accepts: what they build, not
how fast (bench/first_request.py times a fresh worker's first pages)."""

from __future__ import annotations

import gc
import importlib
import logging
import runpy
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import caches
from django.db import OperationalError, connection
from django.template import engines
from django.template.backends.django import DjangoTemplates
from django.template.loaders.cached import Loader as CachedLoader
from django.urls import URLResolver, clear_url_caches, get_resolver
from redis.exceptions import ConnectionError as RedisConnectionError

import cfmj.asgi
from cfmj.engine.game import warm as engine_warm
from cfmj.site import warm
from tests.services import ROOT


def _cached_loader() -> CachedLoader:
    engine = engines["django"]
    assert isinstance(engine, DjangoTemplates)
    loaders: list[Any] = list(engine.engine.template_loaders)
    while loaders:
        loader = loaders.pop()
        if isinstance(loader, CachedLoader):
            return loader
        loaders += getattr(loader, "loaders", [])
    raise AssertionError("no cached template loader")


def _resolvers(resolver: URLResolver) -> list[URLResolver]:
    inner = [entry for entry in resolver.url_patterns if isinstance(entry, URLResolver)]
    return [resolver, *(found for entry in inner for found in _resolvers(entry))]


def test_it_compiles_every_template_of_the_site_into_the_cached_loader() -> None:
    loader = _cached_loader()
    loader.reset()
    compiled = warm.warm_templates()
    folder = Path(engines["django"].dirs[0])
    names = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.suffix in (".html", ".txt")}
    assert compiled == len(names) > 100
    assert names <= set(loader.get_template_cache)
    assert "base.html" in loader.get_template_cache  # what pages extend, compiled once


def test_it_imports_every_view_and_populates_every_namespace_s_lookups() -> None:
    clear_url_caches()
    reversed_names = warm.warm_urls()
    root = get_resolver()
    assert reversed_names > 50
    # Each URLResolver builds its reverse lookups on first use; after the warm-up none is left to.
    assert all(getattr(resolver, "_populated", False) for resolver in _resolvers(root))
    assert all(entry.pattern.regex for entry in root.url_patterns)


def test_the_whole_warm_up_runs_without_the_database() -> None:
    # No django_db mark: pytest-django refuses any database access here, as a master that forks
    # must open no connection.
    counted = warm.warm_site()
    assert counted["templates"] > 100 and counted["url names"] > 50


@pytest.mark.django_db
def test_a_worker_connects_before_it_serves() -> None:
    connection.close()
    assert warm.connect() is True
    assert connection.connection is not None


@pytest.mark.django_db
def test_a_database_or_cache_that_does_not_answer_is_left_to_the_first_request(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def refuse(*args: object) -> None:
        raise OperationalError("connection refused")

    def unreachable(*args: object) -> None:
        raise RedisConnectionError("no Redis")

    monkeypatch.setattr(connection, "ensure_connection", refuse)
    monkeypatch.setattr(caches["default"], "get", unreachable)
    with caplog.at_level(logging.WARNING, logger="cfmj.site.warm"):
        assert warm.connect() is False
    assert "No database connection" in caplog.text and "No cache connection" in caplog.text


def test_gunicorn_s_master_loads_and_warms_the_site_and_its_workers_connect(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    called: list[str] = []

    def recorder(name: str, result: object = None) -> Any:
        def record() -> object:
            called.append(name)
            return result

        return record

    monkeypatch.setattr(engine_warm, "warm_up", recorder("engine"))
    monkeypatch.setattr(warm, "warm_site", recorder("site", {"templates": 1}))
    monkeypatch.setattr(warm, "connect", recorder("connect", True))
    monkeypatch.setattr(gc, "freeze", recorder("freeze"))
    conf = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert conf["preload_app"] is True  # the master loads Django once; workers are its forks
    conf["on_starting"](None)
    assert called == ["freeze", "engine", "site", "freeze"]
    conf["post_worker_init"](None)
    assert called[-1] == "connect"


def test_the_asgi_process_warms_its_urls_when_it_loads_the_site(monkeypatch: pytest.MonkeyPatch) -> None:
    called: list[str] = []
    monkeypatch.setattr(warm, "warm_streams", lambda: called.append("streams"))
    importlib.reload(cfmj.asgi)
    assert called == ["streams"]


def test_the_streams_warm_up_builds_the_url_lookups() -> None:
    clear_url_caches()
    assert warm.warm_streams() > 50
    assert getattr(get_resolver(), "_populated", False)
