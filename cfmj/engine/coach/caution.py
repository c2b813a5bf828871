"""The coach's caution before a dangerous discard: the engine's danger of the learner's
chosen tile (cfmj.engine.game.table_reading.danger_in_view: the chance that some opponent calls it
for Mah Jongg now, reading only the opponents who have exposed a block) and, when it is at least
DANGER_WARNING, the engine's why in plain words. The coach's warning asks it for a practice hand (a
test hand counts as the learner's own play: no coach speaks there), and the hint asks it whether
the discard it advises is itself dangerous.

DANGER_WARNING is measured, not guessed: with READY_CHANCE as measured (cfmj/engine/reading.py),
over 622 discards of the advice's learner against the strong bots (seeds 0-59, 25 November 2026),
the most dangerous tile on the rack was under 1.4% half the time, 5.3-6.0% at the 90th percentile
and 24% at most, so a discard one in twenty to give someone Mah Jongg is among the riskiest tenth
the table offers (the same study's calibration found such discards called more often, not less,
than their danger says: cfmj/engine/studies/ready_odds.py)."""

from __future__ import annotations

from dataclasses import dataclass

from ..danger import DangerResult, DiscardDanger
from ..defence import defended_discard
from ..game.actions import Action, Discard
from ..game.table_reading import danger_in_view
from ..game.view import PlayerView
from ..tiles import JOKER, name

DANGER_WARNING = 0.05  # warn at this chance (or more) that the discard is called for Mah Jongg


@dataclass(frozen=True)
class Caution:
    """A dangerous discard, in words: the warning's title and text, and its confirm button."""

    tile: int
    danger: float
    title: str
    words: str
    go_ahead: str


def discard_caution(view: PlayerView, tile: int) -> Caution | None:
    """The caution for discarding `tile` from this player's 14 tiles, or None when it is not
    dangerous enough to hold back."""
    result = danger_in_view(view)
    found = result.of(tile)
    if found.danger < DANGER_WARNING:
        return None
    words = _danger_words(found) + _safest_words(found, result)
    return Caution(tile, found.danger, _title(found), words, f"Discard {name(tile)} anyway")


def hint_caution(view: PlayerView, advised: Action) -> str:
    """What the hint adds when the discard it advises is itself dangerous ("" otherwise): the
    advice weighs the learner's own hand, not the table's danger, so the engine's defence
    (cfmj.engine.defence: give up when far and an opponent is likely ready, or pay a tile to
    avoid a very dangerous discard) says what playing safe would throw instead."""
    if not isinstance(advised, Discard):
        return ""
    result = danger_in_view(view)
    found = result.of(advised.tile)
    if found.danger < DANGER_WARNING:
        return ""
    defence = defended_discard(view.hand(), result)
    if defence.tile == advised.tile:
        return f"Careful: {_title(found)}. {_danger_words(found)}{_safest_words(found, result)}"
    return f"Careful: {_title(found)}. {_danger_words(found)} Playing safe: {defence.why}"


def _title(found: DiscardDanger) -> str:
    who = found.by or "an opponent"
    return f"{name(found.tile)} could give {who} Mah Jongg"


def _danger_words(found: DiscardDanger) -> str:
    return (
        f"{found.why} The chance that {name(found.tile)} is called for Mah Jongg now: "
        f"{_percent(found.danger)} (whoever discards the winning tile pays double)."
    )


def _safest_words(found: DiscardDanger, result: DangerResult) -> str:
    """' Your safest discard: 2 Crak (under 1%).' where it is much safer (never a joker: a
    joker is worth keeping); '' otherwise."""
    safest = min((d for d in result.discards if d.tile != JOKER), key=lambda d: (d.danger, d.tile))
    if safest.danger < found.danger / 2:
        return f" Your safest discard: {name(safest.tile)} ({_percent(safest.danger)})."
    return ""


def _percent(chance: float) -> str:
    return "under 1%" if chance < 0.01 else f"about {chance:.0%}"
