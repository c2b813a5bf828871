"""The deal and the Charleston (RULES §6)."""

from __future__ import annotations

from collections import Counter
from typing import TypeVar

from cfmj.engine.game import CourtesyAsk, CourtesyPass, Game, PassTiles, StopVote
from cfmj.engine.game.events import (
    CourtesyAgreed,
    CourtesyDelivered,
    Dealt,
    Event,
    PassDelivered,
    PlayStarted,
    SecondCharlestonSkipped,
    SecondCharlestonStarted,
    StopVoted,
)
from cfmj.engine.game.state import CHARLESTON, COURTESY_ASK, COURTESY_PASS, STOP_VOTE, TURN
from cfmj.engine.game.tileset import full_set
from cfmj.engine.ruleset import RuleSet

from .helpers import advance

E = TypeVar("E", bound=Event)

J = 35


def events_of(game: Game, kind: type[E]) -> list[E]:
    return [e for e in game.events if isinstance(e, kind)]


def test_it_deals_east_fourteen_and_the_others_thirteen() -> None:
    game = Game(11, dealer=2)
    dealt = events_of(game, Dealt)
    assert [(e.seat, len(e.tiles)) for e in dealt] == [(2, 14), (3, 13), (0, 13), (1, 13)]
    assert len(game.wall) == 152 - 53
    assert game.phase == CHARLESTON and game.stage == "first_right"


def test_it_builds_144_tiles_under_house_rule_2() -> None:
    rules = RuleSet(house_rules=frozenset({2}))
    assert len(full_set(rules)) == 144 and len(full_set(RuleSet())) == 152
    game = Game(4, rules)
    count = game.census()
    assert sum(count.values()) == 144 and count[J] == 4 and count[34] == 4
    assert len(game.wall) == 144 - 53


def test_it_passes_right_across_left_then_left_across_right() -> None:
    game = Game(6)
    advance(game, lambda g: g.phase == COURTESY_ASK)
    offsets: dict[str, set[int]] = {}
    for event in events_of(game, PassDelivered):
        offsets.setdefault(event.stage, set()).add((event.receiver - event.giver) % 4)
    assert offsets == {
        "first_right": {1},
        "first_across": {2},
        "first_left": {3},
        "second_left": {3},
        "second_across": {2},
        "second_right": {1},
    }
    assert len(events_of(game, SecondCharlestonStarted)) == 1


def test_it_exchanges_only_when_all_four_have_chosen() -> None:
    game = Game(6)
    for seat in (0, 1, 2):
        game.apply(game.legal_actions(seat)[0])
        assert not events_of(game, PassDelivered)
        assert game.in_transit()[seat]
    game.apply(game.legal_actions(3)[0])
    assert len(events_of(game, PassDelivered)) == 4 and not game.in_transit()
    for event in events_of(game, PassDelivered):
        assert game.view(event.receiver).received == event.tiles


def test_it_skips_the_second_charleston_under_house_rule_1() -> None:
    game = Game(7, RuleSet(house_rules=frozenset({1})))
    advance(game, lambda g: g.phase != CHARLESTON)
    assert game.phase == COURTESY_ASK
    assert events_of(game, SecondCharlestonSkipped) == [SecondCharlestonSkipped("house_rule_1", ())]
    assert not events_of(game, StopVoted)
    assert {e.stage for e in events_of(game, PassDelivered)} == {"first_right", "first_across", "first_left"}


def test_it_skips_the_second_charleston_when_anyone_votes_to_stop() -> None:
    game = Game(8)
    advance(game, lambda g: g.phase == STOP_VOTE)
    for seat in range(4):
        game.apply(StopVote(seat, seat == 2))
    assert game.phase == COURTESY_ASK
    assert events_of(game, SecondCharlestonSkipped) == [SecondCharlestonSkipped("stop_vote", (2,))]


def test_it_plays_the_second_charleston_when_nobody_stops() -> None:
    game = Game(8)
    advance(game, lambda g: g.phase == STOP_VOTE)
    for seat in range(4):
        game.apply(StopVote(seat, False))
    assert game.phase == CHARLESTON and game.stage == "second_left"


def test_it_passes_blind_on_the_first_left() -> None:
    game = Game(9)
    advance(game, lambda g: g.stage == "first_left")
    received = game.view(0).received
    assert game.view(0).blind_allowed and len(received) == 3
    blind = [a for a in game.legal_actions(0) if isinstance(a, PassTiles) and len(a.blind) == 3]
    assert blind == [PassTiles(0, (), tuple(sorted(received)))]
    game.apply(PassTiles(0, (), received))
    received_1 = game.view(1).received
    own = Counter(game.concealed(1)) - Counter(received_1)
    mine = next(t for t in sorted(own.elements()) if t != J)
    game.apply(PassTiles(1, (mine,), blind=received_1[:2]))  # two blind, one of its own
    for seat in (2, 3):
        game.apply(game.legal_actions(seat)[0])
    delivered = {e.giver: e.tiles for e in events_of(game, PassDelivered) if e.stage == "first_left"}
    assert Counter(delivered[0]) == Counter(received)
    assert Counter(delivered[1]) == Counter((mine, *received_1[:2]))


def test_it_gives_the_smaller_courtesy_count_on_both_sides() -> None:
    game = Game(10, RuleSet(house_rules=frozenset({1})))
    advance(game, lambda g: g.phase == COURTESY_ASK)
    for seat, count in enumerate((3, 0, 1, 2)):
        game.apply(CourtesyAsk(seat, count))
    agreed = {e.seats: e.count for e in events_of(game, CourtesyAgreed)}
    assert agreed == {(0, 2): 1, (1, 3): 0}
    assert game.phase == COURTESY_PASS and game.waiting_for() == (0, 2)
    assert game.view(0).courtesy_count == 1
    assert all(len(a.tiles) == 1 for a in game.legal_actions(2) if isinstance(a, CourtesyPass))
    give = {seat: (next(t for t in game.concealed(seat) if t != J),) for seat in (0, 2)}
    for seat in (0, 2):
        game.apply(CourtesyPass(seat, give[seat]))
    assert [(e.giver, e.receiver, e.tiles) for e in events_of(game, CourtesyDelivered)] == [
        (0, 2, give[0]),
        (2, 0, give[2]),
    ]
    assert game.phase == TURN and game.turn == 0 and events_of(game, PlayStarted)


def test_it_starts_play_with_east_discarding_when_no_courtesy_is_asked() -> None:
    game = Game(12, RuleSet(house_rules=frozenset({1})), dealer=3)
    advance(game, lambda g: g.phase == COURTESY_ASK)
    for seat in range(4):
        game.apply(CourtesyAsk(seat, 0))
    assert game.phase == TURN and game.turn == 3 and game.hand_size(3) == 14
    assert {a.kind for a in game.legal_actions(3)} <= {"discard", "declare_mah_jongg", "exchange_joker"}
