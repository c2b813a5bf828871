"""Each illegal action is refused with the rule that forbids it, and the table is unchanged."""

from __future__ import annotations

import re

import pytest

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
)
from cfmj.engine.game import errors as rule
from cfmj.engine.game.state import CHARLESTON, COURTESY_ASK, COURTESY_PASS
from cfmj.engine.game.tileset import full_set
from cfmj.engine.ruleset import RuleSet

from .helpers import advance, position, tiles

J = 35


def refused(game: Game, action: Action, words: str) -> None:
    before = (game.events, game.census(), [game.concealed(s) for s in range(4)])
    with pytest.raises(IllegalAction, match=re.escape(words)):
        game.apply(action)
    assert game.why_illegal(action) is not None
    assert (game.events, game.census(), [game.concealed(s) for s in range(4)]) == before


def east_dealt(front: str, rules: RuleSet | None = None) -> Game:
    """A fresh game whose East is dealt `front` first."""
    wall = list(full_set(rules or RuleSet()))
    for tile in tiles(front):
        wall.remove(tile)
    return Game(0, rules, wall=[*tiles(front), *wall])


def at_stage(game: Game, stage: str) -> Game:
    advance(game, lambda g: g.phase == CHARLESTON and g.stage == stage)
    return game


def test_it_refuses_passing_a_joker() -> None:
    game = east_dealt("J 1C 2C")
    refused(game, PassTiles(0, tiles("J 1C 2C")), rule.NO_JOKER_PASS)
    assert "Jokers are never passed" in rule.NO_JOKER_PASS
    assert all(J not in a.tiles for a in game.legal_actions(0) if isinstance(a, PassTiles))


def test_it_refuses_a_pass_of_two_tiles() -> None:
    game = east_dealt("1C 2C 3C")
    refused(game, PassTiles(0, tiles("1C 2C")), rule.PASS_THREE)
    refused(game, PassTiles(0, tiles("1C 2C 3C 1C")), rule.PASS_THREE)
    # One tile, not "1 tiles"; and nothing was passed, so it does not say "You passed".
    refused(game, PassTiles(0, tiles("1C")), "You chose 1 tile, so nothing was passed. ")
    refused(game, PassTiles(0, tiles("1C 2C")), "You chose 2 tiles, so nothing was passed. ")


def test_it_refuses_a_blind_pass_outside_first_left_and_last_right() -> None:
    game = east_dealt("1C 2C 3C")
    refused(game, PassTiles(0, tiles("1C 2C"), blind=tiles("3C")), rule.BLIND_WHEN)
    at_stage(game, "first_across")
    received = game.view(0).received
    refused(game, PassTiles(0, (), blind=received), rule.BLIND_WHEN)


def test_it_refuses_a_blind_pass_of_tiles_not_just_received() -> None:
    game = at_stage(Game(5), "first_left")
    received = game.view(0).received
    own = [t for t in game.concealed(0) if t not in received and t != J]
    refused(game, PassTiles(0, tuple(own[:2]), blind=(own[2],)), rule.BLIND_WHAT)
    # Beside a blind pass, the player's own tiles cannot include the unseen ones just received.
    unseen = next(t for t in received if game.concealed(0).count(t) == received.count(t))
    refused(game, PassTiles(0, (unseen, own[0]), blind=(own[1],)), rule.BLIND_WHAT)
    refused(
        game,
        PassTiles(0, (unseen, own[0]), blind=tuple(t for t in received if t != unseen)[:1]),
        rule.BLIND_WHAT,
    )


def test_it_refuses_calling_a_joker_discard() -> None:
    game = position({0: "J", 2: "J J 5C"})
    game.apply(Discard(0, J))
    assert game.turn == 1  # nobody is asked: the next player has drawn
    refused(game, CallMahJongg(2), "A discarded joker is dead and cannot be called")
    refused(game, CallExposure(2, (J, J)), rule.DEAD_JOKER)


def test_it_refuses_calling_to_make_a_pair_or_news_without_mah_jongg() -> None:
    game = position({0: "5C N F", 2: "5C E W S F J"})
    game.apply(Discard(0, tiles("5C")[0]))
    refused(game, CallExposure(2, tiles("5C")), rule.PAIR_CALL)
    refused(game, CallExposure(2, (J,)), rule.PAIR_CALL)
    for seat in (1, 2, 3):
        game.apply(NoCall(seat))
    game.apply(Discard(1, game.concealed(1)[0]))
    for seat in (2, 3, 0):
        game.apply(NoCall(seat))
    game.apply(Discard(2, tiles("F")[0]))
    refused(game, CallExposure(0, tiles("F")), rule.PAIR_CALL)
    for seat in (3, 0, 1):
        game.apply(NoCall(seat))
    game.apply(Discard(3, game.concealed(3)[0]))
    for seat in (0, 1, 2):
        game.apply(NoCall(seat))
    game.apply(Discard(0, tiles("N")[0]))
    refused(game, CallExposure(2, tiles("E W S")), rule.NEWS_CALL)
    assert "called only for Mah Jongg" in rule.PAIR_CALL


