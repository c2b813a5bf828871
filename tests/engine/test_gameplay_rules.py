"""RULES §6, line by line, against the engine's own game model (cfmj.engine.game) and the play
advice (charleston.py, play_advice.py). Each test is named after its rule line (rulebook ids)."""

from __future__ import annotations

import re
from collections import Counter
from typing import TypeVar

import pytest

from cfmj.engine import check
from cfmj.engine.charleston import charleston as charleston_advice
from cfmj.engine.charleston import courtesy as courtesy_advice
from cfmj.engine.charleston import proposed_pass
from cfmj.engine.errors import InputError
from cfmj.engine.game import (
    Action,
    CallExposure,
    CallMahJongg,
    CourtesyAsk,
    CourtesyPass,
    DeclareMahJongg,
    Discard,
    ExchangeJoker,
    Game,
    IllegalAction,
    NoCall,
    PassTiles,
    RandomPlayer,
    StopVote,
    play_hand,
    play_match,
)
from cfmj.engine.game import errors as rule
from cfmj.engine.game.advice_player import AdvicePlayer
from cfmj.engine.game.events import (
    CourtesyAgreed,
    Dealt,
    Discarded,
    Drew,
    Event,
    ExposureMade,
    HandDead,
    HandWon,
    JokerExchanged,
    MahJonggRejected,
    PassDelivered,
    SecondCharlestonSkipped,
    WallGame,
)
from cfmj.engine.game.state import CHARLESTON, COURTESY_ASK, COURTESY_PASS, OVER, STOP_VOTE, TURN
from cfmj.engine.game.tileset import ACROSS, LEFT, RIGHT, seat_name, to_the, wind_of
from cfmj.engine.notation import parse_hand
from cfmj.engine.play_advice import call as call_advice
from cfmj.engine.ruleset import RuleSet
from tests.engine.game.helpers import advance, assert_invariants, position, tiles

J = tiles("J")[0]
FIRST_STAGES = ("first_right", "first_across", "first_left")
SECOND_STAGES = ("second_left", "second_across", "second_right")
E = TypeVar("E", bound=Event)


def tile(text: str) -> int:
    return tiles(text)[0]


def events_of(game: Game, kind: type[E]) -> list[E]:
    return [e for e in game.events if isinstance(e, kind)]


def refused(game: Game, action: Action, words: str) -> None:
    before = game.events
    with pytest.raises(IllegalAction, match=re.escape(words)):
        game.apply(action)
    assert game.events == before


def let_go(game: Game) -> None:
    """Every seat still answering the discard lets it go."""
    for seat in game.waiting_for():
        game.apply(NoCall(seat))


def delivered_offsets(game: Game) -> dict[str, set[int]]:
    offsets: dict[str, set[int]] = {}
    for event in events_of(game, PassDelivered):
        offsets.setdefault(event.stage, set()).add((event.receiver - event.giver) % 4)
    return offsets


# --- seats and the deal ---------------------------------------------------------------------


def test_6_seats_and_directions() -> None:
    """East deals; South, West and North follow in turn order; right, across and left are the
    next seat, two away and three away."""
    for dealer in range(4):
        assert [wind_of((dealer + k) % 4, dealer) for k in range(4)] == ["East", "South", "West", "North"]
        assert seat_name(dealer, dealer).startswith("East")
    assert (RIGHT, ACROSS, LEFT) == (1, 2, 3)
    assert [to_the(3, offset) for offset in (RIGHT, ACROSS, LEFT)] == [0, 1, 2]
    game = Game(6, dealer=1)
    advance(game, lambda g: g.phase == STOP_VOTE)
    assert delivered_offsets(game) == {"first_right": {RIGHT}, "first_across": {ACROSS}, "first_left": {LEFT}}


