"""/accounts/password/: changing one's password (logged-in users only)."""

from __future__ import annotations

from django.urls import reverse

from tests.accounts.factories import PASSWORD, UserFactory

URL = reverse("accounts:password_change")
DONE = reverse("accounts:password_change_done")
LOGIN = reverse("accounts:login")
NEW_PASSWORD = "lantern-moon-harbour-88"


def _form(old: str = PASSWORD, new: str = NEW_PASSWORD, again: str | None = None) -> dict[str, str]:
    return {"old_password": old, "new_password1": new, "new_password2": new if again is None else again}


def test_it_sends_a_visitor_to_log_in(client, db):
    response = client.get(URL)
    assert response.status_code == 302
    assert response["Location"] == f"{LOGIN}?next={URL}"


def test_it_does_not_let_a_visitor_post(client, db):
    user = UserFactory()
    response = client.post(URL, {**_form(), "username": user.username})
    assert response.status_code == 302
    assert response["Location"].startswith(LOGIN)
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


def test_it_shows_the_form(client, db):
    client.force_login(UserFactory())
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="old_password"' in html
    assert 'name="new_password1"' in html
    assert 'name="new_password2"' in html


def test_it_changes_the_password(client, db):
    user = UserFactory(username="alice")
    client.force_login(user)
    response = client.post(URL, _form())
    assert response.status_code == 302
    assert response["Location"] == DONE
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
    assert not user.check_password(PASSWORD)
    # Still logged in: the session was updated with the new password hash.
    done = client.get(DONE)
    assert done.status_code == 200
    assert "Your password is changed" in done.content.decode()
    assert "You are signed in as alice" in client.get("/").content.decode()


def test_it_lets_the_user_log_in_with_the_new_password(client, db):
    user = UserFactory(username="alice")
    client.force_login(user)
    client.post(URL, _form())
    client.post(reverse("accounts:logout"))
    assert not client.login(username="alice", password=PASSWORD)
    assert client.login(username="alice", password=NEW_PASSWORD)


def test_it_refuses_a_wrong_old_password(client, db):
    user = UserFactory()
    client.force_login(user)
    response = client.post(URL, _form(old="not-my-password"))
    assert response.status_code == 200
    assert "Your old password was entered incorrectly." in response.content.decode()
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


def test_it_refuses_new_passwords_that_do_not_match(client, db):
    user = UserFactory()
    client.force_login(user)
    response = client.post(URL, _form(again="a-different-new-password"))
    assert response.status_code == 200
    assert "The two password fields didn’t match." in response.content.decode()
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


def test_the_done_page_needs_a_login(client, db):
    response = client.get(DONE)
    assert response.status_code == 302
    assert response["Location"] == f"{LOGIN}?next={DONE}"
