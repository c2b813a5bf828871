"""The positions of the drill "Is this discard safe?": tables from real play (positions.py) where one
tile of the discarder's hand has a clear answer, found ahead of time and kept in
safe_discard_positions.json.

Why a library: in bot play the engine's danger (danger.py, every opponent read, unexposed ones
too) is rarely clear. Of 1,305 positions with an exposed opponent (100 seeded hands, measured
2026-11-25), no tile reached a danger of 0.25, 19 positions (6 hands) reached 0.10, and 21 (9
hands) had a tile other than a joker that no hand open to any opponent uses. Finding one such
position costs from seconds to minutes of bot play, so a puzzle cannot be searched for as it is
asked; the library is searched once (about 1.5-4 s a hand; the stored one: 1,000 hands, 344
entries, 70 jokers, 140 other safe tiles, 134 dangerous tiles):

    .venv/bin/python -m cfmj.engine.drills.safe_library --hands 1000 --workers 2

Checked against the real hands kept: no safe tile completes an opponent's hand; 27 of the 134
dangerous tiles did (the engine's dangers add up to 19.3), against 68 of the 1,061 other tiles of
the same hands.

Each entry keeps the table as the question shows it (your own discards too: a tile is often safe
only because its last copies are in view, yours among them), every opponent's real hand (to check
the answers against what they held: tests do), the named tile, and the engine's danger, why and
readings of it. The stored entries were searched before the table kept your discards; they were
filled in from the stored table (bench/safe_library_yours.py: exactly one order fits each). The
drill's make() only picks an entry; a test reads a sample again with the engine to keep the
library in step with danger.py, and another reads every answer again from the question alone.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from pathlib import Path
from random import Random
from typing import TypedDict

from ..danger import DangerResult, danger
from ..game.table_reading import danger_in_view
from ..game.tileset import SEATS, to_the
from ..reading import Opponent
from ..tiles import JOKER, code, parse_tile
from .positions import SeatShown, TablePosition, TableShown, hand_positions

PATH = Path(__file__).with_name("safe_discard_positions.json")
DANGEROUS = 0.10  # a tile at least this likely to be called for Mah Jongg is "dangerous"
PER_HAND = {"joker": 1, "safe": 2, "dangerous": 3}  # entries kept from one hand, at most, by sort
APART = 6  # discards between two entries of one sort from one hand
SEEDS = 10**9


class SafeEntry(TypedDict):
    seed: int  # the hand (positions.hand_positions) ...
    number: int  # ... and its position: the number-th time a player holding 14 tiles discards
    sort: str  # "joker" (a joker: dead, safe), "safe" (no open hand uses it), "dangerous"
    table: TableShown
    dead: list[bool]  # each opponent's hand declared dead, in turn order after you
    hands: list[str]  # each opponent's real hand at that moment, in turn order after you
    tile: str  # the tile asked about
    danger: float  # the engine's danger of discarding it (danger_in_view, unexposed=True)
    why: str  # the engine's why
    by: str | None  # the opponent most likely to call it
    summaries: list[str]  # each opponent's reading, in turn order after you
    open_hands: list[int]  # hands still open to each opponent


def _entry(position: TablePosition, number: int, sort: str, tile: int, result: DangerResult) -> SafeEntry:
    view = position.view
    seats = [to_the(view.seat, offset) for offset in range(1, SEATS)]
    discard = result.of(tile)
    return {
        "seed": position.seed,
        "number": number,
        "sort": sort,
        "table": position.shown(),
        "dead": [bool(view.dead[s]) for s in seats],
        "hands": [str(position.hands[s]) for s in seats],
        "tile": code(tile),
        "danger": round(discard.danger, 4),
        "why": discard.why,
        "by": discard.by,
        "summaries": [r.summary() for r in result.readings],
        "open_hands": [r.open_hands for r in result.readings],
    }


def _all_exposed(table: TableShown) -> bool:
    """Every opponent has exposed a block: only then can a tile other than a joker be certainly
    safe (an opponent who has exposed nothing may be making any hand)."""
    return all(seat["exposures"] for seat in table["opponents"])


def scan(seed: int) -> list[SafeEntry]:
    """The entries one seeded hand gives: at most PER_HAND of each sort, APART discards apart."""
    found: list[SafeEntry] = []
    last: dict[str, int] = {}
    for number, position in enumerate(hand_positions(seed), start=1):
        view = position.view
        table = position.shown()
        if not any(seat["exposures"] for seat in table["opponents"]):
            continue
        wanted = [s for s in PER_HAND if sum(e["sort"] == s for e in found) < PER_HAND[s]]
        wanted = [s for s in wanted if number - last.get(s, -APART) >= APART]
        if not wanted:
            continue
        quick = danger_in_view(view)  # the exposed opponents only: a lower bound of each danger
        picks: dict[str, int] = {}
        if "dangerous" in wanted and quick.discards[0].danger >= DANGEROUS:
            picks["dangerous"] = quick.discards[0].tile
        if "safe" in wanted and _all_exposed(table):
            zero = [d.tile for d in quick.discards if d.danger == 0 and d.tile != JOKER]
            if zero:
                picks["safe"] = Random(f"{seed}/{number}").choice(zero)
        if "joker" in wanted and JOKER in view.concealed:
            picks["joker"] = JOKER
        if not picks:
            continue
        full = danger_in_view(view, unexposed=True)
        for sort, tile in picks.items():
            entry = _entry(position, number, sort, tile, full)
            if (entry["danger"] == 0) == (sort != "dangerous"):
                found.append(entry)
                last[sort] = number
    return found


def refreshed(entry: SafeEntry) -> SafeEntry | None:
    """The entry's table read again by the engine as it is now (after a change to the danger
    model), from what the entry keeps: the bots that played its hand may play otherwise since, so
    its hand is not played again. None where its tile no longer is what its sort says."""
    table = entry["table"]
    opponents = [
        Opponent(
            seat["seat"],
            tuple(tuple(parse_tile(t) for t in group.split()) for group in seat["exposures"]),
            tuple(parse_tile(t) for t in seat["discards"]),
            dead,
        )
        for seat, dead in zip(opponents_shown(entry), entry["dead"], strict=True)
    ]
    result = danger(table["hand"], opponents, seen=table["seen"], wall=table["wall"], unexposed=True)
    discard = result.of(parse_tile(entry["tile"]))
    again: SafeEntry = {
        **entry,
        "danger": round(discard.danger, 4),
        "why": discard.why,
        "by": discard.by,
        "summaries": [r.summary() for r in result.readings],
        "open_hands": [r.open_hands for r in result.readings],
    }
    fits = again["danger"] >= DANGEROUS if again["sort"] == "dangerous" else again["danger"] == 0
    return again if fits else None


@cache
def library() -> tuple[SafeEntry, ...]:
    """The stored entries, in the order they were found."""
    entries: list[SafeEntry] = json.loads(PATH.read_text(encoding="utf-8"))
    return tuple(entries)


def opponents_shown(entry: SafeEntry) -> list[SeatShown]:
    return entry["table"]["opponents"]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Find the positions of the safe-discard drill.")
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=PATH)
    parser.add_argument(
        "--refresh", action="store_true", help="read the stored positions again (the danger model changed)"
    )
    args = parser.parse_args(argv)
    if args.refresh:
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            again = [e for e in pool.map(refreshed, library()) if e is not None]
        _write(args.out, again)
        print(f"{len(again)} of {len(library())} entries kept", file=sys.stderr)
        return
    rng = Random(f"cfmj-drills/safe_library/{args.seed}")
    seeds = [rng.randrange(SEEDS) for _ in range(args.hands)]
    entries: list[SafeEntry] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for number, found in enumerate(pool.map(scan, seeds), start=1):
            entries += found
            if number % 10 == 0 or number == len(seeds):  # kept as it goes: a long search may be stopped
                _write(args.out, entries)
                counts = {sort: sum(e["sort"] == sort for e in _kept(entries)) for sort in PER_HAND}
                print(f"{number} hands: {counts}", file=sys.stderr, flush=True)


def _kept(entries: list[SafeEntry]) -> list[SafeEntry]:
    """The entries kept: a joker is in every other hand, so no more of them than half the other
    safe tiles (a joker is the easiest "safe")."""
    most = sum(e["sort"] == "safe" for e in entries) // 2
    jokers = {i for i, e in enumerate(entries) if e["sort"] == "joker"}
    dropped = set(sorted(jokers)[most:])
    return [e for i, e in enumerate(entries) if i not in dropped]


def _write(path: Path, entries: list[SafeEntry]) -> None:
    lines = ",\n".join(json.dumps(e, separators=(",", ":")) for e in _kept(entries))
    path.write_text(f"[\n{lines}\n]\n", encoding="utf-8")


if __name__ == "__main__":
    main()
