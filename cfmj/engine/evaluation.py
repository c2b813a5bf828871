"""Scoring many candidate keeps of one hand at once (for Charleston, courtesy and discard advice).

A keep is what stays after passing or discarding some tiles. Its worth is stated in terms a
learner can be shown: how many tiles its nearest hands still need, and how many different target
hands (category, set and pattern) stay within a few tiles. Only the arrangements nearest to the
whole hand are scored (a keep can only be farther from an arrangement than the whole hand is).

A discard's keep is weighed by one more figure, between those two: how many of the tiles still to
come would bring it one tile nearer (its acceptance). Of two discards that leave the hand as near,
the one more tiles can improve reaches Mah Jongg more often; the play-out study
(cfmj.engine.studies.playouts) measured it. A pass is not weighed so: tiles passed are replaced by
tiles received, not drawn one by one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain
from typing import overload

import numpy as np
import numpy.typing as npt

from .card import CardEntry
from .card_rows import fixed_by_arrangement, places_by_arrangement
from .distance import IMPOSSIBLE, WINNING_SIZE, card_matrix, needs, target_ids
from .notation import Hand
from .ruleset import RuleSet
from .tiles import JOKER, KINDS, NATURAL_KINDS

SHORTLIST = 2000  # arrangements kept in view: plenty, since the nearest ones decide
RECENT = 16  # hands whose needs and scorers are kept: advice asks about the same hand many times
Keep = tuple[int, ...]  # the tiles given up (passed or discarded)


@lru_cache(maxsize=RECENT)
def hand_needs(hand: Hand) -> npt.NDArray[np.int16]:
    """`needs(hand)` (nothing visible), read-only and kept for the last few hands: a bot asks
    about the same hand at every discard it may call, and several advice steps of one decision
    start from the same hand."""
    need = needs(hand).view()  # a read-only view: the array itself is left as `needs` made it
    need.setflags(write=False)
    return need


def copies_left(hand: Hand, rules: RuleSet | None = None) -> Counter[int]:
    """The copies of each kind the hand alone does not account for (neither concealed nor
    exposed) in the table's set (`rules`: house rule 2 has 4 flowers and 4 jokers): what could
    still come when nothing else is known."""
    rules = rules or RuleSet()
    left = Counter({tile: rules.copies_in_set(tile) for tile in range(JOKER + 1)})
    left.subtract(hand.concealed)
    left.subtract(t for group in hand.exposures for t in group)
    return +left


@dataclass(frozen=True)
class KeepScore:
    given: Keep  # the tiles given up
    tiles_needed: int  # to the nearest arrangement, after giving them up
    hands_within: int  # target hands within `window` tiles
    window: int
    weight: float  # a finer tie-break: sum of 2^-need over target hands
    target: CardEntry  # the nearest arrangement kept in view
    acceptance: int = 0  # tiles still to come that would bring the keep one nearer (0: not counted)

    def mark_key(self) -> tuple[int, int, int]:
        """What makes a choice as good as another: as near, as many tiles to improve it, as many
        hands in view."""
        return (self.tiles_needed, -self.acceptance, -self.hands_within)

    def sort_key(self) -> tuple[int, int, int, float]:
        return (*self.mark_key(), -self.weight)


class KeepScorer:
    """One hand, prepared once (its nearest arrangements, by target hand), then any number of
    candidate keeps scored against them."""

    def __init__(self, hand: Hand, *, shortlist_size: int = SHORTLIST) -> None:
        matrix = card_matrix()
        full_need = hand_needs(hand)
        count = min(shortlist_size, len(full_need))
        shortlist = np.argpartition(full_need, count - 1)[:count]
        shortlist = shortlist[full_need[shortlist] < IMPOSSIBLE]
        group_ids = target_ids()
        shortlist = shortlist[np.argsort(group_ids[shortlist], kind="stable")]
        groups = group_ids[shortlist]
        self.starts = np.flatnonzero(np.r_[True, groups[1:] != groups[:-1]])
        self.shortlist = shortlist
        self.held = Counter(t for t in hand.concealed if t != JOKER)
        self.jokers = hand.concealed.count(JOKER)
        self.tiles = sorted(self.held)
        # Every kind's places (K columns; read as rows of the card turned, so that a shortlist
        # is a few contiguous reads), what an exposure of it fills taken off: exposed blocks are
        # full, so their places are neither free for jokers nor for more tiles. Every count here
        # is at most 14: int8 is exact and halves the memory the scoring goes through.
        total_all = places_by_arrangement()[shortlist].T.astype(np.int8)  # (kinds, K)
        self.exposed = sum(len(g) for g in hand.exposures)
        flexible = matrix.flexible_total[shortlist] - self.exposed
        for group in hand.exposures:
            naturals = {t for t in group if t != JOKER}
            if len(naturals) == 1:
                total_all[naturals.pop()] -= len(group)
        self.total_all8 = np.maximum(total_all, 0) if hand.exposures else total_all  # what a tile could fill
        self.fixed_all8 = fixed_by_arrangement()[shortlist].T.view(np.int8)
        self.counts_all = np.zeros(NATURAL_KINDS, dtype=np.int8)
        for tile, copies in self.held.items():
            self.counts_all[tile] = copies
        # What the whole concealed hand fills; a candidate gives up at most a few tiles, so its
        # own figures are these less one row per tile given up (see `_lost`).
        rows = np.array(self.tiles, dtype=np.intp)
        counts = self.counts_all[rows][:, None]
        total, fixed = self.total_all8[rows], self.fixed_all8[rows]
        placed = np.minimum(total, counts).sum(axis=0, dtype=np.int8)
        in_fixed = np.minimum(fixed, counts).sum(axis=0, dtype=np.int8)
        # A keep's tiles missing, arrangement by arrangement, are base + lost - the jokers put in
        # its empty joker-legal places, max(room + lost_flexible, 0): the whole hand's figures
        # less the places its given-up tiles filled (any place; joker-legal ones).
        self.base = (WINNING_SIZE - self.exposed - placed).astype(np.int8)
        self.room = (flexible - (placed - in_fixed)).astype(np.int8)
        self._losses(rows, total, fixed)

    def _losses(
        self, rows: npt.NDArray[np.intp], total: npt.NDArray[np.int8], fixed: npt.NDArray[np.int8]
    ) -> None:
        """The rows a candidate's losses are sums of, one per copy given up: giving up the r-th
        copy of a tile stops filling the places r copies fewer no longer fill, any place in
        `lost`, joker-legal ones (not Pair or NEWS) in `lost_flexible`. Summed over r they are
        the places `held` copies fill less what `held - r` fill. Row 0 is nothing lost (a tile
        not held, a joker); row 1 a copy beyond those held: one place, not joker-legal (what
        that difference gives when r > held). `slot[tile, r - 1]`: the row of its r-th copy;
        `base_lost` and `room_lost`: `lost` with base and `lost_flexible` with room added, for
        a candidate's first tile. Built whole here: a scorer is shared, so it is never changed
        afterwards."""
        copies = [self.held[t] for t in self.tiles]
        which = np.repeat(np.arange(len(rows)), copies)  # one row per copy held
        nth = np.concatenate([np.arange(1, c + 1) for c in copies]) if copies else np.zeros(0, np.int8)
        held = self.counts_all[rows][which][:, None]
        after, before = (held - nth[:, None]).astype(np.int8), (held - nth[:, None] + 1).astype(np.int8)
        lost = np.minimum(total[which], before) - np.minimum(total[which], after)
        lost_fixed = np.minimum(fixed[which], before) - np.minimum(fixed[which], after)
        size = len(self.shortlist)
        self.lost = np.concatenate([np.zeros((1, size), np.int8), np.ones((1, size), np.int8), lost])
        self.lost_flexible = np.concatenate([np.zeros((2, size), np.int8), lost - lost_fixed])
        self.base_lost = self.lost + self.base
        self.room_lost = self.lost_flexible + self.room
        self.slot = np.zeros((KINDS + 1, max(copies, default=0) + 1), dtype=np.intp)  # KINDS: no tile
        first = 2
        for tile, count in zip(self.tiles, copies, strict=True):
            self.slot[tile, :count] = np.arange(first, first + count)
            self.slot[tile, count:] = 1
            first += count

    def _lost(
        self, given: npt.NDArray[np.intp], flexible: bool
    ) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8] | None]:
        """For each candidate (a row of `given`, padded with KINDS), base + the places its
        given-up tiles filled, and (`flexible`) room + the joker-legal ones among them (its
        joker-legal places empty, before the jokers; below 0: none): (candidates, K) each, the
        same sums as tile by tile."""
        if not given.shape[1]:
            room = np.repeat(self.room[None, :], len(given), axis=0) if flexible else None
            return np.repeat(self.base[None, :], len(given), axis=0), room
        last = self.slot.shape[1] - 1
        rows = self.slot[given[:, 0], 0]
        need = self.base_lost[rows]  # base + the first tile's row, in one read
        room = self.room_lost[rows] if flexible else None
        for j in range(1, given.shape[1]):
            tiles = given[:, j]
            copy = (given[:, :j] == tiles[:, None]).sum(axis=1)  # copies of it given up before
            rows = self.slot[tiles, np.minimum(copy, last)]
            need += self.lost[rows]
            if room is not None:
                room += self.lost_flexible[rows]
        return need, room

    def _figures(
        self, candidates: Sequence[Keep], extra_window: int, draws: Mapping[int, int] | None
    ) -> _Figures:
        if not len(self.shortlist):
            raise ValueError("no arrangement is reachable: the hand is dead")
        given = _given_array(candidates)
        kept_jokers = (self.jokers - (given == JOKER).sum(axis=1)).astype(np.int8)
        jokers = bool(kept_jokers.any())
        need, room = self._lost(given, jokers or draws is not None)
        empty = None
        if room is not None and draws is None and (kept_jokers == kept_jokers[0]).all():
            need -= np.clip(room, 0, kept_jokers[0], out=room)  # the jokers put in empty places
        elif room is not None:
            empty = np.clip(room, 0, 127, out=room)  # max(room, 0): np.maximum with a number is 10x slower
            if jokers:  # with no joker kept, none fills an empty place
                need -= np.minimum(empty, kept_jokers[:, None])
        by_group = np.minimum.reduceat(need, self.starts, axis=1)  # (candidates, groups)
        best = by_group.min(axis=1)
        window = int(best.min()) + extra_window
        within = (by_group <= window).sum(axis=1)
        weight = _powers_of_half(by_group).sum(axis=1)
        nearest = self.shortlist[need.argmin(axis=1)]
        accepted = (
            self._acceptance(candidates, need == best[:, None], empty > kept_jokers[:, None], draws)
            if draws is not None and empty is not None
            else [0] * len(candidates)
        )
        return _Figures(best.tolist(), within.tolist(), window, weight.tolist(), nearest.tolist(), accepted)

    def _acceptance(
        self,
        candidates: Sequence[Keep],
        nearest: npt.NDArray[np.bool_],
        room: npt.NDArray[np.bool_],
        draws: Mapping[int, int],
    ) -> list[int]:
        """For each candidate, the tiles of `draws` (copies still to come, by kind) that would
        bring its keep one tile nearer: a tile with an empty place of its own in one of the nearest
        arrangements, a Pair or NEWS place, or a joker-legal one while more of those are empty than
        the keep has jokers (`room`, by candidate and arrangement); a joker, where there is room."""
        left = np.array([draws.get(tile, 0) for tile in range(NATURAL_KINDS)], dtype=np.int32)
        jokers_left = draws.get(JOKER, 0)
        out: list[int] = []
        for i, given in enumerate(candidates):
            columns = np.flatnonzero(nearest[i])
            kept = self.counts_all.copy()
            for tile in given:
                if tile != JOKER:
                    kept[tile] -= 1
            spare = room[i, columns]
            fills = self.fixed_all8[:, columns] > kept[:, None]
            fills |= (self.total_all8[:, columns] > kept[:, None]) & spare[None, :]
            out.append(int(left[fills.any(axis=1)].sum()) + (jokers_left if spare.any() else 0))
        return out

    def score(
        self, candidates: Sequence[Keep], *, extra_window: int = 1, draws: Mapping[int, int] | None = None
    ) -> list[KeepScore]:
        """Score each candidate (the tiles given up), best first. `draws`: the copies of each kind
        still to come, for discards (each keep's acceptance is then counted and weighed)."""
        return list(self.ranking(candidates, extra_window=extra_window, draws=draws))

    def ranking(
        self, candidates: Sequence[Keep], *, extra_window: int = 1, draws: Mapping[int, int] | None = None
    ) -> Ranking:
        """score(candidates), each KeepScore made when it is first read (see Ranking)."""
        f = self._figures(candidates, extra_window, draws)
        keys = list(
            zip(f.best, [-a for a in f.accepted], [-w for w in f.within], [-w for w in f.weight], strict=True)
        )
        return Ranking(candidates, f, sorted(range(len(candidates)), key=keys.__getitem__))

    def best(
        self, candidates: Sequence[Keep], *, extra_window: int = 1, draws: Mapping[int, int] | None = None
    ) -> KeepScore:
        """score(candidates)[0] without scoring every candidate in words: the first candidate
        with the least sort key (sorting keeps ties in order)."""
        figures = self._figures(candidates, extra_window, draws)
        first = min(
            range(len(candidates)),
            key=lambda i: (figures.best[i], -figures.accepted[i], -figures.within[i], -figures.weight[i]),
        )
        return _keep_score(candidates[first], figures, first)


def _keep_score(given: Keep, figures: _Figures, i: int) -> KeepScore:
    return KeepScore(
        tuple(given),
        figures.best[i],
        figures.within[i],
        figures.window,
        figures.weight[i],
        card_matrix().entries[figures.nearest[i]],
        figures.accepted[i],
    )


class Ranking(Sequence[KeepScore]):
    """Candidates' scores, best first (KeepScore.sort_key's order; ties keep the candidates'
    order), each KeepScore made when it is first read: Charleston advice ranks hundreds of passes
    and shows the first few (a drill's grading reads them all). Equal to a tuple of the same
    scores. Shared safely: a score made twice by two threads is the same value."""

    def __init__(self, candidates: Sequence[Keep], figures: _Figures, order: list[int]) -> None:
        self._candidates = candidates
        self._figures = figures
        self._order = order
        self._made: list[KeepScore | None] = [None] * len(order)

    def __len__(self) -> int:
        return len(self._order)

    @overload
    def __getitem__(self, index: int) -> KeepScore: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[KeepScore, ...]: ...

    def __getitem__(self, index: int | slice) -> KeepScore | tuple[KeepScore, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        made = self._made[index]
        if made is None:
            i = self._order[index]
            made = self._made[index] = _keep_score(self._candidates[i], self._figures, i)
        return made

    def __iter__(self) -> Iterator[KeepScore]:
        return (self[i] for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Ranking | tuple):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Ranking({tuple(self)!r})"


def _given_array(candidates: Sequence[Keep]) -> npt.NDArray[np.intp]:
    """The candidates as one row each, the shorter ones padded with KINDS (no tile)."""
    lengths = list(map(len, candidates))
    width = max(lengths, default=0)
    rows: Iterable[Keep] = candidates
    if min(lengths, default=0) < width:
        rows = ((*given, *(KINDS,) * (width - len(given))) for given in candidates)
    flat = np.fromiter(chain.from_iterable(rows), dtype=np.intp, count=len(candidates) * width)
    return flat.reshape(len(candidates), width)


@dataclass(frozen=True)
class _Figures:
    """A keep scoring's numbers, one per candidate (plain Python numbers)."""

    best: list[int]
    within: list[int]
    window: int
    weight: list[float]
    nearest: list[int]  # the card's column of the nearest arrangement
    accepted: list[int]  # acceptance (0 each when not counted)


def _powers_of_half(needs: npt.NDArray[np.int8]) -> npt.NDArray[np.float64]:
    """2^-n for each n (float64), looked up: n is a small whole number, and np.exp2 gives the
    same float for it as it would over the whole array."""
    low = int(needs.min(initial=0))
    table = np.exp2(-np.arange(low, int(needs.max(initial=0)) + 1, dtype=np.float64))
    return table[needs.astype(np.intp) - low]


@lru_cache(maxsize=RECENT)
def keep_scorer(hand: Hand, shortlist_size: int = SHORTLIST) -> KeepScorer:
    """A KeepScorer for `hand`, kept for the last few hands (a scorer is never changed once
    made, so sharing it is safe): the steps of one piece of advice, and a bot's successive
    choices, share it."""
    return KeepScorer(hand, shortlist_size=shortlist_size)


def score_keeps(
    hand: Hand,
    candidates: Sequence[Keep],
    *,
    extra_window: int = 1,
    shortlist_size: int = SHORTLIST,
    draws: Mapping[int, int] | None = None,
) -> list[KeepScore]:
    """Score each candidate (tiles to give up), best first (`draws`: see KeepScorer.score)."""
    return keep_scorer(hand, shortlist_size).score(candidates, extra_window=extra_window, draws=draws)
