"""Reading and writing hands in RULES.md §1 notation, and refusing malformed ones clearly."""

from __future__ import annotations

import random
import re
import time
from collections import Counter
from typing import Any

import pytest

from cfmj.engine import InputError, RuleSet, check, format_hand, parse_hand
from cfmj.engine.notation import MAX_TILES, read_hand
from cfmj.engine.tiles import CODES, parse_tile, spoken

pytestmark = pytest.mark.rule("§1")

WORKED = "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]"
TILE_CODES = CODES[:36]  # every real tile code, in table order (NEWS is a block, not a tile)
TABLE_ORDER = {code: index for index, code in enumerate(TILE_CODES)}


def refusal(text: str, **options: Any) -> str:
    """The message parse_hand gives for malformed text (fails the test if it accepts it)."""
    with pytest.raises(InputError) as caught:
        parse_hand(text, **options)
    message = str(caught.value)
    assert message.strip(), "an InputError must say what is wrong"
    assert "\n" not in message
    return message


# --- canonical form -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        (WORKED, WORKED),
        ("7c 7c 7c 8c 8c 8c 8c 9d 9d 9d 9d [rd rd rd]", WORKED),
        ("7C\t7C\t7C 8C 8C 8C 8C 9D 9D 9D 9D\t[RD\tRD\tRD]", WORKED),
        ("   7C   7C 7C  8C 8C 8C 8C 9D 9D    9D 9D   [  RD RD   RD ]   ", WORKED),
        ("7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D[RD RD RD]", WORKED),
        ("7c 7C\t 7c 8C 8c 8C 8c 9D 9d 9D 9d[rD Rd RD]", WORKED),
    ],
    ids=["canonical", "lower-case", "tabs", "extra-spaces", "no-space-before-bracket", "mixed"],
)
def test_it_reads_sloppy_typing_and_writes_the_canonical_form(text: str, canonical: str) -> None:
    assert format_hand(parse_hand(text)) == canonical


def test_it_sorts_concealed_tiles_in_table_order() -> None:
    hand = parse_hand("j f wd gd rd s w e n 9d 1d 9b 1b 9c 1c")
    assert format_hand(hand) == "1C 9C 1B 9B 1D 9D N E W S RD GD WD F J"


def test_it_puts_jokers_last_in_an_exposure() -> None:
    assert format_hand(parse_hand("1C 1C [J RD RD RD]")) == "1C 1C [RD RD RD J]"
    assert format_hand(parse_hand("1C 1C [j j 5d j]")) == "1C 1C [5D J J J]"


def test_it_brackets_each_exposure_on_its_own() -> None:
    text = "1c 1c 2c 2c 2c[5d j 5d 5d][rd rd rd]"
    assert format_hand(parse_hand(text)) == "1C 1C 2C 2C 2C [5D 5D 5D J] [RD RD RD]"


def test_it_accepts_brackets_with_no_space_on_either_side() -> None:
    hand = parse_hand("1C 1C[RD RD RD]2C 2C 2C")
    assert hand.exposures == parse_hand("1C 1C 2C 2C 2C [RD RD RD]").exposures
    assert format_hand(hand) == "1C 1C 2C 2C 2C [RD RD RD]"


def test_it_reads_a_hand_padded_with_any_number_of_spaces_tabs_and_newlines() -> None:
    # The bound is on tiles, not characters (RULES §1): once 300 characters were refused.
    padded = (" " * 500).join(WORKED.split(" ")) + "\t\r\n" * 200
    assert format_hand(parse_hand(padded)) == WORKED


@pytest.mark.parametrize(
    "space", ["\u00a0", "\u3000", "\u2028", "\u2009", "\x1c", "\x1f", "\x0b", "\x0c", "\x85"]
)
def test_only_ascii_space_tab_and_newline_separate_tiles(space: str) -> None:
    with pytest.raises(InputError, match=f"not a plain space \\(U\\+{ord(space):04X}\\)"):
        parse_hand(WORKED.replace(" ", space, 1))


