"""The load benchmarks' yardsticks (the bare and floor views) and the push channel's bench stream
(bench/live.py) exist only when CFMJ_BENCH_BARE=1."""

from __future__ import annotations

import importlib
from collections.abc import Iterator

import pytest
from django.test import Client
from django.urls import Resolver404, clear_url_caches, resolve

import cfmj.urls
from cfmj.accounts.models import User
from cfmj.core import views


@pytest.fixture
def reload_urls(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    yield
    monkeypatch.undo()  # the environment as it was, then the URLs as they were
    importlib.reload(cfmj.urls)
    clear_url_caches()


def _urls_with(monkeypatch: pytest.MonkeyPatch, value: str | None) -> None:
    if value is None:
        monkeypatch.delenv("CFMJ_BENCH_BARE", raising=False)
    else:
        monkeypatch.setenv("CFMJ_BENCH_BARE", value)
    importlib.reload(cfmj.urls)
    clear_url_caches()


def test_it_has_no_bare_view_by_default(
    client: Client, monkeypatch: pytest.MonkeyPatch, reload_urls: None
) -> None:
    _urls_with(monkeypatch, None)
    assert client.get("/bench/bare/").status_code == 404


def test_it_serves_the_bare_view_when_asked(
    client: Client, monkeypatch: pytest.MonkeyPatch, reload_urls: None
) -> None:
    _urls_with(monkeypatch, "1")
    response = client.get("/bench/bare/")
    assert response.status_code == 200
    assert response.content == b"ok"


def test_it_has_no_floor_view_by_default(
    client: Client, monkeypatch: pytest.MonkeyPatch, reload_urls: None
) -> None:
    _urls_with(monkeypatch, None)
    assert client.get("/bench/floor/").status_code == 404


@pytest.mark.django_db
def test_it_serves_the_floor_view_with_the_layout_and_the_user(
    client: Client, monkeypatch: pytest.MonkeyPatch, reload_urls: None, django_user_model: type[User]
) -> None:
    _urls_with(monkeypatch, "1")
    client.force_login(django_user_model.objects.create_user("ann"))
    response = client.get("/bench/floor/")
    assert response.status_code == 200
    assert b"Load test yardstick" in response.content
    assert b"ann" in response.content  # the signed-in user was read, as on every real page


def test_it_routes_the_bench_stream_under_live_only_when_asked(
    monkeypatch: pytest.MonkeyPatch, reload_urls: None
) -> None:
    _urls_with(monkeypatch, None)
    with pytest.raises(Resolver404):
        resolve("/live/bench/abc/")
    _urls_with(monkeypatch, "1")
    found = resolve("/live/bench/abc/")
    assert (found.func, found.kwargs) == (views.bench_live, {"topic": "abc"})
