"""numbers.read_number: a whole number as a learner types it, in digits or words."""

from __future__ import annotations

import pytest

from cfmj.engine.numbers import POINTS, TILES, read_number


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("80", 80),
        (" 80 ", 80),
        ("80 points", 80),
        ("80 Points.", 80),
        ("80 pts", 80),
        ("eighty", 80),
        ("eighty points", 80),
        ("Eighty-five", 85),
        ("eighty five", 85),
        ("one hundred and sixty", 160),
        ("a hundred", 100),
        ("one hundred twenty five", 125),
        ("1,000", 1000),
        ("two thousand and forty", 2040),
        ("zero", 0),
        ("0", 0),
        ("nineteen", 19),
    ],
)
def test_it_reads_a_number_in_digits_or_words(text: str, number: int) -> None:
    assert read_number(text, POINTS) == number


@pytest.mark.parametrize(
    "text",
    [
        "",
        "  ",
        "abc",
        "-5",
        "+5",
        "80.5",
        "5/2",
        "five six",
        "eighty twelve",
        "twenty twenty",
        "twenty thousand hundred",  # once read as 20100
        "hundred hundred",
        "80 80",
        "a",
        "1234567",
    ],
)
def test_it_reads_nothing_that_is_not_one_whole_number(text: str) -> None:
    assert read_number(text, POINTS) is None


def test_it_takes_only_the_unit_words_it_is_given() -> None:
    assert read_number("2 tiles", TILES) == 2 and read_number("two more", TILES) == 2
    assert read_number("2 tiles", POINTS) is None
    assert read_number("80 points") is None
    assert read_number(None) is None
