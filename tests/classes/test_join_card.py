"""The join card (classes:join_card): code, link and the link's QR code, for the class's teachers
only, and none while the class takes no students."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cfmj.classes import services
from tests.classes.helpers import a_class, coteacher, person

pytestmark = pytest.mark.django_db


def card(classroom) -> str:
    return reverse("classes:join_card", args=[classroom.pk])


def test_it_shows_the_code_the_link_and_a_qr_code_as_svg(client) -> None:
    classroom = a_class()
    client.force_login(classroom.owner)
    page = client.get(card(classroom))
    text = page.content.decode()
    assert page.status_code == 200
    assert classroom.code in text and f"http://testserver/classes/join/{classroom.code}/" in text
    assert '<svg viewBox="0 0 ' in text and 'class="qr-code"' in text and "<path" in text
    assert "<?xml" not in text and "style=" not in text.split("<svg", 1)[1].split("</svg>")[0]


def test_it_is_for_co_teachers_too(client) -> None:
    classroom = a_class()
    client.force_login(coteacher(classroom, "cora"))
    assert client.get(card(classroom)).status_code == 200


def test_it_is_a_404_for_a_student_and_a_stranger(client) -> None:
    sam = person("sam")
    classroom = a_class(None, sam)
    for who in (sam, person("eve", "teacher")):
        client.force_login(who)
        assert client.get(card(classroom)).status_code == 404
    client.logout()
    assert client.get(card(classroom)).status_code == 302  # to log in


def test_it_shows_no_code_of_an_archived_class(client) -> None:
    classroom = a_class()
    services.classroom_archive(classroom=classroom)
    client.force_login(classroom.owner)
    response = client.get(card(classroom), follow=True)
    assert response.redirect_chain[-1][0] == reverse("classes:detail", args=[classroom.pk])
    assert b"bring it back" in response.content and b'class="qr-code"' not in response.content
    assert classroom.code.encode() not in response.content


def test_it_shows_no_card_while_joining_is_closed(client) -> None:
    classroom = a_class()
    services.classroom_joining_set(classroom=classroom, open_=False)
    client.force_login(classroom.owner)
    response = client.get(card(classroom), follow=True)
    assert b"Joining is closed" in response.content and b'class="qr-code"' not in response.content


def test_it_takes_only_get(client) -> None:
    classroom = a_class()
    client.force_login(classroom.owner)
    assert client.post(card(classroom)).status_code == 405
