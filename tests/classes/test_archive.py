"""Archiving a class (classes:archive): a page that asks first, then everything closes: the code
and join link (hidden and refused), accounts made for it, the board, the homework form; bringing
it back opens them again."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cfmj.classes import services
from cfmj.classes.models import Classroom, ClassSession, Membership
from tests.classes.helpers import a_class, coteacher, person
from tests.classes.session_helpers import answer, on_the_board
from tests.engine.drills.helpers import right_response

pytestmark = pytest.mark.django_db


def url(classroom) -> str:
    return reverse("classes:archive", args=[classroom.pk])


def detail(classroom) -> str:
    return reverse("classes:detail", args=[classroom.pk])


def test_it_asks_first_and_changes_nothing_on_the_asking(client) -> None:
    classroom = a_class()
    client.force_login(classroom.owner)
    page = client.get(url(classroom))
    assert page.status_code == 200 and b"Archive Tuesday beginners?" in page.content
    assert b'class="button big danger"' in page.content
    assert not Classroom.objects.get().archived


def test_it_closes_everything(client) -> None:
    sam = person("sam")
    classroom = a_class(None, sam)
    assert classroom.owner is not None
    session = on_the_board(classroom, classroom.owner)
    client.force_login(classroom.owner)
    response = client.post(url(classroom), follow=True)
    classroom.refresh_from_db()
    assert classroom.archived
    page = response.content.decode()
    assert "is archived" in page
    assert classroom.code not in page and "/classes/join/" not in page  # code and link hidden
    assert reverse("classes:assignment_create", args=[classroom.pk]) not in page
    assert classroom.code not in client.get(reverse("classes:index")).content.decode()
    # the board: closed, and an answer is refused
    assert ClassSession.objects.get(pk=session.pk).closed_at is not None
    client.force_login(sam)
    refused = answer(client, session, right_response(session.puzzle), follow=True)
    assert b"The answers are closed" in refused.content
    # the join link and code
    newcomer = person("newcomer")
    client.force_login(newcomer)
    assert b"has been archived" in client.get(reverse("classes:join_code", args=[classroom.code])).content
    client.post(reverse("classes:join"), {"code": classroom.code})
    assert not Membership.objects.filter(user=newcomer).exists()
    # accounts made for it, and the homework form (refused before it is filled in)
    client.force_login(classroom.owner)
    made = client.post(
        reverse("classes:student_add", args=[classroom.pk]),
        {"username": "nan", "password": "tiles-on-tuesday"},
        follow=True,
    )
    assert b"archived" in made.content and not Membership.objects.filter(user__username="nan").exists()
    form = client.get(reverse("classes:assignment_create", args=[classroom.pk]), follow=True)
    assert form.redirect_chain[-1][0] == detail(classroom)
    assert b"bring it back before setting or changing homework" in form.content


def test_bringing_it_back_opens_everything_again(client) -> None:
    classroom = a_class()
    services.classroom_archive(classroom=classroom)
    client.force_login(classroom.owner)
    page = client.get(detail(classroom)).content.decode()
    assert "Bring the class back" in page and classroom.code not in page
    response = client.post(url(classroom), {"restore": "1"}, follow=True)
    classroom.refresh_from_db()
    assert not classroom.archived
    assert classroom.code in response.content.decode()
    assert client.get(reverse("classes:assignment_create", args=[classroom.pk])).status_code == 200
    assert client.get(reverse("classes:join_card", args=[classroom.pk])).status_code == 200
    client.force_login(person("newcomer"))
    client.post(reverse("classes:join"), {"code": classroom.code})
    assert Membership.objects.filter(user__username="newcomer", classroom=classroom).exists()


def test_it_is_403_for_a_co_teacher_and_404_for_others(client) -> None:
    sam = person("sam")
    classroom = a_class(None, sam)
    client.force_login(coteacher(classroom, "cora"))
    assert client.get(url(classroom)).status_code == 403
    assert client.post(url(classroom)).status_code == 403
    for who in (sam, person("eve", "teacher")):
        client.force_login(who)
        assert client.get(url(classroom)).status_code == 404
        assert client.post(url(classroom)).status_code == 404  # a non-teacher confirming: 404
    assert not Classroom.objects.get().archived


def test_it_shows_the_archive_button_apart_from_set(client) -> None:
    classroom = a_class()
    client.force_login(classroom.owner)
    page = client.get(detail(classroom)).content.decode()
    assert f'class="button danger secondary" href="{url(classroom)}"' in page


def test_its_students_see_no_board_button_and_the_board_page_says_why(client) -> None:
    sam = person("sam")
    classroom = a_class(None, sam)
    board = reverse("classes:session_student", args=[classroom.pk])
    client.force_login(sam)
    assert f'href="{board}"' in client.get(detail(classroom)).content.decode()  # open: the button
    services.classroom_archive(classroom=classroom)
    page = client.get(detail(classroom))
    assert page.status_code == 200 and f'href="{board}"' not in page.content.decode()
    assert "Answer the puzzle on the board" not in page.content.decode()
    following = client.get(board)  # an old bookmark: it says why there is nothing to answer
    assert following.status_code == 200
    assert "archived: no puzzles on the board" in following.content.decode()
    services.classroom_archive(classroom=classroom, archived=False)
    assert f'href="{board}"' in client.get(detail(classroom)).content.decode()
