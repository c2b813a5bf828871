"""Your own discards for the safe-discard library's entries stored without them (every entry kept
before the question showed them): worked out from the stored table alone, then written in.

A stored table keeps every discard still on the table in time order ("seen") and each opponent's
own, oldest first; yours are the rest. Which copies are yours where an opponent threw the same
tile decides their order, and the turn settles it: East discards first, each discard is followed
by the next seat's unless it is called, and every exposure was one call (the caller discarding
next). Each of the 344 stored tables admits exactly one order of your discards; an entry that
admits none or several is left without and reported (the script exits 1).

The bots have changed since the library was searched, so its positions cannot be played again;
this reads only what was stored (as safe_library --refresh does). A library searched anew keeps
your discards itself (positions.TablePosition.shown).

    .venv/bin/python bench/safe_library_yours.py [--check]
"""

from __future__ import annotations

import argparse
import json
import sys
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cfmj.engine.drills.positions import SeatShown, TableShown
from cfmj.engine.drills.safe_library import PATH, SafeEntry
from cfmj.engine.game.tileset import SEATS, WIND_NAMES
from cfmj.engine.notation import parse_hand
from cfmj.engine.tiles import codes

Calls = tuple[int, ...]  # calls made so far, by seat (0 East ... 3 North)


def your_discards(table: TableShown) -> set[tuple[str, ...]]:
    """Every order of your discards (oldest first) that fits the table and the turn."""
    seen = table["seen"].split()
    you = WIND_NAMES.index(table["seat"])
    others = [(WIND_NAMES.index(o["seat"]), o["discards"]) for o in table["opponents"]]
    exposed = [0] * SEATS
    for seat, opponent in zip(others, table["opponents"], strict=True):
        exposed[seat[0]] = len(opponent["exposures"])
    exposed[you] = len(parse_hand(table["hand"]).exposures)
    every_call = tuple(exposed)

    def reach(due: int, to: int, calls: Calls) -> set[Calls]:
        """The calls made when `due` is to discard and `to` is next to leave a discard that stays:
        none where due is to, or due's discard called by another seat, that seat's by another..."""
        out = {calls} if due == to else set()
        for caller in range(SEATS):
            if caller != due and calls[caller] < exposed[caller]:
                more = list(calls)
                more[caller] += 1
                out |= reach(caller, to, tuple(more))
        return out

    @cache
    def rest(place: int, taken: tuple[int, ...], due: int, calls: Calls) -> frozenset[tuple[str, ...]]:
        if place == len(seen):  # you are to discard now, every exposure called
            done = all(n == len(d) for n, (_, d) in zip(taken, others, strict=True))
            return frozenset({()}) if done and every_call in reach(due, you, calls) else frozenset()
        tile = seen[place]
        out: set[tuple[str, ...]] = set()
        for index, (seat, discards) in enumerate(others):
            if taken[index] < len(discards) and discards[taken[index]] == tile:
                after = tuple(n + (i == index) for i, n in enumerate(taken))
                for now in reach(due, seat, calls):
                    out |= rest(place + 1, after, (seat + 1) % SEATS, now)
        for now in reach(due, you, calls):
            out |= {(tile, *later) for later in rest(place + 1, taken, (you + 1) % SEATS, now)}
        return frozenset(out)

    return set(rest(0, (0,) * len(others), 0, (0,) * SEATS))


def yours(table: TableShown) -> SeatShown | None:
    """Your seat, exposures and discards (None: not exactly one order of your discards fits)."""
    found = your_discards(table)
    if len(found) != 1:
        return None
    return {
        "seat": table["seat"],
        "exposures": [codes(group) for group in parse_hand(table["hand"]).exposures],
        "discards": list(found.pop()),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Fill in your own discards in the safe-discard library.")
    parser.add_argument(
        "--check", action="store_true", help="only check: every stored order is the one that fits"
    )
    args = parser.parse_args(argv)
    entries: list[SafeEntry] = json.loads(PATH.read_text(encoding="utf-8"))
    failed = 0
    for entry in entries:
        table = entry["table"]
        found = yours(table)
        if found is None:
            failed += 1
            print(f"seed {entry['seed']} position {entry['number']}: no single order", file=sys.stderr)
            continue
        if args.check:
            failed += table.get("yours") != found
            continue
        entry["table"] = {  # in the order positions.TablePosition.shown() gives
            "seat": table["seat"],
            "hand": table["hand"],
            "opponents": table["opponents"],
            "yours": found,
            "wall": table["wall"],
            "seen": table["seen"],
        }
    if not args.check:
        lines = ",\n".join(json.dumps(e, separators=(",", ":")) for e in entries)
        PATH.write_text(f"[\n{lines}\n]\n", encoding="utf-8")
    print(f"{len(entries) - failed} of {len(entries)} entries {'agree' if args.check else 'filled in'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
