"""Named reasons why a hand is not a winning hand.

Each reason has an id (stable, for tests and for the site to link lessons), a message in plain
words, and the RULES.md section it comes from. RANK orders reasons from the most useful to a
learner (the hand cannot even be split into blocks) to the most situational (skill levels).
"""

from __future__ import annotations

from dataclasses import dataclass

EXPOSURE_NOT_BLOCK = "exposure_not_block"
EXPOSURE_ILLEGAL = "exposure_illegal"
EXPOSURE_GROWN = "exposure_grown"
EXPOSURE_UNUSED = "exposure_unused"
JOKER_IN_PAIR = "joker_in_pair"
LONE_TILE = "lone_tile"
FLOWERS_PAIR_ONLY = "flowers_pair_only"
ONE_FLOWER_BLOCK = "one_flower_block"
ONE_BLOCK_PER_DRAGON = "one_block_per_dragon"
ONE_NEWS_BLOCK = "one_news_block"
NEWS_NO_JOKERS = "news_no_jokers"
TILE_IN_TWO_BLOCKS = "tile_in_two_blocks"
ALL_JOKER_BLOCK = "all_joker_block"
NUMBERS_AND_WINDS = "numbers_and_winds"
NOT_A_SET = "not_a_set"
OUTSIDE_SET = "outside_set"
NUMBER_REPEATED = "number_repeated"
LIKE_NUMBERS_SUITS = "like_numbers_suits"
WINDS_SET = "winds_set"
NO_SET = "no_set"
WOVEN = "woven"
NO_PATTERN = "no_pattern"
DRAGON_HAND_JOKERS = "dragon_hand_jokers"
MINIMUM_HAND = "minimum_hand"
SKILL_1 = "skill_1_winds_pattern"
SKILL_2 = "skill_2_run_fillers"
SKILL_3 = "skill_3_dragons_concealed"
SKILL_4 = "skill_4_suit_bonus"
SKILL_5 = "skill_5_jokerless_or_self_drawn"

# id -> (RULES.md section, a short title a lesson or a drill can show)
CATALOGUE: dict[str, tuple[str, str]] = {
    EXPOSURE_NOT_BLOCK: ("2.5", "An exposure must be one block"),
    EXPOSURE_ILLEGAL: ("2.5", "Pairs, flower pairs and NEWS are not exposed before Mah Jongg"),
    EXPOSURE_GROWN: ("2.5", "An exposed block never changes"),
    EXPOSURE_UNUSED: ("2.5", "Every exposure must be a block of the hand"),
    JOKER_IN_PAIR: ("2.1", "No jokers in a Pair"),
    LONE_TILE: ("2.1", "Every tile belongs to a block"),
    FLOWERS_PAIR_ONLY: ("2.4", "Flowers make a Pair only"),
    ONE_FLOWER_BLOCK: ("2.4", "At most one flower block"),
    ONE_BLOCK_PER_DRAGON: ("2.4", "At most one block of each dragon"),
    ONE_NEWS_BLOCK: ("2.4", "At most one NEWS block"),
    NEWS_NO_JOKERS: ("2.4", "NEWS takes no jokers"),
    TILE_IN_TWO_BLOCKS: ("2.3", "The same tile split into two blocks"),
    ALL_JOKER_BLOCK: ("2.1", "A block of jokers alone"),
    NUMBERS_AND_WINDS: ("2.3", "Numbers or winds, not both"),
    NOT_A_SET: ("2.3", "The numbers must form a set"),
    OUTSIDE_SET: ("2.4", "No number or wind outside the set"),
    NUMBER_REPEATED: ("2.3", "The same number in two blocks"),
    LIKE_NUMBERS_SUITS: ("2.3", "Any Like Numbers: one block in each suit"),
    WINDS_SET: ("2.3", "Winds: all four, or an opposite pair"),
    NO_SET: ("2.3", "A hand needs a set of numbers or winds"),
    WOVEN: ("2.3", "No woven suits"),
    NO_PATTERN: ("2.2", "The blocks must make one of the ten patterns"),
    DRAGON_HAND_JOKERS: ("2.6", "Where dragon hands allow jokers"),
    MINIMUM_HAND: ("4", "House rule 3: minimum hand"),
    SKILL_1: ("5", "Skill level 1: Winds hands use two Pungs and two Kongs"),
    SKILL_2: ("5", "Skill level 2: Consecutive Runs without fillers"),
    SKILL_3: ("5", "Skill level 3: dragon blocks only in concealed hands"),
    SKILL_4: ("5", "Skill level 4: number hands earn the suit bonus"),
    SKILL_5: ("5", "Skill level 5: jokerless, self-drawn or a dragon hand"),
}
RANK = {reason_id: rank for rank, reason_id in enumerate(CATALOGUE)}
# Reasons that only a table's options (house rule 3, skill levels) give: the hand is a winning
# hand under the standard rules, so it is nearer to legal than one that breaks them.
OPTION_REASONS = frozenset({MINIMUM_HAND, SKILL_1, SKILL_2, SKILL_3, SKILL_4, SKILL_5})
# How far from legal each reason puts a hand: a table option's 1, a rule of the game's 2.
SEVERITY = {reason_id: 1 if reason_id in OPTION_REASONS else 2 for reason_id in CATALOGUE}


@dataclass(frozen=True, order=True)
class Reason:
    rank: int
    id: str
    message: str

    @property
    def rule(self) -> str:
        return CATALOGUE[self.id][0]

    @property
    def title(self) -> str:
        return CATALOGUE[self.id][1]

    @property
    def severity(self) -> int:
        return SEVERITY[self.id]


def reason(reason_id: str, message: str) -> Reason:
    return Reason(RANK[reason_id], reason_id, message)
