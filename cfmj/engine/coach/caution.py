"""The coach's caution before a dangerous discard: which discards it holds back, and its words.

The coach holds back a discard (in a practice hand; a test hand counts as the learner's own play)
when it is at least DANGER_WARNING likely to be called for Mah Jongg now and meaningfully more
dangerous than the coach's own choice (more than the defence's DANGER_STEP above it, and above
SAFE_ENOUGH): the danger is the engine's (cfmj.engine.game.table_reading.danger_in_view, reading
the opponents who have exposed a block), the coach's choice is the decision (turn.py), so the
caution never stops the choice the hint showed, nor one as safe.

DANGER_WARNING is measured, not guessed: with READY_CHANCE as measured (cfmj/engine/reading.py),
over 622 discards of the advice's learner against the strong bots (seeds 0-59, 25 November 2026),
the most dangerous tile on the rack was under 1.4% half the time, 5.3-6.0% at the 90th percentile
and 24% at most, so a discard one in twenty to give someone Mah Jongg is among the riskiest tenth
the table offers (the same study's calibration found such discards called more often, not less,
than their danger says: cfmj/engine/studies/ready_odds.py)."""

from __future__ import annotations

from ..danger import DiscardDanger
from ..defence import DANGER_STEP, SAFE_ENOUGH, percent
from ..tiles import name
from .hints import Caution

DANGER_WARNING = 0.05  # hold back a discard at this chance (or more) that it is called for Mah Jongg


def riskier(danger: float, chosen: float) -> bool:
    """Is a discard of `danger` meaningfully more dangerous than the coach's choice (`chosen`)?"""
    return danger > max(chosen, SAFE_ENOUGH) + DANGER_STEP


def title(found: DiscardDanger) -> str:
    """'Flower could give East Mah Jongg'."""
    return f"{name(found.tile)} could give {found.by or 'an opponent'} Mah Jongg"


def chance_words(found: DiscardDanger) -> str:
    """'Flower could give East Mah Jongg (about 8%).'"""
    return f"{title(found)} ({percent(found.danger)})."


def caution(found: DiscardDanger, coach_choice: str) -> Caution:
    """The caution before discarding `found.tile`: the chance first, then the coach's own choice
    (in words), then the table's reason."""
    words = (
        f"The chance that {name(found.tile)} is called for Mah Jongg now is {percent(found.danger)}, and "
        f"whoever discards the winning tile pays double. The coach's choice: {coach_choice}. {found.why}"
    )
    return Caution(found.tile, found.danger, title(found), words, f"Discard {name(found.tile)} anyway")