@pytest.mark.parametrize("text", ["1C " * (MAX_TILES + 1), " ".join(["1C"] * (MAX_TILES + 1))])
def test_it_refuses_more_tiles_than_any_hand_at_once(text: str) -> None:
    with pytest.raises(InputError, match="far too many tiles"):
        parse_hand(text)


def test_it_writes_a_hand_the_same_way_with_str() -> None:
    hand = parse_hand(WORKED.lower())
    assert str(hand) == format_hand(hand) == WORKED


def _random_text(rng: random.Random) -> tuple[str, Counter[str], list[Counter[str]]]:
    """A random legal hand written sloppily, with the tiles it holds."""
    limits = {code: 8 if code in ("F", "J") else 4 for code in TILE_CODES}
    left = Counter(limits)

    def draw(count: int) -> list[str]:
        out = []
        for _ in range(count):
            code = rng.choice([c for c in TILE_CODES if left[c] > 0])
            left[code] -= 1
            out.append(code)
        return out

    def sloppy(codes: list[str]) -> str:
        gaps = [rng.choice([" ", "  ", "\t", " \t "]) for _ in codes]
        return "".join(rng.choice([c, c.lower()]) + gap for c, gap in zip(codes, gaps, strict=True))

    concealed = draw(rng.randint(1, 14))
    exposures = [draw(rng.randint(2, 5)) for _ in range(rng.randint(0, 3))]
    text = sloppy(concealed)
    for group in exposures:
        text += rng.choice(["[", " [", "[ ", " [  "]) + sloppy(group) + rng.choice(["]", " ]", "] "])
    return text, Counter(concealed), [Counter(g) for g in exposures]


def test_it_round_trips_many_hands_through_the_canonical_form() -> None:
    rng = random.Random(20240917)
    code = "|".join(sorted(TILE_CODES, key=len, reverse=True))
    canonical = re.compile(rf"^(?:{code})(?: (?:{code}))*(?: \[(?:{code})(?: (?:{code}))*\])*$")
    for _ in range(300):
        text, concealed, exposures = _random_text(rng)
        hand = parse_hand(text)
        written = format_hand(hand)
        assert canonical.match(written), (text, written)
        assert parse_hand(written) == hand, (text, written)
        assert format_hand(parse_hand(written)) == written

        inside, *groups = re.split(r" ?\[", written)
        tokens = inside.split()
        assert Counter(tokens) == concealed, text
        assert [TABLE_ORDER[t] for t in tokens] == sorted(TABLE_ORDER[t] for t in tokens), written
        groups = [g.rstrip("]").split() for g in groups]
        assert sorted(sorted(g) for g in groups) == sorted(sorted(e.elements()) for e in exposures), text
        for group in groups:
            naturals = [t for t in group if t != "J"]
            assert group == naturals + ["J"] * group.count("J"), written


# --- malformed input: one error type, a message a learner can act on --------------------------


@pytest.mark.parametrize(
    ("token", "hints"),
    [
        ("7X", ["1C"]),
        ("10C", ["1 to 9"]),
        ("0D", ["1 to 9"]),
        ("5", ["suit", "5D"]),
        ("R", ["RD"]),
        ("SOAP", ["WD"]),
        ("\uff11C", ["1C"]),  # full-width digit one
        ("\u017f", ["1C"]),  # long s: 'ſ'.upper() is 'S', yet RULES §1 calls it malformed
        ("\U0001f600", ["1C"]),  # an emoji
    ],
    ids=["7X", "10C", "0D", "5", "R", "SOAP", "fullwidth-1C", "long-s", "emoji"],
)
def test_it_refuses_an_unknown_tile_code_and_names_it(token: str, hints: list[str]) -> None:
    message = refusal(f"1C 1C 1C {token} 2C 2C")
    assert token in message, "the message should point at the offending code"
    for hint in hints:
        assert hint in message


