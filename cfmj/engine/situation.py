"""How a hand was won and what the table plays with: everything a verdict depends on but tiles."""

from __future__ import annotations

from dataclasses import dataclass

from .ruleset import RuleSet


@dataclass(frozen=True)
class Situation:
    rules: RuleSet
    self_drawn: bool
    jokerless: bool
    concealed: bool  # no exposures before the winning call (no brackets)
    exposure_sizes: tuple[int, ...] = ()  # tiles in each bracketed exposure, in hand order
