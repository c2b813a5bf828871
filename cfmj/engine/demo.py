"""A short tour of the engine's command line (`make dev` runs it until the site exists)."""

from __future__ import annotations

import io
import json
import shlex

from .cli import main

EXAMPLES = [
    ("The rulebook's example, won on a discard", ["check", "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]"]),
    (
        "The same tiles, concealed and self-drawn",
        ["check", "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D RD RD RD", "--self-drawn"],
    ),
    ("A woven hand", ["check", "3C 3C 3C 4D 4D 4D 4D 5C 5C 5C 5C RD RD RD"]),
    ("A joker in a pair", ["check", "1C 1C 1C 2C 2C 2C 3C 3C 3C 4C 4C 4C 5C J"]),
    ("Dragon's Breath", ["check", "RD RD GD GD WD WD N N E E W W S S"]),
    ("A typing mistake", ["check", "5D 5D 5D 5D 5D 6C 6C 6C 7C 7C 7C 8C 8C F"]),
    ("How far from Mah Jongg?", ["distance", "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D RD RD"]),
    ("What to pass in the Charleston", ["charleston", "1C 2C 3C 3C 5D 5D 6D 8B N W RD F J"]),
]
SHOWN = (
    "valid",
    "category",
    "set",
    "pattern",
    "bonuses",
    "value",
    "payout",
    "reasons",
    "error",
    "tiles_needed",
    "pass",
    "why",
)


def run() -> None:
    for title, argv in EXAMPLES:
        out = io.StringIO()
        status = main(argv, stdout=out)
        answer = json.loads(out.getvalue())
        print(f"\n# {title}\n$ python -m cfmj {shlex.join(argv)}   (exit {status})")
        print(json.dumps({k: answer[k] for k in SHOWN if k in answer}, indent=2))
    print("\nMore: python -m cfmj check --help; python -m cfmj card")


if __name__ == "__main__":
    run()
