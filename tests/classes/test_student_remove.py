"""Removing a student (classes:student_remove): a page that asks first (no JavaScript needed),
then the removal, said as the teacher's doing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cfmj.classes.models import Membership
from tests.classes.helpers import a_class, coteacher, person

pytestmark = pytest.mark.django_db


def url(classroom, student) -> str:
    return reverse("classes:student_remove", args=[classroom.pk, student.pk])


def test_it_asks_first_and_changes_nothing_on_the_asking(client) -> None:
    bill = person("BillT")
    classroom = a_class(None, bill)
    client.force_login(classroom.owner)
    page = client.get(url(classroom, bill))
    assert page.status_code == 200
    assert b"Remove BillT from Tuesday beginners?" in page.content
    assert b'class="button big danger"' in page.content and b'method="post"' in page.content
    assert Membership.objects.get(user=bill).active


def test_it_removes_on_the_confirming_post_and_says_the_teacher_did(client) -> None:
    bill = person("BillT")
    classroom = a_class(None, bill)
    client.force_login(classroom.owner)
    response = client.post(url(classroom, bill), follow=True)
    membership = Membership.objects.get(user=bill)
    assert not membership.active and membership.removed
    assert b"BillT is no longer in the class: you removed them" in response.content
    assert b"has left" not in response.content


def test_it_links_to_the_page_from_the_class_page_as_a_danger_button(client) -> None:
    bill = person("BillT")
    classroom = a_class(None, bill)
    client.force_login(classroom.owner)
    page = client.get(reverse("classes:detail", args=[classroom.pk])).content.decode()
    assert f'class="button danger secondary" href="{url(classroom, bill)}"' in page


def test_it_lets_a_co_teacher_remove_too(client) -> None:
    bill = person("BillT")
    classroom = a_class(None, bill)
    client.force_login(coteacher(classroom, "cora"))
    assert client.get(url(classroom, bill)).status_code == 200
    client.post(url(classroom, bill))
    assert not Membership.objects.get(user=bill).active


def test_it_is_a_404_for_a_student_a_stranger_and_a_non_member(client) -> None:
    bill, sam = person("BillT"), person("sam")
    classroom = a_class(None, bill, sam)
    for who in (sam, person("eve", "teacher")):
        client.force_login(who)
        assert client.get(url(classroom, bill)).status_code == 404
        assert client.post(url(classroom, bill)).status_code == 404
    assert Membership.objects.get(user=bill).active
    client.force_login(classroom.owner)
    assert client.get(url(classroom, person("nobody"))).status_code == 404
    assert client.get(url(classroom, classroom.owner)).status_code == 404  # a teacher is no student