def test_it_refuses_unknown_codes_inside_a_full_hand_too() -> None:
    with pytest.raises(InputError, match="7X"):
        check("7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 7X [RD RD RD]")


@pytest.mark.parametrize(
    ("text", "spaced"),
    [
        ("5D5D", "5D 5D"),
        ("rdrdrd", "RD RD RD"),
        ("1C2C3C", "1C 2C 3C"),
    ],
)
def test_it_suggests_spaces_between_tiles_run_together(text: str, spaced: str) -> None:
    message = refusal(f"N N {text} S S")
    assert "space" in message
    assert spaced in message


@pytest.mark.parametrize(
    ("text", "marks"),
    [
        ("1C 1C [RD RD RD", ["]"]),
        ("1C 1C [RD RD RD 2C 2C 2C", ["]"]),
        ("1C 1C RD RD RD] 2C", ["]", "["]),
        ("1C 1C [RD RD RD]] 2C", ["]", "["]),
        ("1C 1C [ [RD RD RD] 2C 2C 2C]", ["[", "]"]),
        ("1C 1C [[RD RD RD]]", ["[", "]"]),
    ],
    ids=["unclosed", "unclosed-mid", "stray-close", "double-close", "nested", "nested-tight"],
)
def test_it_refuses_unbalanced_brackets(text: str, marks: list[str]) -> None:
    message = refusal(text)
    for mark in marks:
        assert mark in message
    assert "not a tile" not in message, "a bracket problem is not an unknown tile"


@pytest.mark.parametrize("text", ["1C 1C 1C []", "1C 1C 1C [ ]", "[]1C 1C 1C", "1C [\t] 2C"])
def test_it_refuses_an_empty_exposure(text: str) -> None:
    message = refusal(text)
    assert "empty" in message.lower()
    assert "[]" in message or "bracket" in message.lower()


def test_it_refuses_a_fifth_copy_of_a_tile() -> None:
    assert refusal("5D 5D 5D 5D 5D") == "5D appears 5 times; a set has only four."


def test_it_counts_exposed_copies_towards_the_four() -> None:
    assert refusal("1C 5d 5D [5D 5d J 5D]") == "5D appears 5 times; a set has only four."


@pytest.mark.parametrize("code", ["1C", "9B", "N", "RD", "WD"])
def test_it_refuses_five_of_any_natural_tile(code: str) -> None:
    assert f"{code} appears 5 times" in refusal(" ".join([code] * 5))


def test_it_accepts_exactly_four_of_a_tile_and_eight_flowers_and_jokers() -> None:
    assert len(parse_hand("5D 5D 5D 5D")) == 4
    assert len(parse_hand("F " * 8)) == 8
    assert len(parse_hand("J " * 8)) == 8


@pytest.mark.parametrize("code", ["F", "J"])
def test_it_refuses_a_ninth_flower_or_joker(code: str) -> None:
    message = refusal(" ".join([code] * 9))
    assert f"{code} appears 9 times" in message
    assert "eight" in message or "8" in message


@pytest.mark.parametrize("code", ["J", "F"])
def test_it_refuses_a_fifth_joker_or_flower_under_house_rule_2(code: str) -> None:
    rules = RuleSet(house_rules=frozenset({2}))
    assert rules.max_jokers == 4
    assert rules.max_flowers == 4
    options: dict[str, Any] = {"max_jokers": rules.max_jokers, "max_flowers": rules.max_flowers}
    assert len(parse_hand(" ".join([code] * 4), **options)) == 4
    message = refusal(" ".join([code] * 5), **options)
    assert f"{code} appears 5 times" in message
    assert "four" in message or "4" in message


def test_check_applies_the_house_rule_2_joker_limit() -> None:
    hand = "J J J J J 1C 1C 1C 2C 2C 2C 2C 3C 3C"
    check(hand)  # well formed with the full 152-tile set: no error
    with pytest.raises(InputError, match="J appears 5 times"):
        check(hand, house_rules=[2])


