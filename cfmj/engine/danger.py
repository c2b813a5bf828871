"""Danger: for each tile you could discard, the chance that some opponent calls it for Mah Jongg.

The model is reading.py's: each opponent is ready (one tile from Mah Jongg) with the measured
chance for their exposures and the wall (READY_CHANCE), and if ready, waits on each tile in
proportion to the ready states the unseen tiles allow. A tile's danger is the chance that at least
one opponent is ready and waiting on it: 1 - the product over opponents of (1 - ready * wait).
A discard can only be called as it is thrown, so this is the whole risk of that discard. Certain:
a joker's danger is 0 (a discarded joker is dead), and so is a tile no hand still open to any
opponent uses; a tile that the only hand open to a ready opponent needs is as dangerous as that
opponent is likely to be ready.

    >>> result = danger("1B 2C 3C 4C 5C 6C 7C 8C 9C 1D 2D 3D 4D 5D",
    ...                 ["", "[RD RD RD RD] [GD GD GD GD] [WD WD WD WD]", ""], seen="1B")
    >>> result.discards[0].tile == parse_tile("1B"), result.discards[0].danger > 0.5
    (True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .advice_words import entry_name
from .blocks import PAIR, block_name
from .errors import InputError
from .exposures import exposure_block
from .notation import Hand, parse_hand, read_hand
from .reading import Opponent, Reading, block_words, read, unseen_counts
from .reasons import Reason
from .ruleset import RuleSet
from .tiles import JOKER, NEWS, code, codes, name, parse_tile

SEAT_WORDS = ("Right", "Across", "Left")  # the opponents, in seat order after you
HAND_SIZES = (14,)
MAX_SEEN = 152


@dataclass(frozen=True)
class DiscardDanger:
    tile: int
    danger: float
    why: str
    by: str | None  # the opponent most likely to call it (None where nobody can)

    def as_dict(self) -> dict[str, Any]:
        return {"tile": code(self.tile), "danger": round(self.danger, 2), "why": self.why}


@dataclass(frozen=True)
class DangerResult:
    hand: Hand
    discards: tuple[DiscardDanger, ...]  # most dangerous first
    readings: tuple[Reading, ...]
    unseen: Mapping[int, int]  # copies of each kind not in view: what could still come

    def of(self, tile: int) -> DiscardDanger:
        return next(d for d in self.discards if d.tile == tile)

    def safest(self) -> DiscardDanger:
        return min(self.discards, key=lambda d: (d.danger, d.tile == JOKER))

    def as_dict(self) -> dict[str, Any]:
        return {
            "discards": [d.as_dict() for d in self.discards],
            "opponents": [r.as_dict() for r in self.readings],
            "hand": str(self.hand),
        }


def danger(
    hand: str | Hand,
    opponents: Sequence[str | Opponent],
    *,
    seen: str | Sequence[int] = "",
    wall: int | None = None,
    rules: RuleSet | None = None,
    unexposed: bool = True,
) -> DangerResult:
    """How dangerous each of your 14 tiles is to discard. `opponents`: each opponent's exposures
    in bracket notation ("" for none), or an Opponent, in seat order after you; `seen`: the
    discards and any other tile visible to you outside the exposures. `unexposed=False` reads only
    the opponents who have exposed a block (the coach and the bots: reading a concealed hand is
    the whole card's work, and its danger is small, READY_CHANCE for no exposure times a wait
    spread over many tiles)."""
    rules = rules or RuleSet()
    hand = read_hand(hand, sizes=HAND_SIZES, rules=rules, question="danger")
    if not 1 <= len(opponents) <= 3:
        raise InputError("Name one to three opponents (one --opponent each, in seat order after you).")
    table = tuple(_opponent(o, SEAT_WORDS[i]) for i, o in enumerate(opponents))
    shown = _seen(seen)
    if wall is not None and not 0 <= wall <= MAX_SEEN:
        raise InputError(f"The wall holds 0 to {MAX_SEEN} tiles, not {wall}.")
    exposed = [t for o in table for group in o.exposures for t in group]
    unseen = unseen_counts(hand.tiles, [*exposed, *shown], rules=rules)
    available = unseen.copy()
    for tile in hand.concealed:
        available[tile] += 1
    readings = tuple(
        read(o, unseen=unseen, available=available, wall=wall, rules=rules)
        if unexposed or o.exposures
        else Reading(o, 0, (), 0.0)
        for o in table
    )
    discards = [_discard_danger(tile, readings) for tile in sorted(set(hand.concealed))]
    discards.sort(key=lambda d: (-d.danger, d.tile))
    left = {tile: int(count) for tile, count in enumerate(unseen) if count > 0}
    return DangerResult(hand, tuple(discards), readings, left)


def _opponent(given: str | Opponent, seat: str) -> Opponent:
    if isinstance(given, Opponent):
        return given
    if not isinstance(given, str):
        raise InputError('An opponent is their exposures as text, such as "[RD RD RD RD]", or "".')
    text = given.strip()
    if not text:
        return Opponent(seat)
    parsed = parse_hand(text)
    if parsed.concealed:
        raise InputError(
            f'Give only {seat.lower()}\'s exposures, each in brackets, such as "[RD RD RD RD]": '
            f"{code(parsed.concealed[0])} is outside brackets."
        )
    for index, group in enumerate(parsed.exposures):
        block = exposure_block(index, group)
        if isinstance(block, Reason):
            raise InputError(f"{seat}'s exposures: {block.message}")
        if block.size <= PAIR or block.tile == NEWS:
            raise InputError(
                f"{seat}'s exposures: [{codes(group)}] cannot be exposed before Mah Jongg: an "
                "exposure is a Pung, Kong or Quint (a Pair or NEWS is shown only with the winning call)."
            )
    return Opponent(seat, parsed.exposures)


def _seen(seen: str | Sequence[int]) -> list[int]:
    if isinstance(seen, str):
        tiles = [parse_tile(token) for token in seen.replace(",", " ").split()]
    else:
        tiles = list(seen)
    if len(tiles) > MAX_SEEN:
        raise InputError(f"At most {MAX_SEEN} tiles can be seen on the table, not {len(tiles)}.")
    return tiles


def _discard_danger(tile: int, readings: Sequence[Reading]) -> DiscardDanger:
    if tile == JOKER:
        return DiscardDanger(tile, 0.0, "A discarded joker is dead: nobody can call it.", None)
    safe = 1.0
    worst: Reading | None = None
    for reading in readings:
        risk = reading.danger(tile)
        safe *= 1.0 - risk
        if risk > 0 and (worst is None or risk > worst.danger(tile)):
            worst = reading
    risk = 1.0 - safe
    if worst is None:
        users = [r for r in readings if tile in r.waits]
        if users:  # an open hand uses it, but no opponent can be ready now
            return DiscardDanger(
                tile, 0.0, f"Nobody can be one tile from Mah Jongg yet: {name(tile)} is safe now.", None
            )
        if any(r.open_hands and not r.waits for r in readings):  # open hands, maybe using it, none ready
            return DiscardDanger(
                tile, 0.0, f"Nobody can be waiting on {name(tile)} for Mah Jongg yet: it is safe now.", None
            )
        return DiscardDanger(
            tile, 0.0, f"No hand still open to an opponent needs {name(tile)}: it is safe.", None
        )
    return DiscardDanger(tile, risk, _why(tile, worst), worst.opponent.name)


def _for_block(size: int) -> str:
    """The block a needed tile fills, its tile already named: 'a Pair', 'its NEWS'."""
    return f"a {block_name(size)}" if size else "its NEWS"


def _why(tile: int, reading: Reading) -> str:
    """'West's three dragon Kongs leave only Dragon's Wings open, and it needs 1 Bam for a Pair.'
    A tile the opponent already shows is needed again: 'and it needs another Flower'."""
    entry, size = reading.block_of[tile]
    block = block_words(entry, tile, size)
    who = reading.opponent.name
    if not reading.opponent.exposures:
        return (
            f"{who} has exposed nothing, so any hand may be waiting on {name(tile)}; "
            f"{reading.ready_chance:.0%} of such hands are one tile away at this stage."
        )
    if reading.open_hands == 1:
        shown = any(tile in exposure for exposure in reading.opponent.exposures)
        needs = f"another {name(tile)}" if shown else f"{name(tile)} for {_for_block(size)}"
        left = f"{reading.leave()} only {entry_name(entry)} open"
        return f"{who}'s {reading.exposed_words()} {left}, and it needs {needs}."
    return (
        f"{who}'s {reading.exposed_words()} {reading.leave()} {reading.open_hands} hands open; "
        f"{entry_name(entry)} would use {name(tile)} in {block}."
    )


__all__ = ["SEAT_WORDS", "DangerResult", "DiscardDanger", "danger"]
