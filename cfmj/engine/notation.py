"""Hands written in RULES §1 notation: concealed tiles first, each exposure in brackets.

    3C 3C 3C 4C 4C 4C 4C 5C 5C 5C [RD RD RD J]

Parsing accepts any case, tabs, newlines, any number of spaces and no space around brackets
(RULES §1); only ASCII space, tab and newline separate tiles, so a no-break space or any other
Unicode space is refused. Formatting always gives the canonical form (tiles in table order, jokers
last in an exposure).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from operator import eq
from typing import TYPE_CHECKING

from .errors import InputError
from .tiles import BY_CODE, FLOWER, JOKER, MAX_COPIES, MAX_FLOWERS, MAX_JOKERS, code, codes, parse_tile

if TYPE_CHECKING:
    from .ruleset import RuleSet

# The bound is on tiles, not characters (RULES §1): a hand padded with any number of spaces reads.
MAX_TILES = 40  # far more than any question takes (14 at most), few enough to read at once
# A token: a bracket, or a run of anything but brackets and the separators (space, tab, CR, LF; CR
# for a Windows newline). Found by the regular expression engine, so long runs of spaces cost little.
_TOKENS = re.compile(r"[\[\]]|[^\[\] \t\r\n]+")


@dataclass(frozen=True)
class Hand:
    concealed: tuple[int, ...]
    exposures: tuple[tuple[int, ...], ...] = ()

    @property
    def tiles(self) -> tuple[int, ...]:
        if not self.exposures:
            return self.concealed
        return self.concealed + tuple(t for group in self.exposures for t in group)

    @property
    def jokers(self) -> int:
        return self.tiles.count(JOKER)

    def __len__(self) -> int:
        return len(self.concealed) + sum(map(len, self.exposures))

    def __str__(self) -> str:
        return format_hand(self)


def format_hand(hand: Hand) -> str:
    parts = [codes(hand.concealed)] if hand.concealed else []
    parts += [f"[{codes(group)}]" for group in hand.exposures]
    return " ".join(parts)


def parse_hand(
    text: str,
    *,
    sizes: tuple[int, ...] | None = None,
    max_jokers: int = MAX_JOKERS,
    max_flowers: int = MAX_FLOWERS,
    question: str = "this question",
) -> Hand:
    """Read a hand. `sizes` is the tile counts the question accepts (14 for check)."""
    if not isinstance(text, str):
        raise InputError("A hand is written as text, such as '1C 1C 2C 2C ...'.")
    concealed, exposures = _read_groups(text)
    held = tuple(sorted(concealed))
    if exposures:
        hand = Hand(held, tuple(sorted(tuple(sorted(g)) for g in exposures)))
        tiles = tuple(sorted(hand.tiles))
    else:  # the usual hand: its tiles are the concealed ones, sorted already
        hand, tiles = Hand(held), held
    _refuse_counts(tiles, sizes=sizes, max_jokers=max_jokers, max_flowers=max_flowers, question=question)
    return hand


def read_hand(hand: str | Hand, *, sizes: tuple[int, ...], rules: RuleSet, question: str) -> Hand:
    """A hand as text or as a Hand, refused (InputError) unless the table's tile set could hold it
    and it has one of the `sizes` this question takes."""
    jokers, flowers = rules.max_jokers, rules.max_flowers
    if isinstance(hand, Hand):
        validate_hand(hand, sizes=sizes, max_jokers=jokers, max_flowers=flowers, question=question)
        return hand
    return parse_hand(hand, sizes=sizes, max_jokers=jokers, max_flowers=flowers, question=question)


def validate_hand(
    hand: Hand,
    *,
    sizes: tuple[int, ...] | None = None,
    max_jokers: int = MAX_JOKERS,
    max_flowers: int = MAX_FLOWERS,
    question: str = "this question",
) -> None:
    """Refuse a hand the tile set could not hold, or of the wrong size for the question."""
    _refuse_counts(
        sorted(hand.tiles), sizes=sizes, max_jokers=max_jokers, max_flowers=max_flowers, question=question
    )


def _refuse_counts(
    tiles: Sequence[int], *, sizes: tuple[int, ...] | None, max_jokers: int, max_flowers: int, question: str
) -> None:
    """validate_hand, given all the hand's tiles sorted."""
    _check_counts(tiles, max_jokers=max_jokers, max_flowers=max_flowers)
    if sizes is not None and len(tiles) not in sizes:
        raise InputError(_count_message(len(tiles), sizes, question))


def _read_groups(text: str) -> tuple[list[int], list[list[int]]]:
    quick = _read_quickly(text)
    return quick if quick is not None else _read_slowly(text)


