"""Drill "Which hand to aim for?": 13 tiles as after the deal or the Charleston; which target hand
(category, set and pattern, or a dragon hand) to aim at.

The rack is a card entry held with the band's jokers (never exposed: nothing is exposed yet), less
one tile, with a few tiles swapped for others. The advised hand is the one the Charleston and
discard advice aim at (aims.advised: the advice's keep scorer, which the bots share). The other
choices are target hands the rack could also aim at but that are worse: farther away, or (band 5)
as near with fewer tiles that help them. The bands bring them nearer to the advised one: at least
three tiles farther in band 1, two in band 2, one in bands 3-4, none in band 5.

Every choice's mark (best, good or weak, as charleston.grade_of marks a pass) and the reason in
words are worked out when the puzzle is made and kept with the answer: marking is a look-up.
"""

from __future__ import annotations

from collections import Counter
from random import Random
from typing import TypedDict

from ..advice_words import entry_name
from ..aims import Aim, TargetKey, aims
from ..blocks import PAIR
from ..charleston import BEST, WEAK
from ..charleston import GOOD as AS_NEAR
from ..errors import InputError
from ..notation import Hand
from ..scoring import BONUS_KEYS
from ..tiles import FLOWER, JOKER, NEWS, name, tiles_words
from .common import (
    GOOD,
    RIGHT,
    WRONG,
    Graded,
    choice,
    graded,
    join_words,
    no_focus,
    plural,
    ref,
    shown,
    text_field,
)
from .hands import band_layout, build, pick_entry, replace_tiles, suit_bonus_possible, without
from .kind import AnswerField, DrillKind
from .scope import Scope, current
from .shapes import Choice, HandQuestion

FOCUSES: tuple[str, ...] = ()
PRACTISES: tuple[str, ...] = (
    "2_winning_hand_is_dragon_hand_or_category_set_pattern",
    "2_1_jokers_never_in_pairs",
    "2_4_flowers_one_pair",
)
SWAPS = {1: 2, 2: 3, 3: 3, 4: 4, 5: 4}  # tiles swapped after one is taken out of the held entry
# How many tiles farther than the advised hand the other choices are: (at least, at most).
GAPS = {1: (3, 5), 2: (2, 4), 3: (1, 3), 4: (1, 2), 5: (0, 1)}
CHOICES = {1: 3, 2: 3, 3: 4, 4: 4, 5: 4}
MAX_TRIES = 60
# Jokers a rack may hold: 13 tiles dealt from the 152 hold 3 or more of the 8 in about 2% of deals.
RACK_JOKERS = 2
MANY_PAIRS = 3  # a hand of this many Pairs or more is drawn, not called: it stays concealed
LISTED_HELPERS = 6  # more tiles that would help than this: say how many, not which
SPECIAL = "special"  # the pattern of a special dragon hand
PROMPT = (
    "The Charleston is over and these are your 13 tiles. Which hand would you aim for? "
    "(Each is a category, set and pattern; suits are yours to choose.)"
)


class AimChoice(TypedDict):
    """What the answer keeps of one choice: its mark, and why."""

    mark: str  # best, good or weak (charleston.grade_of's words)
    tiles_needed: int
    copies_left: int  # copies of the tiles that would bring it nearer, not on the rack
    reason: str
    category: str
    pattern: str  # SPECIAL for a dragon hand


class AimQuestion(HandQuestion):
    choices: list[Choice]


class AimAnswer(TypedDict):
    target: str  # the advised choice's value
    choices: dict[str, AimChoice]
    why: str
    tiles_needed: int
    expected: str
    rules: list[str]


def value_of(key: TargetKey) -> str:
    """A choice's value: 'consecutive_run/4-5-6/two_pungs_two_kongs', 'dragons_love/-/special'."""
    category, members, pattern = key
    return f"{category}/{'-'.join(members) or '-'}/{pattern or SPECIAL}"