def test_6_deal() -> None:
    """East (the dealer) is dealt 14 tiles and the others 13, in turn order; the turn then passes
    to the right."""
    game = Game(11, dealer=2)
    assert [(e.seat, len(e.tiles)) for e in events_of(game, Dealt)] == [(2, 14), (3, 13), (0, 13), (1, 13)]
    assert len(game.wall) == 152 - 14 - 3 * 13
    advance(game, lambda g: g.phase == TURN)
    assert game.turn == 2 and game.hand_size(2) == 14
    game.apply(Discard(2, game.concealed(2)[0]))
    let_go(game)
    assert events_of(game, Drew)[0].seat == 3 and game.turn == 3


# --- the Charleston -------------------------------------------------------------------------


def test_6_first_charleston() -> None:
    """Three compulsory passes of three tiles: Right, Across, Left; nobody may stop before them."""
    game = Game(6)
    assert game.phase == CHARLESTON and game.stage == "first_right"
    refused(game, StopVote(0, True), "not possible now")
    refused(game, PassTiles(0, game.concealed(0)[:2]), rule.PASS_THREE)
    advance(game, lambda g: g.phase != CHARLESTON)
    assert game.phase == STOP_VOTE
    assert delivered_offsets(game) == {"first_right": {RIGHT}, "first_across": {ACROSS}, "first_left": {LEFT}}
    assert all(len(e.tiles) == 3 for e in events_of(game, PassDelivered))


def test_6_second_charleston() -> None:
    """After the first Charleston any one player may stop; if nobody does, the second passes
    Left, Across, Right."""
    stopped = Game(8)
    advance(stopped, lambda g: g.phase == STOP_VOTE)
    for seat in range(4):
        stopped.apply(StopVote(seat, seat == 3))
    assert stopped.phase == COURTESY_ASK
    assert events_of(stopped, SecondCharlestonSkipped) == [SecondCharlestonSkipped("stop_vote", (3,))]
    going_on = Game(8)
    advance(going_on, lambda g: g.phase == STOP_VOTE)
    for seat in range(4):
        going_on.apply(StopVote(seat, False))
    advance(going_on, lambda g: g.phase == COURTESY_ASK)
    offsets = delivered_offsets(going_on)
    assert [offsets[stage] for stage in SECOND_STAGES] == [{LEFT}, {ACROSS}, {RIGHT}]


def test_6_courtesy_pass() -> None:
    """An optional pass of 0-3 tiles with the player across; both give the smaller number asked."""
    game = Game(10, RuleSet(house_rules=frozenset({1})))
    advance(game, lambda g: g.phase == COURTESY_ASK)
    refused(game, CourtesyAsk(0, 4), rule.COURTESY_COUNT)
    for seat, count in enumerate((3, 0, 1, 2)):
        game.apply(CourtesyAsk(seat, count))
    agreed = {e.seats: e.count for e in events_of(game, CourtesyAgreed)}
    assert agreed == {(0, 2): 1, (1, 3): 0}
    assert all(to_the(a, ACROSS) == b for a, b in agreed)
    refused(game, CourtesyPass(0, tuple(t for t in game.concealed(0) if t != J)[:3]), rule.COURTESY_SMALLER)
    assert len(courtesy_advice(parse_hand("1C 2C 3C 4C 5C 6C 7C 8C 9C 1D 2D 3D 4D")).offer) <= 3