# Every way a tile code can be typed (any case), and the brackets: a token found here is well formed.
_QUICK: dict[str, int] = {
    "".join(letters): tile
    for written, tile in BY_CODE.items()
    for letters in product(*({c.upper(), c.lower()} for c in written))
}
_OPEN, _CLOSE, _UNKNOWN = -1, -2, -3
_QUICK.update({"[": _OPEN, "]": _CLOSE})


def _read_quickly(text: str) -> tuple[list[int], list[list[int]]] | None:
    """The groups of a well-formed hand in one pass over its tokens (the usual case), or None when
    anything is unusual: the careful reading then finds the same tiles or says what is wrong."""
    if "[" not in text:  # the usual hand: tiles and single spaces
        tokens = text.split(" ", MAX_TILES)
        read = [_QUICK.get(token, _UNKNOWN) for token in tokens]
        if min(read) >= 0 and len(read) <= MAX_TILES:
            return read, []
    tokens = _TOKENS.findall(text)
    if not tokens or len(tokens) > MAX_TILES:
        return None
    read = [_QUICK.get(token, _UNKNOWN) for token in tokens]
    if min(read) >= 0:
        return read, []  # no exposures: the usual hand
    if _UNKNOWN in read:
        return None
    concealed: list[int] = []
    exposures: list[list[int]] = []
    group = concealed
    for tile in read:
        if tile >= 0:
            group.append(tile)
        elif tile == _OPEN and group is concealed:
            group = []
        elif tile == _CLOSE and group is not concealed and group:
            exposures.append(group)
            group = concealed
        else:
            return None
    return (concealed, exposures) if group is concealed else None


def _read_slowly(text: str) -> tuple[list[int], list[list[int]]]:
    concealed: list[int] = []
    exposures: list[list[int]] = []
    group: list[int] | None = None
    tiles = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token == "[":
            if group is not None:
                raise InputError(
                    "A '[' opens inside another exposure: close each exposure with ']' "
                    "before opening the next."
                )
            group = []
        elif token == "]":
            if group is None:
                raise InputError(
                    "There is a ']' with no '[' before it: each exposure goes in a "
                    "pair of brackets, like [RD RD RD]."
                )
            if not group:
                raise InputError(
                    "There is an empty exposure '[]': put the exposed tiles inside "
                    "the brackets, or remove them."
                )
            exposures.append(group)
            group = None
        else:
            tiles += 1
            if tiles > MAX_TILES:
                raise InputError(
                    f"That is far too many tiles for a hand (more than {MAX_TILES}): a hand has at "
                    "most 14, written like '1C 1C 1C 2C ...'."
                )
            _refuse_odd_space(token)
            (concealed if group is None else group).append(parse_tile(token))
    if group is not None:
        raise InputError("An exposure is opened with '[' but never closed: add ']' after its tiles.")
    if not concealed and not exposures:
        raise InputError("The hand is empty: type its tiles, such as '1C 1C 1C 2C 2C 2C ...'.")
    return concealed, exposures


def _refuse_odd_space(token: str) -> None:
    """Only ASCII space, tab and newline separate tiles: a no-break space, an ideographic space, a
    line or file separator is malformed, and said so plainly (the token would otherwise read as
    two tiles run together)."""
    odd = next((c for c in token if c.isspace()), None)
    if odd is not None:
        raise InputError(
            f"The hand has a character between tiles that is not a plain space (U+{ord(odd):04X}): "
            "separate tiles with ordinary spaces."
        )


def _check_counts(tiles: Sequence[int], *, max_jokers: int, max_flowers: int) -> None:
    """Refuse more copies of a tile than the set holds, given the hand's tiles sorted."""
    limit = min(max_jokers, max_flowers, MAX_COPIES)
    if not any(map(eq, tiles, tiles[limit:])):
        return  # no tile more than `limit` times, within every limit: the usual case, answered at once
    for tile, count in sorted(Counter(tiles).items()):
        if tile == JOKER:
            limit = max_jokers
        elif tile == FLOWER:
            limit = max_flowers
        else:
            limit = MAX_COPIES
        if count > limit:
            raise InputError(
                f"{code(tile)} appears {count} times; a set has only "
                f"{_number_word(limit)}{_limit_note(tile, limit)}."
            )


def _limit_note(tile: int, limit: int) -> str:
    if tile in (JOKER, FLOWER) and limit < MAX_JOKERS:
        return " with house rule 2 (the 144-tile set)"
    return ""


def _number_word(n: int) -> str:
    return {4: "four", 8: "eight"}.get(n, str(n))


def _count_message(count: int, sizes: tuple[int, ...], question: str) -> str:
    wanted = " or ".join(str(s) for s in sizes)
    fix = f"add {min(sizes) - count}" if count < min(sizes) else f"remove {count - max(sizes)}"
    tiles = "tile" if count == 1 else "tiles"
    return (
        f"{question[0].upper()}{question[1:]} needs {wanted} tiles, exposures included; "
        f"this hand has {count} {tiles} ({fix})."
    )
