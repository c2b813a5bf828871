"""Table time's pages: the teacher seats the class (the form ticks every student), moves someone and
starts; students see their table ready (class page, home, board page) and are taken to it once
seated; all tables at a glance (204 until a table or the class moves on); over the shoulder behind
its warning, every rack and the coach's advice, refused to a teacher who plays and a 404 to anyone
but the class's teachers; a word to one seat; pause and resume; latecomers; the end; and a class
table's reviews for its teachers."""

from __future__ import annotations

import re
from random import Random
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from cfmj.classes import table_selectors, table_time
from cfmj.classes.models import ClassTable, TableTime
from cfmj.engine.tiles import code
from cfmj.play.models import Game
from cfmj.play.selectors import rebuild
from tests.classes.helpers import a_class, coteacher, person
from tests.play.helpers import tiles_drawn

pytestmark = pytest.mark.django_db


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def world() -> dict[str, Any]:
    teacher = person("tess", "teacher")
    students = [person(name) for name in ("ann", "ben", "cy", "dee", "eve")]
    classroom = a_class(teacher, *students)
    return {"teacher": teacher, "students": students, "classroom": classroom, "tc": _client(teacher)}


def _url(name: str, world: dict[str, Any], *args: Any) -> str:
    return reverse(name, args=[world["classroom"].pk, *args])


def _started(world: dict[str, Any]) -> TableTime:
    arranged = table_time.table_time_arrange(
        classroom=world["classroom"], teacher=world["teacher"], people=world["students"], rng=Random(2)
    )
    return table_time.table_time_start(table_time=arranged)


def test_the_teacher_ticks_who_is_here_moves_someone_and_starts(world) -> None:
    tc, students = world["tc"], world["students"]
    form = tc.get(_url("classes:tables", world)).content.decode()
    assert form.count('name="students"') == 5 and form.count("checked>") >= 5
    tc.post(
        _url("classes:tables_arrange", world), {"students": [s.pk for s in students[:4]], "bot_level": "x"}
    )
    assert not TableTime.objects.exists()  # a bot level that does not exist: refused
    answer = tc.post(
        _url("classes:tables_arrange", world),
        {"students": [s.pk for s in students], "bot_level": "beginner", "call_seconds": "12"},
        follow=True,
    )
    page = answer.content.decode()
    assert "Table 1" in page and "Table 2" in page and "A new table" in page
    arranged = TableTime.objects.get()
    ann = students[0].pk
    tc.post(_url("classes:tables_move", world), {"person": ann, "to": "3"})
    arranged.refresh_from_db()
    assert arranged.plan[-1].count(None) == 3 and ann in arranged.plan[-1]
    tc.post(_url("classes:tables_start", world))
    arranged.refresh_from_db()
    assert arranged.status == TableTime.Status.PLAYING and arranged.tables.count() == 3
    assert {placed.table.call_seconds for placed in arranged.tables.all()} == {12}


def test_students_see_their_table_ready_and_are_taken_to_it(world) -> None:
    ann = world["students"][0]
    annc = _client(ann)
    mine = _url("classes:tables_mine", world)
    before = annc.get(_url("classes:session_student", world)).content.decode()
    found = re.search(r'id="table-ready"[^>]*data-live-topic-version="(\d+)"', before)
    assert found is not None and "Your table is ready" not in before
    assert annc.get(mine, {"seen": found.group(1), "seated": "no"}, HTTP_HX_REQUEST="true").status_code == 204
    started = _started(world)
    moved = annc.get(mine, {"seen": found.group(1), "seated": "no"}, HTTP_HX_REQUEST="true")
    seated = table_selectors.seat_of(started, ann)
    assert seated is not None
    assert moved["HX-Redirect"] == reverse("play:table", args=[seated[0].table.code])
    for page in ("classes:detail", "classes:session_student"):
        assert "Your table is ready" in annc.get(_url(page, world)).content.decode()
    assert "Your table is ready: table" in annc.get(reverse("home")).content.decode()
    seat_page = annc.get(reverse("play:table", args=[seated[0].table.code])).content.decode()
    assert escape(table_time.NOTICE) in seat_page


