"""The table a stored puzzle was made under, as a short stable key (Puzzle.table, PuzzleBatch.table).

"" is the standard rules (what normal practice serves). Otherwise "h" and the house rules that bear
on a hand, then "-l" and the skill level, each left out when it is standard: "h3", "l2", "h23-l5".
House rule 1 (skip the second Charleston) changes no hand (the engine's hand_table drops it), so
a class playing only it plays the standard puzzles. The base (RULES §3) is kept by the engine,
but a class has no base to choose yet.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from cfmj.engine.drills import TABLE_KINDS
from cfmj.engine.drills.table import hand_table
from cfmj.engine.errors import InputError
from cfmj.engine.ruleset import RuleSet

STANDARD = ""
# A lesson step's check (or quiz question) that a learner missed, kept so that it comes back for
# review (lessons.services): made under the standard rules, but in no pool (drills never serve it
# as a new puzzle). Not a table key: table_of() is never asked about it.
LESSON = "lesson"
# A puzzle made within a learner's scope (practice.making.scoped_puzzles_make, and a daily set of a
# place in the course): made under the standard rules, and served only to learners whose practice
# keeps within what their lessons have taught (practice.reach). In no pool, so the refill neither
# counts nor makes them. Not a table key either.
SCOPED = "scoped"
KEY = re.compile(r"^(?:h(?P<rules>[0-9]+))?-?(?:l(?P<level>[0-9]))?$")


def table_key(house_rules: Iterable[int], skill_level: int) -> str:
    """The key of a table; the same table always gives the same key (the order of rules aside)."""
    hand_rules = hand_table(RuleSet.make(house_rules=list(house_rules), skill_level=skill_level))
    rules = sorted(hand_rules.house_rules)
    parts = []
    if rules:
        parts.append("h" + "".join(str(rule) for rule in rules))
    if skill_level:
        parts.append(f"l{skill_level}")
    return "-".join(parts)


def puzzle_table(kind: str, key: str) -> str:
    """The table a puzzle of this kind is stored under: the other kinds ignore the table (their
    puzzles are the standard ones, drills.IGNORES_TABLE), so they keep the standard key."""
    return key if kind in TABLE_KINDS else STANDARD


def table_of(key: str) -> RuleSet | None:
    """The RuleSet a key stands for; None for the standard rules. Raises ValueError for a key
    table_key() never makes."""
    if key == STANDARD:
        return None
    found = KEY.match(key)
    if found is None:
        raise ValueError(f"{key!r} is not a table key")
    try:
        rules = RuleSet.make(
            house_rules=[int(ch) for ch in found["rules"] or ""], skill_level=int(found["level"] or 0)
        )
    except InputError:  # a rule or level out of range: no table has that key
        raise ValueError(f"{key!r} is not a table key") from None
    if table_key(rules.house_rules, rules.skill_level) != key:
        raise ValueError(f"{key!r} is not a table key")
    return rules