def make(rng: Random, band: int, focus: str | None = None) -> tuple[AimQuestion, AimAnswer]:
    no_focus("aim_hand", focus)
    low, high = GAPS[band]
    for _ in range(MAX_TRIES):
        rack = _rack(rng, band)
        found = aims(rack, within=high)
        if not found or not _taught(found[0]):
            continue  # a dead rack, or the advised hand is not one the course has taught yet
        advised, others = found[0], _worse(found[0], [aim for aim in found[1:] if _taught(aim)], low)
        if len(others) >= CHOICES[band] - 1:
            break
    else:
        if current() is not None:  # too few hands the course has taught yet to choose among
            raise InputError("A 'Which hand to aim for?' puzzle needs more hands than have been taught yet.")
        raise RuntimeError("no rack found for the aim-hand drill")  # pragma: no cover - plenty
    close = [aim for aim in others if aim.tiles_needed - advised.tiles_needed == low]
    picked = rng.sample(close, 1) if close else []
    rest = [aim for aim in others if aim not in picked]
    picked += rng.sample(rest, CHOICES[band] - 1 - len(picked))
    offered = [advised, *picked]
    rng.shuffle(offered)
    question: AimQuestion = {
        "prompt": PROMPT,
        "hand": str(rack),
        "choices": [choice(value_of(aim.key), entry_name(aim.entry)) for aim in offered],
    }
    rules = ["2", "6"]
    if JOKER in rack.concealed:
        rules.append("2.1")
    if FLOWER in rack.concealed:
        rules.append("2.4")
    tied = any(aim.tiles_needed == advised.tiles_needed for aim in picked)
    best = "none is nearer, and more tiles help it" if tied else "it is the nearest"
    far = plural(advised.tiles_needed, "tile")
    # The lead (the answer and its one reason), then the detail: what the rack holds toward it.
    why = (
        f"Aim for {entry_name(advised.entry)}: of these hands {best} ({far} away). "
        f"{' '.join(_details(rack, advised))} {ref(*rules)}"
    )
    answer: AimAnswer = {
        "target": value_of(advised.key),
        "choices": {value_of(aim.key): _kept(rack, aim, advised) for aim in offered},
        "why": why,
        "tiles_needed": advised.tiles_needed,
        "expected": f"Aim for {entry_name(advised.entry)}.",
        "rules": rules,
    }
    return question, answer


def _rack(rng: Random, band: int) -> Hand:
    """13 concealed tiles: a card entry held with the band's jokers (at most RACK_JOKERS, as a
    deal nearly always has), one tile out, a few swapped."""
    while True:
        hand = build(band_layout(pick_entry(rng, band), rng, band, exposures=False))
        if hand.concealed.count(JOKER) <= RACK_JOKERS:
            break
    hand = without(hand, rng.choice(hand.concealed))
    return replace_tiles(hand, rng, SWAPS[band])


def _taught(aim: Aim) -> bool:
    """May the question name this hand (within a scope: its category and pattern taught)?"""
    scope = current()
    if scope is None:
        return True
    return _named(scope, aim.entry.category, aim.entry.pattern or SPECIAL)


def _named(scope: Scope, category: str, pattern: str) -> bool:
    if pattern == SPECIAL:
        return scope.dragon_hands
    return category in scope.categories and pattern in scope.patterns


def _worse(advised: Aim, found: list[Aim], low: int) -> list[Aim]:
    """The hands that may stand beside the advised one: at least `low` tiles farther, and where
    as near, fewer tiles help them (so the advised hand is the one best choice)."""
    return [
        aim
        for aim in found
        if aim.tiles_needed - advised.tiles_needed >= low
        and (aim.tiles_needed > advised.tiles_needed or aim.copies_left < advised.copies_left)
    ]


def mark(advised: Aim, aim: Aim) -> str:
    """As charleston.grade_of marks a pass: best (as good as the advice), good (as near, with fewer
    ways to finish), weak (farther)."""
    if aim.sort_key() <= advised.sort_key():
        return BEST
    return AS_NEAR if aim.tiles_needed == advised.tiles_needed else WEAK


