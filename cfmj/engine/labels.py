"""Names for people: categories, patterns, bonuses, blocks and tiles, as the site shows them."""

from __future__ import annotations

from .blocks import block_name
from .categories import CATEGORY_NAMES
from .dragon_hands import DRAGON_HAND_NAMES
from .patterns import PATTERN_NAMES
from .ruleset import HOUSE_RULES
from .tiles import (
    CODES,
    FLOWER,
    JOKER,
    KINDS,
    MAX_COPIES,
    MAX_FLOWERS,
    MAX_JOKERS,
    name,
    parse_tile,
    spoken,
    tiles_words,
)

BONUS_LABELS = {
    "pairs": "Pairs bonus",
    "quints": "Quints bonus",
    "set": "Set bonus",
    "suit": "Suit bonus",
    "concealed": "Concealed bonus",
}
BONUS_HINTS = {
    "pairs": "3, 4 or 5 Pairs earn 5; seven Pairs earn 10.",
    "quints": "5 for each Quint.",
    "set": "Only number tiles, or only wind tiles: no dragons, no flowers.",
    "suit": "A number hand in one suit, no flowers or winds, any dragon of the matching colour.",
    "concealed": "Nothing exposed before the winning tile.",
}
SKILL_LEVEL_LABELS = {
    0: "Level 0: no extra rules, the usual game",
    1: "Level 1: Winds hands use two Pungs and two Kongs",
    2: "Level 2: Consecutive Runs have no flowers, dragons or winds",
    3: "Level 3: a hand with a dragon block is concealed",
    4: "Level 4: a hand with number tiles earns the suit bonus",
    5: "Level 5: jokerless, self-drawn or a dragon hand",
}
HOUSE_RULE_LABELS = {number: text[0].upper() + text[1:] for number, text in HOUSE_RULES.items()}


def category_label(category: str) -> str:
    return CATEGORY_NAMES.get(category) or DRAGON_HAND_NAMES.get(category) or category


def pattern_label(pattern: str) -> str:
    return PATTERN_NAMES.get(pattern, pattern)


def set_label(members: list[str] | tuple[str, ...]) -> str:
    return "-".join(members)


def tile_alt(code: str) -> str:
    """The text alternative of a tile code ('5D' -> 'five dot'); NEWS reads as its four winds."""
    if code == "NEWS":
        return "north, east, west and south winds"
    return spoken(parse_tile(code))


def tile_name(code: str) -> str:
    return "NEWS" if code == "NEWS" else name(parse_tile(code))


def tile_badge(code: str) -> str:
    """The few words on a joker saying what it stands for: its name, a dragon's colour alone
    ('9 Bam', 'North', 'Red'): small enough for the top of a tile, never a code."""
    return tile_name(code).removesuffix(" Dragon")


def codes_named(text: str) -> str:
    """Tile codes as a learner reads them: '3C 3C 3C' -> 'three 3 Craks', 'N E' -> 'North and
    East', in the order the codes first come."""
    return tiles_words([parse_tile(token) for token in text.split()])


def block_label(code: str, size: int) -> str:
    """'Pung of 7 Crak', 'NEWS'."""
    if code == "NEWS":
        return "NEWS"
    return f"{block_name(size)} of {tile_name(code)}"


def palette() -> list[dict[str, object]]:
    """Every tile kind a hand can hold, in table order, with how many copies a set has."""
    out: list[dict[str, object]] = []
    for tile in range(KINDS):
        limit = MAX_JOKERS if tile == JOKER else MAX_FLOWERS if tile == FLOWER else MAX_COPIES
        out.append({"code": CODES[tile], "alt": spoken(tile), "name": name(tile), "max": limit})
    return out
