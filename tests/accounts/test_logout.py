"""/accounts/logout/: POST only."""

from __future__ import annotations

from django.urls import reverse

from tests.accounts.factories import UserFactory

URL = reverse("accounts:logout")


def test_it_logs_out(client, db):
    client.force_login(UserFactory(username="alice"))
    response = client.post(URL)
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert "_auth_user_id" not in client.session
    html = client.get("/").content.decode()
    assert "alice" not in html
    assert reverse("accounts:signup") in html


def test_it_refuses_get(client, db):
    client.force_login(UserFactory())
    response = client.get(URL)
    assert response.status_code == 405
    assert "_auth_user_id" in client.session


def test_it_works_for_a_visitor(client, db):
    response = client.post(URL)
    assert response.status_code == 302
    assert response["Location"] == "/"


def test_it_needs_a_csrf_token(db):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(UserFactory())
    response = client.post(URL)
    assert response.status_code == 403
    assert "_auth_user_id" in client.session


def test_it_keeps_large_print_for_the_visit_that_follows(client, db):
    client.force_login(UserFactory(username="alice", large_print=True))
    client.post(URL)
    assert "_auth_user_id" not in client.session
    assert 'class="large-print"' in client.get(reverse("accounts:login")).content.decode()


def test_it_leaves_normal_print_as_it_was(client, db):
    client.force_login(UserFactory(username="alice"))
    client.post(URL)
    assert 'class="large-print"' not in client.get(reverse("accounts:login")).content.decode()
