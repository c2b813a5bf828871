"""/accounts/password/reset/: a link by e-mail to choose a new password."""

from __future__ import annotations

import re
from unittest import mock

import pytest
from django.urls import reverse
from kombu.exceptions import OperationalError

from tests.accounts.factories import PASSWORD, UserFactory

URL = reverse("accounts:password_reset")
SENT = reverse("accounts:password_reset_done")
COMPLETE = reverse("accounts:password_reset_complete")
NEW_PASSWORD = "harbour-lantern-moon-91"
# The mail is queued when the request's transaction commits: these tests commit for real.
pytestmark = pytest.mark.django_db(transaction=True)
LINK = re.compile(r"http://testserver(/accounts/password/reset/[^/\s]+/[^/\s]+/)")


def _link(message) -> str:
    match = LINK.search(message.body)
    assert match, message.body
    return match.group(1)


def test_it_shows_the_form(client, db):
    response = client.get(URL)
    assert response.status_code == 200
    assert 'name="email"' in response.content.decode()


def test_it_sends_one_email(client, db, mailoutbox):
    UserFactory(username="alice", email="alice@example.com")
    response = client.post(URL, {"email": "alice@example.com"})
    assert response.status_code == 302
    assert response["Location"] == SENT
    assert len(mailoutbox) == 1
    message = mailoutbox[0]
    assert message.to == ["alice@example.com"]
    assert message.subject == "Reset your Card Free Mah Jongg password"
    assert "Hello alice," in message.body
    assert _link(message)


def test_it_matches_the_email_in_any_case(client, db, mailoutbox):
    UserFactory(email="alice@example.com")
    client.post(URL, {"email": "ALICE@Example.com"})
    assert len(mailoutbox) == 1


def test_it_shows_the_same_page_for_an_unknown_email(client, db, mailoutbox):
    UserFactory(email="alice@example.com")
    response = client.post(URL, {"email": "nobody@example.com"}, follow=True)
    assert response.redirect_chain == [(SENT, 302)]
    assert response.status_code == 200
    assert "Check your e-mail" in response.content.decode()
    assert mailoutbox == []


def test_it_sends_nothing_for_an_inactive_user(client, db, mailoutbox):
    UserFactory(email="alice@example.com", is_active=False)
    client.post(URL, {"email": "alice@example.com"})
    assert mailoutbox == []


def test_it_refuses_a_malformed_email(client, db, mailoutbox):
    response = client.post(URL, {"email": "not an address"})
    assert response.status_code == 200
    assert "Enter a valid email address." in response.content.decode()
    assert mailoutbox == []


def test_the_link_sets_a_new_password(client, db, mailoutbox):
    user = UserFactory(username="alice", email="alice@example.com")
    client.post(URL, {"email": "alice@example.com"})
    link = _link(mailoutbox[0])

    # The token moves from the URL into the session, then the form is shown.
    response = client.get(link)
    assert response.status_code == 302
    form_url = response["Location"]
    assert form_url.endswith("/set-password/")
    response = client.get(form_url)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Choose a new password" in html
    assert 'name="new_password1"' in html

    response = client.post(form_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert response.status_code == 302
    assert response["Location"] == COMPLETE
    assert "Your new password is saved" in client.get(COMPLETE).content.decode()
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)

    response = client.post(reverse("accounts:login"), {"username": "alice", "password": NEW_PASSWORD})
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)


def test_the_link_works_once(client, db, mailoutbox):
    UserFactory(email="alice@example.com")
    client.post(URL, {"email": "alice@example.com"})
    link = _link(mailoutbox[0])
    form_url = client.get(link)["Location"]
    client.post(form_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})

    response = client.get(link)
    assert response.status_code == 200
    assert "That link has expired" in response.content.decode()


