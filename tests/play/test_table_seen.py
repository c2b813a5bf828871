"""What a seat has seen, kept per table version (cfmj/play/table_seen.py): at every step of a hand
the kept hand parts are the ones a replay gives, a page's check answers the same from the cache
as without it, and every change a seat sees (an action, a leave and a return, a seat given to a
bot, a deadline applied, talk, a table closed) makes its old digest answer with the new part.
Transactional: the parts are kept once each change is committed."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from random import Random
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from cfmj.accounts.models import User
from cfmj.core import live
from cfmj.engine.game import Game as EngineGame
from cfmj.engine.game import RandomPlayer
from cfmj.play import replays, seating, table_hands, table_seen
from cfmj.play.announce import topic_of
from cfmj.play.models import Game, Table
from cfmj.play.selectors import rebuild
from tests.classes.helpers import person

pytestmark = pytest.mark.django_db(transaction=True)
SEEN = re.compile(r"seen=([0-9a-f]+)")


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _hand(table: Table) -> Game:
    found = table.hands.order_by("-hand_number").first()
    assert found is not None
    return found


def _parts(game: Game) -> tuple[str, ...]:
    engine = rebuild(game)
    return tuple(table_seen.hand_digest(game, engine, number) for number in range(4))


@pytest.fixture
def four() -> Iterator[tuple[Table, list[User]]]:
    people = [person(name) for name in ("ann", "ben", "cat", "dan")]
    table = seating.table_open(host=people[0], bot_level="steady", call_seconds=30)
    for someone in people[1:]:
        seating.table_join(table=table, user=someone)
    table_hands.table_start(table=table, by=people[0], seed=4)
    table.refresh_from_db()
    yield table, people


def test_the_kept_parts_are_the_replayed_ones_at_every_step_of_a_hand(four: Any) -> None:
    table, people = four
    rng = Random(8)
    steps = 0
    while True:
        table.refresh_from_db()
        game = _hand(table)
        kept = table_seen.kept_for(table)
        assert kept is not None, f"nothing kept at version {table.version}"
        assert kept.hands == _parts(game) and kept.deadline == game.deadline
        if game.status == Game.Status.OVER:
            break
        engine = rebuild(game)
        seat = engine.waiting_for()[0]
        action = RandomPlayer(rng.getrandbits(32)).choose(engine.view(seat), engine.legal_actions(seat))
        table_hands.hand_act(
            game=game,
            user=people[seat],
            version=table_hands.moment_token(engine),
            action=action,
            confirmed=True,
        )
        steps += 1
    assert steps > 100


def test_a_check_answers_the_same_from_the_kept_parts_as_from_a_replay(four: Any) -> None:
    table, people = four
    clients = [_client(someone) for someone in people]
    now = reverse("play:table_now", args=[table.code])
    rng = Random(2)
    for _ in range(30):
        game = _hand(table)
        seen = [_seen(client.get(now, {"seen": ""}, HTTP_HX_REQUEST="true")) for client in clients]
        for client, digest in zip(clients, seen, strict=True):
            assert client.get(now, {"seen": digest}).status_code == 204  # kept
            cache.clear()
            assert client.get(now, {"seen": digest}).status_code == 204  # replayed (and kept again)
        engine = rebuild(game)
        seat = engine.waiting_for()[0]
        action = RandomPlayer(rng.getrandbits(32)).choose(engine.view(seat), engine.legal_actions(seat))
        table_hands.hand_act(
            game=game,
            user=people[seat],
            version=table_hands.moment_token(engine),
            action=action,
            confirmed=True,
        )
        table.refresh_from_db()
        changed = [c.get(now, {"seen": s}).status_code for c, s in zip(clients, seen, strict=True)]
        assert 200 in changed  # the one who acted sees their choice made, at least


def test_a_seat_is_told_of_exactly_the_versions_that_change_what_it_sees(four: Any, monkeypatch: Any) -> None:
    table, people = four
    told: list[str] = []
    monkeypatch.setattr(live, "publish", lambda topic, version: told.append(f"{topic}@{version}"))
    clients = [_client(someone) for someone in people]
    now = reverse("play:table_now", args=[table.code])
    seen = [_seen(client.get(now, {"seen": ""}, HTTP_HX_REQUEST="true")) for client in clients]
    rng = Random(5)
    quiet = 0
    for _ in range(40):
        game = _hand(table)
        engine = rebuild(game)
        seat = engine.waiting_for()[0]
        action = RandomPlayer(rng.getrandbits(32)).choose(engine.view(seat), engine.legal_actions(seat))
        told.clear()
        table_hands.hand_act(
            game=game,
            user=people[seat],
            version=table_hands.moment_token(engine),
            action=action,
            confirmed=True,
        )
        table.refresh_from_db()
        for number, client in enumerate(clients):
            answer = client.get(now, {"seen": seen[number]}, HTTP_HX_REQUEST="true")
            heard = f"{topic_of(table, number)}@{table.version}" in told
            assert (answer.status_code == 200) == heard, (number, answer.status_code, told)
            quiet += not heard
            seen[number] = _seen(answer) if heard else seen[number]
    assert quiet > 20  # many a choice changes nothing the others see (a pass, a call let go)


def _seen(response: Any) -> str:
    assert response.status_code == 200
    found = SEEN.search(response.content.decode())
    assert found is not None
    return found[1]


@pytest.fixture
def two() -> Iterator[tuple[Table, User, User]]:
    ann, ben = person("ann"), person("ben")
    table = seating.table_open(host=ann, bot_level="steady", call_seconds=8)
    seating.table_join(table=table, user=ben)
    table_hands.table_start(table=table, by=ann, seed=3)
    table.refresh_from_db()
    yield table, ann, ben


def _unchanged_until(client: Client, table: Table, change: Any) -> None:
    """The seat's check answers 204 from what is kept, then 200 once `change` is made."""
    now = reverse("play:table_now", args=[table.code])
    seen = _seen(client.get(now, {"seen": ""}, HTTP_HX_REQUEST="true"))
    assert client.get(now, {"seen": seen}).status_code == 204
    table.refresh_from_db()
    assert table_seen.kept_for(table) is not None
    change()
    assert client.get(now, {"seen": seen}, HTTP_HX_REQUEST="true").status_code == 200


