"""The figures behind the advice player's choices, for every choice a player has: what the coach
shows beside the bots' choice. Each pass or discard is scored by the bots' own
keep scorer, each call by how near the hand is after it and the best discard, each joker exchange
by how near it leaves the hand; so the coach's ranking and the bots' choice (AdvicePlayer) come
from the same numbers.

A choice is marked as the drills mark a pass or a discard (charleston.grade_of): best when it is
as good as the advised choice (the same tiles needed and as many target hands in view), good when
the nearest hand stays as near, weak when it moves away. A choice better than the advised one (the
bots' quick pass looks only at its least useful tiles) is best too."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..advice_words import fewer_draws_words
from ..charleston import BEST, GOOD, PASS_SIZE, WEAK, passes, quick_pass
from ..distance import IMPOSSIBLE
from ..evaluation import Keep, KeepScore, KeepScorer, hand_needs, keep_scorer
from ..game.actions import CallExposure, ExchangeJoker
from ..game.advice_player import BOT_SHORTLIST
from ..game.view import PlayerView
from ..notation import Hand
from ..tiles import JOKER

MARKS = (BEST, GOOD, WEAK)  # best first


def scorer(hand: Hand) -> KeepScorer:
    """The keep scorer the bots use for this hand (shared with them: it is cached)."""
    return keep_scorer(hand, BOT_SHORTLIST)


def tiles_needed(hand: Hand) -> int:
    """Tiles the hand needs for Mah Jongg (IMPOSSIBLE or more: it can no longer win)."""
    return int(hand_needs(hand).min())


def tiles_to_win(hand: Hand) -> int | None:
    """Tiles the hand still needs for Mah Jongg; None when it can no longer win."""
    needed = tiles_needed(hand)
    return None if needed >= IMPOSSIBLE else needed


def alive(hand: Hand) -> bool:
    return tiles_needed(hand) < IMPOSSIBLE


def ranked(hand: Hand, candidates: Sequence[Keep], draws: Mapping[int, int] | None = None) -> list[KeepScore]:
    """Each candidate (the tiles given up), scored by the bots' scorer, best first; ties keep the
    candidates' order, as the bots' `best` does. `draws`: for discards, the tiles still to come."""
    return scorer(hand).score(list(candidates), draws=draws)


def discards(hand: Hand, draws: Mapping[int, int]) -> list[KeepScore]:
    """Every discard but a joker (a joker only when nothing else can go), best first, with the
    tiles still to come (`draws`) weighed: the first is the advice player's discard."""
    candidates = sorted({(t,) for t in hand.concealed if t != JOKER}) or [(JOKER,)]
    return ranked(hand, candidates, draws)


def all_passes(hand: Hand, size: int = PASS_SIZE) -> list[KeepScore]:
    """Every pass of `size` of the hand's own tiles, best first."""
    return ranked(hand, passes(hand, size))


def mark(advised: KeepScore, mine: KeepScore) -> str:
    """charleston.grade_of's verdict with the advised choice as the one to match."""
    if mine.mark_key() <= advised.mark_key():
        return BEST
    return mark_by_need(advised.tiles_needed, mine.tiles_needed)


def fewer_hands(advised: KeepScore, mine: KeepScore) -> str:
    """Why a choice as near as the advised one is only good: fewer tiles still to come would help
    it, or it leaves fewer hands to aim at ("" when neither)."""
    if mine.tiles_needed != advised.tiles_needed:
        return ""
    if mine.acceptance < advised.acceptance:
        return fewer_draws_words(mine.acceptance, advised.acceptance, "the coach's choice")
    if mine.acceptance > advised.acceptance or mine.hands_within >= advised.hands_within:
        return ""
    return (
        f"It leaves fewer hands to aim at: {mine.hands_within}, against {advised.hands_within} "
        "for the coach's choice."
    )


def mark_by_need(advised: int, mine: int) -> str:
    """For a choice without target hands to count (a vote, a call): best when it leaves the hand as
    near as the advised one (or nearer), weak when it moves away. Callers mark the advised choice
    itself best."""
    return BEST if mine < advised else GOOD if mine == advised else WEAK


def after_call(hand: Hand, tile: int, action: CallExposure) -> int:
    """Tiles needed after calling `tile` with `action` and making the best discard (IMPOSSIBLE or
    more: no winning hand holds that exposure, the hand would be dead), as the advice player
    weighs a call."""
    concealed = list(hand.concealed)
    for used in action.tiles:
        concealed.remove(used)
    block = tuple(sorted((*action.tiles, tile)))
    after = Hand(tuple(sorted(concealed)), tuple(sorted((*hand.exposures, block))))
    if not alive(after):
        return tiles_needed(after)
    options = sorted({(t,) for t in after.concealed if t != JOKER}) or [(JOKER,)]
    return scorer(after).best(options).tiles_needed


def after_exchange(view: PlayerView, action: ExchangeJoker) -> int:
    """Tiles needed after giving `action.tile` for a joker, as the advice player weighs it."""
    hand = view.hand()
    concealed = list(hand.concealed)
    concealed.remove(action.tile)
    exposures = list(hand.exposures)
    if action.owner == view.seat:  # the joker comes from one of the player's own exposures
        before = tuple(sorted(view.my_exposures[action.exposure].tiles))
        group = list(before)
        group.remove(JOKER)
        exposures[exposures.index(before)] = tuple(sorted((*group, action.tile)))
    return tiles_needed(Hand(tuple(sorted((*concealed, JOKER))), tuple(sorted(exposures))))


@dataclass(frozen=True)
class Counts:
    """How near the hand is now, after the best pass of each size (what the courtesy count weighs)
    and after the bots' quick pass of three (what their stop vote weighs)."""

    now: int
    after: tuple[int, ...]  # after[size]: tiles needed after the best pass of `size` tiles (0 to 3)
    quick: int  # after the quick pass the bots would make in a second Charleston


def pass_counts(hand: Hand, *, quick: bool = True) -> Counts:
    """The counts; `quick`: also the quick pass's (only the stop vote needs it: 0 otherwise)."""
    best = scorer(hand)
    after = [best.best([()]).tiles_needed]
    for size in range(1, PASS_SIZE + 1):
        options = passes(hand, size)
        after.append(best.best(options).tiles_needed if options else IMPOSSIBLE)
    return Counts(after[0], tuple(after), quick_pass(hand).tiles_needed if quick else 0)


def best_pass(hand: Hand, size: int) -> KeepScore:
    """The best pass of `size` tiles, as the bots choose their courtesy pass."""
    return scorer(hand).best(passes(hand, size))