def _kept(rack: Hand, aim: Aim, advised: Aim) -> AimChoice:
    return {
        "mark": mark(advised, aim),
        "tiles_needed": aim.tiles_needed,
        "copies_left": aim.copies_left,
        "reason": reason(rack, aim),
        "category": aim.entry.category,
        "pattern": aim.entry.pattern or SPECIAL,
    }


def reason(rack: Hand, aim: Aim) -> str:
    """What the rack holds toward the hand, what its jokers, flowers and pairs do for it, and
    which tiles would bring it nearer, in words."""
    far = plural(aim.tiles_needed, "tile")
    return " ".join([f"{entry_name(aim.entry)} is {far} away.", *_details(rack, aim)])


def _details(rack: Hand, aim: Aim) -> list[str]:
    """What the rack holds toward the hand, sentence by sentence."""
    if aim.held:
        lines = [f"You hold {len(aim.held)} of its tiles: {tiles_words(sorted(aim.held))}."]
    else:
        lines = ["None of your tiles is in it."]
    lines += [words for words in (_jokers(rack, aim), _flowers(rack, aim), _pairs(rack, aim)) if words]
    if aim.helpers:
        lines.append(_helpers(aim))
    return [*lines, *_bonuses(aim)]


def _bonuses(aim: Aim) -> list[str]:
    """The concealed bonus of a hand of Pairs (nobody calls a Pair but for Mah Jongg) and the suit
    bonus of one in one suit, where the bonus has been taught."""
    scope = current()
    taught = BONUS_KEYS if scope is None else scope.bonuses
    words = []
    pairs = sum(1 for _, size in aim.entry.blocks if size == PAIR)
    if "concealed" in taught and pairs >= MANY_PAIRS:
        if pairs == len(aim.entry.blocks):
            rest = "so it stays concealed, for the concealed bonus"
        else:
            rest = "calling a discard for its other blocks gives up the concealed bonus"
        drawn = f"Its {pairs} Pairs can be called only for Mah Jongg, so you draw them yourself"
        words.append(f"{drawn}; {rest}.")
    if "suit" in taught and suit_bonus_possible(aim.entry):
        words.append("Its nearest form is all one suit: finished that way, it earns the suit bonus.")
    return words


def _helpers(aim: Aim) -> str:
    """'Drawing any of 3 kinds of tile (3 Bam, 6 Bam and 9 Bam) brings it a tile nearer: 4 copies
    of them are not on your rack.'"""
    helpers = [name(t) for t in aim.helpers]
    left = aim.copies_left
    copies = f"{left} {'copy' if left == 1 else 'copies'} of {'it' if len(helpers) == 1 else 'them'}"
    copies += " is" if left == 1 else " are"
    if len(helpers) == 1:
        drawing = f"Drawing {helpers[0]}"
    elif len(helpers) <= LISTED_HELPERS:
        drawing = f"Drawing any of {len(helpers)} kinds of tile ({join_words(helpers)})"
    else:
        drawing = f"Drawing any of {len(helpers)} kinds of tile"
    return f"{drawing} brings it a tile nearer: {copies} not on your rack."


def _jokers(rack: Hand, aim: Aim) -> str:
    jokers = rack.concealed.count(JOKER)
    if not jokers:
        return ""
    yours = {1: "your joker", 2: "both your jokers"}.get(jokers, f"all {jokers} of your jokers")
    if aim.jokers_used == jokers:
        return f"It has a place for {yours}."
    if not any(size > PAIR and tile != NEWS for tile, size in aim.entry.blocks):
        return "It has no place for a joker: a joker never fills a Pair or NEWS."
    if not aim.jokers_used:
        return "It has no place for your jokers: your own tiles fill its Pungs, Kongs and Quints."
    return (
        f"It has a place for only {aim.jokers_used} of your {plural(jokers, 'joker')}: "
        "jokers fill only Pungs, Kongs and Quints."
    )


