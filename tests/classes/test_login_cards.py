"""/classes/<pk>/students/cards/: the login cards (name, username, first password) of accounts a
teacher just made. Kept in that teacher's own session: another teacher of the class, a student or
anyone else sees none (404 for those outside the class), and a card goes once its account's
password changes."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.accounts.models import User
from cfmj.classes import services
from cfmj.classes.models import Classroom
from tests.classes.helpers import a_class, coteacher, person

pytestmark = pytest.mark.django_db


def _owner(classroom: Classroom) -> User:
    assert classroom.owner is not None
    return classroom.owner


def _url(classroom: Classroom) -> str:
    return reverse("classes:login_cards", args=[classroom.pk])


def _made(client: Client, classroom: Classroom, text: str = "Zoë Müller\nSam Lee") -> None:
    url = reverse("classes:students_from_names", args=[classroom.pk])
    response = client.post(url, {"names": text, "confirm": "1"})  # as the preview's button sends it
    assert response.status_code == 302


def _cards(response: Any) -> list[tuple[str, str, str]]:
    return [(c.user.shown_name, c.user.username, c.password) for c in response.context["cards"]]


def _teacher(client: Client) -> Classroom:
    classroom = a_class()
    client.force_login(_owner(classroom))
    return classroom


def test_the_teacher_who_made_the_accounts_sees_their_cards(client: Client) -> None:
    classroom = _teacher(client)
    _made(client, classroom)
    response = client.get(_url(classroom))
    assert response.status_code == 200
    cards = _cards(response)
    assert [card[:2] for card in cards] == [("Zoë Müller", "zoem"), ("Sam Lee", "saml")]
    html = response.content.decode()
    for name, username, password in cards:
        assert User.objects.get(username=username).check_password(password)
        assert name in html and f'<dd class="login-card-secret">{password}</dd>' in html
    assert "http://testserver/accounts/login/" in html and "css/cards" in html
    assert "no-store" in response["Cache-Control"]  # not kept by the browser of a shared computer
    # The class page links to them while they wait.
    page = client.get(reverse("classes:detail", args=[classroom.pk])).content.decode()
    assert f'href="{_url(classroom)}">Print the login cards of the accounts you made (2)' in page


def test_a_card_goes_once_the_first_password_changes(client: Client) -> None:
    classroom = _teacher(client)
    _made(client, classroom)
    zoe = User.objects.get(username="zoem")
    zoe.set_password("my-own-secret-77")  # the student changed it on their account page
    zoe.save()
    assert [c[1] for c in _cards(client.get(_url(classroom)))] == ["saml"]
    sam = User.objects.get(username="saml")
    client.post(
        reverse("classes:student_password", args=[classroom.pk, sam.pk]), {"password": "new-one-for-sam"}
    )
    # The teacher gave sam a new password: sam's card now carries it.
    assert _cards(client.get(_url(classroom))) == [("Sam Lee", "saml", "new-one-for-sam")]
    sam.refresh_from_db()
    sam.set_password("sams-own-choice-9")
    sam.save()
    response = client.get(_url(classroom))
    assert _cards(response) == [] and "No login cards to print" in response.content.decode()
    page = client.get(reverse("classes:detail", args=[classroom.pk])).content.decode()
    assert "Print the login cards" not in page


def test_an_account_made_one_at_a_time_gets_a_card_too(client: Client) -> None:
    classroom = _teacher(client)
    form = {"real_name": "Zoë Müller", "username": "zoe", "password": "tiles-on-tuesday"}
    client.post(reverse("classes:student_add", args=[classroom.pk]), form)
    assert _cards(client.get(_url(classroom))) == [("Zoë Müller", "zoe", "tiles-on-tuesday")]


def test_the_teacher_clears_the_cards(client: Client) -> None:
    classroom = _teacher(client)
    _made(client, classroom)
    response = client.post(_url(classroom), follow=True)
    assert [str(m) for m in response.context["messages"]][-1] == "The login cards are cleared from this page."
    assert _cards(client.get(_url(classroom))) == []
    assert User.objects.filter(username__in=["zoem", "saml"]).count() == 2  # the accounts stay


def test_cards_of_one_class_are_not_shown_on_another(client: Client) -> None:
    classroom = _teacher(client)
    other = a_class(classroom.owner, name="Thursday")
    _made(client, classroom)
    assert _cards(client.get(_url(other))) == []


def test_a_coteacher_sees_no_cards_they_did_not_make(client: Client) -> None:
    classroom = _teacher(client)
    _made(client, classroom)
    other = Client()
    other.force_login(coteacher(classroom, "cory"))
    response = other.get(_url(classroom))
    assert response.status_code == 200 and _cards(response) == []


def test_logging_out_forgets_them(client: Client) -> None:
    classroom = _teacher(client)
    _made(client, classroom)
    client.post(reverse("accounts:logout"))
    client.force_login(_owner(classroom))
    assert _cards(client.get(_url(classroom))) == []


@pytest.mark.parametrize("who", ["other_teacher", "student", "made_account"])
def test_nobody_outside_the_teachers_reaches_them(client: Client, who: str) -> None:
    classroom = _teacher(client)
    _made(client, classroom)
    intruder = Client()
    if who == "other_teacher":
        user = person("mal", "teacher")
        a_class(user, name="Mal's class")
    elif who == "student":
        user = person("sam")
        services.classroom_join(user=user, code=classroom.code)
    else:
        user = User.objects.get(username="zoem")
    intruder.force_login(user)
    assert intruder.get(_url(classroom)).status_code == 404
    assert intruder.post(_url(classroom)).status_code == 404
    assert len(client.get(_url(classroom)).context["cards"]) == 2  # the teacher's cards untouched
