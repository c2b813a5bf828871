"""How a study ends: its report kept as JSON where asked, then a heading and its table printed."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from ..errors import InputError

Report = dict[str, Any]


def emit(report: dict[str, Any], *, json_path: str | None, heading: str, table: str) -> int:
    """Write `report` to `json_path` (if any), print the heading, a blank line and the table;
    the exit status of a study that ran (0)."""
    if json_path:
        with open(json_path, "w", encoding="utf-8") as out:
            json.dump(report, out, indent=2)
    print(f"{heading}\n")
    print(table)
    return 0


def conclude(
    run: Callable[[], Report],
    *,
    json_path: str | None,
    heading: Callable[[Report], str],
    table: Callable[[Report], str],
) -> int:
    """Run a study and emit its report; a request the study refuses (InputError) prints its
    message and exits 2, as the engine's command line does."""
    try:
        report = run()
    except InputError as error:
        print(error, file=sys.stderr)
        return 2
    return emit(report, json_path=json_path, heading=heading(report), table=table(report))
