"""The owner removing a co-teacher (classes:coteacher_remove): a page that asks first, then the
change; only the owner."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cfmj.classes.models import Membership
from tests.classes.helpers import a_class, coteacher, person

pytestmark = pytest.mark.django_db


def url(classroom, teacher) -> str:
    return reverse("classes:coteacher_remove", args=[classroom.pk, teacher.pk])


def test_it_asks_first_then_removes(client) -> None:
    classroom = a_class()
    cora = coteacher(classroom, "cora")
    client.force_login(classroom.owner)
    page = client.get(url(classroom, cora))
    assert page.status_code == 200 and b"Remove cora from teaching Tuesday beginners?" in page.content
    assert Membership.objects.get(user=cora).active
    detail = client.get(reverse("classes:detail", args=[classroom.pk])).content.decode()
    assert f'class="button danger secondary" href="{url(classroom, cora)}"' in detail
    response = client.post(url(classroom, cora), follow=True)
    assert b"cora no longer teaches Tuesday beginners" in response.content
    assert not Membership.objects.get(user=cora).active


def test_the_owner_cannot_be_removed_and_asking_changes_nothing(client) -> None:
    classroom = a_class()
    client.force_login(classroom.owner)
    response = client.get(url(classroom, classroom.owner), follow=True)
    assert b"The owner cannot be removed" in response.content
    assert Membership.objects.get(user=classroom.owner).active


def test_it_is_403_for_a_co_teacher_and_404_for_others(client) -> None:
    sam = person("sam")
    classroom = a_class(None, sam)
    cora, cory = coteacher(classroom, "cora"), coteacher(classroom, "cory")
    client.force_login(cory)
    assert client.get(url(classroom, cora)).status_code == 403
    assert client.post(url(classroom, cora)).status_code == 403
    for who in (sam, person("eve", "teacher")):
        client.force_login(who)
        assert client.get(url(classroom, cora)).status_code == 404
        assert client.post(url(classroom, cora)).status_code == 404
    assert Membership.objects.get(user=cora).active
