"""The advice against play-outs (cfmj.engine.studies.playouts): what a seat cannot see, a candidate
that throws away a winning tile judged clearly worse, and positions sampled from real games."""

from __future__ import annotations

from collections import Counter

import pytest

from cfmj.engine.errors import InputError
from cfmj.engine.game import Game
from cfmj.engine.game.tileset import full_set
from cfmj.engine.notation import parse_hand
from cfmj.engine.ruleset import RuleSet
from cfmj.engine.studies.playouts import Position, collect, judge, main, play_out, run, unseen_by
from cfmj.engine.tiles import parse_tile

# One tile short of 1C 1C 2C 2C 3C 3C 3C 3C 4B 4B GD GD GD GD (a 3 Crak gone), with a North to throw.
HAND = parse_hand("1C 1C 2C 2C 3C 3C 3C 4B 4B GD GD GD GD N")
NORTH, GREEN = parse_tile("N"), parse_tile("GD")


def position(advised: int) -> Position:
    unseen = Counter(full_set(RuleSet()))
    unseen.subtract(HAND.concealed)
    return Position(HAND, tuple(sorted(unseen.elements())), advised, advised, game=0, step=0)


def test_it_counts_unseen_what_the_seat_neither_holds_nor_sees() -> None:
    game = Game(5)
    view = game.view(0)
    unseen = unseen_by(view)
    assert Counter(unseen) + Counter(view.concealed) == Counter(full_set(game.rules))


def test_keeping_the_hand_together_reaches_mah_jongg_and_throwing_a_kong_tile_does_less() -> None:
    reached = play_out(position(NORTH), 200, 10, seed=3)
    rates = {tile: sum(hits) / len(hits) for tile, hits in reached.items()}
    assert rates[NORTH] == max(rates.values()) > 0.1
    assert rates[GREEN] < rates[NORTH]


def test_it_judges_the_advice_by_the_best_candidate() -> None:
    assert judge(position(NORTH), 200, 10, seed=3).verdict == "best"
    worse = judge(position(GREEN), 200, 10, seed=3)
    assert (worse.verdict, worse.best, worse.advised) == ("worse", "N", "GD")
    assert worse.lead[1] > 0 and worse.confirmed  # on fresh draws too
    assert judge(position(NORTH), 200, 10, seed=3).confirmed is None


def test_positions_come_from_games_with_fourteen_tiles_and_a_choice() -> None:
    found = collect(6, seed=2)
    assert len(found) == 6
    for p in found:
        assert len(p.hand) == 14 and p.advised in p.hand.concealed and p.coached in p.hand.concealed
        assert len(p.unseen) + len(p.hand.concealed) <= len(full_set(RuleSet()))


def test_a_small_run_reports_shares_that_add_up(capsys: pytest.CaptureFixture[str]) -> None:
    report = run(4, 1, continuations=20, draws=5)
    assert report["positions"] == 4
    assert report["within_noise"]["count"] + report["clearly_worse"]["count"] == 4
    assert report["best_or_tied"]["count"] <= report["within_noise"]["count"]
    assert report["confirmed_worse"]["count"] <= report["clearly_worse"]["count"]
    assert main(["--positions", "0"]) == 2
    assert "--positions" in capsys.readouterr().err
    with pytest.raises(InputError):
        run(2, 1, continuations=5)
