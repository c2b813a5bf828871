"""The keep scorer's shortcuts answer as the plain way does: best() is score()[0], a discard's
acceptance is what drawing each tile does to the whole card's distance, and exposures_possible
agrees with a walk over every entry of the card."""

from __future__ import annotations

from collections import Counter
from random import Random

from cfmj.engine.blocks import PUNG
from cfmj.engine.card import exposures_possible, random_hold, virtual_card
from cfmj.engine.charleston import passes
from cfmj.engine.distance import needs
from cfmj.engine.evaluation import KeepScorer, copies_left
from cfmj.engine.notation import Hand, parse_hand
from cfmj.engine.play_advice import discard
from cfmj.engine.ruleset import RuleSet
from cfmj.engine.tiles import JOKER, NEWS, parse_tile


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


def _random_hands(seed: int, count: int) -> list[Hand]:
    rng = Random(seed)
    card = virtual_card()
    found = []
    for _ in range(count):
        held = random_hold(card.entries[rng.randrange(len(card))], rng)
        concealed = list(held.concealed)
        for _ in range(2):
            concealed[rng.randrange(len(concealed))] = rng.randrange(30)
        found.append(Hand(tuple(sorted(concealed)), held.exposures))
    return found


def _helped_by(keep: Hand, draws: Counter[int]) -> int:
    """The plain acceptance: the copies in `draws` of each tile that, drawn, leave the whole
    card's distance one less."""
    now = int(needs(keep).min())
    total = 0
    for tile, copies in draws.items():
        drawn = Hand(tuple(sorted((*keep.concealed, tile))), keep.exposures)
        total += copies if int(needs(drawn).min()) < now else 0
    return total


def test_it_counts_the_tiles_that_would_help_as_drawing_them_does() -> None:
    for hand in _random_hands(11, 10):
        draws = copies_left(hand)
        options = sorted({(t,) for t in hand.concealed if t != JOKER})
        for score in KeepScorer(hand, shortlist_size=1000).score(options, draws=draws):
            concealed = list(hand.concealed)
            concealed.remove(score.given[0])
            keep = Hand(tuple(concealed), hand.exposures)
            assert score.acceptance == _helped_by(keep, draws), (hand, score)


def test_it_counts_only_the_tiles_still_to_come() -> None:
    hand = parse_hand("5C 7B 7B 7B 8B 8B 6D 6D WD J J [4C 4C 4C]")
    scorer = KeepScorer(hand)
    gone = copies_left(hand)
    everything = scorer.best([(parse_tile("WD"),)], draws=gone)
    assert everything.acceptance > 0
    nothing = scorer.best([(parse_tile("WD"),)], draws=Counter())
    assert nothing.acceptance == 0
    assert scorer.best([(parse_tile("WD"),)]).acceptance == 0  # a pass: not counted


def test_of_two_discards_as_near_it_prefers_the_one_more_tiles_would_help() -> None:
    # Both leave the hand a tile away; keeping the Pung of 7 Bam whole leaves more tiles to help
    # (the play-out study: 80% against 70% of continuations reach Mah Jongg).
    advice = discard("5C 7B 7B 7B 8B 8B 6D 6D WD J J [4C 4C 4C]")
    scores = {s.given[0]: s for s in advice.ranked}
    wd, b7 = scores[parse_tile("WD")], scores[parse_tile("7B")]
    assert wd.tiles_needed == b7.tiles_needed
    assert wd.acceptance > b7.acceptance
    assert advice.tile == parse_tile("WD")


def test_best_with_draws_is_the_first_of_the_ranking() -> None:
    for hand in _random_hands(5, 12):
        options = sorted({(t,) for t in hand.concealed if t != JOKER})
        scorer = KeepScorer(hand, shortlist_size=1000)
        draws = copies_left(hand)
        assert scorer.best(options, draws=draws) == scorer.score(options, draws=draws)[0]


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


def test_the_hand_alone_leaves_the_copies_of_the_tables_set() -> None:
    hand = parse_hand("F F F J 1C 2C 3C 4C 5C 6C 7C 8C 9C 9C")
    assert copies_left(hand)[parse_tile("F")] == 5 and copies_left(hand)[JOKER] == 7
    small = RuleSet.make(house_rules="2")
    assert copies_left(hand, small)[parse_tile("F")] == 1 and copies_left(hand, small)[JOKER] == 3
    assert copies_left(hand, small)[parse_tile("9C")] == 2
