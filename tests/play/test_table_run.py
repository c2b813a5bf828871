"""Tables run by someone who does not sit at them (cfmj/play/table_run.py): opened for a group, a
latecomer given a bot's seat, a pause that freezes the hand's clock (whether the deadline's task or
a seat's request comes to apply it) and a resume that gives the seconds back, a word to one seat
seen at that seat only, and closing."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from cfmj.play import table_hands, table_run, tasks
from cfmj.play.models import Game, Seat, Table
from cfmj.play.posted import action_fields
from cfmj.play.seating import TableError
from cfmj.play.selectors import rebuild
from cfmj.play.services import PlayError
from cfmj.play.table_page import table_read
from tests.classes.helpers import person

pytestmark = pytest.mark.django_db


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def two() -> tuple[Table, Any, Any]:
    """Ann and Ben across from each other, bots beside them; play started (both owe a pass)."""
    ann, ben = person("ann"), person("ben")
    table = table_run.table_open_for(
        people=[ann, None, ben], bot_level="beginner", notice="Your teacher can watch this table."
    )
    table_hands.table_start(table=table, by=ann, seed=5)
    table.refresh_from_db()
    return table, ann, ben


def _hand(table: Table) -> Game:
    hand = table.hands.order_by("-hand_number").first()
    assert hand is not None
    return hand


def test_a_table_opened_for_a_group_seats_them_in_order_bots_between_and_takes_nobody_by_code() -> None:
    ann, ben = person("ann"), person("ben")
    table = table_run.table_open_for(people=[ann, None, ben], bot_level="steady", call_seconds=12)
    seats = {seat.number: seat.user for seat in table.seats.all()}
    assert seats == {0: ann, 1: None, 2: ben, 3: None}
    assert (table.host, table.joining_open, table.call_seconds) == (ann, False, 12)
    with pytest.raises(TableError, match="at least one person"):
        table_run.table_open_for(people=[None, None], bot_level="steady")
    with pytest.raises(TableError, match="3 to 30"):
        table_run.table_open_for(people=[ann], bot_level="steady", call_seconds=2)


def test_a_latecomer_takes_a_bots_seat_at_once_even_mid_hand(two) -> None:
    table, _ann, _ben = two
    cy = person("cy")
    seat = table_run.seat_give(table=table, user=cy)
    assert seat.number == 1 and table_run.seat_give(table=table, user=cy).number == 1  # again: the same
    table_run.seat_give(table=table, user=person("dee"))
    with pytest.raises(TableError, match="full"):
        table_run.seat_give(table=table, user=person("eve"))
    assert table_run.free_seats(table) == 0


def test_a_pause_puts_the_deadline_away_and_the_resume_gives_its_seconds_back(two) -> None:
    table, _ann, _ben = two
    hand = _hand(table)
    assert hand.deadline is not None
    paused_at = hand.deadline - datetime.timedelta(seconds=30)
    assert table_run.table_pause(table=table, now=paused_at)
    assert not table_run.table_pause(table=table)  # paused already
    hand.refresh_from_db()
    table.refresh_from_db()
    assert hand.deadline is None and table.paused_note == table_run.PAUSED and table.paused_left == 30
    resumed_at = paused_at + datetime.timedelta(minutes=20)
    assert table_run.table_resume(table=table, now=resumed_at)
    hand.refresh_from_db()
    table.refresh_from_db()
    assert hand.deadline == resumed_at + datetime.timedelta(seconds=30)
    assert (table.paused_note, table.paused_left) == ("", None)
    assert not table_run.table_resume(table=table)


def test_a_choice_resumed_with_almost_no_time_left_gets_a_few_seconds(two) -> None:
    table, _ann, _ben = two
    hand = _hand(table)
    assert hand.deadline is not None
    table_run.table_pause(table=table, now=hand.deadline)
    now = timezone.now()
    table_run.table_resume(table=table, now=now)
    hand.refresh_from_db()
    assert hand.deadline == now + datetime.timedelta(seconds=table_run.RESUME_AT_LEAST)


def test_the_deadline_task_does_nothing_at_a_paused_table_however_late_it_fires(two, monkeypatch) -> None:
    table, _ann, _ben = two
    hand = _hand(table)
    assert hand.deadline is not None
    before = list(hand.actions)
    table_run.table_pause(table=table)
    long_after = hand.deadline + datetime.timedelta(hours=1)
    monkeypatch.setattr(timezone, "now", lambda: long_after)
    assert tasks.hand_deadline(hand.pk) is False  # the task queued for the old deadline
    assert table_hands.hand_tick(game=hand, now=long_after) is False  # the old row in hand
    hand.refresh_from_db()
    assert hand.actions == before and not table.seats.filter(away=True).exists()


def test_a_seats_request_applies_no_deadline_while_paused_and_says_so(two, monkeypatch) -> None:
    table, ann, _ben = two
    hand = _hand(table)
    assert hand.deadline is not None
    before = list(hand.actions)
    table_run.table_pause(table=table)
    monkeypatch.setattr(timezone, "now", lambda: hand.deadline + datetime.timedelta(minutes=5))
    annc = _client(ann)
    part = annc.get(reverse("play:table_now", args=[table.code]), HTTP_HX_REQUEST="true")
    assert part.status_code == 200 and b"Paused by your teacher" in part.content
    hand.refresh_from_db()
    assert hand.actions == before and not table.seats.filter(away=True).exists()


def test_no_action_is_taken_while_paused(two) -> None:
    table, ann, _ben = two
    hand = _hand(table)
    engine = rebuild(hand)
    action = engine.legal_actions(0)[0]
    table_run.table_pause(table=table)
    with pytest.raises(PlayError, match="Paused by your teacher: play waits until it resumes"):
        table_hands.hand_act(
            game=hand, user=ann, version=table_hands.moment_token(engine), action=action, confirmed=True
        )
    table_run.table_resume(table=table)
    table_hands.hand_act(
        game=hand, user=ann, version=table_hands.moment_token(engine), action=action, confirmed=True
    )


def test_a_posted_action_while_paused_comes_back_with_the_message(two) -> None:
    table, ann, _ben = two
    before = list(_hand(table).actions)
    engine = rebuild(_hand(table))
    action = engine.legal_actions(0)[0]
    data: dict[str, list[str]] = {"action": [action.kind], "version": [table_hands.moment_token(engine)]}
    for name, value in action_fields(action):
        data.setdefault(name, []).append(value)
    table_run.table_pause(table=table)
    answer = _client(ann).post(reverse("play:table_act", args=[table.code]), data, follow=True)
    assert "Paused by your teacher: play waits until it resumes." in answer.content.decode()
    assert _hand(table).actions == before


def test_resuming_queues_the_deadline_task_where_tasks_run_apart(
    two, settings, monkeypatch, django_capture_on_commit_callbacks
) -> None:
    table, _ann, _ben = two
    settings.CELERY_TASK_ALWAYS_EAGER = False
    queued: list[tuple[Any, Any]] = []
    monkeypatch.setattr(tasks.hand_deadline, "apply_async", lambda args, eta: queued.append((args, eta)))
    table_run.table_pause(table=table)
    with django_capture_on_commit_callbacks(execute=True):
        table_run.table_resume(table=table)
    hand = _hand(table)
    assert queued == [((hand.pk,), hand.deadline)]


def test_a_word_is_shown_at_its_seat_and_nowhere_else(two) -> None:
    table, ann, ben = two
    annc, benc = _client(ann), _client(ben)
    url = reverse("play:table", args=[table.code])
    ann_seen = table_read(table).seen(0)
    table_run.seat_word_send(
        table=table, number=2, text="Think about <b>which</b> tiles are safe", sender="your teacher (tess)"
    )
    table.refresh_from_db()
    ben_page = benc.get(url).content.decode()
    assert "From your teacher (tess), for you alone" in ben_page
    assert "Think about &lt;b&gt;which&lt;/b&gt; tiles are safe" in ben_page  # plain text, escaped
    assert "which" not in annc.get(url).content.decode()
    assert table_read(table).seen(0) == ann_seen  # Ann's page is not even redrawn for it
    with pytest.raises(TableError, match="a bot plays it"):
        table_run.seat_word_send(table=table, number=1, text="Hello", sender="your teacher")


def test_a_word_is_shown_for_ten_minutes(two) -> None:
    table, _ann, _ben = two
    sent = timezone.now() - table_run.WORD_SHOWN - datetime.timedelta(seconds=1)
    table_run.seat_word_send(table=table, number=0, text="Well played!", sender="your teacher", now=sent)
    assert table_run.word_for(table, 0) is None
    table_run.seat_word_send(table=table, number=0, text="Well played!", sender="your teacher")
    word = table_run.word_for(table, 0)
    assert word is not None and word.word == "Well played!"


def test_every_seat_is_told_the_tables_notice_and_the_pause(two) -> None:
    table, ann, _ben = two
    page = _client(ann).get(reverse("play:table", args=[table.code])).content.decode()
    assert "Your teacher can watch this table." in page and "Paused by" not in page
    table_run.table_pause(table=table)
    page = _client(ann).get(reverse("play:table", args=[table.code])).content.decode()
    assert 'table-paused" role="status"><strong>Paused by your teacher' in page


def test_a_closed_table_deals_no_next_hand_and_lifts_its_pause(two) -> None:
    table, ann, _ben = two
    table_run.table_pause(table=table)
    table_run.table_close(table=table)
    table.refresh_from_db()
    assert (table.status, table.paused_note) == (Table.Status.CLOSED, "")
    hand = _hand(table)
    assert hand.deadline is not None
    Game.objects.filter(pk=hand.pk).update(status=Game.Status.OVER)
    with pytest.raises(PlayError, match="closed"):
        table_hands.hand_next(game=hand, user=ann)
    with pytest.raises(TableError, match="closed"):
        table_run.seat_give(table=table, user=person("cy"))
    assert Seat.objects.filter(table=table, user__isnull=False).count() == 2
