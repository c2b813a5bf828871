"""The options a table plays with: house rules (RULES §4), skill level (§5), base value (§3).

Every reading RULES.md marks [D] that a table could reasonably want the other way is an
option here, with RULES.md's choice as the default.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .errors import InputError
from .numbers import option_number, shown_option
from .tiles import FLOWER, JOKER, MAX_COPIES, MAX_FLOWERS, MAX_JOKERS

SKIP_SECOND_CHARLESTON = 1
SET_OF_144 = 2
MINIMUM_HAND = 3
HOUSE_RULES = {
    SKIP_SECOND_CHARLESTON: "skip the second Charleston",
    SET_OF_144: "144-tile set (four flowers and four jokers removed)",
    MINIMUM_HAND: "minimum hand (a bonus, no jokers, self-drawn, or a dragon hand)",
}
STANDARD_BASE = 25  # §3; a table may count from 20 instead
BASES = (STANDARD_BASE, 20)
SKILL_LEVELS = range(0, 6)


@dataclass(frozen=True)
class RuleSet:
    house_rules: frozenset[int] = field(default_factory=frozenset)
    base: int = STANDARD_BASE
    skill_level: int = 0
    # [D] readings of RULES.md, as options.
    all_joker_blocks: bool = True  # §2.1: a Pung, Kong or Quint may be all jokers
    max_news_blocks: int = 1  # §2.4: at most one NEWS block
    dragon_hands_double: bool = False  # §3: no self-drawn/jokerless doubling for dragon hands
    skill_levels_bind_dragon_hands: bool = True  # §5: levels apply to dragon hands literally

    @classmethod
    def make(
        cls,
        *,
        house_rules: Iterable[int] | str | None = None,
        base: int | str | None = None,
        skill_level: int | str | None = None,
    ) -> RuleSet:
        """Build from user-supplied values, refusing anything out of range with a clear message."""
        return cls(
            house_rules=parse_house_rules(house_rules),
            base=_parse_base(base),
            skill_level=_parse_skill_level(skill_level),
        )

    @property
    def max_jokers(self) -> int:
        return MAX_JOKERS // 2 if SET_OF_144 in self.house_rules else MAX_JOKERS

    @property
    def max_flowers(self) -> int:
        return MAX_FLOWERS // 2 if SET_OF_144 in self.house_rules else MAX_FLOWERS

    def copies_in_set(self, tile: int) -> int:
        """How many of this tile kind the table's set holds: 4 of a natural tile, and
        `max_flowers` flowers, `max_jokers` jokers (8 each; 4 each under house rule 2)."""
        return self.max_jokers if tile == JOKER else self.max_flowers if tile == FLOWER else MAX_COPIES

    @property
    def minimum_hand(self) -> bool:
        return MINIMUM_HAND in self.house_rules

    @property
    def skip_second_charleston(self) -> bool:
        return SKIP_SECOND_CHARLESTON in self.house_rules


def parse_house_rules(value: Iterable[int] | str | None) -> frozenset[int]:
    if value is None:
        return frozenset()
    items: list[object]
    if isinstance(value, str):
        items = [part.strip() for part in value.replace(" ", ",").split(",") if part.strip()]
    else:
        try:
            items = list(value)
        except TypeError:
            raise InputError("House rules are a list of numbers, such as 1,3.") from None
    rules = set()
    for item in items:
        number = option_number(item)
        if number is None or number not in HOUSE_RULES:
            raise InputError(
                f"'{shown_option(item)}' is not a house rule: choose from 1 (skip the second "
                "Charleston), 2 (144-tile set) and 3 (minimum hand)."
            )
        rules.add(number)
    return frozenset(rules)


def _parse_base(value: int | str | None) -> int:
    if value is None:
        return STANDARD_BASE
    number = option_number(value)
    if number is None or number not in BASES:
        raise InputError(f"The base value can be 25 (standard) or 20, not '{shown_option(value)}'.")
    return number


def _parse_skill_level(value: int | str | None) -> int:
    if value is None:
        return 0
    number = option_number(value)
    if number is None or number not in SKILL_LEVELS:
        raise InputError(f"The skill level runs from 0 to 5, not '{shown_option(value)}'.")
    return number