def test_all_tables_at_a_glance_answer_204_until_a_table_moves_on(world) -> None:
    started = _started(world)
    tc = world["tc"]
    page = tc.get(_url("classes:tables", world)).content.decode()
    version = re.search(r'id="tables-glance"[^>]*data-live-topic-version="(\d+)"', page)
    assert version is not None
    assert "Table 1" in page and "Table 2" in page and "to pass" in page
    glance = _url("classes:tables", world)
    assert tc.get(glance, {"seen": version.group(1)}, HTTP_HX_REQUEST="true").status_code == 204
    placed = table_selectors.tables_of(started)[0]
    hand = placed.table.hands.get()
    seat = placed.table.seats.filter(user__isnull=False).first()
    assert seat is not None and seat.user is not None
    engine = rebuild(hand)
    from cfmj.play import table_hands

    table_hands.hand_act(
        game=hand,
        user=seat.user,
        version=table_hands.moment_token(engine),
        action=engine.legal_actions(seat.number)[0],
        confirmed=True,
    )
    fresh = tc.get(glance, {"seen": version.group(1)}, HTTP_HX_REQUEST="true")
    assert (
        fresh.status_code == 200 and b'id="tables-glance"' in fresh.content and b"<html" not in fresh.content
    )


def test_over_the_shoulder_warns_first_then_shows_every_rack_and_the_coach(world) -> None:
    started = _started(world)
    placed = table_selectors.tables_of(started)[0]
    url = _url("classes:table_watch", world, placed.pk)
    warning = world["tc"].get(url).content.decode()
    assert "This shows every hand at the table" in warning and "Not for the projector" in warning
    assert 'class="tile"' not in warning
    page = world["tc"].get(url, {"sure": "yes"}).content.decode()
    engine = rebuild(placed.table.hands.get())
    drawn = tiles_drawn(page)
    for seat in range(4):
        assert {code(tile) for tile in engine.view(seat).concealed} <= drawn
    people = placed.table.seats.filter(user__isnull=False).count()
    assert page.count("The coach:") == people  # the Charleston: every person owes a pass
    assert "Choices so far: 0" in page


def test_over_the_shoulder_is_a_404_to_everyone_but_the_classs_teachers(world) -> None:
    started = _started(world)
    placed = table_selectors.tables_of(started)[0]
    url = _url("classes:table_watch", world, placed.pk)
    cory = coteacher(world["classroom"], "cory")
    assert _client(cory).get(url, {"sure": "yes"}).status_code == 200
    otto = person("otto", "teacher")
    a_class(otto, name="Library hall")
    for someone in (*world["students"], otto, person("lee")):
        assert _client(someone).get(url, {"sure": "yes"}).status_code == 404
    assert Client().get(url, {"sure": "yes"}).status_code == 302  # to log in
    ola = person("ola")
    theirs = a_class(otto, ola, name="Wednesday")
    arranged = table_time.table_time_arrange(classroom=theirs, teacher=otto, people=[ola])
    other = table_time.table_time_start(table_time=arranged)
    elsewhere = _url("classes:table_watch", world, table_selectors.tables_of(other)[0].pk)
    assert world["tc"].get(elsewhere, {"sure": "yes"}).status_code == 404  # another class's table


def test_a_teacher_who_plays_cannot_watch_over_the_shoulder(world) -> None:
    teacher = world["teacher"]
    arranged = table_time.table_time_arrange(
        classroom=world["classroom"], teacher=teacher, people=[*world["students"], teacher]
    )
    started = table_time.table_time_start(table_time=arranged)
    mine = table_selectors.teacher_seated(world["classroom"], teacher)
    assert mine is not None
    for placed in table_selectors.tables_of(started):
        refused = world["tc"].get(_url("classes:table_watch", world, placed.pk), {"sure": "yes"})
        assert refused.status_code == 403 and b"You sit at table" in refused.content
        assert b'class="tile"' not in refused.content