def test_it_refuses_exposures_of_another_tile_or_size() -> None:
    game = position({0: "5C", 2: "5C 6C J J J J"})
    game.apply(Discard(0, tiles("5C")[0]))
    refused(game, CallExposure(2, tiles("5C 6C")), rule.SAME_TILE)
    refused(game, CallExposure(2, tiles("5C J J J J")), rule.BLOCK_SIZE)
    refused(game, CallExposure(2, tiles("5C 5C")), rule.NOT_HELD)
    refused(game, CallExposure(0, tiles("5C 5C")), rule.OWN_DISCARD)
    game.apply(CallExposure(2, tiles("5C J J J")))  # a Quint: legal


def test_it_refuses_acting_out_of_turn() -> None:
    game = position({})
    refused(game, Discard(2, game.concealed(2)[0]), "turn order goes to the right")
    refused(game, CallMahJongg(1), "There is no discard to answer now")
    refused(game, PassTiles(0, game.concealed(0)[:3]), "not possible now")
    fresh = Game(1)
    fresh.apply(fresh.legal_actions(0)[0])
    refused(fresh, PassTiles(0, fresh.concealed(0)[:3]), "already made this choice")
    refused(fresh, Discard(0, fresh.concealed(0)[0]), "cannot act now")
    refused(fresh, Discard(7, 0), "There is no seat 7")


def test_it_refuses_discarding_a_tile_you_do_not_hold() -> None:
    game = position({0: "1C"}, seed=3)
    missing = next(t for t in range(34) if t not in game.concealed(0))
    refused(game, Discard(0, missing), rule.NOT_HELD)


def test_it_refuses_exchanging_a_joker_with_the_wrong_natural() -> None:
    game = position({0: "RD GD", 2: "RD"}, exposures={1: ["RD RD J"]})
    refused(game, ExchangeJoker(0, 1, 0, tiles("GD")[0]), rule.EXCHANGE_TILE)
    refused(game, ExchangeJoker(0, 1, 1, tiles("RD")[0]), "no such exposure")
    game.apply(ExchangeJoker(0, 1, 0, tiles("RD")[0]))
    refused(game, ExchangeJoker(0, 1, 0, tiles("RD")[0]), rule.NO_JOKER_THERE)


def test_it_refuses_exchanging_when_it_is_not_your_turn() -> None:
    game = position({0: "5D", 2: "RD"}, exposures={1: ["RD RD J"]})
    refused(game, ExchangeJoker(2, 1, 0, tiles("RD")[0]), rule.EXCHANGE_TURN)
    game.apply(Discard(0, tiles("5D")[0]))
    refused(game, ExchangeJoker(2, 1, 0, tiles("RD")[0]), rule.EXCHANGE_TURN)


def test_it_refuses_a_courtesy_pass_of_four() -> None:
    game = Game(2, RuleSet(house_rules=frozenset({1})))
    advance(game, lambda g: g.phase == COURTESY_ASK)
    refused(game, CourtesyAsk(0, 4), rule.COURTESY_COUNT)
    refused(game, CourtesyAsk(0, -1), rule.COURTESY_COUNT)
    for seat in range(4):
        game.apply(CourtesyAsk(seat, 3))
    assert game.phase == COURTESY_PASS
    four = tuple(t for t in game.concealed(0) if t != J)[:4]
    refused(game, CourtesyPass(0, four), rule.COURTESY_COUNT)


def test_it_refuses_a_dead_hand_calling_exchanging_or_declaring() -> None:
    game = position({0: "1C RD", 1: "1C 1C RD"}, exposures={1: ["N N N"], 2: ["RD RD J"]})
    game.apply(Discard(0, tiles("1C")[0]))
    game.apply(CallExposure(1, tiles("1C 1C")))
    for seat in (2, 3):
        game.apply(NoCall(seat))
    assert game.dead[1] and game.turn == 1
    refused(game, DeclareMahJongg(1), rule.DEAD_HAND)
    refused(game, ExchangeJoker(1, 2, 0, tiles("RD")[0]), rule.DEAD_HAND)
    game.apply(Discard(1, tiles("RD")[0]))
    for seat in (2, 3, 0):
        game.apply(NoCall(seat))
    game.apply(Discard(2, game.concealed(2)[0]))
    assert 1 not in game.waiting_for()
    refused(game, CallMahJongg(1), rule.DEAD_HAND)


def test_it_records_tile_lists_as_tuples_and_refuses_what_is_not_a_tile() -> None:
    game = east_dealt("1C 2C 3C")
    # Wrong types on purpose (the ignores): an action read from outside is checked, not trusted.
    refused(game, PassTiles(0, ("1C", "2C", "3C")), "is not a tile")  # type: ignore[arg-type]
    refused(game, PassTiles(0, 5), "is not a list of tiles")  # type: ignore[arg-type]
    refused(game, Discard(True, 0), "There is no seat True")
    game.apply(PassTiles(0, [0, 1, 2]))  # type: ignore[arg-type]
    assert game.actions[-1] == PassTiles(0, (0, 1, 2)) and game.events[-1].to_action() == game.actions[-1]