def test_6_blind_pass() -> None:
    """Only the First Left and the Last Right may be blind: 1-3 of the tiles just received are
    passed on unseen, with the player's own tiles to make three."""
    game = Game(9)
    advance(game, lambda g: g.stage == "first_across")
    refused(game, PassTiles(0, game.concealed(0)[:2], blind=game.concealed(0)[2:3]), rule.BLIND_WHEN)
    advance(game, lambda g: g.stage == "first_left")
    received = game.view(0).received
    own = sorted((Counter(game.concealed(0)) - Counter(received)).elements())
    naturals = [t for t in own if t != J]
    for blind in (1, 2, 3):
        assert game.is_legal(PassTiles(0, tuple(naturals[: 3 - blind]), blind=tuple(received[:blind])))
    refused(game, PassTiles(0, tuple(naturals[:2]), blind=(naturals[2],)), rule.BLIND_WHAT)
    game.apply(PassTiles(0, (), blind=received))
    for seat in (1, 2, 3):
        game.apply(game.legal_actions(seat)[0])
    given = next(e for e in events_of(game, PassDelivered) if e.stage == "first_left" and e.giver == 0)
    assert Counter(given.tiles) == Counter(received)
    going_on = Game(9)
    advance(going_on, lambda g: g.phase == STOP_VOTE)
    for seat in range(4):
        going_on.apply(StopVote(seat, False))
    advance(going_on, lambda g: g.stage == "second_right")
    assert going_on.view(0).blind_allowed


def test_6_jokers_never_passed() -> None:
    """No joker leaves a hand in the Charleston or the courtesy pass; the advice never passes one."""
    game = Game(3)
    for _ in range(3):
        seat = game.waiting_for()[0]
        assert all(J not in a.tiles + a.blind for a in game.legal_actions(seat) if isinstance(a, PassTiles))
        with_joker = PassTiles(seat, (J, *game.concealed(seat)[:2]))
        assert rule.NO_JOKER_PASS in (game.why_illegal(with_joker) or "")
        game.apply(game.legal_actions(seat)[0])
    advance(game, lambda g: g.phase == COURTESY_ASK)
    for seat in range(4):
        game.apply(CourtesyAsk(seat, 3))
    assert game.phase == COURTESY_PASS
    assert all(J not in a.tiles for a in game.legal_actions(0) if isinstance(a, CourtesyPass))
    refused(game, CourtesyPass(0, (J, J, J)), rule.NO_JOKER_PASS)
    assert J not in [t for e in events_of(game, PassDelivered) for t in e.tiles]
    held = parse_hand("J J 1C 2C 3C 5D 6D 7D N E W S F")
    assert J not in courtesy_advice(held).offer
    assert all(J not in score.given for score in charleston_advice(held).ranked)
    with pytest.raises(InputError, match="Jokers are never passed"):
        proposed_pass(held, "J 1C 2C")


# --- play: draw, discard, calls -------------------------------------------------------------


def test_6_draw_then_discard() -> None:
    """The player in turn holds 14 tiles and discards one, naming it; the next player draws from
    the wall and then discards."""
    game = position({0: "5D"})
    assert game.turn == 0 and game.hand_size(0) == 14
    refused(game, Discard(1, game.concealed(1)[0]), "turn order goes to the right")
    wall = len(game.wall)
    game.apply(Discard(0, tile("5D")))
    assert events_of(game, Discarded) == [Discarded(0, tile("5D"))] and game.discards == ((0, tile("5D")),)
    let_go(game)
    drew = events_of(game, Drew)
    assert [e.seat for e in drew] == [1] and len(game.wall) == wall - 1
    assert game.turn == 1 and game.hand_size(1) == 14
    assert {a.kind for a in game.legal_actions(1)} >= {"discard"}
    assert_invariants(game)


def test_6_call_to_expose() -> None:
    """A discard completes a Pung, Kong or Quint with the caller's own tiles and jokers, and the
    block is exposed at once."""
    game = position({0: "5C", 2: "5C 5C J J"})
    game.apply(Discard(0, tile("5C")))
    sizes = sorted(len(a.tiles) + 1 for a in game.legal_actions(2) if isinstance(a, CallExposure))
    assert set(sizes) == {3, 4, 5}
    let_go_but = CallExposure(2, tiles("5C 5C J"))
    for seat in game.waiting_for():
        game.apply(let_go_but if seat == 2 else NoCall(seat))
    pung = tuple(sorted(tiles("5C 5C 5C J")))
    assert events_of(game, ExposureMade) == [ExposureMade(2, 0, tile("5C"), pung)]
    assert game.exposures(2)[0].tiles == pung
    advice = call_advice(parse_hand("5C 5C 1D 2D 3D 4D 6D 7D 8D N E W S"), "5C")
    assert any(o.call == "expose" and o.legal for o in advice.options)


