"""What a learner has been taught, and puzzles made within it.

A Scope is the set of rulebook lines (cfmj.engine.rulebook) a learner has been taught: a lesson's
steps say which lines each teaches, so what a learner knows at a step is every line of the
earlier lessons and of this lesson's steps so far. From those lines it knows which tiles a hand
may hold (winds come with the Winds category or the fillers, dragons and flowers with the
fillers or the dragon hands, jokers with the first joker rule), whether blocks of jokers alone,
exposures, doubling and payouts have been taught, which patterns, categories and bonuses, and
which reasons a hand may be refused for (a reason's label uses the words its rule teaches: "set",
"pattern", "woven", ...).

drills.generate(..., scope=) makes a puzzle that uses nothing outside it. The makers read the
scope being asked in (`current()`, set by `asked_within`) to draw only what fits (the card
entries, the jokers and exposures, the reasons and names offered); generate then keeps the first
puzzle whose hand `admits` passes and that its kind's definition says is within the scope
(DrillKind.within: the reasons, names, questions and answers it offers). Without a scope
nothing is read or drawn differently: drills are unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .. import reasons as R
from ..blocks import QUINT
from ..card import CardEntry
from ..categories import NUMBER_CATEGORIES, WINDS
from ..errors import InputError
from ..notation import Hand, parse_hand
from ..patterns import PATTERNS
from ..rulebook import RULE_LINES
from ..scoring import BONUS_KEYS
from ..tiles import FLOWER, JOKER, NEWS, is_dragon, is_wind

JOKER_LINES = ("2_1_quint_needs_a_joker", "2_1_jokers_never_in_pairs")
ALL_JOKER_BLOCKS = "2_1_all_joker_block"
PATTERN_WORD = "2_2_exactly_ten_patterns_order_free"
SET_WORDS = ("2_winning_hand_is_dragon_hand_or_category_set_pattern", "2_3_each_member_fills_one_block")
FILLERS = "2_4_fillers_fill_the_rest"
WEAVING = "2_3_no_woven_hands"
DRAGON_HAND_LINES = (
    "2_6_dragon_hands_fixed_value_no_bonuses",
    "2_6_dragons_love",
    "2_6_dragons_wings",
    "2_6_dragons_breath",
)
EXPOSURES = "2_5_calls_expose_pungs_kongs_quints"
DOUBLING = "3_value_formula"
PAYOUTS = "3_payout"
BASE_OPTION = "3_base_option"
CATEGORIES = (*NUMBER_CATEGORIES, WINDS)
SCOPE_TRIES = 200  # puzzles generate makes, at most, before it says the scope cannot hold one

# The rule lines a reason's label and message stand on: it is offered only once one is taught.
REASON_LINES: dict[str, tuple[str, ...]] = {
    R.EXPOSURE_NOT_BLOCK: ("2_5_exposure_is_one_block",),
    R.EXPOSURE_ILLEGAL: ("2_5_pair_or_news_exposed_only_by_winning_call",),
    R.EXPOSURE_GROWN: ("2_5_exposure_is_one_block",),
    R.EXPOSURE_UNUSED: ("2_5_exposure_is_one_block",),
    R.JOKER_IN_PAIR: ("2_1_jokers_never_in_pairs",),
    R.LONE_TILE: ("2_1_blocks_are_identical_tiles",),
    R.FLOWERS_PAIR_ONLY: ("2_4_flowers_one_pair",),
    R.ONE_FLOWER_BLOCK: ("2_4_flowers_one_pair",),
    R.ONE_BLOCK_PER_DRAGON: ("2_4_dragons_one_block_per_colour",),
    R.ONE_NEWS_BLOCK: ("2_4_one_news_block",),
    R.NEWS_NO_JOKERS: ("2_4_news_fills_a_kong_without_jokers",),
    R.TILE_IN_TWO_BLOCKS: ("2_3_each_member_fills_one_block",),
    R.ALL_JOKER_BLOCK: (ALL_JOKER_BLOCKS,),
    R.NUMBERS_AND_WINDS: ("2_3_winds",),
    R.NOT_A_SET: SET_WORDS,
    R.OUTSIDE_SET: ("2_4_no_other_filler",),
    R.NUMBER_REPEATED: ("2_3_each_member_fills_one_block",),
    R.LIKE_NUMBERS_SUITS: ("2_3_like_numbers",),
    R.WINDS_SET: ("2_3_winds",),
    R.NO_SET: SET_WORDS,
    R.WOVEN: (WEAVING,),
    R.NO_PATTERN: (PATTERN_WORD,),
    R.DRAGON_HAND_JOKERS: DRAGON_HAND_LINES,
    R.MINIMUM_HAND: ("4_3_minimum_hand",),
    R.SKILL_1: ("5_1_winds_two_pungs_two_kongs",),
    R.SKILL_2: ("5_2_run_without_fillers",),
    R.SKILL_3: ("5_3_dragons_concealed",),
    R.SKILL_4: ("5_4_suit_bonus",),
    R.SKILL_5: ("5_5_jokerless_self_drawn_or_dragon",),
}


@dataclass(frozen=True)
class Scope:
    """The rulebook lines a learner has been taught (ids of cfmj.engine.rulebook.RULE_LINES)."""

    lines: frozenset[str]

    @classmethod
    def of(cls, lines: Iterable[str]) -> Scope:
        """The scope of these rule lines (raises InputError for an unknown line)."""
        taught = frozenset(lines)
        unknown = sorted(taught - set(RULE_LINES))
        if unknown:
            raise InputError(f"{', '.join(unknown)}: not a rule line (see cfmj/engine/rulebook.py).")
        return cls(taught)

    def knows(self, *lines: str) -> bool:
        """Has any of these lines been taught?"""
        return any(line in self.lines for line in lines)

    # What the lines add up to.
    @property
    def jokers(self) -> bool:
        return self.knows(*JOKER_LINES)

    @property
    def all_joker_blocks(self) -> bool:
        return self.knows(ALL_JOKER_BLOCKS)

    @property
    def fillers(self) -> bool:
        return self.knows(FILLERS)

    @property
    def dragon_hands(self) -> bool:
        return self.knows(*DRAGON_HAND_LINES)

    @property
    def exposures(self) -> bool:
        return self.knows(EXPOSURES)

    @property
    def doubling(self) -> bool:
        return self.knows(DOUBLING)

    @property
    def payouts(self) -> bool:
        return self.knows(PAYOUTS)

    @property
    def sets(self) -> bool:
        """Has the word "set" (a category's members) been taught?"""
        return self.knows(*SET_WORDS)

    @property
    def table_rules(self) -> bool:
        """House rules or skill levels (RULES §4, §5)."""
        return any(line[:2] in ("4_", "5_") for line in self.lines)

    @property
    def categories(self) -> tuple[str, ...]:
        return tuple(c for c in CATEGORIES if f"2_3_{c}" in self.lines)

    @property
    def patterns(self) -> tuple[str, ...]:
        return tuple(p for p in PATTERNS if f"2_2_pattern_{p}" in self.lines)

    @property
    def bonuses(self) -> tuple[str, ...]:
        return tuple(b for b in BONUS_KEYS if f"3_{b}_bonus" in self.lines)

    def summary(self) -> list[str]:
        """What the learner knows, in a few words each, in course order (for the page to say)."""
        said = [
            ("the tiles", self.knows("1_tile_set")),
            ("blocks", self.knows("2_1_blocks_are_identical_tiles")),
            ("jokers", self.jokers),
            ("blocks of jokers alone", self.all_joker_blocks),
            (f"{_count(len(self.patterns), 'pattern')}", bool(self.patterns)),
            (f"{_count(len(self.categories), 'category', 'categories')} and sets", bool(self.categories)),
            ("fillers", self.fillers),
            ("weaving", self.knows(WEAVING)),
            ("dragon hands", self.dragon_hands),
            ("exposures", self.exposures),
            (f"{_count(len(self.bonuses), 'bonus', 'bonuses')}", bool(self.bonuses)),
            ("doubling", self.doubling),
            ("payouts", self.payouts),
            ("play at the table", any(line.startswith("6_") for line in self.lines)),
            ("house rules and skill levels", self.table_rules),
        ]
        return [words for words, known in said if known]

    def reason_ok(self, reason_id: str) -> bool:
        return self.knows(*REASON_LINES.get(reason_id, ("?",)))

    def tile_ok(self, tile: int) -> bool:
        """May a hand hold this tile (in a block of what has been taught)?"""
        if tile == JOKER:
            return self.jokers
        if tile == NEWS or is_wind(tile):
            return "2_3_winds" in self.lines or self.fillers
        if tile == FLOWER or is_dragon(tile):
            return self.fillers or self.dragon_hands
        return True  # a number tile

    def hand_ok(self, hand: Hand) -> bool:
        """Does the hand hold only taught tiles, exposed only once exposures are taught?"""
        if hand.exposures and not self.exposures:
            return False
        return all(self.tile_ok(tile) for tile in hand.tiles)

    @cached_property
    def _entry_flags(self) -> tuple[bool, bool, bool, bool]:
        return (self.dragon_hands, "2_3_winds" in self.lines, self.fillers, self.jokers)

    @cached_property
    def entry_key(self) -> str:
        """A short name for what entry_ok admits: it reads only four things, so the card entries
        filtered for one scope serve every scope that agrees on them (a filtering of the whole
        card costs about a second, and every lesson step is a scope of its own)."""
        return "".join("1" if flag else "0" for flag in self._entry_flags)

    def entry_ok(self, entry: CardEntry) -> bool:
        """May a puzzle start from this card entry (its category, fillers, Quints taught)?"""
        dragon_hands, winds, fillers, jokers = self._entry_flags
        if entry.pattern is None:
            return dragon_hands
        if entry.category == WINDS and not winds:
            return False
        if entry.set_blocks < len(entry.blocks) and not fillers:
            return False
        return jokers or not any(size == QUINT for _, size in entry.blocks)

    def joker_cap(self, size: int, low: int, high: int) -> int:
        """The most jokers a block of `size` (needing at least `low`) may be drawn with: none
        before jokers are taught, never all of it before blocks of jokers alone are."""
        if not self.jokers:
            return low
        return high if self.all_joker_blocks else max(low, min(high, size - 1))

    def admits(self, kind: str, question: Mapping[str, Any]) -> bool:
        """Does this puzzle show only what has been taught: its hand (a Quick rules hand is a
        group of tiles, not a hand), and no class's table or base before those are taught? (The
        kind's own `within` says whether what it asks is taught.)"""
        if isinstance(question.get("table"), Mapping) and not self.table_rules:  # a class's table
            return False
        if "base" in question and not self.knows(BASE_OPTION):
            return False
        hand_text = question.get("hand")
        return not isinstance(hand_text, str) or kind == "rules_quiz" or self.hand_ok(parse_hand(hand_text))


def _count(count: int, one: str, many: str = "") -> str:
    return f"{count} {one if count == 1 else (many or one + 's')}"


_CURRENT: ContextVar[Scope | None] = ContextVar("cfmj_drill_scope", default=None)


def current() -> Scope | None:
    """The scope a puzzle is being made in (None: no scope, a drill)."""
    return _CURRENT.get()


@contextmanager
def asked_within(scope: Scope | None) -> Iterator[None]:
    """Make puzzles within `scope` inside this block."""
    token = _CURRENT.set(scope)
    try:
        yield
    finally:
        _CURRENT.reset(token)
