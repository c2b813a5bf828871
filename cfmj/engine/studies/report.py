"""How a study ends: its report kept as JSON where asked, then a heading and its table printed."""

from __future__ import annotations

import json
from typing import Any


def emit(report: dict[str, Any], *, json_path: str | None, heading: str, table: str) -> int:
    """Write `report` to `json_path` (if any), print the heading, a blank line and the table;
    the exit status of a study that ran (0)."""
    if json_path:
        with open(json_path, "w", encoding="utf-8") as out:
            json.dump(report, out, indent=2)
    print(f"{heading}\n")
    print(table)
    return 0
