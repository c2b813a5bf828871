"""Every URL of the site refuses a POST without a CSRF token (403), signed in or not.

Exempted patterns: none. (EXEMPT below is empty; add a pattern's name there only with the reason.)"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from tests.classes.session_helpers import Room

pytestmark = pytest.mark.django_db
EXEMPT: dict[str, str] = {}  # name -> why it may take a POST without a token


def _patterns(resolver: URLResolver, prefix: str = "", namespace: str = "") -> Iterator[tuple[str, str]]:
    """(name, route) for every pattern, routes joined from their includes."""
    for entry in resolver.url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from _patterns(entry, route, inner)
        elif isinstance(entry, URLPattern):
            yield f"{namespace}{entry.name or route}", route


def _fill(route: str, values: dict[str, str]) -> str:
    """The route with made-up (but real, where the view needs an object) values for its converters."""

    def value(match: re.Match[str]) -> str:
        converter, name = match.group(1) or "str", match.group(2)
        return values.get(name, "1" if converter == "int" else "x")

    return "/" + re.sub(r"<(?:(\w+):)?(\w+)>", value, route).lstrip("^").rstrip("$")


def _signed_in(user: Any) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def test_every_post_needs_a_token(course: Any) -> None:
    room = Room()
    values = {
        "pk": str(room.classroom.pk),
        "sid": str(room.session.pk),
        "user_id": str(room.ann.pk),
        "puzzle_id": str(room.puzzle.pk),
        "kind": room.puzzle.kind,
        "slug": course[0].slug,
        "number": "1",
        "code": room.classroom.code,
        "assignment_id": "1",
    }
    clients = {
        "anonymous": Client(enforce_csrf_checks=True),
        "student": _signed_in(room.ann),
        "teacher": _signed_in(room.teacher),
    }
    checked, accepted = [], []
    for name, route in _patterns(get_resolver()):
        if name in EXEMPT:
            continue
        url = _fill(route, values)
        for who, client in clients.items():
            response = client.post(url, {"username": "x", "password": "y", "valid": "yes"})
            assert response.status_code == 403, (name, url, who, response.status_code)
        checked.append(name)
        # With a token (the check switched off), does this view take POSTs at all?
        open_client = Client()
        open_client.force_login(room.teacher)
        if open_client.post(url, {}).status_code != 405:
            accepted.append(name)
    assert "practice:answer" in accepted and "accounts:login" in accepted and "classes:join" in accepted
    assert "practice:check" in checked and "practice:check" not in accepted
