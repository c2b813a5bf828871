"""Quick rules on the five skill levels, each keeping the rules of those below (RULES §5)."""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from ... import reasons as R
from ...card import CardEntry
from ...check import check
from ...labels import SKILL_LEVEL_LABELS
from ...notation import Hand
from ..hands import DRAGON_HANDS, build, layout, pick_entry, reading
from .quiz import MAX_TRIES, Quiz

SKILL_IDS = (R.SKILL_1, R.SKILL_2, R.SKILL_3, R.SKILL_4, R.SKILL_5)  # level k's reason is SKILL_IDS[k - 1]


def _first_failing(hand: Hand) -> int | None:
    """The lowest skill level at which the hand stops counting (0: none), if check() agrees."""
    found = {r.id for r in check(hand, skill_level=5).reasons}
    level = next((k for k, rid in enumerate(SKILL_IDS, 1) if rid in found), 0)
    if level and not check(hand, skill_level=level - 1).valid:
        return None
    if check(hand, skill_level=level or 5).valid != (level == 0):
        return None
    return level


def skill_levels(rng: Random, band: int) -> Quiz:
    return _from_which_level(rng, range(6))


def skill_levels_3_to_5(rng: Random, band: int) -> Quiz:
    """The same question on a hand that stops counting at level 3, 4 or 5 (the last levels the
    house-rules lesson teaches)."""
    return _from_which_level(rng, range(3, 6))


def skill_levels_dragon_hands(rng: Random, band: int) -> Quiz:
    """The same question on a special dragon hand, which the levels bind word for word (our
    reading): an exposed one stops counting at level 3, Dragon's Wings at level 4."""
    return _from_which_level(rng, range(6), where=_is_dragon_hand, expose_chance=0.5)


def _is_dragon_hand(entry: CardEntry) -> bool:
    return entry.category in DRAGON_HANDS


def _from_which_level(
    rng: Random,
    levels: range,
    *,
    where: Callable[[CardEntry], bool] | None = None,
    expose_chance: float = 0.3,
) -> Quiz:
    target = rng.randint(levels.start, levels.stop - 1)
    found: tuple[Hand, int] | None = None
    for _ in range(MAX_TRIES):
        entry = pick_entry(rng, 3, where)
        hand = build(layout(entry, rng, joker_chance=0.3, expose_chance=expose_chance))
        level = _first_failing(hand) if check(hand).valid else None
        if level is not None and level in levels:
            found = (hand, level)
            if level == target:
                break
    if found is None:  # pragma: no cover - most card hands win
        raise RuntimeError("no hand found for the skill-level question")
    hand, level = found
    options = [(f"l{k}", SKILL_LEVEL_LABELS[k]) for k in range(1, 6)] + [("none", "It counts at every level")]
    if level:
        result = check(hand, skill_level=level)
        below = f"it still counts at level {level - 1}" if level > 1 else "with no handicap it counts"
        why = (
            " ".join(r.message for r in result.reasons if r.id in SKILL_IDS) + f" So {below}, and it "
            f"stops counting at level {level} and at every level above: each level keeps the rules of the "
            "levels below it."
        )
    else:
        why = (
            f"It breaks none of the five handicaps, so it counts even at level 5. It reads as "
            f"{reading(check(hand, skill_level=5).arrangements[0])}."
        )
    return Quiz(
        "This hand wins on a discard with no handicap. From which skill level on does it stop counting?",
        options[level - 1] if level else options[-1],
        options,
        why,
        ("5",),
        hand=str(hand),
    )