def test_a_word_reaches_one_seat_and_no_other(world) -> None:
    started = _started(world)
    placed = table_selectors.tables_of(started)[0]
    people = list(placed.table.seats.filter(user__isnull=False).select_related("user"))
    to, other = people[0], people[1]
    assert to.user is not None and other.user is not None
    form = world["tc"].get(_url("classes:table_word", world, placed.pk)).content.decode()
    assert f"A note to {to.user.username} alone" in form
    sent = world["tc"].post(
        _url("classes:table_word", world, placed.pk),
        {"seat": to.number, "note": "Look at <West>'s exposures", "back": "watch"},
    )
    assert sent.status_code == 302 and "sure=yes" in sent["Location"]
    table_url = reverse("play:table", args=[placed.table.code])
    mine = _client(to.user).get(table_url).content.decode()
    assert "Look at &lt;West&gt;&#x27;s exposures" in mine and "for you alone" in mine
    theirs = _client(other.user).get(table_url).content.decode()
    assert "West&gt;" not in theirs and "for you alone" not in theirs
    refused = world["tc"].post(
        _url("classes:table_word", world, placed.pk), {"seat": to.number, "note": "x" * 121}, follow=True
    )
    assert "120 characters at most" in refused.content.decode()
    assert (
        _client(to.user)
        .post(_url("classes:table_word", world, placed.pk), {"seat": other.number, "phrase": "well"})
        .status_code
        == 404
    )


def test_words_to_a_seat_are_limited_and_a_strange_seat_number_is_refused_in_words(world, settings) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "table_word": {"user": 2, "window": 60}}
    placed = table_selectors.tables_of(_started(world))[0]
    to = placed.table.seats.filter(user__isnull=False).first()
    assert to is not None
    url = _url("classes:table_word", world, placed.pk)
    odd = world["tc"].post(url, {"seat": "²", "phrase": "well"}, follow=True)  # '²'.isdigit() is true
    assert odd.status_code == 200 and "Choose whom to send it to." in odd.content.decode()
    assert world["tc"].post(url, {"seat": to.number, "phrase": "well"}).status_code == 302
    refused = world["tc"].post(url, {"seat": to.number, "phrase": "well"})
    assert refused.status_code == 429 and "Please wait" in refused.content.decode()
    assert world["tc"].get(url).status_code == 200  # the form itself is never counted


def test_pause_and_resume_every_table_from_the_glance(world) -> None:
    started = _started(world)
    tc = world["tc"]
    page = tc.post(_url("classes:tables_pause", world), {"pause": "yes"}, follow=True).content.decode()
    assert "Every table is paused." in page and "Resume all tables" in page
    assert not Game.objects.filter(table__class_table__table_time=started, deadline__isnull=False).exists()
    seated = table_selectors.seat_of(started, world["students"][0])
    assert seated is not None
    seat_page = _client(world["students"][0]).get(reverse("play:table", args=[seated[0].table.code]))
    assert b"Paused by your teacher" in seat_page.content
    page = tc.post(_url("classes:tables_pause", world), {"pause": "no"}, follow=True).content.decode()
    assert "Pause all tables" in page
    assert not Game.objects.filter(table__class_table__table_time=started, deadline__isnull=True).exists()


def test_a_co_teachers_pause_turns_the_button_on_every_teachers_glance(world) -> None:
    # The button sat outside the live part: after a co-teacher paused, the other teacher's page still
    # offered "Pause all tables" (which then did nothing) while saying every table was paused.
    _started(world)
    tc, glance = world["tc"], _url("classes:tables", world)
    drawn = re.search(r"seen=(\d+)&amp;tables=([\d-]+)", tc.get(glance).content.decode())
    assert drawn is not None
    seen, tables = drawn.groups()
    helper = coteacher(world["classroom"], "cora")
    _client(helper).post(_url("classes:tables_pause", world), {"pause": "yes"})
    part = tc.get(glance, {"seen": seen, "tables": tables}, HTTP_HX_REQUEST="true").content.decode()
    assert "Every table is paused." in part and "Resume all tables" in part and "Pause all tables" not in part
    assert 'name="csrfmiddlewaretoken"' in part


