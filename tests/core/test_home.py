"""/ : the home page."""

from __future__ import annotations

from django.urls import reverse

from tests.accounts.factories import UserFactory

URL = reverse("home")
SIGNUP = reverse("accounts:signup")
CHECK = reverse("practice:check")


def test_it_works_for_a_visitor(client, db):
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    assert f'href="{CHECK}"' in html
    assert f'href="{SIGNUP}"' in html
    assert "Make a free account" in html
    assert 'class="large-print"' not in html


def test_it_shows_the_example_hand(client, db):
    html = client.get(URL).content.decode()
    assert '<span class="hand" role="group" aria-label="hand">' in html
    example = "4B%204B%204B%206B%206B%206B%208B%208B%208B%20RD%20RD%20RD%20F%20F"
    assert f'href="{CHECK}?hand={example}#verdict"' in html


def test_it_has_no_sign_up_link_for_a_user(client, db):
    client.force_login(UserFactory(username="alice", password=None))  # no hashing needed
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    assert SIGNUP not in html
    assert "Make a free account" not in html
    assert "You are signed in as alice" in html
    assert f'href="{CHECK}"' in html


def test_it_refuses_post(client, db):
    assert client.post(URL).status_code == 405
