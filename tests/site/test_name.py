"""/accounts/name/ and the sign-up form's name: a person's real name, which only the teachers of
their classes see. An account a teacher made is named by its class's teachers, not by itself."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.accounts.models import User
from cfmj.classes import services as class_services
from tests.accounts.factories import PASSWORD, UserFactory

URL = reverse("accounts:name_change")
ACCOUNT = reverse("accounts:account")
pytestmark = pytest.mark.django_db


def _saved(user: User) -> str:
    user.refresh_from_db()
    return user.real_name


def test_a_visitor_is_sent_to_log_in(client: Client) -> None:
    response = client.post(URL, {"real_name": "Zoë"})
    assert response.status_code == 302 and response["Location"].startswith(reverse("accounts:login"))


def test_it_answers_only_post(client: Client) -> None:
    client.force_login(UserFactory())
    assert client.get(URL).status_code == 405


def test_the_account_page_asks_for_it_and_says_who_sees_it(client: Client) -> None:
    client.force_login(UserFactory(real_name="Zoë Müller"))
    html = client.get(ACCOUNT).content.decode()
    assert f'action="{URL}#name"' in html and 'value="Zoë Müller"' in html
    assert "Only the teachers of classes you are in see it" in html


def test_it_keeps_the_name_tidied(client: Client) -> None:
    user = UserFactory()
    client.force_login(user)
    # "e" + combining diaeresis, stray spaces and a line break: one "ë" and single spaces.
    response = client.post(URL, {"real_name": "  Zoe\u0308 \n  Müller "}, follow=True)
    assert _saved(user) == "Zoë Müller"
    assert [str(m) for m in response.context["messages"]] == ["Your name is saved: Zoë Müller."]


def test_it_removes_the_name(client: Client) -> None:
    user = UserFactory(real_name="Zoë")
    client.force_login(user)
    response = client.post(URL, {"real_name": " "}, follow=True)
    assert _saved(user) == ""
    assert [str(m) for m in response.context["messages"]] == ["Your name is removed."]


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("Zoë\u202eenaJ", "no hidden characters"),  # a right-to-left override disguising the name
        ("Zo\u200bë", "no hidden characters"),  # a zero-width space: two names that look alike
        ("x" * 81, "at most 80 characters"),
    ],
)
def test_it_refuses_a_name_that_could_mislead(client: Client, typed: str, said: str) -> None:
    user = UserFactory(real_name="Zoë")
    client.force_login(user)
    response = client.post(URL, {"real_name": typed})
    assert response.status_code == 200 and said in response.content.decode()
    assert _saved(user) == "Zoë"


def test_an_account_a_teacher_made_keeps_the_name_its_teachers_gave(client: Client) -> None:
    teacher = UserFactory(role="teacher")
    classroom = class_services.classroom_create(teacher=teacher, name="Tuesday beginners")
    student = class_services.student_create(
        classroom=classroom, teacher=teacher, username="zoem", password=PASSWORD, real_name="Zoë Müller"
    )
    client.force_login(student)
    page = client.get(ACCOUNT).content.decode()
    assert f'action="{URL}' not in page and "gave this account its name, Zoë Müller" in page
    response = client.post(URL, {"real_name": "Boss"})
    assert "so they keep its name" in response.content.decode()
    assert _saved(student) == "Zoë Müller"


def _signup(client: Client, **extra: str) -> Any:
    password = "quiet-bamboo-garden-17"
    form = {"username": "zoe", "role": "learner", "password1": password, "password2": password, **extra}
    return client.post(reverse("accounts:signup"), form)


def test_sign_up_takes_a_name_and_says_who_sees_it(client: Client) -> None:
    html = client.get(reverse("accounts:signup")).content.decode()
    assert 'name="real_name"' in html and "Only the teachers of classes you are in see it" in html
    assert _signup(client, real_name=" Zoë  Müller").status_code == 302
    assert User.objects.get(username="zoe").real_name == "Zoë Müller"


def test_sign_up_needs_no_name(client: Client) -> None:
    assert _signup(client).status_code == 302
    assert User.objects.get(username="zoe").real_name == ""


def test_sign_up_refuses_a_hidden_character_in_the_name(client: Client) -> None:
    response = _signup(client, real_name="Zoë\u202e")
    assert response.status_code == 200 and "no hidden characters" in response.content.decode()
    assert not User.objects.filter(username="zoe").exists()


def test_the_name_is_in_the_download(client: Client) -> None:
    client.force_login(UserFactory(real_name="Zoë Müller"))
    data = client.get(reverse("accounts:data_export")).json()
    assert data["account"]["real_name"] == "Zoë Müller"
