"""What every drill shares: the puzzle and the grade, reading form fields, and wording.

A drill kind is a module ending with its definition, KIND (drills.kind.DrillKind): its answer
fields, FOCUSES (what a puzzle may be asked to be about; empty when nothing), PRACTISES (the
rulebook lines its puzzles turn on), make(rng, band, focus) -> (question, answer) and
grade(question, answer, response) -> Graded.
Questions and answers are plain JSON values (no tuples), so that what the site stores and reads
back is exactly what was generated.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from random import Random
from typing import Any, NamedTuple, NotRequired, TypedDict

from ..advice_words import fewer_draws_words
from ..errors import InputError
from ..numbers import read_number
from ..rulebook import rule_ref
from ..words import Explained

# Re-exported for the kinds that take their wording from here (the one definition is ..words).
from ..words import join_words as join_words  # noqa: PLC0414
from ..words import plural as plural  # noqa: PLC0414
from .shapes import Advised, Choice

RIGHT, GOOD, WRONG = 1.0, 0.5, 0.0
HEADLINES = {RIGHT: "Right!", GOOD: "Good, but there is better", WRONG: "Not quite"}
# The headline of an answer with one part right and one not (it scores GOOD): "Good, but there is
# better" is for a pass or discard that is good but not the best.
HALF_RIGHT = "Half right"
SHOWN_CHARS = 24  # how much of a learner's answer an explanation repeats


@dataclass(frozen=True)
class Puzzle:
    kind: str
    band: int
    seed: int
    # Its kind's question and answer (the TypedDicts of the kind's module, e.g. worth.WorthQuestion):
    # which kind is known only at run time, so a Puzzle of any kind holds them as Any.
    question: Any
    answer: Any
    focus: str | None = None

    def content_hash(self) -> str:
        text = self.kind + "\n" + canonical_json(self.question)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Graded(Explained):
    correct: bool
    score: float
    headline: str
    explanation: str
    expected: str
    rules: tuple[str, ...]
    reason_ids: tuple[str, ...] = ()


class Mark(NamedTuple):
    """A stored grade of one pass or discard (charleston.Grade.mark())."""

    verdict: str
    rank: int
    of: int
    tiles_needed: int
    hands_within: int
    window: int
    acceptance: int = 0  # a discard's tiles still to come that would help (0: a pass, or stored before)


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def no_focus(kind: str, focus: str | None) -> None:
    """A kind without focus values takes no focus (drills.generate says so first, in full)."""
    if focus is not None:
        raise InputError(
            f"The {kind} drill has no focus values: ask for it without a focus (you gave {focus!r})."
        )


def drill_rng(kind: str, band: int, seed: int) -> Random:
    """One generator per (kind, band, seed): string seeds are hashed the same way in every process."""
    return Random(f"cfmj-drills/{kind}/{band}/{seed}")


class Told(TypedDict):
    """The keywords of graded() that a kind's grade gives every response alike."""

    expected: str
    rules: Iterable[str]
    reason_ids: NotRequired[Iterable[str]]


def graded(
    score: float, *, explanation: str, expected: str, rules: Iterable[str], reason_ids: Iterable[str] = ()
) -> Graded:
    return Graded(
        score == RIGHT, score, HEADLINES[score], explanation, expected, _unique(rules), _unique(reason_ids)
    )


def half_right(
    right: str,
    wrong: str,
    *,
    explanation: str,
    expected: str,
    rules: Iterable[str],
    reason_ids: Iterable[str] = (),
) -> Graded:
    """An answer with one part right and one not: it says which ("The hand is right: ...
    The reason is not: ..."), then why."""
    lead = f"{right} {wrong} "
    return replace(
        graded(GOOD, explanation=lead + explanation, expected=expected, rules=rules, reason_ids=reason_ids),
        headline=HALF_RIGHT,
    )


FEWER_HANDS = "It keeps your nearest hand as near, but keeps fewer hands in view. "


