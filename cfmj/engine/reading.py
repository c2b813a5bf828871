"""Reading an opponent: from their exposures, their discards and every tile visible to you, the
Card Free hands still open to them, how likely each is, and the tiles that would let them call.

The model (the one `danger` states; docs/RULES.md has no rule here, this is strategy):
- A hand is *open* to an opponent when their exposures are each one of its blocks, the tiles
  you have not seen could still fill its Pair and NEWS places, and the set's jokers its places
  beyond the copies of their tiles (distance.needs with no concealed tiles; the table's set:
  4 flowers and 4 jokers under house rule 2). That part is certain.
- What they hold is not. Their concealed tiles are taken to come from the tiles you have not seen,
  every such set of tiles as likely as any other, and to be aimed at one open hand: holding all of
  a hand's concealed places but one is *ready*, waiting on that one tile. A ready state weighs as
  many ways as the unseen tiles give to hold it (jokers fill the Pung, Kong and Quint places the
  unseen copies cannot), times DISCARD_EVIDENCE for each tile of it the opponent threw away.
- How likely an opponent is to be ready at all is measured, not derived: READY_CHANCE, from bot
  games (cfmj.engine.studies.ready_odds), by how many blocks they have exposed and how far the
  wall has gone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from math import lgamma
from typing import Any

import numpy as np
import numpy.typing as npt

from .advice_words import entry_name
from .blocks import PAIR, Block
from .card import CardEntry, Target
from .card_rows import IMPOSSIBLE, card_matrix
from .distance import needs, target_ids
from .errors import InputError
from .exposures import exposure_block
from .labels import block_label
from .notation import Hand
from .ruleset import RuleSet
from .tiles import JOKER, NATURAL_KINDS, NEWS, code, name
from .words import join_words, plural

DISCARD_EVIDENCE = 0.25  # a hand needing a tile its player threw away is this much less likely, per copy
EXPOSURE_WORDS = {3: "Pung", 4: "Kong", 5: "Quint"}
WAITING_SHOWN = 0.05  # a tile is named among an opponent's waits from this chance (given ready) up
HANDS_SHOWN = 5

# The chance that an opponent is one tile from Mah Jongg, by exposures (0-4) and wall stage
# (early: 60 or more tiles left, middle: 30-59, late: fewer). Measured 25 November 2026 by
# `python -m cfmj.engine.studies.ready_odds --hands 240 --seed 1 --workers 2 --danger-every 0`:
# at every discard of 240 hands between four advice players, each live opponent of the
# discarder, ready or not (waits.completing), shares rounded to 2 decimals. Cells seen at least
# 30 times are measured (counts: 0 exposures 16,218 / 870 / 55 opponents early / middle / late;
# 1: 6,077 / 1,071 / 64; 2: 1,281 / 391 / 43; 3 early: 52); the advice bots' hands rarely reach
# a late wall or three exposures, so (3, middle) (8 seen, 5 ready), (3, late) and every
# 4-exposure cell (never seen) carry the (3, early) figure.
READY_CHANCE: dict[tuple[int, str], float] = {
    (0, "early"): 0.06,
    (0, "middle"): 0.29,
    (0, "late"): 0.53,
    (1, "early"): 0.18,
    (1, "middle"): 0.38,
    (1, "late"): 0.55,
    (2, "early"): 0.45,
    (2, "middle"): 0.74,
    (2, "late"): 0.44,
    (3, "early"): 0.81,
    (3, "middle"): 0.81,
    (3, "late"): 0.81,
    (4, "early"): 0.81,
    (4, "middle"): 0.81,
    (4, "late"): 0.81,
}


def wall_stage(wall: int | None) -> str:
    if wall is None:
        return "middle"
    return "early" if wall >= 60 else "middle" if wall >= 30 else "late"


@dataclass(frozen=True)
class Opponent:
    """One opponent as you see them: a name for the words ("West", "Right"), their exposures,
    the tiles they discarded, and whether their hand was declared dead."""

    name: str
    exposures: tuple[tuple[int, ...], ...] = ()
    discards: tuple[int, ...] = ()
    dead: bool = False


@dataclass(frozen=True)
class OpenHand:
    entry: CardEntry  # the likeliest arrangement of this hand (category, set and pattern)
    chance: float  # its share of the ready states

    def as_dict(self) -> dict[str, Any]:
        return {
            "category": self.entry.category,
            "set": list(self.entry.members),
            "pattern": self.entry.pattern,
            "name": entry_name(self.entry),
            "chance": round(self.chance, 3),
        }


@dataclass(frozen=True)
class Reading:
    """What one opponent may be making."""

    opponent: Opponent
    open_hands: int  # hands (category, set and pattern) still open to them
    hands: tuple[OpenHand, ...]  # the likeliest, most likely first
    ready_chance: float  # the chance they are one tile from Mah Jongg now
    waits: dict[int, float] = field(default_factory=dict)  # tile -> chance it is their wait, if ready
    exposure_tiles: tuple[int, ...] = ()  # tiles an open hand could call for a Pung, Kong or Quint
    block_of: dict[int, tuple[CardEntry, int]] = field(
        default_factory=dict
    )  # tile -> likeliest hand using it, block size

    def waiting_on(self) -> list[int]:
        shown = [t for t, p in self.waits.items() if p >= WAITING_SHOWN]
        return sorted(shown, key=lambda t: (-self.waits[t], t))

    def danger(self, tile: int) -> float:
        return self.ready_chance * self.waits.get(tile, 0.0)

    def exposed_words(self) -> str:
        return exposure_words(self.opponent.exposures)

    def leave(self) -> str:
        return "leaves" if len(self.opponent.exposures) == 1 else "leave"

    def summary(self) -> str:
        """'West's Kongs of Red, Green and White Dragon leave only Dragon's Wings.'"""
        who = self.opponent.name
        if self.opponent.dead:
            return f"{who}'s hand is dead: they cannot win this hand."
        if not self.opponent.exposures:
            return f"{who} has exposed nothing yet: every hand is still open to them."
        if not self.open_hands:
            return f"No hand is still open to {who}."
        if not self.hands:
            return self.not_ready_yet()
        if self.open_hands == 1:
            return f"{who}'s {self.exposed_words()} {self.leave()} only {entry_name(self.hands[0].entry)}."
        return (
            f"{who}'s {self.exposed_words()} {self.leave()} {self.open_hands} hands open, the likeliest "
            f"{entry_name(self.hands[0].entry)}."
        )

    def not_ready_yet(self) -> str:
        """Hands are open to them, but no state of the unseen tiles leaves them one tile short of
        any (say every joker is in view and each open hand needs one for a Kong): no likeliest hand
        to name. 'Right's Pung of Flower leaves one hand open, but Right cannot be ...'"""
        who, count = self.opponent.name, self.open_hands
        hands, needs = ("one hand", "it needs") if count == 1 else (f"{count} hands", "they need")
        return (
            f"{who}'s {self.exposed_words()} {self.leave()} {hands} open, but {who} cannot be one tile "
            f"from Mah Jongg yet: too few of the tiles {needs} are still unseen."
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "seat": self.opponent.name.lower(),
            "dead": self.opponent.dead,
            "open_hands": self.open_hands,
            "ready_chance": round(self.ready_chance, 3),
            "waiting_on": [code(t) for t in self.waiting_on()],
            "exposure_tiles": [code(t) for t in self.exposure_tiles],
            "hands": [h.as_dict() for h in self.hands],
            "summary": self.summary(),
        }


