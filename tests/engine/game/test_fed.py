"""The discards that fed a hand's winner (cfmj/engine/game/fed.py), read from the event record: on
hand-made positions whose answer is certain, and on seeded hands of four advice players."""

from __future__ import annotations

import pytest

from cfmj.engine.game import CallExposure, CallMahJongg, DeclareMahJongg, Discard, Game, play_hand
from cfmj.engine.game.advice_player import AdvicePlayer
from cfmj.engine.game.events import Discarded, ExposureMade, HandWon
from cfmj.engine.game.fed import Fed, fed

from .helpers import position, tiles
from .test_play import answer_all, tile

J = 35


def test_it_finds_the_discard_called_for_mah_jongg() -> None:
    game = position({0: "9D", 2: "7C*3 8C*4 9D*3 RD*3"})
    game.apply(Discard(0, tile("9D")))
    where = len(game.events) - 1
    answer_all(game, s2=CallMahJongg(2))
    assert fed(game.events) == (Fed(where, 0, 2, tile("9D"), (), mah_jongg=True),)


def test_it_finds_an_exposure_on_the_way_and_the_mah_jongg_from_another_seat() -> None:
    """Seat 0's Red Dragon goes to seat 2's Pung; later seat 3's 9 Dot completes seat 2's hand."""
    game = position({0: "RD", 2: "7C*3 8C*4 9D*3 RD RD N", 3: "9D"})
    game.apply(Discard(0, tile("RD")))
    exposed = len(game.events) - 1
    answer_all(game, s2=CallExposure(2, tiles("RD RD")))
    game.apply(Discard(2, tile("N")))
    answer_all(game)
    assert game.turn == 3
    game.apply(Discard(3, tile("9D")))
    won = len(game.events) - 1
    answer_all(game, s2=CallMahJongg(2))
    assert isinstance(game.outcome, HandWon) and game.outcome.discarder == 3
    assert fed(game.events) == (
        Fed(exposed, 0, 2, tile("RD"), tiles("RD RD RD"), mah_jongg=False),
        Fed(won, 3, 2, tile("9D"), (), mah_jongg=True),
    )


def test_an_exposure_declared_at_once_is_the_mah_jongg() -> None:
    """RULES §3's worked check: the dragons called and exposed, then Mah Jongg on that discard."""
    game = position({0: "RD", 2: "7C*3 8C*4 9D*4 RD RD"})
    game.apply(Discard(0, tile("RD")))
    where = len(game.events) - 1
    answer_all(game, s2=CallExposure(2, tiles("RD RD")))
    game.apply(DeclareMahJongg(2))
    assert fed(game.events) == (Fed(where, 0, 2, tile("RD"), tiles("RD RD RD"), mah_jongg=True),)


def test_a_hand_not_won_fed_nobody() -> None:
    game = position({0: "5C", 2: "5C J", 3: "5C 5C"})
    game.apply(Discard(0, tile("5C")))
    answer_all(game, s2=CallExposure(2, (tile("5C"), J)))
    assert any(isinstance(e, ExposureMade) for e in game.events)
    assert fed(game.events) == ()  # the hand is not won: nobody was fed


def check_record(game: Game) -> tuple[Fed, ...]:
    """What `fed` says of a finished hand, checked against the record it was read from."""
    found = fed(game.events)
    won = game.outcome
    if not isinstance(won, HandWon):
        assert found == ()
        return found
    for f in found:
        discard = game.events[f.event]
        assert isinstance(discard, Discarded) and (discard.seat, discard.tile) == (f.discarder, f.tile)
        assert f.winner == won.winner != f.discarder
        if f.exposure:
            made = next(e for e in game.events[f.event + 1 :] if isinstance(e, ExposureMade))
            assert (made.seat, made.discarder) == (won.winner, f.discarder)
            assert (made.tile, made.tiles) == (f.tile, f.exposure)
    mah_jongg = [f for f in found if f.mah_jongg]
    if won.won_by == "discard":
        assert len(mah_jongg) == 1 and mah_jongg[0].discarder == won.discarder
    else:
        assert mah_jongg == []
    assert [f.event for f in found] == sorted({f.event for f in found})
    return found


@pytest.mark.parametrize("seed", [11, 37, 7])
def test_seeded_hands_of_advice_players(seed: int) -> None:
    """Seed 11: seat 0 feeds the winner a Pung of 2 Crak, then the Mah Jongg (4 Dot). Seed 37: a
    Pung fed, then a win by joker exchange (no discard pays). Seed 7: an exposure fed, then a win
    from the wall."""
    game = Game(seed)
    play_hand(game, [AdvicePlayer()] * 4)
    found = [f for f in check_record(game) if f.discarder == 0]
    won = game.outcome
    assert isinstance(won, HandWon)
    if seed == 11:
        assert [(f.tile, f.exposure, f.mah_jongg) for f in found] == [(1, (1, 1, 1), False), (21, (), True)]
        assert won.discarder == 0
    else:
        assert found and not any(f.mah_jongg for f in found)
        assert won.won_by == ("joker_exchange" if seed == 37 else "wall")


def test_the_record_agrees_with_fed_over_many_hands() -> None:
    for seed in range(12):
        game = Game(seed)
        play_hand(game, [AdvicePlayer()] * 4)
        check_record(game)
