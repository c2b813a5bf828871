"""The keep scorer (cfmj.engine.evaluation.KeepScorer) as it was before it was made fast: the
card's columns gathered as they are stored, every given-up tile's loss looked up candidate by
candidate in Python, then the same sums. Slow and plain, it is the reference
tests/engine/test_keep_scorer_reference.py holds the fast one to, figure for figure, on hands
the golden answers do not reach (exposures, jokers, tiles given up that are not held)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import numpy as np
import numpy.typing as npt

from cfmj.engine.distance import IMPOSSIBLE, WINNING_SIZE, card_matrix, target_ids
from cfmj.engine.evaluation import SHORTLIST, Keep, KeepScore, _Figures, _powers_of_half, hand_needs
from cfmj.engine.notation import Hand
from cfmj.engine.tiles import JOKER, NATURAL_KINDS


class ReferenceKeepScorer:
    """The keep scorer as it was before it was made fast (see the module's docstring)."""

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
        # Every kind's places (K columns), what an exposure of it fills taken off: exposed blocks
        # are full, so their places are neither free for jokers nor for more tiles.
        total_all = matrix.total[:, shortlist]
        self.exposed = sum(len(g) for g in hand.exposures)
        self.flexible_total = matrix.flexible_total[shortlist] - self.exposed
        for group in hand.exposures:
            naturals = {t for t in group if t != JOKER}
            if len(naturals) == 1:
                total_all[naturals.pop()] -= len(group)
        total_all = np.maximum(total_all, 0)
        self.total = total_all[self.tiles]  # (tiles, K)
        self.fixed = matrix.fixed[np.ix_(np.array(self.tiles, dtype=np.intp), shortlist)]
        self.total_all8 = total_all.astype(np.int8)  # (kinds, K): what a tile drawn could fill
        self.fixed_all8 = matrix.fixed[:, shortlist].astype(np.int8)
        self.counts_all = np.zeros(NATURAL_KINDS, dtype=np.int8)
        for tile, count in self.held.items():
            self.counts_all[tile] = count
        # What the whole concealed hand fills; a candidate gives up at most a few tiles, so its
        # own figures are these less one row per tile given up (see `_filled`). Every count
        # here is at most 14: int8 is exact and halves the memory the scoring goes through.
        counts = np.array([self.held[t] for t in self.tiles], dtype=np.int8)[:, None]
        self.total8 = self.total.astype(np.int8)
        self.fixed8 = self.fixed.astype(np.int8)
        self.placed = np.minimum(self.total8, counts).sum(axis=0, dtype=np.int8)
        self.in_fixed = np.minimum(self.fixed8, counts).sum(axis=0, dtype=np.int8)
        self.flexible8 = self.flexible_total.astype(np.int8)
        # Row first[tile] + r - 1 of `losses`: the places the hand stops filling when it gives up
        # r copies of `tile`, all of them and then its Pair or NEWS ones, side by side. Row 0 is
        # nothing lost. Built whole here: a scorer is shared, so it is never changed afterwards.
        self.first: dict[int, int] = {}
        losses = [np.zeros(2 * len(shortlist), dtype=np.int8)]
        for row, tile in enumerate(self.tiles):
            self.first[tile] = len(losses)
            losses += list(self._loss(row, np.arange(1, self.held[tile] + 1)))
        self.losses = np.stack(losses)

    def _loss(self, row: int, given: npt.NDArray[np.int_]) -> npt.NDArray[np.int8]:
        """One row of `losses` per count in `given`."""
        held = self.held[self.tiles[row]]
        kept = (held - given).astype(np.int8)[:, None]
        total, fixed = self.total8[row][None, :], self.fixed8[row][None, :]
        lost = np.minimum(total, held) - np.minimum(total, kept)
        lost_fixed = np.minimum(fixed, held) - np.minimum(fixed, kept)
        return np.concatenate([lost, lost_fixed], axis=1).astype(np.int8)

    def _filled(self, candidates: Sequence[Keep]) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
        """For each candidate, the places its kept natural tiles fill, and how many of those are
        Pair or NEWS places: (candidates, K) each, the same sums as tile by tile."""
        table = self.losses
        extra: list[npt.NDArray[np.int8]] = []  # more copies given up than held: not from a hand
        ids: list[list[int]] = []
        for given in candidates:
            mine: list[int] = []
            for tile in set(given):
                if tile in self.first:
                    times = given.count(tile)
                    if times <= self.held[tile]:
                        mine.append(self.first[tile] + times - 1)
                    else:
                        mine.append(len(table) + len(extra))
                        extra.append(self._loss(self.tiles.index(tile), np.array([times]))[0])
            ids.append(mine)
        if extra:
            table = np.concatenate([table, np.stack(extra)])
        width = max((len(m) for m in ids), default=0)
        lost = np.zeros((len(candidates), table.shape[1]), dtype=np.int8)
        for j in range(width):
            lost += table[[m[j] if j < len(m) else 0 for m in ids]]
        size = len(self.shortlist)
        placed = self.placed[None, :] - lost[:, :size]
        in_fixed = self.in_fixed[None, :] - lost[:, size:]
        return placed, in_fixed

    def _figures(
        self, candidates: Sequence[Keep], extra_window: int, draws: Mapping[int, int] | None
    ) -> _Figures:
        if not len(self.shortlist):
            raise ValueError("no arrangement is reachable: the hand is dead")
        kept_jokers = np.array([self.jokers - given.count(JOKER) for given in candidates], dtype=np.int8)
        placed, in_fixed = self._filled(candidates)
        empty = np.maximum(self.flexible8[None, :] - (placed - in_fixed), 0)
        placed += np.minimum(empty, kept_jokers[:, None]) + np.int8(self.exposed)
        need = np.int8(WINNING_SIZE) - placed  # (candidates, K)
        by_group = np.minimum.reduceat(need, self.starts, axis=1)  # (candidates, groups)
        best = by_group.min(axis=1)
        window = int(best.min()) + extra_window
        within = (by_group <= window).sum(axis=1)
        weight = _powers_of_half(by_group).sum(axis=1)
        nearest = self.shortlist[need.argmin(axis=1)]
        accepted = (
            self._acceptance(candidates, need == best[:, None], empty > kept_jokers[:, None], draws)
            if draws is not None
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

    def _keep_score(self, given: Keep, figures: _Figures, i: int) -> KeepScore:
        return KeepScore(
            tuple(given),
            figures.best[i],
            figures.within[i],
            figures.window,
            figures.weight[i],
            card_matrix().entries[figures.nearest[i]],
            figures.accepted[i],
        )

    def score(
        self, candidates: Sequence[Keep], *, extra_window: int = 1, draws: Mapping[int, int] | None = None
    ) -> list[KeepScore]:
        """Score each candidate (the tiles given up), best first. `draws`: the copies of each kind
        still to come, for discards (each keep's acceptance is then counted and weighed)."""
        figures = self._figures(candidates, extra_window, draws)
        scores = [self._keep_score(given, figures, i) for i, given in enumerate(candidates)]
        return sorted(scores, key=KeepScore.sort_key)

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
        return self._keep_score(candidates[first], figures, first)