def test_6_call_for_mah_jongg() -> None:
    """A discard may be called for Mah Jongg to complete any block, even a Pair."""
    hand = "1C 2C 2C 2C 3C 3C 3C RD RD RD GD GD GD"
    assert check(parse_hand(hand + " 1C")).valid
    game = position({0: "1C", 2: hand})
    game.apply(Discard(0, tile("1C")))
    refused(game, CallExposure(2, tiles("1C")), rule.PAIR_CALL)
    for seat in game.waiting_for():
        game.apply(CallMahJongg(2) if seat == 2 else NoCall(seat))
    won = game.outcome
    assert isinstance(won, HandWon) and won.winner == 2 and won.won_by == "discard" and won.discarder == 0
    assert call_advice(parse_hand(hand), "1C").advised is not None
    # advised is not None: asserted of the same advice on the line above.
    assert call_advice(parse_hand(hand), "1C").advised.call == "mah_jongg"  # type: ignore[union-attr]


def test_6_pairs_called_only_for_mah_jongg() -> None:
    """A Pair, a flower Pair or a NEWS block is never called to expose, only for Mah Jongg."""
    game = position({0: "5C N F", 2: "5C E W S F J"})
    game.apply(Discard(0, tile("5C")))
    assert all(len(a.tiles) >= 2 for a in game.legal_actions(2) if isinstance(a, CallExposure))
    refused(game, CallExposure(2, tiles("5C")), rule.PAIR_CALL)
    refused(game, CallExposure(2, (J,)), rule.PAIR_CALL)
    advice = call_advice(parse_hand("5C F E W S 1D 2D 3D 4D 6D 7D 8D 9D"), "F")
    assert [(o.call, o.legal) for o in advice.options if o.call == "flower_pair"] == [("flower_pair", False)]
    news = call_advice(parse_hand("5C F E W S 1D 2D 3D 4D 6D 7D 8D 9D"), "N")
    assert [(o.call, o.legal) for o in news.options if o.call == "news"] == [("news", False)]
    assert "called only for Mah Jongg" in rule.PAIR_CALL and "called only for Mah Jongg" in rule.NEWS_CALL


def test_6_dead_joker() -> None:
    """A discarded joker is dead: nobody is asked, and every call of it is refused."""
    game = position({0: "J", 2: "J J 5C"})
    game.apply(Discard(0, J))
    assert game.phase == TURN and game.turn == 1
    refused(game, CallMahJongg(2), rule.DEAD_JOKER)
    refused(game, CallExposure(2, (J, J)), rule.DEAD_JOKER)
    advice = call_advice(parse_hand("J J 1C 2C 3C 4C 5C 6C 7C 8C 9C N N"), "J")
    assert advice.advised is None and not any(o.legal for o in advice.options)


def test_6_call_priority() -> None:
    """Mah Jongg beats a nearer exposure call; among exposure calls the caller nearest after the
    discarder, in turn order, takes the tile."""
    game = position({0: "9D", 1: "J J", 2: "7C*3 8C*4 9D*3 RD*3"})
    game.apply(Discard(0, tile("9D")))
    for seat in game.waiting_for():
        calls: dict[int, Action] = {1: CallExposure(1, (J, J)), 2: CallMahJongg(2)}
        game.apply(calls.get(seat, NoCall(seat)))
    assert isinstance(game.outcome, HandWon) and game.outcome.winner == 2 and not game.exposures(1)
    for callers, nearest in (((2, 3, 0), 2), ((3, 0), 3), ((0, 2), 2), ((0,), 0)):
        game = position({0: "J J", 1: "5C", 2: "5C J", 3: "5C 5C"}, turn=1, seed=2)
        game.apply(Discard(1, tile("5C")))
        offers = {0: (J, J), 2: (tile("5C"), J), 3: tiles("5C 5C")}
        for seat in game.waiting_for():
            game.apply(CallExposure(seat, offers[seat]) if seat in callers else NoCall(seat))
        assert [e.seat for e in events_of(game, ExposureMade)] == [nearest] and game.turn == nearest


