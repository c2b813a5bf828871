"""The loneliest-tile heuristic (the "simple human" baseline): its choices on hand-made racks."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from cfmj.engine.game import (
    CallMahJongg,
    CourtesyAsk,
    CourtesyPass,
    DeclareMahJongg,
    Discard,
    Game,
    NoCall,
    PassTiles,
    PlayerView,
    StopVote,
)
from cfmj.engine.game.lonely_player import LonelyPlayer, loneliest, loneliness
from cfmj.engine.game.state import CALLS
from cfmj.engine.tiles import JOKER, parse_tile

from .helpers import position, tiles

PLAYER = LonelyPlayer()


def tile(code: str) -> int:
    return parse_tile(code)


def charleston_view(rack: str, **changes: object) -> PlayerView:
    """Seat 1's view in the first Charleston pass, holding `rack` instead of its dealt tiles."""
    view = Game(3).view(1)
    return replace(view, concealed=tuple(sorted(tiles(rack))), **changes)  # type: ignore[arg-type]


def test_it_counts_copies_and_neighbours_within_two_in_the_same_suit_only() -> None:
    counts = Counter(tiles("3B 1B 5B 5B 6B 3C 9C N N RD"))
    assert loneliness(tile("3B"), counts) == (1, 3, -tile("3B"))  # 1B and two 5B; 6B and 3C are not near
    assert loneliness(tile("9C"), counts) == (1, 0, -tile("9C"))
    assert loneliness(tile("N"), counts) == (2, 0, -tile("N"))  # winds: copies only
    assert loneliness(tile("RD"), counts)[:2] == (1, 0)


def test_it_discards_the_loneliest_tile() -> None:
    game = position({0: "1C 2C 3C 5B 5B 5B 7D 7D 9D N N RD J J"})
    choice = PLAYER.choose(game.view(0), game.legal_actions(0))
    assert choice == Discard(0, tile("RD"))  # one copy, no neighbours; 9D has two 7D near it


def test_it_breaks_ties_honours_first_then_the_highest_tile() -> None:
    assert loneliest(tiles("1C 9D RD F J 5B 5B"), 1) == (tile("F"),)
    assert loneliest(tiles("1C 9D 5B 5B"), 1) == (tile("9D"),)


def test_it_never_discards_a_joker_while_another_tile_can_go() -> None:
    game = position({0: "J*6 1C 4C 7C 2B 5B 8D 9D N"})
    choice = PLAYER.choose(game.view(0), game.legal_actions(0))
    assert isinstance(choice, Discard) and choice.tile != JOKER


def test_it_declares_a_mah_jongg_it_holds() -> None:
    game = position({0: "7C*3 8C*4 9D*4 RD*3"})
    assert PLAYER.choose(game.view(0), game.legal_actions(0)) == DeclareMahJongg(0)


def test_it_calls_a_winning_discard_and_lets_every_other_go() -> None:
    game = position({0: "9D", 2: "7C*3 8C*4 9D*3 RD*3", 3: "J J"})
    game.apply(Discard(0, tile("9D")))
    assert game.phase == CALLS
    assert PLAYER.choose(game.view(2), game.legal_actions(2)) == CallMahJongg(2)
    legal = game.legal_actions(3)
    assert any(a.kind == "call_exposure" for a in legal)  # it could call a Pung of 9D with jokers
    assert PLAYER.choose(game.view(3), legal) == NoCall(3)


def test_it_passes_the_three_loneliest_never_a_joker_and_never_blind() -> None:
    view = charleston_view("1C 2C 3C 5B 5B 5B 7D 7D 9D N RD F J", stage="first_left", blind_allowed=True)
    choice = PLAYER.choose(view, [PassTiles(1, tiles("1C 2C 3C"))])
    assert choice == PassTiles(1, tuple(sorted(tiles("N RD F"))))
    assert not choice.blind


def test_it_votes_to_go_on_and_asks_for_no_courtesy_pass() -> None:
    view = charleston_view("1C 2C 3C 5B 5B 5B 7D 7D 9D N RD F J")
    assert PLAYER.choose(view, [StopVote(1, False), StopVote(1, True)]) == StopVote(1, False)
    assert PLAYER.choose(view, [CourtesyAsk(1, n) for n in range(4)]) == CourtesyAsk(1, 0)
    choice = PLAYER.choose(view, [CourtesyPass(1, tiles("1C 2C"))])
    assert choice == CourtesyPass(1, tuple(sorted(tiles("RD F"))))
