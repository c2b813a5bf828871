"""Drill "What is West collecting?" (cfmj.engine.drills.collecting): deterministic, graded fairly,
right on a hand-made table whose answer is certain, and checked against what the opponents really
held and went on to win in the bot hands its tables come from (the drill's acceptance)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from cfmj.engine.card_rows import IMPOSSIBLE, card_matrix
from cfmj.engine.check import check
from cfmj.engine.distance import needs
from cfmj.engine.drills import generate, grade
from cfmj.engine.drills.collecting import available_to, readable
from cfmj.engine.drills.collecting_why import CATEGORY, HAND, SET, verdicts
from cfmj.engine.drills.common import drill_rng
from cfmj.engine.drills.positions import table_position
from cfmj.engine.game.advice_player import AdvicePlayer
from cfmj.engine.game.core import Game
from cfmj.engine.game.events import HandWon
from cfmj.engine.game.tileset import SEATS
from cfmj.engine.notation import Hand, parse_hand
from cfmj.engine.reading import Opponent, Target, open_columns, open_targets, unseen_counts

from .helpers import GARBAGE

WINGS = "[RD RD RD RD] [GD GD GD GD] [WD WD WD WD]"


@pytest.mark.parametrize("band", [1, 3, 5])
def test_it_makes_the_same_puzzle_from_the_same_seed_and_band(band: int) -> None:
    first = generate("collecting", seed=11, band=band)
    assert generate("collecting", seed=11, band=band) == first
    assert generate("collecting", seed=12, band=band).question != first.question


@pytest.mark.parametrize("band", [1, 2, 3, 4, 5])
def test_it_offers_open_and_ruled_out_hands_and_grades_the_open_ones_right(band: int) -> None:
    puzzle = generate("collecting", seed=band, band=band)
    question, answer = puzzle.question, puzzle.answer
    assert len(question["choices"]) == (3 if band == 1 else 4)
    assert 0 < len(answer["open"]) < len(question["choices"])
    assert question["opponents"][0]["seat"] == question["opponent"] and question["opponents"][0]["exposures"]
    assert len(question["opponents"]) == 3 and question["yours"]["seat"] == question["seat"]
    right = grade("collecting", question, answer, {"making": ",".join(answer["open"])})
    assert right.correct and answer["summary"] in right.explanation
    shut = next(v for v in answer["offered"] if v not in answer["open"])
    wrong = grade("collecting", question, answer, {"making": ",".join([*answer["open"], shut])})
    assert not wrong.correct and wrong.score == 0 and "ruled out" in wrong.explanation
    assert answer["why"][shut] in wrong.explanation
    if len(answer["open"]) > 1:
        missed = grade("collecting", question, answer, {"making": answer["open"][0]})
        assert (missed.score, missed.headline) == (0.5, "Half right")


def test_it_grades_garbage_wrong_without_raising() -> None:
    puzzle = generate("collecting", seed=3, band=4)
    for junk in (*GARBAGE, "h1,h9", "none"):
        for response in ({"making": junk}, {}, None, "making=h1"):
            result = grade("collecting", puzzle.question, puzzle.answer, response)  # type: ignore[arg-type]
            assert not result.correct and result.explanation and result.rules


def _west(exposures: str) -> Opponent:
    return Opponent("West", parse_hand(exposures).exposures)


def _available(*opponents: Opponent, seen: str = "") -> npt.NDArray[np.int16]:
    exposed = [t for o in opponents for group in o.exposures for t in group]
    return unseen_counts((), [*exposed, *(parse_hand(seen).concealed if seen else ())])


def test_three_dragon_kongs_leave_only_dragons_wings() -> None:
    west = _west(WINGS)
    available = _available(west)
    for level in (CATEGORY, SET, HAND):
        found = verdicts(west, open_columns(west, available), available, level)
        assert [v.name for v in found if v.open] == ["Dragon's Wings"]
    found = verdicts(west, open_columns(west, available), available, CATEGORY)
    why = {v.name: v.why for v in found}
    assert why["Dragon's Breath"] == "West's Kong of Red Dragon cannot be a block of Dragon's Breath."
    # Each Kong could be a filler of a Winds hand, and any two of them: not all three.
    assert why["Winds"] == (
        "West's Kong of Red Dragon, Kong of Green Dragon and Kong of White Dragon cannot all be "
        "blocks of Winds."
    )
    assert why["Dragon's Love"].endswith("cannot all be blocks of Dragon's Love.")  # two of them can


def test_it_says_a_hand_is_ruled_out_by_the_tiles_in_view() -> None:
    west = _west(WINGS)
    available = _available(west, seen="1B 1B 1B 1B")
    found = verdicts(west, open_columns(west, available), available, CATEGORY)
    wings = next(v for v in found if v.name == "Dragon's Wings")
    assert not wings.open
    assert wings.why == (
        "Dragon's Wings needs 1 Bam in a Pair or NEWS, where no joker may stand, and none is still "
        "out of sight."
    )


def test_it_says_why_a_kong_is_no_block_of_a_pattern_without_kongs() -> None:
    west = _west("[5B 5B 5B 5B]")
    available = _available(west)
    found = {v.name: v for v in verdicts(west, open_columns(west, available), available, HAND)}
    assert found["Consecutive Run 4-5-6 in One Pair and Three Kongs"].open
    assert found["Consecutive Run 4-5-6 in One Pair and Four Pungs"].why == (
        "One Pair and Four Pungs has no Kong, so West's Kong of 5 Bam cannot be a block of "
        "Consecutive Run 4-5-6 in One Pair and Four Pungs."
    )


# Checked against simulation: the tables are real (seeded bot hands); each opponent's real hand at
# that moment, and the hand they went on to win, must be among the hands the drill calls open.
SAMPLE = 20


def _finite_targets(hand: Hand, visible: dict[int, int]) -> tuple[set[Target], npt.NDArray[np.int16]]:
    need = needs(hand, visible=visible)
    entries = card_matrix().entries
    return {entries[int(c)].target for c in (need < IMPOSSIBLE).nonzero()[0]}, need


def _won(seed: int) -> HandWon | None:
    game = Game(seed)
    players = [AdvicePlayer() for _ in range(SEATS)]
    while not game.over:
        seat = game.waiting_for()[0]
        game.apply(players[seat].choose(game.view(seat), game.legal_actions(seat)))
    return game.outcome if isinstance(game.outcome, HandWon) else None


def test_its_open_hands_hold_what_the_opponents_really_had_and_went_on_to_win() -> None:
    figures = {"opponents": 0, "reachable": 0, "one_away": 0, "won_later": 0}
    for seed in range(SAMPLE):
        rng = drill_rng("collecting", 4, seed)
        position = table_position(rng, wanted=lambda p: bool(readable(p)))
        available = available_to(position)
        view = position.view
        visible = {t: int(n) for t, n in enumerate(unseen_counts((), ()) - available) if n > 0 and t < 35}
        won = _won(position.seed)
        for opponent in readable(position):
            seat = next(
                s
                for s in range(SEATS)
                if s != view.seat
                and view.exposures[s]
                and tuple(e.tiles for e in view.exposures[s]) == opponent.exposures
            )
            real = position.hands[seat]
            opened = open_targets(opponent, available=available)
            # Their own copies are theirs: count only the others' tiles as seen to them.
            own = {t: visible.get(t, 0) - sum(g.count(t) for g in real.exposures) for t in visible}
            reachable, need = _finite_targets(real, {t: n for t, n in own.items() if n > 0})
            assert reachable <= opened, (position.seed, opponent)
            figures["opponents"] += 1
            figures["reachable"] += len(reachable)
            if int(need.min()) <= 1:
                figures["one_away"] += 1
            if won is not None and won.winner == seat:
                winning = {(a.category, a.members, a.pattern) for a in check(won.hand).arrangements}
                assert winning & opened, (position.seed, won)
                figures["won_later"] += 1
    print(f"\ncollecting vs simulation: {figures}")
    assert figures["opponents"] >= SAMPLE