def test_6_after_a_call() -> None:
    """The caller takes the turn (14 tiles, so it discards next) and play goes on to its right,
    skipping the seats between."""
    game = position({0: "5C", 2: "5C J"})
    game.apply(Discard(0, tile("5C")))
    for seat in game.waiting_for():
        game.apply(CallExposure(2, (tile("5C"), J)) if seat == 2 else NoCall(seat))
    assert game.phase == TURN and game.turn == 2 and game.hand_size(2) == 14
    assert not events_of(game, Drew)  # the caller does not draw
    assert {a.kind for a in game.legal_actions(2)} <= {"discard", "declare_mah_jongg", "exchange_joker"}
    game.apply(Discard(2, game.concealed(2)[0]))
    let_go(game)
    assert [e.seat for e in events_of(game, Drew)] == [3]
    assert_invariants(game)


# --- jokers, dead hands, wall games ---------------------------------------------------------


def test_6_joker_exchange() -> None:
    """On your own turn, after drawing or after calling, give the natural tile an exposed joker
    stands for, from anyone's exposure or your own, and take the joker."""
    game = position({0: "RD 5C", 2: "RD"}, exposures={0: ["5C 5C J"], 1: ["RD RD J"]})
    refused(game, ExchangeJoker(2, 1, 0, tile("RD")), rule.EXCHANGE_TURN)
    refused(game, ExchangeJoker(0, 1, 0, tile("5C")), rule.EXCHANGE_TILE)
    game.apply(ExchangeJoker(0, 1, 0, tile("RD")))
    game.apply(ExchangeJoker(0, 0, 0, tile("5C")))
    assert game.exposures(1)[0].tiles == tiles("RD RD RD")
    assert game.exposures(0)[0].tiles == tiles("5C 5C 5C")
    assert game.concealed(0).count(J) == 2
    called = position({0: "GD", 2: "GD GD N"}, exposures={3: ["N N J"]}, seed=3)
    called.apply(Discard(0, tile("GD")))
    for seat in called.waiting_for():
        called.apply(CallExposure(2, tiles("GD GD")) if seat == 2 else NoCall(seat))
    assert ExchangeJoker(2, 3, 0, tile("N")) in called.legal_actions(2)
    called.apply(ExchangeJoker(2, 3, 0, tile("N")))
    assert events_of(called, JokerExchanged) == [JokerExchanged(2, 3, 0, tile("N"))]
    assert_invariants(called)


def test_6_joker_exchange_several() -> None:
    """One joker per exchange, and several exchanges in one turn."""
    game = position({0: "GD GD 5C"}, exposures={1: ["GD J J"], 2: ["5C 5C J"]})
    game.apply(ExchangeJoker(0, 1, 0, tile("GD")))
    assert game.exposures(1)[0].tiles == tiles("GD GD J")  # one joker taken, one left
    game.apply(ExchangeJoker(0, 1, 0, tile("GD")))
    game.apply(ExchangeJoker(0, 2, 0, tile("5C")))
    assert game.concealed(0).count(J) == 3 and len(events_of(game, JokerExchanged)) == 3
    assert game.phase == TURN and game.turn == 0
    assert_invariants(game)


