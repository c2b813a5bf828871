"""/accounts/password/reset/: a link by e-mail to choose a new password."""

from __future__ import annotations

import re

from django.urls import reverse

from tests.accounts.factories import PASSWORD, UserFactory

URL = reverse("accounts:password_reset")
SENT = reverse("accounts:password_reset_done")
COMPLETE = reverse("accounts:password_reset_complete")
NEW_PASSWORD = "harbour-lantern-moon-91"
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
