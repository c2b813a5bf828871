"""The fast keep scorer answers exactly as the plain one it replaced (reference_keeps.py): every
figure of every candidate, ranked alike, on hands the golden answers do not reach — held card
hands with jokers and exposures, dealt hands of 13 and 14 tiles — and on candidates no advice
asks about (nothing given up, jokers, tiles not held or more copies than held), with and
without the tiles still to come, for both shortlists."""

from __future__ import annotations

from random import Random

from cfmj.engine.card import random_hold, virtual_card
from cfmj.engine.charleston import passes
from cfmj.engine.evaluation import Keep, KeepScorer, copies_left
from cfmj.engine.notation import Hand
from cfmj.engine.studies.charleston_strength import wall
from cfmj.engine.tiles import JOKER, KINDS
from tests.engine.reference_keeps import ReferenceKeepScorer


def _hands(rng: Random, count: int) -> list[Hand]:
    card = virtual_card()
    found: list[Hand] = []
    while len(found) < count:
        if rng.random() < 0.4:
            found.append(Hand(tuple(sorted(wall(rng)[: rng.choice((13, 14))])), ()))
            continue
        held = random_hold(card.entries[rng.randrange(len(card))], rng, joker_chance=0.4)
        concealed = list(held.concealed)
        for _ in range(rng.randrange(4)):
            concealed[rng.randrange(len(concealed))] = rng.randrange(JOKER)
        if all(concealed.count(t) <= 4 for t in set(concealed) if t != JOKER):
            found.append(Hand(tuple(sorted(concealed)), held.exposures))
    return found


def _candidate_sets(hand: Hand, rng: Random) -> list[list[Keep]]:
    odd: list[Keep] = [tuple(sorted(rng.choices(range(KINDS), k=rng.randrange(5)))) for _ in range(20)]
    sets: list[list[Keep]] = [[()], odd, [(t,) for t in sorted(set(hand.concealed))]]
    return sets + [options for size in (1, 2, 3) if (options := passes(hand, size))]


def test_the_fast_scorer_answers_as_the_plain_one() -> None:
    rng = Random(11)
    for hand in _hands(rng, 40):
        size = rng.choice((1000, 2000))
        fast, plain = KeepScorer(hand, shortlist_size=size), ReferenceKeepScorer(hand, shortlist_size=size)
        if not len(plain.shortlist):
            continue
        for candidates in _candidate_sets(hand, rng):
            for draws in (None, copies_left(hand)):
                window = rng.choice((1, 2))
                expected = plain.score(candidates, extra_window=window, draws=draws)
                assert fast.score(candidates, extra_window=window, draws=draws) == expected, hand
                assert fast.best(candidates, extra_window=window, draws=draws) == expected[0], hand


def test_a_ranking_reads_as_the_tuple_of_its_scores() -> None:
    hand = Hand(tuple(sorted(Random(3).sample(range(JOKER), 14))), ())
    scorer = KeepScorer(hand)
    ranking = scorer.ranking(passes(hand, 3))
    scores = tuple(scorer.score(passes(hand, 3)))
    assert ranking[-1] == scores[-1] and ranking[2:7] == scores[2:7] and ranking[::-5] == scores[::-5]
    assert ranking == scores and len(ranking) == len(scores) and list(ranking) == list(scores)
    assert hash(ranking) == hash(scores) and ranking.index(scores[9]) == 9
