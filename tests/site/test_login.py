"""/accounts/login/"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.accounts.factories import PASSWORD, UserFactory

URL = reverse("accounts:login")


def test_it_shows_the_form(client, db):
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="username"' in html
    assert 'name="password"' in html
    assert reverse("accounts:password_reset") in html


def test_it_logs_in(client, db):
    user = UserFactory(username="alice")
    response = client.post(URL, {"username": "alice", "password": PASSWORD})
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert client.session["_auth_user_id"] == str(user.pk)
    assert "You are signed in as alice" in client.get("/").content.decode()


def test_it_refuses_a_wrong_password(client, db):
    UserFactory(username="alice")
    response = client.post(URL, {"username": "alice", "password": "not-the-password"})
    assert response.status_code == 200
    assert "Please enter a correct username and password." in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_it_refuses_an_unknown_user(client, db):
    response = client.post(URL, {"username": "nobody", "password": PASSWORD})
    assert response.status_code == 200
    assert "Please enter a correct username and password." in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_it_refuses_an_inactive_user(client, db):
    UserFactory(username="alice", is_active=False)
    response = client.post(URL, {"username": "alice", "password": PASSWORD})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_it_follows_a_local_next(client, db):
    UserFactory(username="alice")
    response = client.post(URL, {"username": "alice", "password": PASSWORD, "next": "/check/"})
    assert response.status_code == 302
    assert response["Location"] == "/check/"


def test_it_ignores_an_external_next(client, db):
    UserFactory(username="alice")
    response = client.post(URL, {"username": "alice", "password": PASSWORD, "next": "https://evil.example/"})
    assert response.status_code == 302
    assert response["Location"] == "/"


def test_it_carries_next_in_the_form(client, db):
    html = client.get(URL, {"next": "/check/"}).content.decode()
    assert '<input type="hidden" name="next" value="/check/">' in html


@pytest.mark.parametrize("target", ["abc", "//evil.example/", "javascript:alert(1)", "/\\evil.example/"])
def test_it_goes_home_for_an_unsafe_next(client, db, target):
    UserFactory(username="alice")
    response = client.post(URL, {"username": "alice", "password": PASSWORD, "next": target})
    assert response.status_code == 302
    assert response["Location"] == "/"


def test_its_sign_up_link_keeps_a_join_link_next(client, db):
    html = client.get(URL, {"next": "/classes/join/ABC234/"}).content.decode()
    assert f'href="{reverse("accounts:signup")}?next=/classes/join/ABC234/"' in html


def test_it_drops_an_unsafe_next_from_the_form_and_links(client, db):
    html = client.get(URL, {"next": "https://evil.example/"}).content.decode()
    main = html.split("<main", 1)[1]
    assert "evil.example" not in main


@pytest.mark.parametrize("typed", ["ALICE", "Alice", "ａｌｉｃｅ", " alice "])
def test_it_logs_in_whatever_the_case_or_width(client, db, typed):
    user = UserFactory(username="alice")
    response = client.post(URL, {"username": typed, "password": PASSWORD})
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)


def test_two_old_accounts_differing_in_case_each_log_in_by_their_exact_name(client, db):
    first = UserFactory(username="alice")
    second = UserFactory.build(username="Alice")
    second.legacy_username_clash = True  # as the migration marks such accounts
    second.save()
    client.post(URL, {"username": "Alice", "password": PASSWORD})
    assert client.session["_auth_user_id"] == str(second.pk)
    client.post(reverse("accounts:logout"))
    client.post(URL, {"username": "alice", "password": PASSWORD})
    assert client.session["_auth_user_id"] == str(first.pk)
    client.post(reverse("accounts:logout"))
    # Neither spelling: which one was meant is unknown, so nobody is logged in (and nothing breaks).
    response = client.post(URL, {"username": "ALICE", "password": PASSWORD})
    assert response.status_code == 200
    assert "Please enter a correct username and password." in response.content.decode()
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize("variant", ["ALICE", "ａｌｉｃｅ", "Ａlice", "alıce"])
def test_other_spellings_share_the_per_username_limit(client, db, settings, variant):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "login": {"ip": 100, "ip_username": 2, "window": 60}}
    UserFactory(username="alice")
    for typed in ("alice", variant):
        assert client.post(URL, {"username": typed, "password": "wrong"}).status_code == 200
    assert client.post(URL, {"username": "ａＬｉＣｅ", "password": PASSWORD}).status_code == 429
    assert "_auth_user_id" not in client.session


def test_the_headers_sign_up_link_on_the_log_in_page_keeps_where_it_was_going(client, db):
    """A join link sends a newcomer to log in; signing up from the header must bring them to the
    class, not back to the log-in page."""
    html = client.get(reverse("accounts:login"), {"next": "/classes/join/ABC234/"}).content.decode()
    assert 'href="/accounts/signup/?next=/classes/join/ABC234/"' in html
    assert "next=/accounts/login/" not in html and "next=%2Faccounts%2Flogin" not in html
