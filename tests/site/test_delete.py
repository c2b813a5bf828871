"""/accounts/delete/: deleting your own account, confirmed with your password, carried out a week
later unless you log in again or press "Keep my account"."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.accounts.factories import PASSWORD, UserFactory
from tests.accounts.world import world

URL = reverse("accounts:delete")
CANCEL = reverse("accounts:delete_cancel")
ACCOUNT = reverse("accounts:account")
pytestmark = pytest.mark.django_db


def test_it_shows_what_goes_and_asks_for_the_password(client):
    client.force_login(UserFactory())
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Delete your account" in html
    assert 'name="password"' in html
    assert "Nothing is deleted for 7 days" in html
    assert reverse("accounts:data_export") in html


def test_it_tells_a_teacher_what_becomes_of_each_class(client):
    w = world()
    client.force_login(w.tess)
    html = client.get(URL).content.decode()
    assert "You own 2 classes" in html
    assert "<strong>Tuesday beginners</strong>: passes to its co-teacher" in html
    assert "<strong>Library hall</strong>: is archived" in html


def test_it_schedules_the_deletion_a_week_ahead(client):
    user = UserFactory()
    client.force_login(user)
    before = timezone.now()
    response = client.post(URL, {"password": PASSWORD}, follow=True)
    assert response.redirect_chain == [(ACCOUNT + "#main", 302)]
    user.refresh_from_db()
    assert user.deletion_due_at is not None
    assert (
        before + datetime.timedelta(days=7)
        <= user.deletion_due_at
        <= timezone.now() + datetime.timedelta(days=7)
    )
    html = response.content.decode()
    assert f"Your account will be deleted on {user.deletion_due_at:%-d %B %Y}" in html
    assert "Keep my account" in html
    assert client.session["_auth_user_id"] == str(user.pk)  # still logged in, and nothing deleted yet


def test_it_refuses_a_wrong_password(client):
    user = UserFactory()
    client.force_login(user)
    response = client.post(URL, {"password": "not-my-password"})
    assert response.status_code == 200
    assert "That is not your password" in response.content.decode()
    user.refresh_from_db()
    assert user.deletion_due_at is None


def test_it_refuses_no_password(client):
    user = UserFactory()
    client.force_login(user)
    response = client.post(URL, {})
    assert "Type your password to confirm." in response.content.decode()
    user.refresh_from_db()
    assert user.deletion_due_at is None


def test_asking_twice_keeps_the_first_date(client):
    user = UserFactory()
    client.force_login(user)
    client.post(URL, {"password": PASSWORD})
    user.refresh_from_db()
    first = user.deletion_due_at
    client.post(URL, {"password": PASSWORD})
    user.refresh_from_db()
    assert user.deletion_due_at == first
    assert "Keep my account" in client.get(URL).content.decode()


def test_keep_my_account_cancels_it(client):
    user = UserFactory(deletion_due_at=timezone.now() + datetime.timedelta(days=3))
    client.force_login(user)
    user.deletion_due_at = timezone.now() + datetime.timedelta(days=3)  # force_login kept it: ask again
    user.save(update_fields=["deletion_due_at"])
    response = client.post(CANCEL, follow=True)
    assert response.redirect_chain == [(ACCOUNT, 302)]
    assert "Your account is kept" in response.content.decode()
    user.refresh_from_db()
    assert user.deletion_due_at is None


def test_logging_in_cancels_it_and_says_so(client):
    user = UserFactory(username="lena", deletion_due_at=timezone.now() + datetime.timedelta(days=2))
    response = client.post(reverse("accounts:login"), {"username": "lena", "password": PASSWORD}, follow=True)
    assert "logging in has kept it" in response.content.decode()
    user.refresh_from_db()
    assert user.deletion_due_at is None


def test_a_failed_log_in_does_not_cancel_it(client):
    due = timezone.now() + datetime.timedelta(days=2)
    user = UserFactory(username="lena", deletion_due_at=due)
    client.post(reverse("accounts:login"), {"username": "lena", "password": "wrong"})
    user.refresh_from_db()
    assert user.deletion_due_at == due


def test_it_leaves_other_accounts_alone(client):
    user, other = UserFactory(), UserFactory()
    client.force_login(user)
    client.post(URL, {"password": PASSWORD})
    other.refresh_from_db()
    assert other.deletion_due_at is None


def test_a_visitor_is_sent_to_log_in(client):
    for response in (client.get(URL), client.post(URL, {"password": PASSWORD}), client.post(CANCEL)):
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("accounts:login"))


def test_it_needs_a_csrf_token():
    user = UserFactory()
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    assert client.post(URL, {"password": PASSWORD}).status_code == 403
    user.refresh_from_db()
    assert user.deletion_due_at is None


def test_password_tries_are_limited(client, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "account_password": {"user": 3, "window": 900}}
    user = UserFactory()
    client.force_login(user)
    codes = [client.post(URL, {"password": f"guess-{n}"}).status_code for n in range(4)]
    assert codes == [200, 200, 200, 429]
    assert client.post(URL, {"password": PASSWORD}).status_code == 429
    user.refresh_from_db()
    assert user.deletion_due_at is None


def test_cancel_refuses_get(client):
    client.force_login(UserFactory())
    assert client.get(CANCEL).status_code == 405


def test_every_page_reminds_of_a_scheduled_deletion(client):
    user = UserFactory(username="nan")
    client.force_login(user)
    assert "to be deleted" not in client.get("/").content.decode()
    client.post(URL, {"password": PASSWORD})
    user.refresh_from_db()
    day = timezone.localtime(user.deletion_due_at).strftime("%-d %B %Y")
    assert f"Your account is to be deleted on {day}." in client.get("/lessons/").content.decode()
    assert "Your account is to be deleted on" not in client.get(reverse("accounts:account")).content.decode()