def exposure_words(exposures: Sequence[tuple[int, ...]]) -> str:
    """'Kong of Red Dragon, Kong of Green Dragon and Kong of White Dragon'; 'Kong of jokers'."""
    parts = []
    for group in exposures:
        naturals = [t for t in group if t != JOKER]
        size = EXPOSURE_WORDS.get(len(group), "block")
        parts.append(block_label(code(naturals[0]), len(group)) if naturals else f"{size} of jokers")
    return join_words(parts)


DEFAULT_RULES = RuleSet()


def unseen_counts(
    mine: Iterable[int], visible: Iterable[int], *, rules: RuleSet | None = None
) -> npt.NDArray[np.int16]:
    """Copies of each tile kind (jokers last, at JOKER) not in your hand or anywhere visible, of
    the table's set (`rules`: under house rule 2, 4 flowers and 4 jokers)."""
    copies_in_set = (rules or DEFAULT_RULES).copies_in_set
    left = np.array([copies_in_set(t) for t in range(JOKER + 1)], dtype=np.int16)
    for tile in (*mine, *visible):
        if not 0 <= tile <= JOKER:
            raise InputError(f"{tile} is not a tile.")
        left[tile] -= 1
    if (left < 0).any():
        tile = int(np.flatnonzero(left < 0)[0])
        limit = copies_in_set(tile)
        raise InputError(
            f"More than {limit} {name(tile)} tiles are in view between your hand and the table: "
            f"a set has {limit}."
        )
    return left


