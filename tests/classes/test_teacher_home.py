"""A teacher's home page (the site's home, signed in as a teacher): their classes, who is behind,
what is due this week; "make your first class" for a new teacher."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from cfmj.classes import deals, services, table_time
from cfmj.classes.models import Assignment, Classroom
from tests.classes.helpers import a_class, coteacher, drill_homework, in_days, person
from tests.classes.session_helpers import on_the_board

pytestmark = pytest.mark.django_db


def homework(classroom: Classroom, due: datetime.date) -> Assignment:
    return drill_homework(classroom, due=due)


def test_a_new_teacher_is_shown_how_to_make_the_first_class(client) -> None:
    client.force_login(person("tess", "teacher"))
    page = client.get("/")
    assert page.status_code == 200
    assert b"Make your first class" in page.content
    assert reverse("classes:create").encode() in page.content


def test_it_shows_the_classes_who_is_behind_and_what_is_due(client) -> None:
    bill, ann = person("BillT"), person("ann")
    bill.real_name = "Bill Tanner"
    bill.save()
    classroom = a_class(None, bill, ann)
    late = homework(classroom, in_days(-2))
    soon = homework(classroom, in_days(3))
    homework(classroom, in_days(30))  # not this week
    services.classroom_archive(classroom=a_class(classroom.owner, name="Old class"))
    client.force_login(classroom.owner)
    text = client.get("/").content.decode()
    assert "Tuesday beginners" in text and "2 students, 3 pieces of homework" in text
    assert "Archived:" in text and "Old class" in text
    behind = text.split('id="behind-title"')[1].split("</section>")[0]
    assert "Bill Tanner" in behind and "ann" in behind and late.title in behind
    due = text.split('id="due-title"')[1].split("</section>")[0]
    assert soon.title in due and "0 of 2 done" in due and due.count("<li>") == 1
    assert "Make your first class" not in text


def test_homework_set_for_some_students_counts_only_them(client) -> None:
    # "0 of 6 done" was shown for homework set for one student of six.
    bill, ann = person("bill"), person("ann")
    classroom = a_class(None, bill, ann)
    late, soon = homework(classroom, in_days(-2)), homework(classroom, in_days(3))
    late.students.set([bill])
    soon.students.set([bill])
    client.force_login(classroom.owner)
    text = client.get("/").content.decode()
    due = text.split('id="due-title"')[1].split("</section>")[0]
    assert "0 of 1 done" in due
    behind = text.split('id="behind-title"')[1].split("</section>")[0]
    assert "bill" in behind and "ann" not in behind


def test_it_shows_only_the_teacher_s_own_classes(client) -> None:
    a_class(None, person("sam"), name="Someone else's class")
    mine = a_class(person("tina", "teacher"), name="Mine")
    client.force_login(mine.owner)
    text = client.get("/").content.decode()
    assert "Mine" in text and "Someone else" not in text and "sam" not in text


def test_a_co_teacher_sees_the_class_too(client) -> None:
    classroom = a_class()
    client.force_login(coteacher(classroom, "cora"))
    assert b"Tuesday beginners" in client.get("/").content


def test_a_learner_keeps_the_learner_home(client) -> None:
    client.force_login(person("sam"))
    text = client.get("/").content.decode()
    assert "Learn Card Free Mah Jongg, one rule at a time" in text and "Who is behind" not in text
    client.logout()
    assert "one rule at a time" in client.get("/").content.decode()


def test_it_says_what_each_class_is_doing_now(client) -> None:
    # A teacher who left the tables' page (or the board) found no way back from home.
    ann, bo = person("ann"), person("bo")
    classroom = a_class(None, ann, bo)
    teacher = classroom.owner
    assert teacher is not None
    quiet = a_class(teacher, name="Quiet class")
    client.force_login(classroom.owner)
    assert b"under-way" not in client.get("/").content

    held = table_time.table_time_arrange(classroom=classroom, teacher=teacher, people=[ann, bo])
    deal = deals.deal_start(classroom=classroom, teacher=teacher, bot_level="beginner", seed=7)
    text = client.get("/").content.decode()
    now = text.split('aria-label="Under way in Tuesday beginners"')[1].split("</ul>")[0]
    assert "Table time: tables being arranged" in now
    assert reverse("classes:tables", args=[classroom.pk]) in now
    assert "is open" in now and reverse("classes:deal", args=[classroom.pk, deal.pk]) in now
    assert f"Under way in {quiet.name}" not in text

    table_time.table_time_start(table_time=held)
    table_time.table_time_pause(table_time=held, paused=True)
    deals.deal_close(deal=deal)
    text = client.get("/").content.decode()
    now = text.split('aria-label="Under way in Tuesday beginners"')[1].split("</ul>")[0]
    assert "Table time: paused" in now and "is open" not in now

    table_time.table_time_end(table_time=held)
    assert b"under-way" not in client.get("/").content
    session = on_the_board(classroom, classroom.owner)
    text = client.get("/").content.decode()
    assert "A puzzle is on the board" in text
    assert reverse("classes:session_control", args=[classroom.pk, session.pk]) in text
