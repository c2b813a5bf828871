"""Tile kinds, and the only place where tile codes are read or written.

Everything else in the engine works with small integers:
0-8 Craks 1-9, 9-17 Bams 1-9, 18-26 Dots 1-9, 27-30 winds N E W S,
31-33 dragons red green white, 34 flower, 35 joker. NEWS (36) is not a tile but the
name of the four-singles filler block.
"""

from __future__ import annotations

from .errors import InputError
from .words import join_words

SUITS = ("C", "B", "D")
SUIT_NAMES = ("Crak", "Bam", "Dot")
CRAK, BAM, DOT = 0, 1, 2

NORTH, EAST, WEST, SOUTH = 27, 28, 29, 30
RED, GREEN, WHITE = 31, 32, 33
FLOWER = 34
JOKER = 35
NEWS = 36

WINDS = (NORTH, EAST, WEST, SOUTH)
DRAGONS = (RED, GREEN, WHITE)
NATURAL_KINDS = 35  # every kind but the joker
KINDS = 36

# Dragon <-> suit, for the suit bonus: red with craks, green with bams, white (soap) with dots.
DRAGON_SUIT = {RED: CRAK, GREEN: BAM, WHITE: DOT}

_NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_OTHER_CODES = {
    NORTH: "N",
    EAST: "E",
    WEST: "W",
    SOUTH: "S",
    RED: "RD",
    GREEN: "GD",
    WHITE: "WD",
    FLOWER: "F",
    JOKER: "J",
    NEWS: "NEWS",
}
_OTHER_NAMES = {
    NORTH: "North",
    EAST: "East",
    WEST: "West",
    SOUTH: "South",
    RED: "Red Dragon",
    GREEN: "Green Dragon",
    WHITE: "White Dragon",
    FLOWER: "Flower",
    JOKER: "Joker",
    NEWS: "NEWS",
}
_SPOKEN = {
    NORTH: "north wind",
    EAST: "east wind",
    WEST: "west wind",
    SOUTH: "south wind",
    RED: "red dragon",
    GREEN: "green dragon",
    WHITE: "white dragon",
    FLOWER: "flower",
    JOKER: "joker",
    NEWS: "north east west south",
}

CODES: tuple[str, ...] = tuple(
    [f"{n}{s}" for s in SUITS for n in range(1, 10)] + [_OTHER_CODES[t] for t in range(27, 37)]
)
BY_CODE = {code: index for index, code in enumerate(CODES) if index < KINDS}

MAX_COPIES = 4  # of a natural tile in a set
MAX_FLOWERS = 8
MAX_JOKERS = 8


def copies_in_set(tile: int) -> int:
    """How many of this tile kind a set holds: 4 of a natural tile, 8 flowers, 8 jokers."""
    return MAX_JOKERS if tile == JOKER else MAX_FLOWERS if tile == FLOWER else MAX_COPIES


def number_tile(number: int, suit: int) -> int:
    return suit * 9 + number - 1


def is_number(tile: int) -> bool:
    return tile < 27


def is_wind(tile: int) -> bool:
    return NORTH <= tile <= SOUTH


def is_dragon(tile: int) -> bool:
    return RED <= tile <= WHITE


def number_of(tile: int) -> int:
    return tile % 9 + 1


def suit_of(tile: int) -> int:
    return tile // 9


def code(tile: int) -> str:
    return CODES[tile]


def codes(tiles: list[int] | tuple[int, ...]) -> str:
    return " ".join(CODES[t] for t in tiles)


def name(tile: int) -> str:
    """Short written name: '5 Dot', 'North', 'Red Dragon'."""
    if is_number(tile):
        return f"{number_of(tile)} {SUIT_NAMES[suit_of(tile)]}"
    return _OTHER_NAMES[tile]


