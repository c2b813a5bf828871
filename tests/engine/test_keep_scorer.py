"""The keep scorer's shortcuts answer as the plain way does: best() is score()[0], and
exposures_possible agrees with a walk over every entry of the card."""

from __future__ import annotations

from collections import Counter
from random import Random

from cfmj.engine.blocks import PUNG
from cfmj.engine.card import exposures_possible, random_hold, virtual_card
from cfmj.engine.charleston import passes
from cfmj.engine.evaluation import KeepScorer
from cfmj.engine.notation import Hand
from cfmj.engine.tiles import NEWS


def test_best_is_the_first_of_the_ranking() -> None:
    rng = Random(5)
    card = virtual_card()
    for _ in range(12):
        held = random_hold(card.entries[rng.randrange(len(card))], rng)
        concealed = list(held.concealed)
        concealed[rng.randrange(len(concealed))] = rng.randrange(30)
        hand = Hand(tuple(sorted(concealed)), held.exposures)
        scorer = KeepScorer(hand, shortlist_size=rng.choice((1000, 2000)))
        for size in (1, 2, 3):
            options = passes(hand, size)
            if options:
                assert scorer.best(options) == scorer.score(options)[0]
        assert scorer.best([()]) == scorer.score([()])[0]


def _by_walking(blocks: list[tuple[int | None, int]]) -> bool:
    """The plain answer: some entry holds every named block, and Pungs, Kongs or Quints besides
    (NEWS aside) for the blocks of jokers."""
    wanted = Counter((t, s) for t, s in blocks if t is not None)
    wild = Counter(s for t, s in blocks if t is None)
    for entry in virtual_card().entries:
        have = Counter(entry.blocks)
        if any(have[b] < n for b, n in wanted.items()):
            continue
        rest = Counter(s for t, s in (have - wanted).elements() if s >= PUNG and t != NEWS)
        if all(rest[s] >= n for s, n in wild.items()):
            return True
    return False


def test_exposures_possible_agrees_with_walking_the_card() -> None:
    card = virtual_card()
    rng = Random(3)
    cases: list[list[tuple[int | None, int]]] = [[(None, 3)], [(None, 5), (None, 5)], [(None, 2)], []]
    for _ in range(3):
        found = [b for b in card.entries[rng.randrange(len(card))].blocks if b[1] >= PUNG]
        named: list[tuple[int | None, int]] = list(rng.sample(found, min(len(found), 2)))
        cases.append([*named, (None, rng.choice((3, 4, 5)))])
        cases.append([*named, named[0]] if named else [(None, 4)])
    answers = []
    for blocks in cases:
        answers.append(exposures_possible(blocks))
        assert answers[-1] == _by_walking(blocks), blocks
    assert True in answers and False in answers
