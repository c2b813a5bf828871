"""Leaving a class or stepping down from teaching it (classes:leave): a page that asks first, then
the change."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cfmj.classes.models import Membership
from tests.classes.helpers import a_class, coteacher, person

pytestmark = pytest.mark.django_db


def url(classroom) -> str:
    return reverse("classes:leave", args=[classroom.pk])


def test_a_co_teacher_is_asked_before_stepping_down(client) -> None:
    classroom = a_class()
    cora = coteacher(classroom, "cora")
    client.force_login(cora)
    page = client.get(url(classroom))
    assert page.status_code == 200 and b"Step down from Tuesday beginners?" in page.content
    assert Membership.objects.get(user=cora).active
    detail = client.get(reverse("classes:detail", args=[classroom.pk])).content.decode()
    assert f'class="button danger secondary" href="{url(classroom)}"' in detail
    response = client.post(url(classroom), follow=True)
    assert not Membership.objects.get(user=cora).active
    assert b"You have left Tuesday beginners" in response.content


def test_a_student_is_asked_before_leaving(client) -> None:
    sam = person("sam")
    classroom = a_class(None, sam)
    client.force_login(sam)
    assert b"Leave Tuesday beginners?" in client.get(url(classroom)).content
    assert Membership.objects.get(user=sam).active
    client.post(url(classroom))
    assert not Membership.objects.get(user=sam).active


def test_the_owner_is_told_to_hand_over_instead(client) -> None:
    classroom = a_class()
    client.force_login(classroom.owner)
    response = client.get(url(classroom), follow=True)
    assert b"hand it to a co-teacher" in response.content
    assert Membership.objects.get(user=classroom.owner).active


def test_it_is_a_404_for_someone_not_in_the_class(client) -> None:
    classroom = a_class()
    client.force_login(person("eve"))
    assert client.get(url(classroom)).status_code == 404
    assert client.post(url(classroom)).status_code == 404
