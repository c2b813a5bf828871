"""What the coach says about one decision: each choice with its mark (Option), the advice (Hint),
the mark of the choice made (Judgement), and the advice worked out once (Advice)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..game.actions import Action

# The kinds of decision (the site's Decision.Kind values).
PASS, STOP_VOTE, COURTESY_ASK, COURTESY_PASS = "pass", "stop_vote", "courtesy_ask", "courtesy_pass"
DISCARD, CALL, EXCHANGE, MAH_JONGG = "discard", "call", "exchange", "mah_jongg"


@dataclass(frozen=True)
class Option:
    """One choice as the hint shows it: what it keeps and breaks, and its mark."""

    label: str
    mark: str
    words: str
    advised: bool = False


@dataclass(frozen=True)
class Hint:
    """The coach's decision: what this seat should do here, and why. The strong bots play it, the
    caution never stops it, and every other choice is marked against it."""

    kind: str
    advised: Action  # what the strong bots would do: the button or tiles the table highlights
    advice: str  # the advised choice in words ("Discard 3 Bam")
    why: str  # one sentence: the choice and the one reason that matters
    aim: str  # the name of the hand it aims at ("" when none)
    tiles: tuple[str, ...]  # own tiles to tap for it (codes, repeated as often as passed)
    blind: tuple[str, ...]  # tiles just received to pass on blind (codes)
    options: tuple[Option, ...]  # each choice with its mark, the advised one first
    more: str = ""  # the detail behind `why`: the hand it aims at, what it keeps, what the table shows


@dataclass(frozen=True)
class Judgement:
    """The advice's mark for a choice, made before it is applied (a play.models.Decision)."""

    kind: str
    chosen: str
    mark: str
    preferred: str
    why: str


@dataclass(frozen=True)
class Caution:
    """A discard the coach holds back: more dangerous than the coach's own choice, and dangerous
    enough (caution.DANGER_WARNING) to ask first."""

    tile: int
    danger: float
    title: str
    words: str
    go_ahead: str


def no_caution(action: Action) -> Caution | None:
    return None


@dataclass(frozen=True)
class Advice:
    """A decision worked out once: the hint, how any legal choice is marked, and which discards the
    coach would hold back."""

    hint: Hint
    mark_of: Callable[[Action], tuple[str, str]]  # a choice's (mark, words on it)
    caution_of: Callable[[Action], Caution | None] = no_caution
