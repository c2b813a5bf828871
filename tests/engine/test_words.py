"""cfmj.engine.words: the plain English every explanation uses for lists and counts, and titles
continued mid-sentence, which keep the words the site always writes with a capital."""

from __future__ import annotations

import re

import pytest

from cfmj.engine import drills
from cfmj.engine.drills.winning_hand import FOCUSES
from cfmj.engine.words import join_words, lower_first, plural


def test_it_reads_out_a_list() -> None:
    assert join_words([]) == ""
    assert join_words(["7C"]) == "7C"
    assert join_words(["7C", "8C"]) == "7C and 8C"
    assert join_words(["7C", "8C", "9D"]) == "7C, 8C and 9D"


def test_it_counts_with_the_noun_in_step() -> None:
    assert plural(0, "tile") == "0 tiles"
    assert plural(1, "tile") == "1 tile"
    assert plural(3, "target hand") == "3 target hands"


@pytest.mark.parametrize(
    ("title", "continued"),
    [
        ("An exposure must be one block", "an exposure must be one block"),
        ("Every tile belongs to a block", "every tile belongs to a block"),
        ("NEWS takes no jokers", "NEWS takes no jokers"),
        ("Pairs, flower pairs and NEWS are not exposed", "Pairs, flower pairs and NEWS are not exposed"),
        ("Winds: all four, or an opposite pair", "Winds: all four, or an opposite pair"),
        ("Any Like Numbers: one block in each suit", "Any Like Numbers: one block in each suit"),
        ("The courtesy pass", "the courtesy pass"),
    ],
)
def test_it_lowers_only_a_first_letter_that_is_not_a_proper_word(title: str, continued: str) -> None:
    assert lower_first(title) == continued


@pytest.mark.parametrize("focus", [f for f in FOCUSES if f != "valid"])
def test_a_winning_hand_answer_never_writes_news_or_mah_jongg_in_lower_case(focus: str) -> None:
    # "No: pairs, flower pairs and news are not exposed before mah jongg." once.
    for seed in range(5):
        expected = drills.generate("winning_hand", seed=seed, band=3, focus=focus).answer["expected"]
        assert not re.search(r"\bnews\b|mah jongg|\bpairs, flower", expected), expected
