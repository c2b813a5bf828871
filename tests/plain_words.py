"""Words a beginner reads: tile notation in prose, and how long a first sentence runs.

Every hint, mark, caution, review line and drill explanation names tiles in words ("3 Crak", "Red
Dragon", "Flower", "joker", "North") or draws them as tile pictures; notation (RULES §1) belongs
to the command line. These two helpers are the one test of that, for the drills' words
(tests/engine/drills/test_plain_words.py) and the coach's:

    from tests.plain_words import notation_in, first_sentence_words

    assert not notation_in(text), notation_in(text)
    assert first_sentence_words(text) <= LEAD_WORDS

What counts as notation, outside a tile picture (text or HTML):
- a number tile's code, `3C`, `9B`, `1D` (upper case: "3d" and "9b" are no words of ours either,
  but a learner's own typing quoted back, `(you gave '3c')`, is theirs: lower case is left alone);
- a dragon's, `RD`, `GD`, `WD`; a flower's or a joker's, `F`, `J`, as a word of its own;
- a wind's, `N`, `E`, `W`, `S`, as a word of its own ("N E S", "(E)");
- a bracketed exposure, `[RD RD J]`, `[3B 3B 3B J J]`.
What does not: "NEWS" (the block's name, RULES §2.4), and a Winds set as a card names it,
winds joined by hyphens ("Winds E-W", "Winds N-E-W-S", as "1-3-5" names a run); a capital "A" or
"I" (no tile's code); codes inside a word ("3Crak", "E-mail": no such words in our texts).
A tile picture is an <img class="tile" ...> (its alt text is words: "five dot") with, for a joker,
a <span class="joker-as"> naming the tile it stands for: both are taken out before the text is
read, and every other tag is dropped (its attributes with it), keeping the text between tags.
"""

from __future__ import annotations

import html
import re

LEAD_WORDS = 40  # the most words the first sentence (the answer and the one reason) may run to

_JOKER_AS = re.compile(r"<span\b[^>]*\bclass=\"[^\"]*\bjoker-as\b[^\"]*\"[^>]*>.*?</span>", re.S)
_TAG = re.compile(r"<[^>]+>")
_WIND_SET = re.compile(r"(?<![\w-])[NEWS](?:-[NEWS])+(?![\w-])")
_CODE = r"(?:[1-9][CBD]|RD|GD|WD|[NEWSFJ])"
_BRACKETED = re.compile(r"\[\s*" + _CODE + r"(?:\s+" + _CODE + r")*\s*\]")
_LONE_CODE = re.compile(r"(?<![\w-])" + _CODE + r"(?![\w-])")
# A sentence ends at . ! or ? (and any closing quote or bracket) before a space and a capital, a
# digit, a quote or a bracket; "e.g." and "i.e." end none.
_SENTENCE_END = re.compile(r"(?<!\be\.g)(?<!\bi\.e)[.!?][\"'”’)\]]*\s+(?=[A-Z0-9\"'“‘(\[])")


def _plain(text: str) -> str:
    """The text a reader reads: tile pictures (and the code a joker's picture shows) taken out,
    other tags dropped, entities read."""
    if "<" in text:
        text = _TAG.sub(" ", _JOKER_AS.sub(" ", text))
    return html.unescape(text)


def notation_in(text: str) -> list[str]:
    """The tile notation in `text` outside tile pictures, in order ([] when there is none)."""
    text = _WIND_SET.sub(" ", _plain(text))
    found: list[tuple[int, str]] = []
    for match in _BRACKETED.finditer(text):
        found.append((match.start(), match.group()))
    text = _BRACKETED.sub(lambda m: " " * len(m.group()), text)
    for match in _LONE_CODE.finditer(text):
        found.append((match.start(), match.group()))
    return [code for _, code in sorted(found)]


def first_sentence(text: str) -> str:
    """The first sentence of `text` (all of it where no sentence ends before its end)."""
    text = " ".join(_plain(text).split())
    match = _SENTENCE_END.search(text)
    return text[: match.start() + 1] if match else text


def first_sentence_words(text: str) -> int:
    """How many words the first sentence of `text` runs to."""
    return len(first_sentence(text).split())