_LOG_FACTORIAL = np.array([lgamma(n + 1) for n in range(64)])


def _log_choose(n: npt.NDArray[Any], k: npt.NDArray[Any]) -> npt.NDArray[np.float64]:
    out: npt.NDArray[np.float64] = _LOG_FACTORIAL[n] - _LOG_FACTORIAL[k] - _LOG_FACTORIAL[n - k]
    return out


@dataclass(frozen=True)
class _Places:
    """The card's places as (tile, arrangement) pairs: each arrangement holds only a few tile
    kinds, so an opponent is read in a few hundred thousand steps, not 35 x 179,444."""

    tiles: npt.NDArray[np.intp]
    columns: npt.NDArray[np.intp]
    total: npt.NDArray[np.int64]
    fixed: npt.NDArray[np.int64]
    flexible: npt.NDArray[np.int64]


@cache
def _places() -> _Places:
    matrix = card_matrix()
    tiles, columns = np.nonzero(matrix.total)
    order = np.lexsort((tiles, columns))
    tiles, columns = tiles[order], columns[order]
    return _Places(
        tiles,
        columns,
        matrix.total[tiles, columns].astype(np.int64),
        matrix.fixed[tiles, columns].astype(np.int64),
        matrix.flexible[tiles, columns].astype(np.int64),
    )


def read(
    opponent: Opponent,
    *,
    unseen: npt.NDArray[np.int16],
    available: npt.NDArray[np.int16] | None = None,
    wall: int | None = None,
    rules: RuleSet | None = None,
) -> Reading:
    """What `opponent` may be making, given the copies of each tile you have not seen
    (`available`: the copies that could still be thrown to them, yours included; by default the
    unseen ones), of the table's set (`rules`)."""
    if opponent.dead:
        return Reading(opponent, 0, (), 0.0)
    entries = card_matrix().entries
    reach = unseen if available is None else available
    is_open = open_columns(opponent, reach, rules=rules)
    if not is_open.any():
        return Reading(opponent, 0, (), 0.0)
    card = _places()
    keep = is_open[card.columns]
    tiles, columns = card.tiles[keep], card.columns[keep]
    places, fixed = card.total[keep].copy(), card.fixed[keep]
    for index, group in enumerate(opponent.exposures):
        block = exposure_block(index, group)
        if isinstance(block, Block) and block.tile != JOKER:
            places[tiles == block.tile] -= block.size
    np.maximum(places, 0, out=places)
    count = len(entries)
    left = unseen[:NATURAL_KINDS].astype(np.int64)[tiles]
    jokers = int(unseen[JOKER])
    # The whole hand's ways to hold it from the unseen tiles, term by term (jokers fill the
    # Pung, Kong and Quint places the unseen copies cannot; a Pair or NEWS place short of copies
    # is a deficit no joker fills) ...
    held = np.minimum(places, left)
    short = np.bincount(columns, weights=places - held, minlength=count).astype(np.int64)
    over = fixed > left
    deficit = np.bincount(columns, weights=np.maximum(fixed - left, 0), minlength=count).astype(np.int64)
    base = np.bincount(columns, weights=_log_choose(left, held), minlength=count)
    for tile, thrown in Counter(t for t in opponent.discards if t != JOKER).items():
        on = tiles == tile
        base += np.bincount(
            columns[on], weights=np.minimum(places[on], thrown) * np.log(DISCARD_EVIDENCE), minlength=count
        )
    # ... and each ready state: the hand but one place of tile t, which your discard would fill.
    held_ready = np.minimum(np.maximum(places - 1, 0), left)
    short_ready = short[columns] - (places - held) + (np.maximum(places - 1, 0) - held_ready)
    can_come = reach[:NATURAL_KINDS][tiles] > 0
    ready = (
        (places > 0) & can_come & (short_ready <= jokers) & (deficit[columns] - over.astype(np.int64) == 0)
    )
    if not ready.any():
        return Reading(opponent, _open_hands(np.flatnonzero(is_open)), (), 0.0)
    log_weight = np.full(tiles.shape, -np.inf)
    log_weight[ready] = (
        base[columns]
        - _log_choose(left, held)
        + _log_choose(left, held_ready)
        + _log_choose(np.full(tiles.shape, jokers), np.clip(short_ready, 0, jokers))
    )[ready]
    contribution = np.exp(log_weight - log_weight[ready].max())
    total = float(contribution.sum())
    by_tile = np.bincount(tiles, weights=contribution, minlength=NATURAL_KINDS)
    waits = {int(t): float(by_tile[t]) / total for t in np.flatnonzero(by_tile > 0)}
    entry_weight = np.bincount(columns, weights=contribution, minlength=count)
    feasible = entry_weight > 0
    flexible = card.flexible[keep] > 0
    exposure_tiles = tuple(int(t) for t in np.unique(tiles[flexible & feasible[columns] & (places > 0)]))
    blocks = {}
    for tile in waits:
        on = np.flatnonzero(tiles == tile)
        entry = entries[int(columns[on[int(np.argmax(contribution[on]))]])]
        blocks[tile] = (entry, next((s for t, s in entry.blocks if t == tile), 0))
    chance = READY_CHANCE[(min(len(opponent.exposures), 4), wall_stage(wall))]
    open_at = np.flatnonzero(is_open)
    return Reading(
        opponent,
        _open_hands(open_at),
        _likeliest(open_at, entry_weight[open_at]),
        chance,
        waits,
        exposure_tiles,
        blocks,
    )


