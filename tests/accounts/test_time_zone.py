"""/accounts/time-zone/: where the learner's day turns. The browser says it once (kept only when
none is known: on the account, or in a visitor's own cookie, never their session); the learner
chooses it here or on the account page."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse

from cfmj.accounts.learners import VISITOR_KEY
from cfmj.accounts.models import User
from cfmj.core.days import ZONE_COOKIE, ZONE_KEY
from tests.accounts.factories import PASSWORD, UserFactory

URL = reverse("accounts:time_zone")
SCRIPT = "js/time-zone.js"
NEW_PASSWORD = "quiet-bamboo-garden-17"

pytestmark = pytest.mark.django_db


def _detected(client: Client, zone: str) -> int:
    return client.post(URL, {"time_zone": zone, "detected": "1"}).status_code


def test_the_browser_tells_a_visitors_zone_once(client) -> None:
    assert SCRIPT in client.get("/").content.decode()  # not known yet: the page asks the browser
    response = client.post(URL, {"time_zone": "America/New_York", "detected": "1"})
    assert response.status_code == 204
    kept = response.cookies[ZONE_COOKIE]
    assert kept.value == "America/New_York" and kept["httponly"] and kept["samesite"] == "Lax"
    assert SCRIPT not in client.get("/").content.decode()
    assert "midnight in <strong>America/New York</strong>" in client.get(URL).content.decode()
    again = client.post(URL, {"time_zone": "Europe/Paris", "detected": "1"})  # a second one changes nothing
    assert again.status_code == 204 and ZONE_COOKIE not in again.cookies
    assert client.cookies[ZONE_COOKIE].value == "America/New_York"


def test_the_browsers_report_writes_no_session_so_it_cannot_undo_a_first_question(client) -> None:
    """The report is sent as a visitor's first page loads, beside whatever they open next: written
    to the session, it could replace the session their first question made (both new) or undo the
    id it gave them (both saved at once), and their answer would then not be theirs."""
    report = Client().post(URL, {"time_zone": "America/New_York", "detected": "1"})  # no session yet
    assert report.status_code == 204 and settings.SESSION_COOKIE_NAME not in report.cookies
    assert not Session.objects.exists()
    session = client.session
    session[VISITOR_KEY] = "a-visitor"
    session.save()
    client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key
    report = client.post(URL, {"time_zone": "America/New_York", "detected": "1"})
    assert report.status_code == 204 and settings.SESSION_COOKIE_NAME not in report.cookies
    assert client.session[VISITOR_KEY] == "a-visitor" and ZONE_KEY not in client.session


def test_a_visitors_chosen_zone_is_kept_over_the_browsers(client) -> None:
    client.post(URL, {"time_zone": "Asia/Tokyo"})
    assert client.session[ZONE_KEY] == "Asia/Tokyo"
    report = client.post(URL, {"time_zone": "America/Denver", "detected": "1"})
    assert report.status_code == 204 and ZONE_COOKIE not in report.cookies
    client.cookies[ZONE_COOKIE] = "America/Denver"  # told on an earlier visit: the choice still wins
    assert "midnight in <strong>Asia/Tokyo</strong>" in client.get(URL).content.decode()


@pytest.mark.parametrize("forged", ["Mars/Olympus", "", "<script>x</script>", "x" * 300])
def test_a_zone_cookie_that_names_no_zone_is_ignored(client, forged: str) -> None:
    client.cookies[ZONE_COOKIE] = forged
    html = client.get(URL).content.decode()
    assert "midnight in <strong>UTC</strong>" in html and "<script>x" not in html
    assert SCRIPT in client.get("/").content.decode()  # still not known: the browser is asked


def test_a_zone_the_browser_gets_wrong_is_refused_quietly(client) -> None:
    report = client.post(URL, {"time_zone": "Etc/Unknown", "detected": "1"})
    assert report.status_code == 400 and ZONE_COOKIE not in report.cookies
    assert ZONE_KEY not in client.session


def test_a_visitor_chooses_a_zone_without_javascript(client) -> None:
    page = client.get(URL, {"next": "/practice/daily/"})
    html = page.content.decode()
    assert page.status_code == 200 and "midnight in <strong>UTC</strong>" in html
    assert '<select name="time_zone"' in html and '<option value="America/New_York">' in html
    response = client.post(URL, {"time_zone": "America/New_York", "next": "/practice/daily/"})
    assert response.status_code == 302 and response["Location"] == "/practice/daily/"
    assert client.session[ZONE_KEY] == "America/New_York"
    assert "midnight in <strong>America/New York</strong>" in client.get(URL).content.decode()


@pytest.mark.parametrize("typed", ["Mars/Olympus", "", "<script>x</script>", "x" * 300])
def test_a_bad_zone_gets_a_clear_message_and_changes_nothing(client, typed: str) -> None:
    user = UserFactory(time_zone="Europe/London")
    client.force_login(user)
    response = client.post(URL, {"time_zone": typed})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Choose your time zone from the list" in html or "is not a time zone we know" in html
    assert "<script>x" not in html
    user.refresh_from_db()
    assert user.time_zone == "Europe/London"


def test_an_accounts_chosen_zone_is_kept_over_the_browsers(client) -> None:
    user = UserFactory()
    client.force_login(user)
    assert SCRIPT in client.get("/").content.decode()
    assert _detected(client, "America/Denver") == 204
    user.refresh_from_db()
    assert user.time_zone == "America/Denver"
    response = client.post(URL, {"time_zone": "Asia/Tokyo", "next": "/accounts/#main"})
    assert response["Location"] == "/accounts/#main"
    assert _detected(client, "America/Denver") == 204
    user.refresh_from_db()
    assert user.time_zone == "Asia/Tokyo"
    assert SCRIPT not in client.get("/").content.decode()


def test_the_account_page_shows_and_changes_the_zone(client) -> None:
    client.force_login(UserFactory(time_zone="Australia/Sydney"))
    html = client.get(reverse("accounts:account")).content.decode()
    assert 'id="time-zone"' in html and "midnight in <strong>Australia/Sydney</strong>" in html
    assert '<option value="Australia/Sydney" selected>' in html
    assert f'action="{URL}"' in html


def test_signing_up_keeps_the_zone_of_the_visit(client) -> None:
    _detected(client, "America/Phoenix")
    client.post(
        reverse("accounts:signup"),
        {
            "username": "sundial",
            "role": "learner",
            "password1": NEW_PASSWORD,
            "password2": NEW_PASSWORD,
        },
    )
    assert User.objects.get(username="sundial").time_zone == "America/Phoenix"


def test_logging_in_gives_a_zone_to_an_account_without_one(client) -> None:
    blank, chosen = UserFactory(), UserFactory(time_zone="Europe/Berlin")
    for user in (blank, chosen):
        visit = Client()
        _detected(visit, "America/Chicago")
        visit.post(reverse("accounts:login"), {"username": user.username, "password": PASSWORD})
        user.refresh_from_db()
    assert blank.time_zone == "America/Chicago" and chosen.time_zone == "Europe/Berlin"
