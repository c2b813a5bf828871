"""numbers.read_number: a whole number as a learner types it, in digits or words; and
numbers.option_number: one given as an option, in ASCII digits only."""

from __future__ import annotations

import pytest

from cfmj.engine.numbers import MAX_OPTION_DIGITS, POINTS, TILES, option_number, read_number


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


@pytest.mark.parametrize(
    ("value", "number"),
    [
        ("70", 70),
        (" 70\t", 70),
        ("0", 0),
        ("007", 7),
        (25, 25),
        (0, 0),
        ("9" * MAX_OPTION_DIGITS, 10**18 - 1),
    ],
)
def test_it_reads_an_option_in_ascii_digits_or_a_json_whole_number(value: object, number: int) -> None:
    assert option_number(value) == number


@pytest.mark.parametrize(
    "value",
    [
        *("²", "1²", "٣", "３", "३", "𝟕", "", " ", "seven", "7.0", "+7", "-7", "1,000", "\u30007", "\u00a07"),
        *("9" * (MAX_OPTION_DIGITS + 1), "9" * 5000, True, False, -1, 10**MAX_OPTION_DIGITS, 7.0, None, [7]),
    ],
)
def test_it_reads_no_option_that_is_not_ascii_digits_or_a_json_whole_number(value: object) -> None:
    # '²' passes str.isdigit() and int() refuses it; int() takes '٣' and '３': neither is an option.
    assert option_number(value) is None
