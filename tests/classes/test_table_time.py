"""Table time's services (cfmj/classes/table_time.py): the class seated at tables of four with the
bots spread (1 to 13 students), people moved before play, play started at every table with the
class's rules and pace, latecomers seated in a bot's seat, every table paused and resumed at once,
a word to one seat, the end; and who may read a class table's hands."""

from __future__ import annotations

import datetime
from random import Random
from typing import Any

import pytest

from cfmj.classes import table_selectors, table_time
from cfmj.classes.models import ClassTable, TableTime
from cfmj.classes.services import ClassError
from cfmj.play import table_hands
from cfmj.play.access import reads_every_seat
from cfmj.play.models import Game, Table
from cfmj.play.selectors import rebuild
from cfmj.play.services import PlayError
from tests.classes.helpers import a_class, coteacher, person

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("count", range(1, 14))
def test_the_site_makes_as_few_tables_as_seat_everyone_the_bots_spread_over_them(count: int) -> None:
    sizes = table_time.table_sizes(count)
    assert sum(sizes) == count and len(sizes) == -(-count // 4)
    assert max(sizes) - min(sizes) <= 1 and max(sizes) <= 4
    plan = table_time.plan_make(list(range(100, 100 + count)), rng=Random(count))
    assert [sum(seat is not None for seat in seats) for seats in plan] == sizes
    assert sorted(seat for seats in plan for seat in seats if seat is not None) == list(
        range(100, 100 + count)
    )


def test_nine_make_three_tables_of_three_and_two_sit_across() -> None:
    assert table_time.table_sizes(9) == [3, 3, 3]
    assert table_time.table_sizes(13) == [4, 3, 3, 3]
    assert table_time.table_sizes(5) == [3, 2]
    assert table_time.plan_make([7, 8], rng=Random(1))[0][1::2] == [None, None]


@pytest.fixture
def five() -> dict[str, Any]:
    teacher = person("tess", "teacher")
    students = [person(name) for name in ("ann", "ben", "cy", "dee", "eve")]
    classroom = a_class(teacher, *students)
    classroom.house_rules, classroom.skill_level = [1], 1
    classroom.save()
    return {"teacher": teacher, "students": students, "classroom": classroom}


def _arranged(world: dict[str, Any], people: list[Any] | None = None, **pace: Any) -> TableTime:
    return table_time.table_time_arrange(
        classroom=world["classroom"],
        teacher=world["teacher"],
        people=world["students"] if people is None else people,
        rng=Random(4),
        **pace,
    )


def test_play_starts_at_every_table_with_the_classs_rules_and_pace(five) -> None:
    arranged = _arranged(five, call_seconds=12, turn_seconds=60, kind="game", bot_level="steady")
    assert [sum(seat is not None for seat in seats) for seats in arranged.plan] == [3, 2]
    started = table_time.table_time_start(table_time=arranged)
    assert started.status == TableTime.Status.PLAYING
    tables = table_selectors.tables_of(started)
    assert [placed.number for placed in tables] == [1, 2]
    for placed in tables:
        table = placed.table
        assert (table.house_rules, table.skill_level, table.call_seconds, table.turn_seconds) == (
            [1],
            1,
            12,
            60,
        )
        assert (table.kind, table.bot_level, table.status) == ("game", "steady", Table.Status.PLAYING)
        assert table.notice == table_time.NOTICE and table.hands.count() == 1
    seated = {seat.user for placed in tables for seat in placed.table.seats.all() if seat.user}
    assert seated == set(five["students"])
    assert table_time.table_time_start(table_time=started).pk == started.pk  # twice: nothing new
    with pytest.raises(ClassError, match="started already"):
        _arranged(five)


def test_only_the_classs_people_sit_and_someone_who_left_meanwhile_is_a_bot(five) -> None:
    with pytest.raises(ClassError, match="Only the class"):
        _arranged(five, [*five["students"], person("stranger")])
    with pytest.raises(ClassError, match="Tick the students"):
        _arranged(five, [])
    arranged = _arranged(five, five["students"][:2])
    from cfmj.classes.services import membership_end

    membership_end(classroom=five["classroom"], user=five["students"][0])
    started = table_time.table_time_start(table_time=arranged)
    people = [seat.user for seat in table_selectors.tables_of(started)[0].table.seats.all() if seat.user]
    assert people == [five["students"][1]]


def test_the_teacher_moves_people_before_play_and_an_empty_table_is_dropped(five) -> None:
    arranged = _arranged(five)
    ann = five["students"][0].pk
    first = next(n for n, seats in enumerate(arranged.plan, 1) if ann in seats)
    other = 3 - first
    table_time.table_time_move(table_time=arranged, person_id=ann, to=other)
    arranged.refresh_from_db()
    assert ann in arranged.plan[other - 1]
    assert sorted(sum(seat is not None for seat in seats) for seats in arranged.plan) == [2, 3]
    with pytest.raises(ClassError, match="four people already"):
        for person_id in [p for p in arranged.plan[first - 1] if p is not None]:
            table_time.table_time_move(table_time=arranged, person_id=person_id, to=other)
    table_time.table_time_move(table_time=arranged, person_id=ann, to=3)  # a new table
    arranged.refresh_from_db()
    assert len(arranged.plan) == 3 and arranged.plan[2].count(None) == 3
    with pytest.raises(ClassError, match="no seat"):
        table_time.table_time_move(table_time=arranged, person_id=99999, to=1)


def test_a_latecomer_takes_a_bots_seat_at_the_table_with_most_bots_then_a_new_table(five) -> None:
    classroom = five["classroom"]
    late = [person(name) for name in ("fay", "gus", "hal", "ida")]
    for student in late:
        from cfmj.classes.services import classroom_join

        classroom_join(user=student, code=classroom.code)
    started = table_time.table_time_start(table_time=_arranged(five))  # tables of 3 and 2
    assert [u.username for u in table_selectors.unseated_students(started)] == ["fay", "gus", "hal", "ida"]
    second = table_time.latecomer_seat(table_time=started, person=late[0])
    assert second.number == 2  # two bots there, one at table 1
    assert table_time.latecomer_seat(table_time=started, person=late[0]) == second  # again: the same
    table_time.latecomers_seat(table_time=started, people=late[1:3])
    assert all(table_run_free(placed) == 0 for placed in table_selectors.tables_of(started))
    third = table_time.latecomer_seat(table_time=started, person=late[3])
    assert third.number == 3 and third.table.hands.count() == 1
    assert [seat.user for seat in third.table.seats.all()] == [late[3], None, None, None]
    with pytest.raises(ClassError, match="Only the class"):
        table_time.latecomer_seat(table_time=started, person=person("stranger"))


def table_run_free(placed: ClassTable) -> int:
    return placed.table.seats.filter(user__isnull=True).count()


def test_a_pause_freezes_every_table_and_the_resume_plays_on(five) -> None:
    started = table_time.table_time_start(table_time=_arranged(five))
    hands = [placed.table.hands.get() for placed in table_selectors.tables_of(started)]
    assert all(hand.deadline is not None for hand in hands)
    now = min(hand.deadline for hand in hands if hand.deadline) - datetime.timedelta(seconds=5)
    left = {hand.pk: (hand.deadline - now) for hand in hands if hand.deadline}
    table_time.table_time_pause(table_time=started, paused=True, now=now)
    for hand in hands:
        hand.refresh_from_db()
        assert hand.deadline is None and hand.table is not None and hand.table.paused_note
        engine = rebuild(hand)
        seat = hand.table.seats.filter(user__isnull=False).first()
        assert seat is not None and seat.user is not None
        with pytest.raises(PlayError, match="Paused by your teacher"):
            table_hands.hand_act(
                game=hand,
                user=seat.user,
                version=table_hands.moment_token(engine),
                action=engine.legal_actions(seat.number)[0],
            )
    later = now + datetime.timedelta(minutes=7)
    table_time.table_time_pause(table_time=started, paused=False, now=later)
    for hand in hands:
        hand.refresh_from_db()
        assert hand.deadline == later + left[hand.pk]
    with pytest.raises(ClassError, match="not under way"):
        table_time.table_time_pause(table_time=_arranged_after_end(five, started), paused=True)


def _arranged_after_end(world: dict[str, Any], started: TableTime) -> TableTime:
    table_time.table_time_end(table_time=started)
    return _arranged(world)


def test_a_latecomer_at_a_paused_class_gets_a_paused_table(five) -> None:
    classroom = five["classroom"]
    started = table_time.table_time_start(table_time=_arranged(five, five["students"][:4]))
    table_time.table_time_pause(table_time=started, paused=True)
    placed = table_time.latecomer_seat(table_time=started, person=five["students"][4])
    assert placed.number == 2 and placed.table.paused_note  # four were seated at one table: a new one
    assert classroom.table_times.get().paused_at is not None


def test_the_end_closes_every_table_and_keeps_its_hands(five) -> None:
    started = table_time.table_time_start(table_time=_arranged(five))
    table_time.table_time_end(table_time=started)
    started.refresh_from_db()
    assert started.status == TableTime.Status.ENDED
    assert {placed.table.status for placed in table_selectors.tables_of(started)} == {Table.Status.CLOSED}
    assert Game.objects.filter(table__class_table__table_time=started).count() == 2
    assert table_selectors.table_time_of(five["classroom"]) is None


def test_a_word_is_a_set_phrase_or_a_short_plain_note(five) -> None:
    started = table_time.table_time_start(table_time=_arranged(five))
    placed = table_selectors.tables_of(started)[0]
    person_seat = placed.table.seats.filter(user__isnull=False).first()
    bot_seat = placed.table.seats.filter(user__isnull=True).first()
    assert person_seat is not None and bot_seat is not None
    said = table_time.table_word_send(
        class_table=placed, number=person_seat.number, teacher=five["teacher"], phrase="safe"
    )
    assert said == "Think about which tiles are safe to discard."
    person_seat.refresh_from_db()
    assert (person_seat.word, person_seat.word_from) == (said, "your teacher (tess)")
    for bad, message in (
        ({"note": "x" * 121}, "120 characters at most"),
        ({"note": "Look\x07 here"}, "plain text"),
        ({"note": "   "}, "Choose a phrase"),
        ({"phrase": "nonsense"}, "one of the phrases"),
        ({"phrase": "safe", "note": "and this"}, "not both"),
    ):
        with pytest.raises(ClassError, match=message):
            table_time.table_word_send(
                class_table=placed, number=person_seat.number, teacher=five["teacher"], **bad
            )
    with pytest.raises(ClassError, match="a bot plays it"):
        table_time.table_word_send(
            class_table=placed, number=bot_seat.number, teacher=five["teacher"], note="Hi"
        )
    assert table_time.word_text(note="  Look at  West's\nexposures ") == "Look at West's exposures"


def test_the_classs_teachers_read_every_seat_of_its_tables_hands_and_nobody_else(five) -> None:
    started = table_time.table_time_start(table_time=_arranged(five))
    hand = table_selectors.tables_of(started)[0].table.hands.get()
    cory = coteacher(five["classroom"], "cory")
    other = person("otto", "teacher")
    a_class(other, name="Library hall")
    assert reads_every_seat(five["teacher"], hand) and reads_every_seat(cory, hand)
    assert not reads_every_seat(other, hand)
    assert not any(reads_every_seat(student, hand) for student in five["students"])
    alone = Game.objects.create(owner=five["students"][0], seed="1", wall=[], bot_level="beginner")
    assert not reads_every_seat(five["teacher"], alone)


def test_archiving_the_class_ends_its_table_time(five) -> None:
    from django.test import Client
    from django.urls import reverse

    started = table_time.table_time_start(table_time=_arranged(five))
    client = Client()
    client.force_login(five["teacher"])
    client.post(reverse("classes:archive", args=[five["classroom"].pk]))
    started.refresh_from_db()
    assert started.status == TableTime.Status.ENDED
    assert {placed.table.status for placed in table_selectors.tables_of(started)} == {Table.Status.CLOSED}


def test_a_students_page_lists_her_hands_at_the_classs_tables_with_her_seats_review(five) -> None:
    from django.test import Client
    from django.urls import reverse

    from cfmj.classes.student_hands import table_hands

    started = table_time.table_time_start(table_time=_arranged(five))
    ann = five["students"][0]
    found = table_hands(five["classroom"], ann)
    assert len(found) == 1
    hand = found[0]
    table = hand.game.table
    assert table is not None
    seat = table.seats.get(user=ann)
    assert (hand.seat, hand.what) == (seat.number, f"Table {table.class_table.number}, hand 1")
    assert table_hands(a_class(person("tom", "teacher"), ann), ann) == []  # another class's: none
    hand.game.status = Game.Status.OVER
    hand.game.save(update_fields=["status"])
    teacher = Client()
    teacher.force_login(five["teacher"])
    page = teacher.get(reverse("classes:student", args=[five["classroom"].pk, ann.pk])).content.decode()
    assert reverse("play:review_seat", args=[hand.game.pk, seat.number]) in page
    assert started.status == TableTime.Status.PLAYING


def test_a_student_who_deals_the_hands_has_no_power_over_her_classmates_seats(five) -> None:
    # A student (the table's first person, who deals the next hand) was offered "Remove dee: a bot
    # takes the seat", "Make dee the host" and "Open a free seat to someone new" at a class table.
    from django.test import Client
    from django.urls import reverse

    from cfmj.play import seating
    from cfmj.play.seating import TableError

    placed = table_selectors.tables_of(table_time.table_time_start(table_time=_arranged(five)))[0]
    table = placed.table
    assert table.seats_managed and table.host is not None
    other = table.seats.exclude(user=table.host).filter(user__isnull=False).first()
    assert other is not None
    host = table.host
    with pytest.raises(TableError, match="your teacher seats people"):
        seating.table_seat_to_bot(table=table, by=host, number=other.number)
    with pytest.raises(TableError, match="your teacher seats people"):
        seating.table_host_pass(table=table, by=host, to=other.number)
    with pytest.raises(TableError, match="your teacher seats people"):
        seating.table_joining_set(table=table, by=host, open_=True)
    client = Client()
    client.force_login(table.host)
    page = client.get(reverse("play:table", args=[table.code])).content.decode()
    assert "Host's choices" not in page and "Open a free seat" not in page
    assert "(deals the hands)" in page
    table.refresh_from_db()
    assert not table.joining_open and other.user in [seat.user for seat in table.seats.all()]


def test_the_first_choice_at_a_class_table_leaves_time_to_come_to_it(five) -> None:
    # With no turn clock, students who took a while to reach their seat found a bot playing it: the
    # 90 seconds began when the teacher pressed Start.
    started = table_time.table_time_start(table_time=_arranged(five))
    for placed in table_selectors.tables_of(started):
        hand = placed.table.hands.get()
        assert hand.deadline is not None
        left = (hand.deadline - hand.created_at).total_seconds()
        assert left >= table_hands.SEATING_SECONDS - 5