def test_it_reads_text_and_hands_alike_under_a_tables_tile_set() -> None:
    """The one reader check, distance, the Charleston and play advice use: the same refusals for
    a Hand as for its text."""
    hand = "J J J J J 1C 1C 1C 2C 2C 2C 2C 3C 3C"
    full, small = RuleSet(), RuleSet(house_rules=frozenset({2}))
    read = read_hand(hand, sizes=(14,), rules=full, question="a Mah Jongg hand")
    assert read == parse_hand(hand) and read_hand(read, sizes=(14,), rules=full, question="?") is read
    for given in (hand, read):
        with pytest.raises(InputError, match="J appears 5 times"):
            read_hand(given, sizes=(14,), rules=small, question="a Mah Jongg hand")
        with pytest.raises(InputError, match="13") as caught:
            read_hand(given, sizes=(13,), rules=full, question="Calling a discard")
        assert "Calling a discard" in str(caught.value)


@pytest.mark.parametrize(
    ("text", "count", "fix"),
    [
        ("7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D RD RD", 13, "add"),
        ("7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD RD]", 15, "remove"),
        ("7C", 1, "add"),
    ],
)
def test_it_refuses_a_check_of_the_wrong_number_of_tiles(text: str, count: int, fix: str) -> None:
    with pytest.raises(InputError) as caught:
        check(text)
    message = str(caught.value)
    assert "14" in message
    assert str(count) in message
    assert fix in message


def test_it_does_not_count_tiles_when_no_size_is_asked() -> None:
    assert len(parse_hand("1C 1C 1C")) == 3


@pytest.mark.parametrize("text", ["5D " * 33_334, "x" * 100_000, "[" * 100_000])
def test_it_refuses_absurdly_long_input_quickly_and_briefly(text: str) -> None:
    started = time.perf_counter()
    message = refusal(text)
    assert time.perf_counter() - started < 0.5
    assert len(message) < 400, "the message must not echo the whole input back"


@pytest.mark.parametrize("text", ["", "   ", "\t \t"])
def test_it_refuses_an_empty_hand(text: str) -> None:
    assert "empty" in refusal(text).lower()
    with pytest.raises(InputError):
        check(text)


def test_every_refusal_is_an_input_error_and_a_value_error() -> None:
    assert issubclass(InputError, ValueError)
    with pytest.raises(ValueError):
        parse_hand("7X")


# --- spoken names ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("5D", "five dot"),
        ("1C", "one crak"),
        ("9B", "nine bam"),
        ("RD", "red dragon"),
        ("N", "north wind"),
        ("J", "joker"),
    ],
)
def test_it_says_each_tile_in_words(code: str, said: str) -> None:
    assert spoken(parse_tile(code)) == said


# --- options --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"house_rules": [4]}, ["4", "1", "2", "3"]),
        ({"house_rules": "1,4"}, ["4"]),
        ({"base": 30}, ["30", "25", "20"]),
        ({"skill_level": 6}, ["6", "0", "5"]),
        ({"skill_level": -1}, ["-1", "0", "5"]),
        ({"skill_level": "x"}, ["'x'", "0", "5"]),
    ],
    ids=["house-rule-4", "house-rules-text", "base-30", "skill-6", "skill-minus-1", "skill-x"],
)
def test_it_refuses_bad_options(options: dict[str, Any], words: list[str]) -> None:
    with pytest.raises(InputError) as caught:
        RuleSet.make(**options)
    message = str(caught.value)
    for word in words:
        assert word in message


def test_it_accepts_every_legal_option() -> None:
    rules = RuleSet.make(house_rules="1,2,3", base="20", skill_level="5")
    assert rules.house_rules == frozenset({1, 2, 3})
    assert (rules.base, rules.skill_level) == (20, 5)
    assert RuleSet.make() == RuleSet()