def _flowers(rack: Hand, aim: Aim) -> str:
    flowers = rack.concealed.count(FLOWER)
    if not flowers:
        return ""
    used = aim.held.count(FLOWER)
    if not used:
        return f"It has no place for your {'flower' if flowers == 1 else 'flowers'}."
    spare = f" ({flowers - used} more have no place)" if flowers - used > 1 else ""
    spare = spare or (" (one more has no place)" if flowers - used == 1 else "")
    return f"Its Pair of flowers takes {'your flower' if used == 1 else 'two of your flowers'}{spare}."


def _pairs(rack: Hand, aim: Aim) -> str:
    """The pairs the rack holds: those that are the hand's Pairs (only real tiles fill a Pair), and
    those it has no place for."""
    held = Counter(t for t in rack.concealed if t not in (JOKER, FLOWER))
    pairs = [t for t, n in sorted(held.items()) if n == PAIR]
    kept = [t for t in pairs if (t, PAIR) in aim.entry.blocks]
    unused = [t for t in pairs if t not in aim.held]
    words = []
    if kept:
        words.append(
            f"{_your_pairs(kept)} already {'a Pair' if len(kept) == 1 else 'Pairs'} of it, and only "
            "real tiles fill a Pair."
        )
    if unused:
        words.append(f"{_your_pairs(unused)} no use to it.")
    return " ".join(words)


def _your_pairs(tiles: list[int]) -> str:
    """'Your pair of 5 Dot is', 'Your pairs of 5 Dot and 7 Bam are'."""
    names = join_words([name(t) for t in tiles])
    return f"Your pair of {names} is" if len(tiles) == 1 else f"Your pairs of {names} are"


def grade(question: AimQuestion, answer: AimAnswer, response: object) -> Graded:
    said = text_field(response, "target")
    rules, expected, why = answer["rules"], answer["expected"], answer["why"]
    chosen = answer["choices"].get(said or "") if isinstance(answer.get("choices"), dict) else None
    if chosen is None:
        lead = f"Choose one of the hands offered (you gave {shown(said)}). "
        return graded(WRONG, explanation=lead + why, expected=expected, rules=rules)
    if chosen["mark"] == BEST:
        return graded(RIGHT, explanation=why, expected=expected, rules=rules)
    near = answer["tiles_needed"]
    advised = answer["choices"][answer["target"]]
    aim_for = expected.removeprefix("Aim for ").rstrip(".")  # the advised hand's name
    if chosen["mark"] == AS_NEAR:
        lead = (
            f"It is as near as {aim_for} ({plural(near, 'tile')} away), but fewer tiles help it: "
            f"{chosen['copies_left']} copies against {advised['copies_left']}. "
        )
        return graded(GOOD, explanation=lead + chosen["reason"] + " " + why, expected=expected, rules=rules)
    farther = chosen["tiles_needed"] - near
    lead = f"It is {plural(farther, 'tile')} farther away than {aim_for}, the hand to aim for. "
    return graded(WRONG, explanation=lead + chosen["reason"] + " " + why, expected=expected, rules=rules)


def _within(scope: Scope, question: AimQuestion, answer: AimAnswer) -> bool:
    """Every hand offered is named in words the course has taught (its category and pattern)."""
    return all(_named(scope, c["category"], c["pattern"]) for c in answer["choices"].values())


def _best(answer: AimAnswer) -> set[str]:
    return {value for value, kept in answer.get("choices", {}).items() if kept["mark"] == BEST}


KIND: DrillKind[AimQuestion, AimAnswer] = DrillKind(
    name="aim_hand",
    title="Which hand to aim for?",
    description="Which hand to aim at, from the 13 tiles you hold after the Charleston.",
    fields=(
        AnswerField(
            "target", "one-choice", required=True, choices_from="choices", board="Hand aimed at", right=_best
        ),
    ),
    focuses=FOCUSES,
    practises=PRACTISES,
    make=make,
    grade=grade,
    template="components/answers/aim_hand.html",
    ignores_table="the advice ranks hands by standard card entries, not by a table's handicaps",
    within=_within,
)