def test_6_dead_hand() -> None:
    """A hand dies by an exposure no winning hand can contain, or by a mistaken Mah Jongg (the
    declared hand is laid open). A wrong tile count or an illegal call cannot happen in the
    model: such actions are refused, so the hand never holds the wrong number of tiles."""
    game = position({0: "1C", 1: "1C 1C"}, exposures={1: ["N N N"]})
    game.apply(Discard(0, tile("1C")))
    for seat in game.waiting_for():
        game.apply(CallExposure(1, tiles("1C 1C")) if seat == 1 else NoCall(seat))
    assert HandDead(1, "impossible_exposures") in game.events and game.dead[1]
    mistaken = position({0: "5C"}, seed=4)
    events = mistaken.apply(DeclareMahJongg(0))
    assert isinstance(events[1], MahJonggRejected) and events[2] == HandDead(0, "mistaken_mah_jongg")
    illegal = position({0: "5C", 2: "5C 6C"})
    illegal.apply(Discard(0, tile("5C")))
    refused(illegal, CallExposure(2, tiles("5C 6C")), rule.SAME_TILE)
    assert not any(illegal.dead)
    assert_invariants(game)


def test_6_mistaken_mah_jongg_kills_the_hand_at_once() -> None:
    """Declaring Mah Jongg lays the hand open to be checked: a hand that does not win is dead at
    once (our reading), and the player can no longer declare, call or exchange."""
    game = position({0: "5C"}, seed=4)
    events = game.apply(DeclareMahJongg(0))
    assert isinstance(events[1], MahJonggRejected) and events[2] == HandDead(0, "mistaken_mah_jongg")
    assert game.dead[0] and not game.over
    assert {a.kind for a in game.legal_actions(0)} == {"discard"}
    assert_invariants(game)


def test_6_dead_hand_plays_on() -> None:
    """A dead hand still draws and discards, but can no longer call, exchange or win."""
    game = position({0: "1C RD", 1: "1C 1C RD"}, exposures={1: ["N N N"], 2: ["RD RD J"]})
    game.apply(Discard(0, tile("1C")))
    game.apply(CallExposure(1, tiles("1C 1C")))
    let_go(game)
    assert game.dead[1] and game.turn == 1
    assert {a.kind for a in game.legal_actions(1)} == {"discard"}
    refused(game, DeclareMahJongg(1), rule.DEAD_HAND)
    refused(game, ExchangeJoker(1, 2, 0, tile("RD")), rule.DEAD_HAND)
    game.apply(Discard(1, tile("RD")))
    assert 1 not in game.waiting_for()  # nobody asks a dead hand about a discard
    let_go(game)
    for _ in range(3):  # round the table back to the dead hand: it draws its tile
        game.apply(Discard(game.turn, game.concealed(game.turn)[0]))
        let_go(game)
    assert game.turn == 1 and events_of(game, Drew)[-1].seat == 1 and game.hand_size(1) == 14
    assert_invariants(game)


def test_6_deal_passes_after_every_hand() -> None:
    """Won or a wall game, East passes to the right after every hand of a match."""
    won = play_match(11, [AdvicePlayer() for _ in range(4)], hands=2, dealer=3)
    assert all(hand.winner is not None for hand in won.hands) and won.dealers == (3, 0)
    walls = play_match(7, [RandomPlayer(seat) for seat in range(4)], hands=4, dealer=2)
    assert any(hand.winner is None for hand in walls.hands) and walls.dealers == (2, 3, 0, 1)


def test_6_wall_game() -> None:
    """When the wall runs out with no Mah Jongg nobody pays, and East passes to the right."""
    game = Game(1)
    result = play_hand(game, [RandomPlayer(seat) for seat in range(4)])
    assert isinstance(game.outcome, WallGame) and game.phase == OVER and not game.wall
    assert result.winner is None and result.payments == (0, 0, 0, 0)
    match = play_match(7, [RandomPlayer(seat) for seat in range(4)], hands=4, dealer=2)
    walls = [i for i, h in enumerate(match.hands[:-1]) if h.winner is None]
    assert walls, "the random players should leave at least one wall game"
    for index in walls:
        assert match.dealers[index + 1] == (match.dealers[index] + 1) % 4
        assert match.hands[index].payments == (0, 0, 0, 0)
