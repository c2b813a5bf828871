"""Which hand to aim for (RULES §6): the target hands a rack could aim at, with the figures that
tell them apart, and the one the advice aims at.

A target hand is a category, set and pattern (suits and fillers aside: distance.target_ids), or a
special dragon hand. For each, from the rack as it stands: how many tiles it still needs, which of
the rack's tiles it uses (real tiles and jokers), and which tiles would bring it one tile nearer,
with how many copies of those are not on the rack (its ways to finish).

The advised hand is the one the Charleston and discard advice aim at: the nearest arrangement of
the advice's keep scorer for the rack kept whole (evaluation.keep_scorer, as play_advice.call
asks it), so a drill built on it and the bots never disagree.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from .card import CardEntry, Target
from .distance import IMPOSSIBLE, WINNING_SIZE, card_matrix, needs, target_ids
from .evaluation import KeepScore, hand_needs, keep_scorer
from .notation import Hand
from .tiles import JOKER, NATURAL_KINDS, NEWS, WINDS, copies_in_set

TargetKey = Target  # category, set, pattern (None: a dragon hand)


@dataclass(frozen=True)
class Aim:
    """One target hand as a rack could aim at it."""

    entry: CardEntry  # the arrangement named (for the advised hand, the advice's own)
    tiles_needed: int
    held: tuple[int, ...]  # the rack's real tiles it uses
    jokers_used: int  # the rack's jokers it has a place for
    helpers: tuple[int, ...]  # the tiles that would bring it one tile nearer
    copies_left: int  # copies of those tiles not on the rack (jokers aside)

    @property
    def key(self) -> TargetKey:
        return key_of(self.entry)

    def sort_key(self) -> tuple[int, int]:
        """Nearer first, then more ways to finish."""
        return (self.tiles_needed, -self.copies_left)


def key_of(entry: CardEntry) -> TargetKey:
    return entry.target


@cache
def _groups() -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp], dict[TargetKey, int]]:
    """The card's columns sorted by target hand, where each target hand starts among them, and
    each target hand's number by its key."""
    ids = target_ids()
    order = np.argsort(ids, kind="stable")
    starts = np.flatnonzero(np.r_[True, ids[order][1:] != ids[order][:-1]])
    entries = card_matrix().entries
    numbers = {key_of(entries[int(order[s])]): int(ids[order[s]]) for s in starts}
    return order, starts, numbers


def _by_target(need: npt.NDArray[np.int16]) -> npt.NDArray[np.int16]:
    """The fewest tiles each target hand needs (its nearest arrangement), by target number."""
    order, starts, _ = _groups()
    by_target: npt.NDArray[np.int16] = np.minimum.reduceat(need[order], starts)
    return by_target


def target_needs(hand: Hand) -> npt.NDArray[np.int16]:
    """The fewest tiles each target hand needs, by target number (target_number), for a hand of
    any number of concealed tiles (a rack and the tiles it might draw: the drills' simulation)."""
    return _by_target(needs(hand))


def target_number(key: TargetKey) -> int:
    """A target hand's number (its place in target_needs)."""
    return _groups()[2][key]


def advised(hand: Hand) -> KeepScore:
    """The advice's aim for the rack kept whole: its target is the hand the advice aims at."""
    return keep_scorer(hand).best([()])


def aims(hand: Hand, *, within: int) -> list[Aim]:
    """Every target hand at most `within` tiles farther than the nearest: the advised one first,
    then nearer first, more ways to finish first (card order among ties). Nothing for a dead
    hand. A rack of concealed tiles (13, as after the deal or the Charleston)."""
    need = hand_needs(hand)
    best = int(need.min())
    if best >= IMPOSSIBLE:
        return []
    by_target = _by_target(need)
    order, _, numbers = _groups()
    # The wanted target hands' columns, by target hand (in card order within each).
    ids = target_ids()[order]
    keep = by_target[ids] <= best + within
    columns, ids = order[keep], ids[keep]
    starts = np.flatnonzero(np.r_[True, ids[1:] != ids[:-1]])
    wanted = ids[starts]
    held = Counter(hand.concealed)
    helpers: dict[int, list[int]] = {int(t): [] for t in wanted}
    for tile in range(NATURAL_KINDS):
        if held[tile] >= copies_in_set(tile):
            continue
        nearer = np.minimum.reduceat(needs(_with(hand, tile))[columns], starts)
        for target in wanted[nearer < by_target[wanted]]:
            helpers[int(target)].append(tile)
    # Each wanted target hand's first arrangement (in card order) at the level it reaches.
    at_level = np.flatnonzero(need[columns] == by_target[ids])
    _, firsts = np.unique(ids[at_level], return_index=True)
    advice = advised(hand)
    advised_number = numbers[key_of(advice.target)]
    found: list[Aim] = []
    for number, column in zip(wanted.tolist(), columns[at_level[firsts]].tolist(), strict=True):
        entry = advice.target if number == advised_number else card_matrix().entries[column]
        found.append(_aim(hand, entry, int(by_target[number]), tuple(helpers[number]), held))
    found.sort(key=lambda aim: (aim.key != key_of(advice.target), *aim.sort_key()))
    return found


def _with(hand: Hand, tile: int) -> Hand:
    return Hand(tuple(sorted((*hand.concealed, tile))), hand.exposures)


def _aim(hand: Hand, entry: CardEntry, level: int, helpers: tuple[int, ...], held: Counter[int]) -> Aim:
    used = uses(hand, entry)
    jokers = hand.concealed.count(JOKER)
    jokers_used = max(0, min(jokers, WINNING_SIZE - level - len(used) - sum(map(len, hand.exposures))))
    left = sum(copies_in_set(t) - held[t] for t in helpers)
    return Aim(entry, level, used, jokers_used, helpers, left)


def uses(hand: Hand, entry: CardEntry) -> tuple[int, ...]:
    """The rack's real tiles that have a place in this arrangement (NEWS takes one of each wind)."""
    held = Counter(t for t in hand.concealed if t != JOKER)
    used: list[int] = []
    for tile, size in entry.blocks:
        for one in WINDS if tile == NEWS else (tile,):
            have = min(held[one], 1 if tile == NEWS else size)
            held[one] -= have
            used += [one] * have
    return tuple(sorted(used))
