"""Defence-aware discard advice: your own distance from Mah Jongg weighed against the danger of
each discard (danger.py), and when to give the hand up.

The rules, in order (the thresholds are the named constants below; they were set from the
measured READY_CHANCE, not searched: the defensive bot's strength with them is measured by
cfmj.engine.studies.defence_strength, docs/measurements.md; --give-up-ready and the rest try others):
- Give up when you are far (GIVE_UP_NEED tiles or more still needed after your best discard) and
  an opponent is likely enough ready (their READY_CHANCE at least GIVE_UP_READY): discard the
  safest tile, the advice's order among those within DANGER_STEP of each other.
- Otherwise play the advice's discard unless it is dangerous (more than SAFE_ENOUGH): then take
  the safest of the discards as good for your hand (as few tiles needed), preferring the advice's
  order among those within DANGER_STEP of each other.
- If even that discard is very dangerous (VERY_DANGEROUS; EXTREME when you are one tile from Mah
  Jongg, since then you are close to winning yourself), pay one tile of distance for a discard at
  most half as dangerous.
A joker is never discarded while another tile can go (as the advice: a discarded joker is lost).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .danger import DangerResult, DiscardDanger
from .distance import IMPOSSIBLE
from .errors import InputError
from .evaluation import SHORTLIST, KeepScore, copies_left, hand_needs, keep_scorer
from .notation import Hand, read_hand
from .reading import Reading
from .ruleset import RuleSet
from .tiles import JOKER, code, name
from .words import plural

GIVE_UP_NEED = 3  # tiles still needed after your best discard from which you may give up
GIVE_UP_READY = 0.4  # an opponent this likely to be ready makes you give up when that far
SAFE_ENOUGH = 0.02  # a discard this dangerous or less is played as the advice says
DANGER_STEP = 0.02  # dangers this close count as the same when choosing among good discards
VERY_DANGEROUS = 0.2  # pay one tile of distance to avoid a discard this dangerous ...
EXTREME = 0.5  # ... or this dangerous, when you are one tile from Mah Jongg yourself
READY = 1  # tiles needed after the discard when you are one tile from Mah Jongg


@dataclass(frozen=True)
class Thresholds:
    """The constants above as one value, so that a study can try others."""

    give_up_need: int = GIVE_UP_NEED
    give_up_ready: float = GIVE_UP_READY
    safe_enough: float = SAFE_ENOUGH
    danger_step: float = DANGER_STEP
    very_dangerous: float = VERY_DANGEROUS
    extreme: float = EXTREME


DEFAULT = Thresholds()


@dataclass(frozen=True)
class Defence:
    tile: int
    give_up: bool
    lead: str  # the choice and the one reason that matters, in one sentence
    detail: str  # what the table shows behind it
    danger: float  # of the tile chosen
    tiles_needed: int | None  # after it (None: the hand is dead)
    advised: int  # the tile the advice alone would discard

    @property
    def why(self) -> str:
        return f"{self.lead} {self.detail}".strip()

    def as_dict(self) -> dict[str, Any]:
        return {
            "tile": code(self.tile),
            "give_up": self.give_up,
            "danger": round(self.danger, 2),
            "tiles_needed": self.tiles_needed,
            "why": self.why,
        }


def ranked_discards(
    hand: Hand, shortlist: int = SHORTLIST, draws: Mapping[int, int] | None = None
) -> list[KeepScore]:
    """The advice's discards from 14 tiles, best first (a joker only when nothing else can go);
    `draws`: the copies of each kind still to come (None: all the hand alone does not hold)."""
    options = sorted({(t,) for t in hand.concealed if t != JOKER}) or [(JOKER,)]
    return keep_scorer(hand, shortlist).score(options, draws=copies_left(hand) if draws is None else draws)


def threat(readings: Sequence[Reading]) -> Reading | None:
    """The opponent likeliest to be ready, among those who can be (None: nobody can)."""
    able = [r for r in readings if r.waits]
    return max(able, key=lambda r: r.ready_chance, default=None)


def defended_discard(
    hand: str | Hand,
    result: DangerResult,
    *,
    shortlist: int = SHORTLIST,
    thresholds: Thresholds = DEFAULT,
    rules: RuleSet | None = None,
    draws: Mapping[int, int] | None = None,
) -> Defence:
    """The discard from `hand` (14 tiles) weighing your distance against `result`'s dangers
    (danger() of the same hand); `draws`: the copies still to come (None: those `result` saw)."""
    t = thresholds
    hand = read_hand(hand, sizes=(14,), rules=rules or RuleSet(), question="Choosing a discard")
    if sorted(hand.concealed) != sorted(result.hand.concealed):
        raise InputError("The dangers given are for another hand.")
    danger_of = {d.tile: d.danger for d in result.discards}
    by_tile = {d.tile: d for d in result.discards}
    if int(hand_needs(hand).min()) >= IMPOSSIBLE:
        naturals = {t for t in hand.concealed if t != JOKER}
        safest = min(naturals, key=lambda t: (danger_of[t], t), default=JOKER)
        lead = "Your hand is dead: discard safe tiles."
        return Defence(safest, True, lead, by_tile[safest].why, danger_of[safest], None, safest)
    ranked = ranked_discards(hand, shortlist, result.unseen if draws is None else draws)
    best = ranked[0]
    need = best.tiles_needed
    advised = best.given[0]
    risk = threat(result.readings)
    if need >= t.give_up_need and risk is not None and risk.ready_chance >= t.give_up_ready:
        pick = min(ranked, key=lambda s: round(danger_of[s.given[0]] / t.danger_step))  # ties: the advice
        tile = pick.given[0]
        likely = "is likely" if risk.ready_chance >= 0.5 else "may well be"
        lead = (
            f"Discard {name(tile)}, among the safest tiles: {risk.opponent.name} {likely} one tile from "
            f"Mah Jongg and you need {plural(need, 'more tile')}, so play safe."
        )
        return Defence(
            tile, True, lead, _safety(by_tile[tile].why, tile), danger_of[tile], pick.tiles_needed, advised
        )
    pick = best
    if danger_of[advised] > t.safe_enough:
        same = [s for s in ranked if s.tiles_needed == need]
        pick = min(same, key=lambda s: round(danger_of[s.given[0]] / t.danger_step))
    limit = t.extreme if need <= READY else t.very_dangerous
    if danger_of[pick.given[0]] >= limit:
        dearer = [s for s in ranked if s.tiles_needed == need + 1]
        cheaper = min(dearer, key=lambda s: danger_of[s.given[0]], default=None)
        if cheaper is not None and danger_of[cheaper.given[0]] <= danger_of[pick.given[0]] / 2:
            tile, avoided = cheaper.given[0], pick.given[0]
            lead = (
                f"Discard {name(tile)}: it costs you a tile, but {name(avoided)} could give "
                f"{_who(by_tile[avoided])} Mah Jongg ({percent(danger_of[avoided])})."
            )
            detail = (
                f"{by_tile[avoided].why} With {name(tile)} gone you need {plural(need + 1, 'tile')} "
                f"instead of {need}."
            )
            return Defence(tile, False, lead, detail, danger_of[tile], need + 1, advised)
    tile = pick.given[0]
    if tile != advised:
        lead = (
            f"Discard {name(tile)}: it is as good for your hand as {name(advised)}, which could give "
            f"{_who(by_tile[advised])} Mah Jongg."
        )
        detail = (
            f"{by_tile[advised].why} The chance that {name(advised)} is called for Mah Jongg now: "
            f"{percent(danger_of[advised])}; {name(tile)}: {percent(danger_of[tile])}."
        )
    elif danger_of[tile] > t.safe_enough:
        lead = f"Discard {name(tile)}: the best for your hand, and no discard as good is safer."
        detail = (
            f"{by_tile[tile].why} The chance that {name(tile)} is called for Mah Jongg now: "
            f"{percent(danger_of[tile])}."
        )
    else:
        lead = f"Discard {name(tile)}: the best for your hand, and safe enough."
        detail = f"The chance that it is called for Mah Jongg now: {percent(danger_of[tile])}."
    return Defence(tile, False, lead, detail, danger_of[tile], need, advised)


def percent(chance: float) -> str:
    """A danger in words: 'under 1%', 'about 8%'."""
    return "under 1%" if chance < 0.01 else f"about {chance:.0%}"


def _who(found: DiscardDanger) -> str:
    return found.by or "an opponent"


def _safety(why: str, tile: int) -> str:
    """The safe tile's reason, or the risk it still carries when nothing is quite safe."""
    return why if tile == JOKER or "safe" in why else f"{name(tile)} is among the safest. {why}"


__all__ = [
    "DANGER_STEP",
    "DEFAULT",
    "EXTREME",
    "GIVE_UP_NEED",
    "GIVE_UP_READY",
    "SAFE_ENOUGH",
    "VERY_DANGEROUS",
    "Defence",
    "Thresholds",
    "defended_discard",
    "percent",
    "ranked_discards",
    "threat",
]
