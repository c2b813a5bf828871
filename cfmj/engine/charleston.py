"""Charleston advice (RULES §6): which three tiles to pass, whether to pass blind, whether to
stop after the first Charleston, and what to offer in the courtesy pass."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from .advice_words import aim_words
from .errors import InputError
from .evaluation import Keep, KeepScore, KeepScorer, keep_scorer
from .notation import Hand, parse_hand, read_hand
from .rulebook import rule_ref
from .ruleset import RuleSet
from .tiles import JOKER, code, name
from .words import join_words, plural

DIRECTIONS = ("right", "across", "left")
PASS_SIZE = 3
CHARLESTON_SIZES = (13, 14)  # East holds 14 until the first discard
ALTERNATIVES = 5


BEST, GOOD, WEAK = "best", "good", "weak"


@dataclass(frozen=True)
class Grade:
    """How a chosen pass or discard compares with the advice: best, good or weak."""

    given: tuple[int, ...]
    verdict: str
    rank: int  # 1 = as good as the advice
    of: int
    score: KeepScore

    def as_dict(self) -> dict[str, Any]:
        return {
            "tiles": [code(t) for t in self.given],
            "verdict": self.verdict,
            "rank": self.rank,
            "of": self.of,
            "tiles_needed": self.score.tiles_needed,
            "summary": summary(self.score),
        }

    def mark(self) -> list[Any]:
        """The few numbers a drill keeps to explain this grade later (see drills.common.Mark)."""
        return [
            self.verdict,
            self.rank,
            self.of,
            self.score.tiles_needed,
            self.score.hands_within,
            self.score.window,
            *([self.score.acceptance] if self.score.acceptance else []),  # a pass has none: Mark's 0
        ]


def grade(ranked: Sequence[KeepScore], given: tuple[int, ...]) -> Grade:
    """Best: as good as the advised choice. Good: your nearest hand is as near as with the
    advice. Weak: it moves your nearest hand farther away."""
    mine = next(s for s in ranked if s.given == given)
    return grade_of(ranked, mine, 1 + sum(1 for s in ranked if s.sort_key() < mine.sort_key()))


def grade_all(ranked: Sequence[KeepScore]) -> dict[tuple[int, ...], Grade]:
    """grade() for every choice at once (sorted keys, so each rank is a bisection): the drills
    store this table with a puzzle, and marking an answer is then a look-up."""
    keys = sorted(s.sort_key() for s in ranked)
    return {s.given: grade_of(ranked, s, 1 + bisect_left(keys, s.sort_key())) for s in ranked}


def grade_of(ranked: Sequence[KeepScore], mine: KeepScore, rank: int) -> Grade:
    best = ranked[0]
    if mine.mark_key() == best.mark_key():
        verdict = BEST
    elif mine.tiles_needed == best.tiles_needed:
        verdict = GOOD
    else:
        verdict = WEAK
    return Grade(mine.given, verdict, rank, len(ranked), mine)


@dataclass(frozen=True)
class CharlestonAdvice:
    hand: Hand
    direction: str
    ranked: Sequence[KeepScore]  # every pass, best first (an evaluation.Ranking: made as read)
    blind: int  # how many of the tiles just received to pass on unseen
    why: str
    graded: Grade | None = None

    @property
    def best(self) -> KeepScore:
        return self.ranked[0]

    def as_dict(self) -> dict[str, Any]:
        best = self.best
        return {
            "pass": [code(t) for t in best.given],
            "blind": self.blind,
            "keep_target": target_of(best),
            "tiles_needed": best.tiles_needed,
            "hands_within": best.hands_within,
            "window": best.window,
            "why": self.why,
            "alternatives": [
                {
                    "pass": [code(t) for t in s.given],
                    "score": float(s.hands_within),
                    "tiles_needed": s.tiles_needed,
                    "summary": summary(s),
                }
                for s in self.ranked[1 : ALTERNATIVES + 1]
            ],
            "direction": self.direction,
            "hand": str(self.hand),
            **({"graded": self.graded.as_dict()} if self.graded else {}),
        }


def target_of(score: KeepScore) -> dict[str, Any]:
    entry = score.target
    return {"category": entry.category, "set": list(entry.members), "pattern": entry.pattern}


def summary(score: KeepScore) -> str:
    """'keeps 4 hands within 5 tiles': a number a learner can be shown."""
    return summary_of(score.hands_within, score.window)


def summary_of(hands_within: int, window: int) -> str:
    return f"keeps {plural(hands_within, 'target hand')} within {plural(window, 'tile')}"


def read_charleston_hand(hand: str | Hand, rules: RuleSet) -> Hand:
    hand = read_hand(hand, sizes=CHARLESTON_SIZES, rules=rules, question="The Charleston")
    if hand.exposures:
        raise InputError("Nothing is exposed during the Charleston: write the hand without brackets.")
    return hand


def passes(hand: Hand, size: int) -> list[Keep]:
    """Every different choice of `size` tiles to pass (jokers are never passed)."""
    passable = sorted(t for t in hand.concealed if t != JOKER)  # so each combination is sorted
    return sorted(set(combinations(passable, size)))


QUICK_POOL = 7  # the least useful tiles a quick pass is chosen from
QUICK_SHORTLIST = 1000


def quick_pass(hand: Hand, size: int = PASS_SIZE) -> KeepScore:
    """The pass bots use: score each tile alone, then every pass made of the seven least useful
    tiles (passes are nearly additive), against a shorter list of arrangements."""
    scorer = keep_scorer(hand, QUICK_SHORTLIST)
    singles = scorer.score(passes(hand, 1))
    pool: list[int] = []
    held = list(hand.concealed)
    for score in singles:
        for _ in range(held.count(score.given[0])):
            if len(pool) < QUICK_POOL:
                pool.append(score.given[0])
    options = sorted({tuple(sorted(c)) for c in combinations(pool, size)})
    return scorer.best(options)


def charleston(
    hand: str | Hand,
    *,
    direction: str = "right",
    blind_allowed: bool = False,
    proposed: str | tuple[int, ...] | None = None,
    rules: RuleSet | None = None,
) -> CharlestonAdvice:
    """The three tiles to pass, ranked alternatives, the hands kept in view, and why; with
    `proposed`, also how that pass compares (for the "what would you pass?" drill)."""
    rules = rules or RuleSet()
    if direction not in DIRECTIONS:
        raise InputError(f"'{direction}' is not a pass direction: passes go right, across or left.")
    hand = read_charleston_hand(hand, rules)
    mine = proposed_pass(hand, proposed) if proposed is not None else None
    options = passes(hand, PASS_SIZE)
    scorer = keep_scorer(hand)
    ranked = scorer.ranking(options)
    blind = blind_count(hand, ranked[0], scorer) if blind_allowed else 0
    graded = grade(ranked, mine) if mine is not None else None
    return CharlestonAdvice(hand, direction, ranked, blind, _why(hand, ranked[0], direction, blind), graded)


def proposed_pass(hand: Hand, proposed: str | tuple[int, ...]) -> tuple[int, ...]:
    """The three tiles a learner proposes to pass, sorted; InputError when they cannot be."""
    if isinstance(proposed, str):
        tiles = parse_hand(proposed).concealed if proposed.strip() else ()
    else:
        tiles = tuple(proposed)
    if JOKER in tiles:
        raise InputError(
            f"Jokers are never passed in the Charleston {rule_ref('6')}: choose three other tiles."
        )
    if len(tiles) != PASS_SIZE:
        raise InputError(f"A Charleston pass is exactly three tiles; that is {len(tiles)}.")
    left = list(hand.concealed)
    for tile in tiles:
        if tile not in left:
            raise InputError(f"You cannot pass {code(tile)}: it is not in the hand (or not that many).")
        left.remove(tile)
    return tuple(sorted(tiles))


def blind_count(hand: Hand, best: KeepScore, scorer: KeepScorer | None = None) -> int:
    """Pass blind only when every pass of your own tiles costs you: then pass on as many of the
    tiles just received as it takes to keep your nearest hands as near. (`scorer`: the hand's,
    when the caller has it already.)"""
    scorer = scorer or keep_scorer(hand)
    now = scorer.best([()]).tiles_needed
    if best.tiles_needed <= now:
        return 0
    for own in (2, 1):
        if scorer.best(passes(hand, own)).tiles_needed <= now:
            return PASS_SIZE - own
    return PASS_SIZE


def _why(hand: Hand, best: KeepScore, direction: str, blind: int) -> str:
    """Why, with the tiles: what the pass gives up, the hand the rest aims at, what it keeps
    together for it and what it still needs."""
    tiles = join_words([name(t) for t in best.given])
    target = set(best.target.tiles())
    way = "across" if direction == "across" else f"to the {direction}"
    if blind:
        lead = (
            f"Pass {blind} of the tiles you just received on unseen (a blind pass) and "
            f"{PASS_SIZE - blind} of your own ({tiles}): every pass of your own tiles costs you"
        )
    elif any(t in target for t in best.given):
        lead = f"Pass {tiles} {way}: they matter least to your nearest hand"
    else:
        lead = f"Pass {tiles} {way}: none of them is part of your nearest hand"
    return f"{lead}. {aim_words(hand, best.given, best)}"


@dataclass(frozen=True)
class StopAdvice:
    stop: bool
    tiles_needed_now: int
    tiles_needed_after_pass: int
    why: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "stop": self.stop,
            "tiles_needed_now": self.tiles_needed_now,
            "tiles_needed_after_pass": self.tiles_needed_after_pass,
            "why": self.why,
        }


def stop_after_first(hand: str | Hand, *, rules: RuleSet | None = None) -> StopAdvice:
    """Vote to stop when every possible pass would move your nearest hand farther away."""
    rules = rules or RuleSet()
    hand = read_charleston_hand(hand, rules)
    scorer = keep_scorer(hand)
    now = scorer.best([()]).tiles_needed
    after = scorer.best(passes(hand, PASS_SIZE)).tiles_needed
    if after > now:
        why = (
            f"Stop: your hand is {plural(now, 'tile')} from Mah Jongg, and any three tiles you "
            f"pass would leave it {plural(after, 'tile')} away. Keep what you have."
        )
        return StopAdvice(True, now, after, why)
    why = (
        f"Go on: you can pass three tiles and still be {plural(after, 'tile')} away, so a "
        "second Charleston can only bring you closer."
    )
    return StopAdvice(False, now, after, why)


@dataclass(frozen=True)
class CourtesyAdvice:
    offer: tuple[int, ...]
    why: str

    def as_dict(self) -> dict[str, Any]:
        return {"offer": [code(t) for t in self.offer], "count": len(self.offer), "why": self.why}


def courtesy(hand: str | Hand, *, rules: RuleSet | None = None) -> CourtesyAdvice:
    """Offer as many tiles (up to three) as you can give without moving your nearest hand away."""
    rules = rules or RuleSet()
    hand = read_charleston_hand(hand, rules)
    scorer = keep_scorer(hand)
    now = scorer.best([()]).tiles_needed
    for size in (3, 2, 1):
        options = passes(hand, size)
        if not options:
            continue
        best = scorer.best(options)
        if best.tiles_needed <= now:
            tiles = ", ".join(name(t) for t in best.given)
            return CourtesyAdvice(
                best.given,
                f"Offer {size} ({tiles}): giving them up keeps your nearest hand {plural(now, 'tile')} away.",
            )
    return CourtesyAdvice((), "Offer none: every tile you hold is part of your nearest hands.")
