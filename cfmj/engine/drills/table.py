"""The table a puzzle is asked under: a class's house rules (RULES §4), skill level (§5) and base (§3).

A question asked under anything but the standard rules records it as "table" (house rules, skill
level, whether a block of jokers alone is allowed) and, for a base other than 25, as "base";
table_rules() reads both back. Only the options that change whether a hand wins, or what it is
worth, count: house rule 1 (skip the second Charleston) changes neither, so it is left out.
"""

from __future__ import annotations

from dataclasses import replace
from random import Random

from ..card import CardEntry
from ..ruleset import HOUSE_RULES, SKIP_SECOND_CHARLESTON, RuleSet
from ..tiles import is_number
from .hands import pick_entry, pick_where, suit_bonus_possible
from .shapes import TableEntry, TableQuestion

SUIT_BONUS_LEVEL = 4  # from this skill level a hand with number tiles must earn the suit bonus
# RULES §5, one line per level (levels are cumulative: level N plays levels 1..N).
SKILL_WORDS = {
    1: "a Winds hand may use only Two Pungs and Two Kongs",
    2: "a Consecutive Run hand has no flowers, dragons or winds",
    3: "a hand with a dragon block must be concealed",
    4: "a hand with number tiles must earn the suit bonus",
    5: "a hand must be jokerless, self-drawn or a dragon hand",
}
HOUSE_RULE_WORDS = {
    2: "a 144-tile set (four flowers and four jokers removed)",
    3: "a minimum hand (it wins only with a bonus, no jokers, self-drawn, or as a dragon hand)",
}


def hand_table(table: RuleSet | None) -> RuleSet:
    """The options of `table` that bear on a hand (the standard rules for None)."""
    if table is None:
        return RuleSet()
    return replace(table, house_rules=table.house_rules - {SKIP_SECOND_CHARLESTON})


def table_entry(rules: RuleSet) -> TableEntry:
    """The "table" a question records (JSON: a sorted list, not a set)."""
    return {
        "house_rules": sorted(rules.house_rules),
        "skill_level": rules.skill_level,
        "all_joker_blocks": rules.all_joker_blocks,
    }


def table_rules(question: TableQuestion) -> RuleSet:
    """The rules a question was asked under: the standard rules unless it names a table or a base."""
    table = question.get("table")
    base = question.get("base", RuleSet().base)
    if not table:
        return RuleSet(base=base)
    return RuleSet(
        house_rules=frozenset(table["house_rules"]),
        skill_level=table["skill_level"],
        all_joker_blocks=table["all_joker_blocks"],
        base=base,
    )


def class_words(rules: RuleSet) -> str:
    """A class's table in plain words, for the prompt (only what differs from the standard rules)."""
    words = [
        f"Your class plays house rule {number}: {HOUSE_RULE_WORDS.get(number, HOUSE_RULES[number])}."
        for number in sorted(rules.house_rules)
    ]
    if rules.skill_level:
        levels = [SKILL_WORDS[level] for level in range(1, rules.skill_level + 1)]
        listed = levels[0] if len(levels) == 1 else "; ".join(levels[:-1]) + "; and " + levels[-1]
        words.append(f"Your class plays skill level {rules.skill_level}: {listed}.")
    if rules.base != RuleSet().base:
        words.append(f"Every hand counts from a base of {rules.base}, not {RuleSet().base}.")
    if not rules.all_joker_blocks:
        words.append("This table does not allow a block of jokers alone.")
    return " ".join(words)


def _suit_bonus_ready(entry: CardEntry) -> bool:
    return suit_bonus_possible(entry) or not any(is_number(t) for t, _ in entry.blocks)


def pick_for(rng: Random, band: int, rules: RuleSet) -> CardEntry:
    """A card entry for the band; from skill level 4, only entries that can win there at all
    (most number hands never earn the suit bonus, and rejection sampling would rarely find one)."""
    if rules.skill_level < SUIT_BONUS_LEVEL:
        return pick_entry(rng, band)
    return pick_where(rng, band, "table/suit_bonus", _suit_bonus_ready)
