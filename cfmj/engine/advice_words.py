"""Why a pass or a discard is advised, said with the tiles (RULES §6): the hand it aims at, the
tiles it keeps together for that hand, what the hand still needs, and what a weaker choice breaks
up. Counts of "target hands within so many tiles" stay inside the engine's ranking; a learner
is told about tiles.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .card import CardEntry
from .distance import missing_tiles
from .evaluation import KeepScore
from .labels import category_label, pattern_label, set_label
from .notation import Hand
from .tiles import JOKER, NEWS, WINDS, code, parse_tile, tiles_named
from .words import join_words, plural

LISTED_NEEDS = 6  # more tiles still needed than this: say how many, not which


def target_name(score: KeepScore) -> str:
    """'Consecutive Run 1-2-3-4 in Pair and Three Kongs': the hand a keep aims at."""
    return entry_name(score.target)


def entry_name(entry: CardEntry) -> str:
    name = category_label(entry.category)
    if entry.members:
        name += f" {set_label(entry.members)}"
    if entry.pattern:
        name += f" in {pattern_label(entry.pattern)}"
    return name


def kept(hand: Hand, given: Iterable[int]) -> Hand:
    """The hand without the tiles given up (passed or discarded)."""
    left = list(hand.concealed)
    for tile in given:
        left.remove(tile)
    return Hand(tuple(left), hand.exposures)


def aim_words(hand: Hand, given: tuple[int, ...], score: KeepScore) -> str:
    """'It aims at Consecutive Run 1-2-3-4 in ...: you keep three 1 Craks, three 2 Craks and two
    3 Craks together for it, and it still needs 3 Crak and two 4 Craks (3 tiles).'"""
    rest = kept(hand, given)
    entry = score.target
    held = Counter(t for t in rest.concealed if t != JOKER)
    groups: list[str] = []
    for tile, size in entry.blocks:
        if tile == NEWS:
            winds = [w for w in WINDS if held[w]]
            for wind in winds:
                held[wind] -= 1
            groups += [tiles_named(w) for w in winds]
            continue
        have = min(held[tile], size)
        held[tile] -= have
        if have:
            groups.append(tiles_named(tile, have))
    jokers = rest.concealed.count(JOKER)
    if jokers:
        groups.append("your joker" if jokers == 1 else "your jokers")
    words = f"It aims at {entry_name(entry)}"
    if groups:
        words += f": you keep {join_words(groups)} together for it"
    missing = missing_tiles(rest, entry)
    if len(missing) == score.tiles_needed and 0 < len(missing) <= LISTED_NEEDS:
        counts = Counter(missing)
        needs = join_words([tiles_named(t, n) for t, n in counts.items()])
        return f"{words}, and it still needs {needs} ({plural(score.tiles_needed, 'tile')})."
    return f"{words}; it is {plural(score.tiles_needed, 'tile')} away."


def spare_words(score: KeepScore) -> str:
    """Why the one tile a discard gives up can go: 'your nearest hand needs it least' (it is one
    of that hand's tiles, but the hand keeps more of them than it needs) or 'it is not part of
    your nearest hand'."""
    if score.given[0] in score.target.tiles():
        return "your nearest hand needs it least"
    return "it is not part of your nearest hand"


def draws_words(best: KeepScore, ranked: Iterable[KeepScore]) -> str:
    """What the tiles still to come say for the advised discard, when they decided it (another
    discard as near leaves fewer tiles that would help); "" otherwise."""
    if not any(s.tiles_needed == best.tiles_needed and s.acceptance < best.acceptance for s in ranked):
        return ""
    does = "complete your hand" if best.tiles_needed == 1 else "bring your hand a tile nearer"
    help_ = plural(best.acceptance, "tile")
    return f"It leaves the most tiles that would help: {help_} still to come would {does}."


def fewer_draws_words(mine: int, advised: int, whose: str) -> str:
    """Why a discard as near as the advised one is only good: fewer of the tiles still to come
    would bring the hand a tile nearer."""
    return (
        f"Fewer draws would help it: {plural(mine, 'tile')} still to come would bring your hand a tile "
        f"nearer, against {advised} after {whose}."
    )


def aim_tiles(score: KeepScore) -> str:
    """The tiles of the hand a keep aims at, as codes (what a drill keeps with its answer)."""
    return " ".join(code(t) for t in score.target.tiles())


def broken_words(hand: Hand, given: Iterable[str], aim: str, name: str) -> str:
    """What giving up these tiles (codes) breaks of the advised hand (`aim`: its tiles, `name`),
    in words; "" when none of them is in it. 'Passing 4C breaks up your two 4 Craks: Consecutive
    Run 1-2-3-4 in ... needs them.'"""
    wanted = Counter(aim.split())
    held = Counter(code(t) for t in hand.concealed)
    broken: list[tuple[int, int]] = []
    for given_code in dict.fromkeys(given):
        if given_code == code(JOKER) or not wanted[given_code]:
            continue
        broken.append((parse_tile(given_code), max(held[given_code], 1)))
    if not broken:
        return ""
    several = any(count > 1 for _, count in broken)
    verb = "breaks up your" if several else "gives up"
    things = "them" if len(broken) > 1 or several else "it"
    said = join_words([tiles_named(tile, count) for tile, count in broken])
    return f"It {verb} {said}: {name} needs {things}."


def tile_codes(text: str) -> list[str]:
    """The tile codes of a pass or discard as the drill stored it ('2B WD N')."""
    return [code(parse_tile(t)) for t in text.split()]
