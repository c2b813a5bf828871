"""/accounts/recovery-code/new/: a new recovery code from the account page, the password typed
again. The old code stops working at once; the new one is shown once. An account a teacher made
has none: its page says a teacher of its class sets its password."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.accounts.models import User
from cfmj.accounts.services import recovery_code_renew
from cfmj.classes import services as class_services
from tests.accounts.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

URL = reverse("accounts:recovery_code_new")
ACCOUNT = reverse("accounts:account")
CODE_PAGE = reverse("accounts:recovery_code")
NEW_PASSWORD = "harbour-lantern-moon-91"


def _recover(username: str, code: str) -> int:
    data = {"username": username, "code": code, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    return Client().post(reverse("accounts:password_forgotten"), data).status_code


def test_the_account_page_offers_a_new_code(client) -> None:
    ruth = UserFactory(username="ruth")
    client.force_login(ruth)
    html = client.get(ACCOUNT).content.decode()
    assert 'id="recovery"' in html and "Your account has none yet" in html
    assert f'action="{URL}#recovery"' in html and 'name="recovery-password"' in html
    recovery_code_renew(user=ruth)
    assert "Yours was made on" in client.get(ACCOUNT).content.decode()


def test_it_makes_a_new_code_shown_once_and_the_old_one_stops_working(client) -> None:
    ruth = UserFactory(username="ruth")
    old = recovery_code_renew(user=ruth)
    client.force_login(ruth)
    response = client.post(URL, {"recovery-password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == CODE_PAGE
    page = client.get(CODE_PAGE)
    new = page.context["code"]
    assert new and new != old and new in page.content.decode()
    assert "The old one no longer works" in page.content.decode()
    assert page.context["then"] == ACCOUNT + "#recovery"
    assert not client.get(CODE_PAGE).context["code"]  # shown once
    assert _recover("ruth", old) == 400
    assert _recover("ruth", new) == 302


def test_it_asks_for_the_password_and_keeps_the_code_without_it(client) -> None:
    ruth = UserFactory(username="ruth")
    code = recovery_code_renew(user=ruth)
    before = User.objects.get(pk=ruth.pk).recovery_code
    client.force_login(ruth)
    response = client.post(URL, {"recovery-password": "not-my-password"})
    assert response.status_code == 200
    assert "That is not your password" in response.content.decode()
    assert User.objects.get(pk=ruth.pk).recovery_code == before
    assert not client.get(CODE_PAGE).context["code"]
    assert _recover("ruth", code) == 302


def test_an_account_a_teacher_made_has_none_and_its_page_says_who_sets_its_password(client) -> None:
    teacher = UserFactory(role="teacher")
    classroom = class_services.classroom_create(teacher=teacher, name="Tuesday beginners")
    max_ = class_services.student_create(
        classroom=classroom, teacher=teacher, username="max", password=PASSWORD
    )
    client.force_login(max_)
    html = client.get(ACCOUNT).content.decode()
    assert "a teacher of Tuesday beginners can set a new one" in html
    assert URL not in html
    assert client.post(URL, {"recovery-password": PASSWORD}).status_code == 404
    assert User.objects.get(pk=max_.pk).recovery_code == ""