def tiles_named(tile: int, count: int = 1) -> str:
    """Tiles of one kind in words: '3 Crak', 'two 3 Craks', 'three Red Dragons', 'a joker', 'two jokers'."""
    one = "joker" if tile == JOKER else name(tile)
    if count == 1:
        return "a joker" if tile == JOKER else one
    return f"{_NUMBER_WORDS[count - 1] if count <= len(_NUMBER_WORDS) else count} {one}s"


def tiles_words(tiles: list[int] | tuple[int, ...]) -> str:
    """Tiles as a learner reads them, grouped by kind in the order they first come:
    (3C, 3C, 3C, J) -> 'three 3 Craks and a joker', (N, E) -> 'North and East'."""
    counts: dict[int, int] = {}
    for tile in tiles:
        counts[tile] = counts.get(tile, 0) + 1
    return join_words([tiles_named(tile, count) for tile, count in counts.items()])


def spoken(tile: int) -> str:
    """What a screen reader should say: 'five dot', 'red dragon', 'joker'."""
    if is_number(tile):
        return f"{_NUMBER_WORDS[number_of(tile) - 1]} {SUIT_NAMES[suit_of(tile)].lower()}"
    return _SPOKEN[tile]


def parse_tile(token: str) -> int:
    """Read one tile code (any case). Raises InputError with a hint a learner can act on."""
    if not token.isascii():  # before upper(): 'ſ'.upper() is 'S'
        raise InputError(_hint(token, token))
    upper = token.upper()
    tile = BY_CODE.get(upper)
    if tile is not None:
        return tile
    raise InputError(_hint(token, upper))


_TILE_LIST = (
    "Tiles are written 1C-9C (Craks), 1B-9B (Bams), 1D-9D (Dots), N E W S (winds), "
    "RD GD WD (dragons), F (flower) and J (joker)."
)


def _hint(token: str, upper: str) -> str:
    # Bytes that were not text arrive as lone surrogates: show them as '?', not as escapes.
    shown = "".join("?" if 0xD800 <= ord(c) <= 0xDFFF else c for c in token)
    shown = shown if len(shown) <= 12 else shown[:12] + "..."
    if not token.isascii():
        return (
            f"'{shown}' has a character that is not a plain letter or digit; "
            f"type tile codes with ordinary keys. {_TILE_LIST}"
        )
    if _splits_into_codes(upper):
        return (
            f"'{shown}' looks like several tiles run together; put a space between them: "
            f"{' '.join(_split_codes(upper))}"
        )
    if upper.isdigit():
        if len(upper) == 1 and upper != "0":
            return f"'{shown}' needs a suit: {upper}C (Crak), {upper}B (Bam) or {upper}D (Dot)."
        return f"'{shown}' is not a tile: numbers run from 1 to 9, followed by C, B or D."
    if upper[:-1].isdigit() and upper[-1:] in ("C", "B", "D"):
        return f"'{shown}' is not a tile: numbers run from 1 to 9 (1{upper[-1]} to 9{upper[-1]})."
    if upper in ("C", "B", "D"):
        return f"'{shown}' needs a number before the suit, such as 5{upper}."
    if upper in ("R", "G", "SOAP", "0", "DR", "DG", "DW"):
        return f"'{shown}' is not a tile: the dragons are written RD, GD and WD (white, the soap)."
    if upper in ("FL", "FLOWER", "FLOWERS"):
        return f"'{shown}' is not a tile code: write a flower as F."
    if upper in ("JOKER", "JK", "JOKERS"):
        return f"'{shown}' is not a tile code: write a joker as J."
    if "," in token or ";" in token:
        return f"'{shown}' is not a tile: separate tiles with spaces, not commas."
    return f"'{shown}' is not a tile code. {_TILE_LIST}"


def _split_codes(text: str) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(text):
        for width in (2, 1):
            if text[i : i + width] in BY_CODE:
                out.append(text[i : i + width])
                i += width
                break
        else:
            return []
    return out


def _splits_into_codes(text: str) -> bool:
    return len(text) > 2 and len(_split_codes(text)) > 1
