"""Hands that check() refuses for one chosen reason first: the "winning hand?" drill's focus.

A lesson on a rule asks for puzzles about that rule, so each reason has a recipe: which card
entries to start from, which change to make, and for the reasons only a table option gives
(house rule 3, skill levels, a table that refuses blocks of jokers alone) the RuleSet the
question then states. The recipe only proposes; a hand is kept when check(), under those rules,
names the reason first. Some reasons need what a low band leaves out (jokers, Winds hands, the
dragon hands): `min_band` builds the hand at that band at least.

`exposure_unused` has no recipe: nothing in the engine reports it (every exposure is read as a
block of the arrangement or refused as no block at all).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from random import Random

from .. import reasons as R
from ..blocks import PAIR, QUINT
from ..card import CardEntry
from ..categories import CONSECUTIVE_RUN, LIKE_NUMBERS, NUMBER_CATEGORIES, WINDS
from ..check import CheckResult, check
from ..dragon_hands import DRAGONS_BREATH, DRAGONS_WINGS
from ..notation import Hand
from ..ruleset import MINIMUM_HAND, RuleSet
from ..scoring import PAIRS_FOR_BONUS, SEVEN_PAIRS
from ..tiles import FLOWER, NEWS, is_dragon, is_number, is_wind
from . import focused_mutations as F
from . import mutations as M
from .hands import EXPOSE_CHANCE, JOKER_CHANCE, layout, pick_where, suit_bonus_possible

MAX_TRIES = 400
WINDS_BAND = 2  # the first band with Winds hands
DRAGON_HANDS_BAND = 3  # the first band with the special dragon hands
SURE = 0.6  # a joker or exposure chance high enough that most holdings have one


@dataclass(frozen=True)
class Recipe:
    changes: tuple[M.Mutation, ...] = (F.as_held,)
    where: Callable[[CardEntry], bool] | None = None
    min_band: int = 1
    rules: RuleSet = field(default_factory=RuleSet)
    joker_chance: float | None = None  # None: the band's
    expose_chance: float | None = None
    fillers_only: bool = False  # no card entry: a hand of fillers alone


def _fillers(entry: CardEntry) -> list[tuple[int, int]]:
    return list(entry.blocks[entry.set_blocks :])


def _has(tile: int) -> Callable[[CardEntry], bool]:
    return lambda entry: any(t == tile for t, _ in entry.blocks)


def _news_and_dragon_kong(entry: CardEntry) -> bool:
    return _has(NEWS)(entry) and any(is_dragon(t) and s == 4 for t, s in _fillers(entry))


def _flowers_and_dragon_pair(entry: CardEntry) -> bool:
    return _has(FLOWER)(entry) and any(is_dragon(t) and s == PAIR for t, s in _fillers(entry))


def _two_fillers(entry: CardEntry) -> bool:
    return (
        entry.category in (*NUMBER_CATEGORIES, WINDS)
        and sum(1 for t, _ in _fillers(entry) if is_dragon(t) or t == FLOWER) >= 2
    )


def _no_bonus_possible(entry: CardEntry) -> bool:
    """With an exposure, this entry earns no bonus (house rule 3 then needs a reason to win)."""
    pairs = sum(1 for _, size in entry.blocks if size == PAIR)
    numbers = [t for t, _ in entry.blocks if is_number(t)]
    only_numbers = len(numbers) == len(entry.blocks)
    only_winds = all(is_wind(t) or t == NEWS for t, _ in entry.blocks)
    return (
        entry.category in NUMBER_CATEGORIES
        and pairs not in PAIRS_FOR_BONUS
        and pairs != SEVEN_PAIRS
        and all(size != QUINT for _, size in entry.blocks)
        and not only_numbers
        and not only_winds
        and not suit_bonus_possible(entry)
    )


def _any(entry: CardEntry) -> bool:
    return True


def _skill(level: int) -> RuleSet:
    return RuleSet(skill_level=level)


RECIPES: dict[str, Recipe] = {
    R.EXPOSURE_NOT_BLOCK: Recipe((F.break_exposure,)),
    R.EXPOSURE_ILLEGAL: Recipe((M.expose_pair,)),
    R.EXPOSURE_GROWN: Recipe((M.grow_exposure,)),
    R.JOKER_IN_PAIR: Recipe((M.joker_in_pair,)),
    R.LONE_TILE: Recipe((M.swap_tile,)),
    R.FLOWERS_PAIR_ONLY: Recipe((F.flowers_grown, M.second_dragon), _has(FLOWER)),
    R.ONE_FLOWER_BLOCK: Recipe((F.second_flower_pair,), _flowers_and_dragon_pair),
    R.ONE_BLOCK_PER_DRAGON: Recipe((M.second_dragon,), _two_fillers),
    R.ONE_NEWS_BLOCK: Recipe((F.second_news,), _news_and_dragon_kong),
    R.NEWS_NO_JOKERS: Recipe((M.news_joker,), _has(NEWS)),
    R.TILE_IN_TWO_BLOCKS: Recipe((M.like_suit, F.same_tile_twice)),
    R.ALL_JOKER_BLOCK: Recipe((F.jokers_only,), rules=RuleSet(all_joker_blocks=False)),
    R.NUMBERS_AND_WINDS: Recipe((M.outside_filler,), lambda e: e.category in NUMBER_CATEGORIES),
    R.NOT_A_SET: Recipe((M.wrong_number,)),
    R.OUTSIDE_SET: Recipe((M.outside_filler, M.wrong_number)),
    R.NUMBER_REPEATED: Recipe((M.repeat_number,)),
    R.LIKE_NUMBERS_SUITS: Recipe((F.like_numbers_short,), lambda e: e.category == LIKE_NUMBERS),
    R.WINDS_SET: Recipe((M.wind_set,), lambda e: e.category == WINDS and e.set_blocks == 2, WINDS_BAND),
    R.NO_SET: Recipe(fillers_only=True),
    R.WOVEN: Recipe((M.weave,)),
    R.NO_PATTERN: Recipe((M.reshape,)),
    R.DRAGON_HAND_JOKERS: Recipe(
        (M.joker_in_pair,), lambda e: e.category in (DRAGONS_WINGS, DRAGONS_BREATH), DRAGON_HANDS_BAND
    ),
    R.MINIMUM_HAND: Recipe(
        (F.expose_one,),
        _no_bonus_possible,
        joker_chance=SURE,
        rules=RuleSet(house_rules=frozenset({MINIMUM_HAND})),
    ),
    R.SKILL_1: Recipe(
        where=lambda e: e.category == WINDS and e.pattern != "two_pungs_two_kongs",
        min_band=WINDS_BAND,
        rules=_skill(1),
    ),
    R.SKILL_2: Recipe(
        where=lambda e: e.category == CONSECUTIVE_RUN and e.set_blocks < len(e.blocks), rules=_skill(2)
    ),
    R.SKILL_3: Recipe((F.expose_one,), lambda e: any(is_dragon(t) for t, _ in e.blocks), rules=_skill(3)),
    R.SKILL_4: Recipe(
        where=lambda e: any(is_number(t) for t, _ in e.blocks), rules=_skill(4), expose_chance=0.0
    ),
    R.SKILL_5: Recipe(where=suit_bonus_possible, rules=_skill(5), joker_chance=SURE, expose_chance=0.0),
}


def _slice(reason: str, recipe: Recipe) -> tuple[str, Callable[[CardEntry], bool]]:
    """The card slice a recipe starts from, and its key (hands.pick_where). Every recipe that may
    start from any entry shares one key: that slice is the whole card, and a key per reason kept a
    copy of it per reason (and of its quintless and per-scope parts), most of reading the course."""
    if recipe.where is None:
        return "winning_hand/any", _any
    return f"winning_hand/{reason}", recipe.where


def failing_hand(reason: str, rng: Random, band: int) -> tuple[Hand, CheckResult, RuleSet]:
    """A hand that check(hand, rules=rules) refuses with `reason` first, and those rules."""
    recipe = RECIPES[reason]
    band = max(band, recipe.min_band)
    joker_chance = JOKER_CHANCE[band] if recipe.joker_chance is None else recipe.joker_chance
    expose_chance = EXPOSE_CHANCE[band] if recipe.expose_chance is None else recipe.expose_chance
    for _ in range(MAX_TRIES):
        if recipe.fillers_only:
            hand = F.fillers_only(rng, joker_chance)
        else:
            entry = pick_where(rng, band, *_slice(reason, recipe))
            blocks = layout(entry, rng, joker_chance=joker_chance, expose_chance=expose_chance)
            hand = rng.choice(recipe.changes)(entry, blocks, rng)
        if hand is None:
            continue
        result = check(hand, rules=recipe.rules)
        if not result.valid and result.reasons[0].id == reason:
            return hand, result, recipe.rules
    raise RuntimeError(f"no hand found that fails first for {reason}")  # pragma: no cover