def test_latecomers_are_seated_by_the_teacher_or_take_a_seat_themselves(world) -> None:
    classroom = world["classroom"]
    started = _started(world)
    from cfmj.classes.services import classroom_join

    fay, gus = person("fay"), person("gus")
    for late in (fay, gus):
        classroom_join(user=late, code=classroom.code)
    page = world["tc"].get(_url("classes:tables", world)).content.decode()
    assert "Seat latecomers (2 without a seat)" in page
    world["tc"].post(_url("classes:tables_latecomers", world), {"people": [fay.pk]})
    assert table_selectors.seat_of(started, fay) is not None
    gusc = _client(gus)
    assert "Take a seat" in gusc.get(_url("classes:detail", world)).content.decode()
    taken = gusc.post(_url("classes:tables_seat", world))
    seated = table_selectors.seat_of(started, gus)
    assert seated is not None and taken["Location"] == reverse("play:table", args=[seated[0].table.code])


def test_the_end_asks_first_then_closes_every_table(world) -> None:
    started = _started(world)
    ask = world["tc"].get(_url("classes:tables_end", world)).content.decode()
    assert "End table time?" in ask and "no new hand is dealt" in ask
    world["tc"].post(_url("classes:tables_end", world))
    started.refresh_from_db()
    assert started.status == TableTime.Status.ENDED
    assert world["tc"].get(_url("classes:tables_end", world)).status_code == 404  # nothing to end
    assert (
        "Your table is ready"
        not in _client(world["students"][0]).get(_url("classes:detail", world)).content.decode()
    )


def test_the_classs_teachers_open_any_seats_review_of_a_class_tables_hand(world) -> None:
    started = _started(world)
    placed: ClassTable = table_selectors.tables_of(started)[0]
    hand = placed.table.hands.get()
    Game.objects.filter(pk=hand.pk).update(
        status=Game.Status.OVER, result={"winner": None, "payments": [0] * 4}
    )
    seat = placed.table.seats.filter(user__isnull=False).select_related("user").first()
    assert seat is not None and seat.user is not None
    url = reverse("play:review_seat", args=[hand.pk, seat.number])
    page = world["tc"].get(url)
    assert page.status_code == 200 and f"From {seat.user.username}’s seat".encode() in page.content
    otto = person("otto", "teacher")
    a_class(otto, name="Library hall")
    assert _client(otto).get(url).status_code == 404
    others = [s.user for s in placed.table.seats.filter(user__isnull=False) if s.user != seat.user]
    assert _client(others[0]).get(url).status_code == 404  # a student reads only their own seat
    assert _client(seat.user).get(url).status_code == 200
    glance = world["tc"].get(_url("classes:tables", world)).content.decode()
    assert url in glance and "A wall game: nobody won." in glance and "Hands played (1)" in glance


def test_the_glance_reloads_itself_when_a_table_is_added_or_table_time_is_over(world) -> None:
    """Its stream follows the tables it was drawn with: a new table needs a new stream."""
    started = table_time.table_time_start(
        table_time=table_time.table_time_arrange(
            classroom=world["classroom"], teacher=world["teacher"], people=world["students"][:4]
        )
    )
    tc, glance = world["tc"], _url("classes:tables", world)
    page = tc.get(glance).content.decode()
    drawn = re.search(r"seen=(\d+)&amp;tables=([\d-]+)", page)
    assert drawn is not None
    seen, tables = drawn.groups()
    assert tc.get(glance, {"seen": seen, "tables": tables}, HTTP_HX_REQUEST="true").status_code == 204
    table_time.latecomer_seat(table_time=started, person=world["students"][4])  # a new table
    again = tc.get(glance, {"seen": seen, "tables": tables}, HTTP_HX_REQUEST="true")
    assert again.status_code == 200 and again["HX-Refresh"] == "true"
    table_time.table_time_end(table_time=started)
    over = tc.get(glance, {"seen": seen, "tables": tables}, HTTP_HX_REQUEST="true")
    assert over["HX-Refresh"] == "true"


def test_the_end_of_table_time_is_said_at_every_seat(world) -> None:
    # Students went on playing with no word that table time was over (their hand may be finished).
    started = _started(world)
    seated = table_selectors.seat_of(started, world["students"][0])
    assert seated is not None
    url = reverse("play:table", args=[seated[0].table.code])
    assert b"This table is closed" not in _client(world["students"][0]).get(url).content
    table_time.table_time_end(table_time=started)
    page = _client(world["students"][0]).get(url).content.decode()
    assert "This table is closed." in page and "You can finish this hand; no next hand is dealt." in page
