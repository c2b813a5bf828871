"""/accounts/display/large-print/: POST only; kept for the visit, or on the account."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.accounts.factories import PASSWORD, UserFactory

URL = reverse("accounts:large_print")
LARGE = '<html lang="en" class="large-print">'


def _page(client: Client) -> str:
    return client.get("/").content.decode()


def test_it_sets_large_print_for_a_visitor(client, db):
    assert LARGE not in _page(client)
    response = client.post(URL, {"large_print": "on", "next": "/check/"})
    assert response.status_code == 302
    assert response["Location"] == "/check/"
    assert client.session["large_print"] is True
    html = _page(client)
    assert LARGE in html
    assert 'aria-pressed="true"' in html
    assert '<input type="hidden" name="large_print" value="off">' in html


def test_it_turns_large_print_off(client, db):
    client.post(URL, {"large_print": "on"})
    response = client.post(URL, {"large_print": "off"})
    assert response.status_code == 302
    assert client.session["large_print"] is False
    html = _page(client)
    assert LARGE not in html
    assert 'aria-pressed="false"' in html


def test_it_saves_large_print_on_the_account(client, db):
    user = UserFactory(username="alice")
    client.force_login(user)
    response = client.post(URL, {"large_print": "on"})
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.large_print

    elsewhere = Client()  # a new visit: nothing in its session, so only the account can say it
    assert LARGE not in _page(elsewhere)
    elsewhere.post(reverse("accounts:login"), {"username": "alice", "password": PASSWORD})
    assert LARGE in _page(elsewhere)


def test_it_follows_the_account_on_another_device(db):
    user = UserFactory(large_print=True)
    other = Client()
    other.force_login(user)
    assert LARGE in _page(other)


def test_it_turns_large_print_off_on_the_account(client, db):
    user = UserFactory(large_print=True)
    client.force_login(user)
    client.post(URL, {"large_print": "off"})
    user.refresh_from_db()
    assert not user.large_print
    assert LARGE not in _page(client)


def test_it_leaves_other_accounts_alone(client, db):
    user, other = UserFactory(), UserFactory()
    client.force_login(user)
    client.post(URL, {"large_print": "on"})
    other.refresh_from_db()
    assert not other.large_print


def test_it_returns_home_without_next(client, db):
    response = client.post(URL, {"large_print": "on"})
    assert response["Location"] == "/"


def test_it_ignores_an_external_next(client, db):
    response = client.post(URL, {"large_print": "on", "next": "https://evil.example/"})
    assert response.status_code == 302
    assert response["Location"] == "/"


def test_it_refuses_get(client, db):
    response = client.get(URL, {"large_print": "on"})
    assert response.status_code == 405
    assert "large_print" not in client.session


def test_it_needs_a_csrf_token(db):
    client = Client(enforce_csrf_checks=True)
    response = client.post(URL, {"large_print": "on"})
    assert response.status_code == 403
    assert "large_print" not in client.session
    assert LARGE not in _page(client)


def test_it_needs_a_csrf_token_from_a_user(db):
    user = UserFactory()
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    assert client.post(URL, {"large_print": "on"}).status_code == 403
    user.refresh_from_db()
    assert not user.large_print


def test_it_accepts_the_token_from_the_page(db):
    client = Client(enforce_csrf_checks=True)
    client.get("/")
    token = client.cookies["csrftoken"].value
    response = client.post(URL, {"large_print": "on", "csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert LARGE in _page(client)


@pytest.mark.parametrize(
    "target",
    [
        "abc",
        "//evil.example/",
        "https://evil.example/",
        "javascript:alert(1)",
        "/\\evil.example/",
        "/check/\r\nSet-Cookie: x=1",
    ],
)
def test_it_returns_home_for_an_unsafe_next(client, db, target):
    response = client.post(URL, {"large_print": "on", "next": target})
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert client.session["large_print"] is True


def test_it_follows_a_join_link_next(client, db):
    response = client.post(URL, {"large_print": "on", "next": "/classes/join/ABC234/"})
    assert response["Location"] == "/classes/join/ABC234/"
