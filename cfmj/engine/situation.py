"""How a hand was won and what the table plays with: everything a verdict depends on but tiles."""

from __future__ import annotations

from typing import NamedTuple

from .ruleset import RuleSet


class Situation(NamedTuple):
    """(A named tuple: one is made for every hand checked, in a third of a dataclass's time.)"""

    rules: RuleSet
    self_drawn: bool
    jokerless: bool
    concealed: bool  # no exposures before the winning call (no brackets)
    exposure_sizes: tuple[int, ...] = ()  # tiles in each bracketed exposure, in hand order
