"""/accounts/: your account — name, role, e-mail (changed with your password), large print,
password, your data and deletion."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.classes import services as class_services
from tests.accounts.factories import PASSWORD, UserFactory
from tests.accounts.world import world

URL = reverse("accounts:account")
EMAIL = reverse("accounts:email_change")
ROLE = reverse("accounts:role_change")
pytestmark = pytest.mark.django_db


def test_it_shows_the_account_and_its_links(client):
    user = UserFactory(username="lena", email="lena@example.com")
    client.force_login(user)
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<dd>lena</dd>" in html and "<dd>Learner</dd>" in html and "<dd>lena@example.com</dd>" in html
    for name in ("accounts:password_change", "accounts:data_export", "accounts:delete"):
        assert f'href="{reverse(name)}' in html
    assert 'aria-label="Your account (lena)" aria-current="page"' in html  # the header's link


def test_the_header_links_every_page_to_it(client):
    client.force_login(UserFactory(username="lena"))
    assert f'href="{URL}" class="account-name"' in client.get("/").content.decode()


def test_a_visitor_is_sent_to_log_in(client):
    for response in (client.get(URL), client.post(EMAIL, {"email": "x@example.com"}), client.post(ROLE)):
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("accounts:login"))


def test_it_changes_the_email_with_the_password(client):
    user = UserFactory(email="old@example.com")
    client.force_login(user)
    response = client.post(EMAIL, {"email": "New@Example.COM", "password": PASSWORD}, follow=True)
    assert response.redirect_chain == [(URL + "#main", 302)]
    assert "Your e-mail address is saved." in response.content.decode()
    user.refresh_from_db()
    assert user.email == "New@example.com"


def test_it_removes_the_email(client):
    user = UserFactory(email="old@example.com")
    client.force_login(user)
    response = client.post(EMAIL, {"email": "", "password": PASSWORD}, follow=True)
    assert "Your e-mail address is removed." in response.content.decode()
    user.refresh_from_db()
    assert user.email == ""


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"email": "new@example.com", "password": "wrong-password"}, "That is not your password"),
        ({"email": "new@example.com"}, "Type your password to confirm."),
        ({"email": "not an address", "password": PASSWORD}, "Enter a valid email address."),
    ],
)
def test_it_refuses_an_email_change_without_the_password_or_a_real_address(client, data, message):
    user = UserFactory(email="old@example.com")
    client.force_login(user)
    response = client.post(EMAIL, data)
    assert response.status_code == 200
    html = response.content.decode()
    assert message in html
    assert 'class="field has-error"' in html
    user.refresh_from_db()
    assert user.email == "old@example.com"


def test_email_password_tries_are_limited(client, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "account_password": {"user": 2, "window": 900}}
    client.force_login(UserFactory())
    codes = [client.post(EMAIL, {"email": "a@example.com", "password": "x"}).status_code for _ in range(3)]
    assert codes == [200, 200, 429]


def test_a_learner_becomes_a_teacher(client):
    user = UserFactory()
    client.force_login(user)
    response = client.post(ROLE, {"role": "teacher"}, follow=True)
    assert "Your account is now a teacher account." in response.content.decode()
    user.refresh_from_db()
    assert user.is_teacher


def test_a_teacher_of_a_class_stays_a_teacher_until_it_is_handed_over_or_archived(client):
    teacher = UserFactory(role="teacher")
    classroom = class_services.classroom_create(teacher=teacher, name="Tuesday beginners")
    client.force_login(teacher)
    response = client.post(ROLE, {"role": "learner"})
    assert "You teach Tuesday beginners" in response.content.decode()
    teacher.refresh_from_db()
    assert teacher.is_teacher
    class_services.classroom_archive(classroom=classroom)
    client.post(ROLE, {"role": "learner"})
    teacher.refresh_from_db()
    assert not teacher.is_teacher


def test_a_managed_account_stays_a_learner(client):
    w = world()
    client.force_login(w.kid)
    html = client.get(URL).content.decode()
    assert "Your teacher made this account for Tuesday beginners" in html
    assert f'action="{ROLE}' not in html
    response = client.post(ROLE, {"role": "teacher"})
    assert "stays a learner account" in response.content.decode()
    w.kid.refresh_from_db()
    assert not w.kid.is_teacher


def test_it_refuses_an_unknown_role(client):
    user = UserFactory()
    client.force_login(user)
    response = client.post(ROLE, {"role": "admin"})
    assert "Select a valid choice." in response.content.decode()
    user.refresh_from_db()
    assert user.role == "learner"


def test_its_large_print_switch_comes_back_here(client):
    user = UserFactory()
    client.force_login(user)
    html = client.get(URL).content.decode()
    assert f'<input type="hidden" name="next" value="{URL}#large-print">' in html
    response = client.post(
        reverse("accounts:large_print"), {"large_print": "on", "next": f"{URL}#large-print"}
    )
    assert response["Location"] == f"{URL}#large-print"
    user.refresh_from_db()
    assert user.large_print
    assert "Turn large print off" in client.get(URL).content.decode()


def test_it_shows_a_waiting_deletion_with_a_button_to_keep_it(client):
    user = UserFactory()
    client.force_login(user)
    client.post(reverse("accounts:delete"), {"password": PASSWORD})
    html = client.get(URL).content.decode()
    assert "Your account is to be deleted" in html
    assert f'action="{reverse("accounts:delete_cancel")}"' in html
    assert f'href="{reverse("accounts:delete")}"' not in html


def test_its_forms_need_a_csrf_token():
    user = UserFactory(email="old@example.com")
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    assert client.post(EMAIL, {"email": "new@example.com", "password": PASSWORD}).status_code == 403
    assert client.post(ROLE, {"role": "teacher"}).status_code == 403
    user.refresh_from_db()
    assert user.email == "old@example.com" and user.role == "learner"
