"""The drill "Is this discard safe?": its puzzles, its grading, its library of positions checked
against the engine, and its answers checked against what the opponents really held."""

from __future__ import annotations

from collections import Counter

import pytest

from cfmj.engine.check import check
from cfmj.engine.drills import BANDS, generate, grade
from cfmj.engine.drills.hands import with_tile
from cfmj.engine.drills.safe_discard import banded
from cfmj.engine.drills.safe_library import DANGEROUS, SafeEntry, library, refreshed
from cfmj.engine.notation import parse_hand
from cfmj.engine.tiles import JOKER, parse_tile

from .helpers import GARBAGE

SAMPLE = 20  # generated puzzles checked against the opponents' real hands


def entry_of(question: dict[str, object]) -> SafeEntry:
    """The library entry a question was made from."""
    return next(
        e
        for e in library()
        if e["table"]["hand"] == question["hand"]
        and e["tile"] == question["tile"]
        and e["table"]["wall"] == question["wall"]
    )


def completes(entry: SafeEntry) -> list[str]:
    """The opponents (by wind) whose real hand the entry's tile completes: they could call it for
    Mah Jongg (a dead hand cannot win; a discarded joker is dead)."""
    tile = parse_tile(entry["tile"])
    if tile == JOKER:
        return []
    winners = []
    for seat, hand, dead in zip(entry["table"]["opponents"], entry["hands"], entry["dead"], strict=True):
        if not dead and check(with_tile(parse_hand(hand), tile), self_drawn=False).valid:
            winners.append(seat["seat"])
    return winners


def test_it_has_positions_of_both_answers_in_every_band() -> None:
    for safe in (True, False):
        assert all(banded(safe)[band - 1] for band in BANDS)
    sorts = Counter(e["sort"] for e in library())
    assert sorts["dangerous"] and sorts["safe"] and sorts["joker"] <= sorts["safe"]


def test_it_makes_the_same_puzzle_from_the_same_seed_and_band() -> None:
    for band in BANDS:
        for seed in range(4):
            assert generate("safe_discard", seed=seed, band=band) == generate(
                "safe_discard", seed=seed, band=band
            )


def test_it_asks_about_one_tile_of_your_hand_with_the_table_in_view() -> None:
    for band in BANDS:
        puzzle = generate("safe_discard", seed=band, band=band)
        question = puzzle.question
        hand = parse_hand(question["hand"])
        assert len(hand) == 14 and parse_tile(question["tile"]) in hand.concealed
        assert len(question["opponents"]) == 3 and any(o["exposures"] for o in question["opponents"])
        assert question["seat"] in question["prompt"] and "safe" in question["prompt"]
        assert 0 <= question["wall"] <= 152


def test_it_mixes_safe_and_dangerous_about_half_each() -> None:
    answers = [generate("safe_discard", seed=seed, band=3).answer["safe"] for seed in range(60)]
    assert 15 <= sum(answers) <= 45


def test_it_grades_yes_and_no_and_garbage_without_raising() -> None:
    for seed in range(6):
        puzzle = generate("safe_discard", seed=seed, band=2)
        right, wrong = ("yes", "no") if puzzle.answer["safe"] else ("no", "yes")
        assert grade("safe_discard", puzzle.question, puzzle.answer, {"safe": right}).correct
        marked = grade("safe_discard", puzzle.question, puzzle.answer, {"safe": wrong})
        assert not marked.correct and marked.explanation.startswith("It is")
        for junk in (*GARBAGE, None, {}, "safe=yes"):
            response = junk if isinstance(junk, dict) or junk is None else {"safe": junk}
            result = grade("safe_discard", puzzle.question, puzzle.answer, response)  # type: ignore[arg-type]
            assert not result.correct and result.explanation


@pytest.mark.parametrize("index", range(0, 1000, 97))
def test_the_library_agrees_with_the_engines_danger(index: int) -> None:
    """A sample of entries read again from the table as stored (what `--refresh` does: the bots
    that played the hands may play otherwise since): the same danger, so the same answer."""
    entries = library()
    entry = entries[index % len(entries)]
    assert refreshed(entry) == entry
    assert (entry["danger"] == 0) == (entry["sort"] != "dangerous")
    assert entry["sort"] != "dangerous" or entry["danger"] >= DANGEROUS


def test_a_safe_answer_never_completes_an_opponents_real_hand() -> None:
    """Checked against simulation: every position keeps each opponent's real hand. A
    "safe" tile completes none of them, in the sample of generated puzzles and in the whole
    library. A "dangerous" tile is a chance, not a certainty: how often an opponent really was
    waiting on it is measured, not asserted (the report gives the figure)."""
    sample = [generate("safe_discard", seed=seed, band=1 + seed % 5) for seed in range(SAMPLE)]
    for puzzle in sample:
        if puzzle.answer["safe"]:
            assert completes(entry_of(puzzle.question)) == [], puzzle.question
    for entry in library():
        if entry["sort"] != "dangerous":
            assert completes(entry) == [], entry
    dangerous = [e for e in library() if e["sort"] == "dangerous"]
    waited = sum(bool(completes(e)) for e in dangerous)
    expected = sum(e["danger"] for e in dangerous)
    assert 0 <= waited <= len(dangerous), (
        f"{waited} of {len(dangerous)} dangerous tiles completed an opponent's real hand "
        f"(the engine's dangers add up to {expected:.1f})"
    )
