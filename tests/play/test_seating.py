"""Who sits at a table: opening, joining by code, leaving, the host's powers, idle tables closed,
and an account's deletion leaving the others' hands whole."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.utils import timezone

from cfmj.play import seating, table_hands
from cfmj.play.models import Game, Seat, Table
from cfmj.play.services import PlayError
from cfmj.site.services import account_delete_now
from tests.classes.helpers import person

pytestmark = pytest.mark.django_db


def _people(table: Table) -> list[str | None]:
    return [seat.user.username if seat.user else None for seat in table.seats.order_by("number")]


def test_it_opens_a_table_with_its_host_and_three_bots() -> None:
    ann = person("ann")
    table = seating.table_open(host=ann, bot_level="steady", house_rules=["1"], call_seconds=12)
    assert _people(table) == ["ann", None, None, None]
    assert (table.status, table.joining_open, table.host, table.house_rules, table.call_seconds) == (
        Table.Status.GATHERING,
        True,
        ann,
        [1],
        12,
    )
    assert len(table.code) == seating.CODE_LENGTH and set(table.code) <= set(seating.CODE_ALPHABET)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"bot_level": "wizard"}, "bots' level"),
        ({"call_seconds": 1}, "3 to 30 seconds"),
        ({"turn_seconds": 5}, "15 to 300 seconds"),
        ({"kind": "poker"}, "practice table"),
        ({"house_rules": ["9"]}, "house rule"),
    ],
)
def test_it_refuses_a_table_it_cannot_open_with_a_reason(options: dict[str, Any], words: str) -> None:
    with pytest.raises(PlayError, match=words):  # a TableError, or the rules' own PlayError
        seating.table_open(host=person("ann"), **{"bot_level": "steady", **options})
    assert not Table.objects.exists()


def test_people_join_in_seat_order_once_each_and_the_full_table_closes() -> None:
    table = seating.table_open(host=person("ann"), bot_level="steady")
    ben, cy, di = person("ben"), person("cy"), person("di")
    assert seating.table_join(table=table, user=ben).number == 1
    assert seating.table_join(table=table, user=ben).number == 1  # a double click: the same seat
    seating.table_join(table=table, user=cy)
    seating.table_join(table=table, user=di)
    table.refresh_from_db()
    assert _people(table) == ["ann", "ben", "cy", "di"] and not table.joining_open
    with pytest.raises(seating.TableError, match="not taking players"):
        seating.table_join(table=table, user=person("eve"))


def test_only_the_host_starts_and_then_nobody_new_joins() -> None:
    ann, ben = person("ann"), person("ben")
    table = seating.table_open(host=ann, bot_level="steady")
    seating.table_join(table=table, user=ben)
    with pytest.raises(seating.TableError, match="host"):
        table_hands.table_start(table=table, by=ben)
    hand = table_hands.table_start(table=table, by=ann)
    assert table_hands.table_start(table=table, by=ann) == hand  # twice: the same first hand
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING and not table.joining_open
    assert (hand.table, hand.owner, hand.hand_number) == (table, None, 1)
    eve = person("eve")
    with pytest.raises(seating.TableError, match="not taking players"):
        seating.table_join(table=table, user=eve)
    seating.table_joining_set(table=table, by=ann, open_=True)
    assert seating.table_join(table=table, user=eve).number == 2


def test_the_host_gives_a_seat_to_a_bot_and_hands_the_role_on() -> None:
    ann, ben = person("ann"), person("ben")
    table = seating.table_open(host=ann, bot_level="steady")
    seating.table_join(table=table, user=ben)
    with pytest.raises(seating.TableError, match="Only the table's host"):
        seating.table_seat_to_bot(table=table, by=ben, number=0)
    seating.table_host_pass(table=table, by=ann, to=1)
    table.refresh_from_db()
    assert table.host == ben
    seating.table_seat_to_bot(table=table, by=ben, number=0)
    assert _people(table) == [None, "ben", None, None]


def test_a_host_who_leaves_passes_the_role_on_and_the_last_one_out_closes_the_table() -> None:
    ann, ben = person("ann"), person("ben")
    table = seating.table_open(host=ann, bot_level="steady")
    seating.table_join(table=table, user=ben)
    seating.table_leave(table=table, user=ann)
    table.refresh_from_db()
    assert table.host == ben and table.status == Table.Status.GATHERING
    seating.table_leave(table=table, user=ben)
    table.refresh_from_db()
    assert table.host is None and table.status == Table.Status.CLOSED


def test_tables_nobody_touched_for_a_day_are_closed() -> None:
    old = seating.table_open(host=person("ann"), bot_level="steady")
    new = seating.table_open(host=person("ben"), bot_level="steady")
    Table.objects.filter(pk=old.pk).update(updated_at=timezone.now() - datetime.timedelta(hours=25))
    assert seating.tables_close_idle() == 1
    assert Table.objects.get(pk=old.pk).status == Table.Status.CLOSED
    assert Table.objects.get(pk=new.pk).status == Table.Status.GATHERING


def test_deleting_an_account_keeps_the_hands_the_others_played() -> None:
    ann, ben = person("ann"), person("ben")
    table = seating.table_open(host=ann, bot_level="steady")
    seating.table_join(table=table, user=ben)
    hand = table_hands.table_start(table=table, by=ann)
    account_delete_now(user=ann)
    table.refresh_from_db()
    assert Game.objects.filter(pk=hand.pk).exists() and table.host == ben
    seat = Seat.objects.get(table=table, number=0)
    assert seat.user is None and seat.former


def test_closing_idle_tables_is_scheduled_by_beat(settings: Any) -> None:
    from cfmj.play.tasks import close_idle_tables

    entry = settings.CELERY_BEAT_SCHEDULE["close-idle-tables"]
    assert entry["task"] == close_idle_tables.name and entry["schedule"] <= 3600


def test_table_talk_is_set_phrases_said_by_seated_people_not_too_often() -> None:
    ann, ben = person("ann"), person("ben")
    table = seating.table_open(host=ann, bot_level="steady")
    seating.table_join(table=table, user=ben)
    now = timezone.now()
    seating.table_say(table=table, user=ben, phrase="hello", now=now)
    with pytest.raises(seating.TableError, match="just said"):
        seating.table_say(table=table, user=ben, phrase="nice", now=now + datetime.timedelta(seconds=1))
    seating.table_say(table=table, user=ann, phrase="hello", now=now + datetime.timedelta(seconds=1))
    with pytest.raises(seating.TableError, match="phrases"):
        seating.table_say(table=table, user=ann, phrase="<b>buy my course</b>")
    with pytest.raises(seating.TableError, match="no seat"):
        seating.table_say(table=table, user=person("eve"), phrase="hello")
    for k in range(10):
        seating.table_say(
            table=table, user=ben, phrase="thanks", now=now + datetime.timedelta(seconds=10 * (k + 1))
        )
    table.refresh_from_db()
    assert len(table.talk) == seating.TALK_KEPT and table.talk[-1]["say"] == "thanks"