def test_it_refuses_a_forged_link(client, db):
    user = UserFactory()
    from django.utils.encoding import force_bytes
    from django.utils.http import urlsafe_base64_encode

    uid = urlsafe_base64_encode(force_bytes(user.pk))
    response = client.get(reverse("accounts:password_reset_confirm", args=[uid, "abc-0123456789abcdef"]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "That link has expired" in html
    assert 'name="new_password1"' not in html
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


def test_it_refuses_mismatched_new_passwords(client, db, mailoutbox):
    user = UserFactory(email="alice@example.com")
    client.post(URL, {"email": "alice@example.com"})
    form_url = client.get(_link(mailoutbox[0]))["Location"]
    response = client.post(form_url, {"new_password1": NEW_PASSWORD, "new_password2": "something-else-9"})
    assert response.status_code == 200
    assert "The two password fields didn’t match." in response.content.decode()
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


def test_it_sends_from_a_task_not_in_the_request(client, db, mailoutbox):
    UserFactory(email="alice@example.com")
    with mock.patch("cfmj.accounts.tasks.password_reset_send.delay") as delay:
        response = client.post(URL, {"email": "alice@example.com"})
    assert response.status_code == 302
    assert response["Location"] == SENT
    assert mailoutbox == []  # nothing sent while the visitor waits
    delay.assert_called_once_with("alice@example.com", "testserver", False)


def test_it_queues_the_same_for_an_unknown_address(client, db, mailoutbox):
    # The page, and the work done, are the same whether or not an account has the address.
    with mock.patch("cfmj.accounts.tasks.password_reset_send.delay") as delay:
        response = client.post(URL, {"email": "nobody@example.com"})
    assert response["Location"] == SENT
    delay.assert_called_once_with("nobody@example.com", "testserver", False)


def test_the_task_sends_to_every_active_account_with_the_address(db, mailoutbox):
    from cfmj.accounts.tasks import password_reset_send

    UserFactory(username="alice", email="family@example.com")
    UserFactory(username="bert", email="FAMILY@example.com")
    UserFactory(username="cy", email="family@example.com", is_active=False)
    UserFactory(username="dee", email="family@example.com", password=None)  # no usable password
    password_reset_send.apply(("family@example.com", "mahjong.example", True)).get()
    assert sorted(message.to[0] for message in mailoutbox) == ["FAMILY@example.com", "family@example.com"]
    assert all("https://mahjong.example/accounts/password/reset/" in message.body for message in mailoutbox)


def test_the_task_lets_a_mail_server_failure_be_retried(db, settings):
    from cfmj.accounts import services

    UserFactory(email="alice@example.com")
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_PORT = 1  # nothing listens there: the send fails, and is not swallowed
    with pytest.raises(OSError):
        services.password_reset_mail_send(email="alice@example.com", domain="testserver", use_https=False)
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    # The mail that failed did not start the account's quiet minutes: the retry sends it.
    assert (
        services.password_reset_mail_send(email="alice@example.com", domain="testserver", use_https=False)
        == 1
    )


def test_it_says_so_when_the_queue_is_down(client, db, mailoutbox):
    UserFactory(email="alice@example.com")
    with mock.patch(
        "cfmj.accounts.tasks.password_reset_send.delay", side_effect=OperationalError("Redis is away")
    ):
        known = client.post(URL, {"email": "alice@example.com"})
        unknown = client.post(URL, {"email": "nobody@example.com"})
    for response in (known, unknown):
        assert response.status_code == 503
        assert "could not be sent just now" in response.content.decode()


def test_it_limits_tries_per_address(client, db, settings, mailoutbox):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "password_reset": {"ip": 3, "window": 3600}}
    codes = [
        client.post(URL, {"email": f"n{n}@example.com"}, REMOTE_ADDR="10.0.0.5").status_code for n in range(4)
    ]
    assert codes == [302, 302, 302, 429]
    assert client.post(URL, {"email": "n9@example.com"}, REMOTE_ADDR="10.0.0.6").status_code == 302
    assert client.get(URL, REMOTE_ADDR="10.0.0.5").status_code == 200  # showing the form is free


def test_nobody_can_block_the_owners_own_request(client, db, mailoutbox):
    """Three requests for Alice's address from other addresses, then her own in another case: each
    is answered with the same page, never 429, and her inbox gets one mail, from the first request,
    whose link works when she uses it (the quiet minutes keep it the only one)."""
    alice = UserFactory(email="alice@example.com")
    spellings = ["alice@example.com", "ALICE@example.com", " Alice@Example.com ", "aLiCe@EXAMPLE.COM"]
    answers = [
        client.post(URL, {"email": typed}, REMOTE_ADDR=f"10.0.1.{n}") for n, typed in enumerate(spellings)
    ]
    assert [(answer.status_code, answer["Location"]) for answer in answers] == [(302, SENT)] * 4
    assert len(mailoutbox) == 1 and mailoutbox[0].to == ["alice@example.com"]
    form = client.get(_link(mailoutbox[0]), follow=True)
    response = client.post(
        form.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    )
    assert response.status_code == 302 and response["Location"] == COMPLETE
    alice.refresh_from_db()
    assert alice.check_password(NEW_PASSWORD)


def test_it_mails_an_account_again_once_its_quiet_minutes_are_over(client, db, mailoutbox, settings):
    from django.core.cache import caches

    UserFactory(email="alice@example.com")
    client.post(URL, {"email": "alice@example.com"})
    client.post(URL, {"email": "alice@example.com"})
    assert len(mailoutbox) == 1
    caches["default"].clear()  # PASSWORD_RESET_MAIL_QUIET_SECONDS have passed: its mark is gone
    client.post(URL, {"email": "alice@example.com"})
    assert len(mailoutbox) == 2
    settings.PASSWORD_RESET_MAIL_QUIET_SECONDS = 0  # none: every request mails
    client.post(URL, {"email": "alice@example.com"})
    assert len(mailoutbox) == 3


def test_the_default_limits_stop_a_flood(client, db, mailoutbox):
    # Before the limits, 25 posts sent 25 e-mails: now one address is refused after 20, and the
    # inbox gets one mail however many are asked for.
    UserFactory(email="alice@example.com")
    codes = [client.post(URL, {"email": "alice@example.com"}).status_code for _ in range(25)]
    assert codes == [302] * 20 + [429] * 5
    assert len(mailoutbox) == 1