def open_columns(
    opponent: Opponent, reach: npt.NDArray[np.int16], *, rules: RuleSet | None = None
) -> npt.NDArray[np.bool_]:
    """The card's arrangements still open to `opponent`: their exposures are each one of its
    blocks, and the tiles that could still reach them (`reach`) fill its Pair and NEWS places,
    in the table's set (`rules`: under house rule 2, 4 flowers, and 4 jokers for the places
    beyond the copies of their tiles)."""
    rules = rules or DEFAULT_RULES
    # needs() counts the opponent's own exposed copies itself: leave them out of `visible`.
    visible = {
        t: rules.copies_in_set(t) - int(reach[t])
        for t in range(NATURAL_KINDS)
        if reach[t] < rules.copies_in_set(t)
    }
    for group in opponent.exposures:
        for tile in group:
            if tile != JOKER and visible.get(tile, 0) > 0:
                visible[tile] -= 1
    need = needs(
        Hand((), tuple(opponent.exposures)), visible={t: n for t, n in visible.items() if n > 0}, rules=rules
    )
    is_open: npt.NDArray[np.bool_] = need < IMPOSSIBLE
    return is_open


def open_targets(
    opponent: Opponent, *, available: npt.NDArray[np.int16], rules: RuleSet | None = None
) -> frozenset[Target]:
    """Every hand (category, set and pattern) still open to `opponent`, given the copies of each
    tile that could still reach them (`available`: the unseen ones and yours). Certain, as
    Reading.open_hands counts them; empty for a dead hand."""
    if opponent.dead:
        return frozenset()
    entries = card_matrix().entries
    columns = open_columns(opponent, available, rules=rules)
    return frozenset(entries[int(c)].target for c in np.flatnonzero(columns))


def _open_hands(columns: npt.NDArray[Any]) -> int:
    return int(np.unique(target_ids()[columns]).size)


def _likeliest(columns: npt.NDArray[Any], entry_weight: npt.NDArray[Any]) -> tuple[OpenHand, ...]:
    ids = target_ids()[columns]
    total = float(entry_weight.sum())
    if total <= 0:
        return ()
    sums = np.bincount(np.searchsorted(np.unique(ids), ids), weights=entry_weight)
    unique = np.unique(ids)
    order = np.argsort(-sums, kind="stable")[:HANDS_SHOWN]
    entries = card_matrix().entries
    out = []
    for index in order:
        if sums[index] <= 0:
            break
        members = np.flatnonzero(ids == unique[index])
        best = members[int(np.argmax(entry_weight[members]))]
        out.append(OpenHand(entries[int(columns[best])], float(sums[index]) / total))
    return tuple(out)


def block_words(entry: CardEntry, tile: int, size: int) -> str:
    """'a Pair of 1 Bam'; 'the North of its NEWS'."""
    if not size:
        return f"the {name(tile)} of its NEWS"
    label = block_label(code(tile), size)
    return f"{'an' if label[0] in 'AEIOU' else 'a'} {label}"


def is_pair_or_news(entry: CardEntry, tile: int) -> bool:
    return any((t == tile and s <= PAIR) or t == NEWS for t, s in entry.blocks)


__all__ = [
    "DISCARD_EVIDENCE",
    "READY_CHANCE",
    "OpenHand",
    "Opponent",
    "Reading",
    "Target",
    "block_words",
    "exposure_words",
    "open_columns",
    "open_targets",
    "plural",
    "read",
    "unseen_counts",
    "wall_stage",
]