def graded_against_advice(
    verdict: str,
    *,
    compare: str,
    advised: str,
    expected: str,
    rules: Iterable[str],
    gives_up: str,
    good_lead: str = FEWER_HANDS,
) -> Graded:
    """A pass or discard marked against the advice's ranking: best, good (as near, and `good_lead`
    says what is less: fewer hands in view, or for a discard fewer tiles to help) or weak (it
    gives up what the nearest hands need)."""
    if verdict == "best":
        return graded(
            RIGHT, explanation="As good as the advice. " + compare + advised, expected=expected, rules=rules
        )
    if verdict == "good":
        return graded(GOOD, explanation=good_lead + compare + advised, expected=expected, rules=rules)
    lead = f"It gives up {gives_up} your nearest hands need. "
    return graded(WRONG, explanation=lead + compare + advised, expected=expected, rules=rules)


def graded_by_marks(
    text: str | None,
    *,
    why: str,
    mark_of: Callable[[str | None], tuple[str, Mark]],
    compare: Callable[[str, Mark], str],
    expected: str,
    rules: tuple[str, ...],
    gives_up: str,
    advised_mark: Mark | None = None,
) -> Graded:
    """A pass or discard (`text`) marked against the advice (`why`, RULES §6): `mark_of` gives
    the proposal as the marks name it and its mark, or raises InputError for no proposal at all
    (marked wrong, saying why); `compare` words it against the others. `advised_mark`: the
    advised discard's own mark, to say when a good one leaves fewer tiles to help."""
    advised = f"The advice: {why} {ref('6')}"
    try:
        given, mark = mark_of(text)
    except InputError as error:
        return graded(
            WRONG, explanation=f"{error} (You gave {shown(text)}.) {advised}", expected=expected, rules=rules
        )
    good_lead = FEWER_HANDS
    if advised_mark is not None and mark.acceptance < advised_mark.acceptance:
        fewer = fewer_draws_words(mark.acceptance, advised_mark.acceptance, "the advice's")
        good_lead = f"It keeps your nearest hand as near. {fewer} "
    return graded_against_advice(
        mark.verdict,
        compare=compare(given, mark),
        advised=advised,
        expected=expected,
        rules=rules,
        gives_up=gives_up,
        good_lead=good_lead,
    )


def passed_words(yours: str, broken: str, tiles_needed: int, advised_needs: int) -> str:
    """A pass or discard against the advice, with the tiles: what it breaks of the advised hand
    (`broken`, from advice_words.broken_words; "" when nothing) and how far it leaves the hand."""
    far = plural(tiles_needed, "tile")
    if not broken and tiles_needed == advised_needs:
        return f"{yours} keeps your nearest hand together: it stays {far} away. "
    where = "as the advice does" if tiles_needed == advised_needs else f"not {advised_needs}"
    return f"{yours} leaves your nearest hand {far} away, {where}. {broken + ' ' if broken else ''}"


def stored_mark(answer: Advised, given: str) -> Mark | None:
    """The mark the puzzle stored for this proposal (None for a puzzle stored before marks were
    kept: mark it afresh)."""
    marks = answer.get("marks", {})
    return Mark(*marks[given]) if given in marks else None


def _unique(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


def ref(*sections: str) -> str:
    """'(rule: Categories and sets)' or '(rules: Patterns; Categories and sets)': the rules by
    name, never by number (rulebook.rule_ref)."""
    return rule_ref(*sections)


def text_field(response: object, name: str) -> str | None:
    """A form field as stripped text, or None when it is missing or not text at all."""
    if not isinstance(response, Mapping):
        return None
    value = response.get(name)
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        value = ",".join(value)  # several checkboxes of one name
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        return None
    return value.strip()


def int_field(response: object, name: str, units: tuple[str, ...] = ()) -> int | None:
    """A whole number typed in digits or words, maybe followed by one of `units` ("80",
    "eighty points": numbers.read_number), or None."""
    return read_number(text_field(response, name), units)


def shown(text: str | None) -> str:
    """A learner's answer as an explanation may quote it: short, and printable."""
    if text is None:
        return "nothing"
    clean = "".join("?" if 0xD800 <= ord(c) <= 0xDFFF or not c.isprintable() else c for c in text)
    if len(clean) > SHOWN_CHARS:
        clean = clean[:SHOWN_CHARS] + "..."
    return f"'{clean}'"


def choice(value: str, label: str) -> Choice:
    return {"value": value, "label": label}
