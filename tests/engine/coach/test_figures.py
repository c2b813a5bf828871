"""The figures behind the advice player's choices (cfmj.engine.coach.figures): the same
scorer and the same choice as the bots, and marks as the drills grade."""

from __future__ import annotations

from cfmj.engine.charleston import quick_pass
from cfmj.engine.coach import figures
from cfmj.engine.distance import IMPOSSIBLE
from cfmj.engine.evaluation import copies_left
from cfmj.engine.game import CallExposure, Discard, Game
from cfmj.engine.game.advice_player import AdvicePlayer
from cfmj.engine.game.waits import unseen_tiles
from cfmj.engine.notation import parse_hand
from cfmj.engine.tiles import parse_tile
from tests.engine.game.helpers import position


def test_the_first_discard_is_the_advice_players() -> None:
    for seed in range(3):
        game = Game(seed, None, 0)
        while game.phase != "turn":
            seat = game.waiting_for()[0]
            game.apply(AdvicePlayer().choose(game.view(seat), game.legal_actions(seat)))
        view = game.view(game.turn or 0)
        chosen = AdvicePlayer().choose(
            view, [a for a in game.legal_actions(view.seat) if isinstance(a, Discard)]
        )
        assert isinstance(chosen, Discard)
        assert figures.discards(view.hand(), unseen_tiles(view))[0].given == (chosen.tile,)


def test_marks_follow_the_drills_grading() -> None:
    hand = parse_hand("7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D RD RD N")
    ranking = figures.discards(hand, copies_left(hand))
    best = ranking[0]
    assert best.given == (parse_tile("N"),)
    assert figures.mark(best, best) == "best"
    assert all(figures.mark(best, s) == "weak" for s in ranking[1:])  # each breaks a block
    assert figures.mark_by_need(2, 2) == "good" and figures.mark_by_need(2, 3) == "weak"
    assert figures.mark_by_need(2, 1) == "best"


def test_a_discard_as_near_that_fewer_draws_would_help_is_good_and_says_so() -> None:
    hand = parse_hand("5C 7B 7B 7B 8B 8B 6D 6D WD J J [4C 4C 4C]")
    ranking = {s.given[0]: s for s in figures.discards(hand, copies_left(hand))}
    advised, mine = ranking[parse_tile("WD")], ranking[parse_tile("7B")]
    assert figures.mark(advised, mine) == "good"
    assert figures.fewer_hands(advised, mine) == (
        f"Fewer draws would help it: {mine.acceptance} tiles still to come would bring your hand a tile "
        f"nearer, against {advised.acceptance} after the coach's choice."
    )
    assert figures.fewer_hands(advised, advised) == ""


def test_pass_counts_weigh_the_stop_vote_and_the_courtesy_as_the_bots_do() -> None:
    hand = Game(4, None, 0).view(0).hand()
    counts = figures.pass_counts(hand)
    assert counts.after[0] == counts.now and counts.quick == quick_pass(hand).tiles_needed
    assert list(counts.after) == sorted(counts.after)  # giving up more never brings a hand nearer
    assert counts.quick >= counts.after[3]


def test_a_call_no_winning_hand_holds_is_impossible() -> None:
    game = position({0: "N N 2D 4D 6D", 1: "N"}, exposures={0: ["1C 1C 1C", "3C 3C 3C"]}, turn=1)
    game.apply(Discard(1, parse_tile("N")))
    hand = game.view(0).hand()
    north = parse_tile("N")
    assert figures.after_call(hand, north, CallExposure(0, (north, north))) >= IMPOSSIBLE
    assert figures.alive(hand)