def _pass(game: Game, user: User, seat: int) -> None:
    game.refresh_from_db()
    engine = rebuild(game)
    token, action = table_hands.moment_token(engine), engine.legal_actions(seat)[0]
    table_hands.hand_act(game=game, user=user, version=token, action=action, confirmed=True)


def test_a_seat_hears_of_each_kind_of_change(two: Any) -> None:
    table, ann, ben = two
    annc, game = _client(ann), _hand(table)
    _unchanged_until(annc, table, lambda: _pass(game, ann, 0))  # "waiting for ben to pass"
    _unchanged_until(annc, table, lambda: _pass(game, ben, 1))  # the pass is delivered
    _unchanged_until(annc, table, lambda: seating.table_say(table=table, user=ben, phrase="hello"))
    _unchanged_until(annc, table, lambda: seating.table_seat_to_bot(table=table, by=ann, number=1))
    _unchanged_until(annc, table, lambda: seating.table_joining_set(table=table, by=ann, open_=True))
    cy = person("cy")
    _unchanged_until(annc, table, lambda: seating.table_join(table=table, user=cy))
    _unchanged_until(annc, table, lambda: seating.table_leave(table=table, user=cy))


def test_a_deadline_that_passes_is_applied_and_the_seat_hears_of_it(two: Any, monkeypatch: Any) -> None:
    table, ann, _ben = two
    game = _hand(table)
    assert game.deadline is not None
    later = game.deadline + datetime.timedelta(seconds=1)
    annc = _client(ann)
    _unchanged_until(annc, table, lambda: monkeypatch.setattr(timezone, "now", lambda: later))
    assert set(table.seats.filter(away=True).values_list("number", flat=True)) == {0, 1}
    _unchanged_until(annc, table, lambda: seating.table_back(table=table, user=ann))


def test_a_table_closed_for_idleness_is_seen_closed(two: Any) -> None:
    table, ann, _ben = two
    later = timezone.now() + seating.IDLE + datetime.timedelta(minutes=1)
    _unchanged_until(_client(ann), table, lambda: seating.tables_close_idle(now=later))


def test_with_the_cache_away_the_checks_replay_and_still_answer(
    two: Any, settings: Any, caplog: pytest.LogCaptureFixture
) -> None:
    table, ann, ben = two
    settings.CACHES = {
        **settings.CACHES,
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens there
            "OPTIONS": {"socket_timeout": 1, "socket_connect_timeout": 1},
        },
    }
    annc = _client(ann)
    now = reverse("play:table_now", args=[table.code])
    seen = _seen(annc.get(now, {"seen": ""}, HTTP_HX_REQUEST="true"))
    assert annc.get(now, {"seen": seen}).status_code == 204
    seating.table_say(table=table, user=ben, phrase="hello")  # a change: its parts are not kept
    assert annc.get(now, {"seen": seen}).status_code == 200
    assert "cache is unreachable" in caplog.text


def test_a_kept_replay_is_the_replay_at_every_step_and_is_taken_only_at_its_version(
    four: Any, monkeypatch: Any
) -> None:
    table, people = four
    replay, rebuilt = rebuild, []

    def counted(game: Game) -> EngineGame:
        rebuilt.append(game.version)
        return replay(game)

    monkeypatch.setattr(replays, "rebuild", counted)
    rng = Random(3)
    for _ in range(60):
        game, rebuilt[:] = _hand(table), []
        engine, fresh = replays.replayed(game), replay(game)
        assert engine.events == fresh.events and engine.actions == fresh.actions
        assert all(engine.view(n) == fresh.view(n) for n in range(4))
        seat = engine.waiting_for()[0]
        action = RandomPlayer(rng.getrandbits(32)).choose(engine.view(seat), engine.legal_actions(seat))
        token = table_hands.moment_token(engine)
        table_hands.hand_act(game=game, user=people[seat], version=token, action=action, confirmed=True)
        assert rebuilt == []  # the part and the action took the kept replay: none was made
        assert replays.replayed(game).actions == fresh.actions  # the row read before the action
        assert rebuilt == [game.version]  # not kept at that version any more: replayed


def test_a_replay_kept_by_other_code_is_never_taken(four: Any, monkeypatch: Any) -> None:
    table, _people = four
    game = _hand(table)
    assert cache.get(replays._key(game)) is not None
    monkeypatch.setattr(replays, "ENGINE_BUILD", "another")
    assert cache.get(replays._key(game)) is None
    assert replays.replayed(game).events == rebuild(game).events
