"""Plain English for the engine's explanations: a list read out, a count with its noun."""

from __future__ import annotations

import re

# A sentence ends at . ! or ? (and any closing quote or bracket) before a space and a capital, a
# digit, a quote or a bracket; "e.g." and "i.e." end none (as tests/plain_words.py reads them).
_SENTENCE_END = re.compile(r"(?<!\be\.g)(?<!\bi\.e)[.!?][\"'”’)\]]*\s+(?=[A-Z0-9\"'“‘(\[])")


def join_words(items: list[str]) -> str:
    """'7C', '7C and 8C', '7C, 8C and 9D' (and nothing for no items)."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def plural(count: int, word: str) -> str:
    """'1 tile', '3 tiles'."""
    return f"{count} {word}{'' if count == 1 else 's'}"


# Words the site always writes with a capital: block and pattern names, categories, the game.
PROPER_WORDS = frozenset(
    {"Pair", "Pairs", "Pung", "Pungs", "Kong", "Kongs", "Quint", "Quints", "NEWS", "Any", "Consecutive"}
    | {"Winds", "Mah", "Charleston", "Dragon's", "Soap", "North", "East", "West", "South"}
)


def lead_and_more(text: str) -> tuple[str, str]:
    """An explanation's first sentence (the answer and the one reason that matters) and the rest
    (the detail a learner opens under "More"; "" when there is none)."""
    match = _SENTENCE_END.search(text)
    if match is None:
        return text, ""
    return text[: match.end()].rstrip(), text[match.end() :]


class Explained:
    """A result a learner reads (a graded answer, a revealed solution): its `explanation`, split
    into the first sentence and the detail under "More"."""

    explanation: str

    @property
    def lead(self) -> str:
        """The explanation's first sentence: the answer and its reason."""
        return lead_and_more(self.explanation)[0]

    @property
    def more(self) -> str:
        """The rest of the explanation: the detail, shown under "More"."""
        return lead_and_more(self.explanation)[1]


def lower_first(text: str) -> str:
    """A title continued mid-sentence: 'No: every tile belongs to a block.' Only the first letter
    changes, and not even that for a word always written with a capital ('Pairs, flower pairs and
    NEWS are not exposed before Mah Jongg' stays as it is)."""
    first = text.split(" ", 1)[0].rstrip(",:;.")
    if first in PROPER_WORDS or (len(first) > 1 and first.isupper()):
        return text
    return text[:1].lower() + text[1:]
