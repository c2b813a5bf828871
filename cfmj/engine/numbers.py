"""Reading a whole number a learner typed: "80", "80 points", "eighty", "Eighty-five",
"one hundred and sixty", "1,000"; and one given as an option (the command line, a JSON request).

read_number gives the number, or None when the text is not one whole number (a learner is then
asked again, not marked: see drills.unanswered). A unit word may follow the number ("points",
"tiles"): the caller says which words it takes.

option_number is stricter, for options such as --wall, --games or a request's "base": a JSON whole
number or ASCII digits only, so that every option is read the same way everywhere.
"""

from __future__ import annotations

import re

MAX_DIGITS = 6  # more than any answer of the site needs
ONES = {
    "zero": 0,
    "no": 0,
    "none": 0,
    "one": 1,
    "a": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fourty": 40,  # a common misspelling
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
HUNDRED, THOUSAND = 100, 1000
POINTS = ("points", "point", "pts", "pt")
TILES = ("tiles", "tile", "away", "more")
_DIGITS = re.compile(r"\d{1,3}(,\d{3})+|\d+")
MAX_OPTION_DIGITS = 18  # every option is a small number (a seed at most 18 digits): a longer one is
# no option (and int() of a 5,000-digit string raises ValueError in Python 3.11)
_ASCII_DIGITS = re.compile(r"[0-9]+", re.ASCII)
ASCII_SPACE = " \t\r\n"  # the only spaces an option may have around it (RULES.md §1)


def option_number(value: object) -> int | None:
    """The whole number an option gives: a JSON whole number (true and false are not numbers) or
    ASCII digits, spaces around allowed; never negative, at most MAX_OPTION_DIGITS digits. None for
    anything else, '²', '٣' and '３' included: str.isdigit() takes all three and int() the last
    two, but an option, like a tile code, is written in ASCII."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        text = value.strip(ASCII_SPACE)
        if len(text) > MAX_OPTION_DIGITS or not _ASCII_DIGITS.fullmatch(text):
            return None
        value = int(text)
    if not isinstance(value, int) or not 0 <= value < 10**MAX_OPTION_DIGITS:
        return None
    return value


def shown_option(value: object) -> str:
    """A refused option as a message quotes it: cut short, never the whole of a huge input."""
    text = str(value)
    return text if len(text) <= 20 else text[:20] + "..."


def read_number(text: str | None, units: tuple[str, ...] = ()) -> int | None:
    """The whole number `text` says, in digits or in words, followed by any of `units`; None
    when it says anything else (a sign, a fraction, two numbers, an unknown word)."""
    if text is None or text.strip().startswith(("-", "+")):
        return None  # a sign: no answer is negative
    words = [w for w in re.split(r"[\s\-]+", text.strip().lower().rstrip(".!")) if w]
    while words and words[-1] in units:
        words.pop()
    if not words:
        return None
    if len(words) == 1 and _DIGITS.fullmatch(words[0]):
        digits = words[0].replace(",", "")
        return int(digits) if len(digits) <= MAX_DIGITS else None
    return _in_words(words)


def _in_words(words: list[str]) -> int | None:
    """ "eighty five", "one hundred and sixty", "a hundred", "two thousand": the number, or None."""
    if words in (["no"], ["none"]):
        return 0
    total = current = 0
    last = ""  # the previous word's kind: "a", "one", "teen", "ten", "hundred", "thousand"
    for word in words:
        if word == "and" and last in ("hundred", "thousand"):
            continue
        if word == "a" and last == "":
            last = "a"  # "a hundred": hundred or thousand must follow
        elif last == "a" and word not in ("hundred", "thousand"):
            return None
        elif word in ONES and word not in ("no", "none", "a"):
            if last in ("one", "teen") or (last == "ten" and ONES[word] >= 10):
                return None  # "five six", "eighty twelve"
            current += ONES[word]
            last = "teen" if ONES[word] >= 10 else "one"
        elif word in TENS:
            if last in ("one", "ten", "teen"):
                return None
            current += TENS[word]
            last = "ten"
        elif word == "hundred":
            if last not in ("", "a", "one") or current >= 10:
                return None  # "hundred hundred", "twenty thousand hundred": a count must lead it
            current = (current or 1) * HUNDRED
            last = "hundred"
        elif word == "thousand":
            if total:
                return None
            total, current = (current or 1) * THOUSAND, 0
            last = "thousand"
        else:
            return None
    if last in ("", "a"):
        return None
    return total + current
