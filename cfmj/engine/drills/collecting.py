"""Drill "What is West collecting?": a real table in the middle of a hand (positions.py: seeded
advice bots, stopped as you are about to discard); from one opponent's exposures and discards and
every tile in view, which of a few hands could they still be making? Tick every one.

Right: the hands still open to them (reading.open_targets: certain, RULES 2.5 and 2.1). The others
are ruled out by their exposures (or by the tiles in view), each with its reason. Bands: 1-2 ask
about categories ("Consecutive Odds", "Winds"), 3 about category and set, 4-5 about whole hands
(category, set and pattern); band 1 offers three hands with plain distractors (an exposure of a
tile the hand never uses), band 5 only distractors of a category still open to them (another set
or pattern) and, where it can, a right answer the discards argue against.

Your own concealed tiles do not change the answer: you may still throw them, so they count as
tiles that could reach the opponent, as danger() counts them. The question shows the table only.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from random import Random
from typing import Any, TypedDict

import numpy as np
import numpy.typing as npt

from ..game.table_reading import opponents_of
from ..reading import Opponent, open_columns, read, unseen_counts
from .collecting_why import CATEGORY, HAND, IN_VIEW, NO_BLOCK, NO_SIZE, SET, Verdict, verdicts
from .common import RIGHT, WRONG, Graded, choice, graded, half_right, join_words, no_focus, ref, text_field
from .kind import AnswerField, DrillKind
from .positions import SeatShown, TablePosition, table_position
from .shapes import Choice, ExplainedExpected

FOCUSES: tuple[str, ...] = ()
LEVELS = {1: CATEGORY, 2: CATEGORY, 3: SET, 4: HAND, 5: HAND}
CHOICES = {1: 3, 2: 4, 3: 4, 4: 4, 5: 4}
# The plainest reasons a band's distractors may have (band 1: a tile the hand never uses).
PLAINEST = {1: NO_SIZE, 2: NO_BLOCK, 3: IN_VIEW, 4: IN_VIEW, 5: IN_VIEW}
MAX_TRIES = 12
RULES = ("2.5", "2.1")
PRACTISES: tuple[str, ...] = (
    "2_5_exposure_is_one_block",
    "2_5_calls_expose_pungs_kongs_quints",
    "2_1_jokers_never_in_pairs",
)


class CollectingQuestion(TypedDict):
    prompt: str
    seat: str  # your wind
    opponent: str  # the wind of the opponent asked about
    opponents: list[SeatShown]  # the opponent asked about first, then the others in turn order
    yours: SeatShown  # your own exposures and discards
    wall: int
    choices: list[Choice]


class CollectingAnswer(ExplainedExpected):
    open: list[str]  # the choices still open to the opponent
    offered: list[str]  # every choice
    why: dict[str, str]  # each choice: still open, or why not
    summary: str  # the reading's summary ("West's Kong of 5 Bam leaves 38 hands open, ...")


def make(rng: Random, band: int, focus: str | None = None) -> tuple[CollectingQuestion, CollectingAnswer]:
    no_focus("collecting", focus)
    for _ in range(MAX_TRIES):
        position = table_position(rng, wanted=lambda p: bool(readable(p)))
        opponent = rng.choice(readable(position))
        made = puzzle_of(position, opponent, rng, band)
        if made is not None:
            return made
    raise RuntimeError("no table found for the collecting drill")  # pragma: no cover - most tables have one


def readable(position: TablePosition) -> list[Opponent]:
    """The opponents a question may ask about: those who have exposed a block, hand not dead."""
    return [o for o in opponents_of(position.view) if o.exposures and not o.dead]


def available_to(position: TablePosition) -> npt.NDArray[np.int16]:
    """The copies of each tile that could still reach an opponent: neither exposed nor thrown
    away (yours count, as you may still throw them)."""
    view = position.view
    exposed = [t for seat in view.exposures for e in seat for t in e.tiles]
    return unseen_counts((), [*exposed, *(t for _, t in view.discards)])


def opponents_shown(position: TablePosition, *, first: str) -> list[SeatShown]:
    """The other players as the question draws them (components/table_seats.html): each one's
    exposures and discards, `first` the one asked about, then the others in turn order."""
    return sorted(position.shown()["opponents"], key=lambda o: o["seat"] != first)


def yours_shown(position: TablePosition) -> SeatShown:
    """Your own exposures and discards (in view too); your rack is not shown."""
    return position.shown()["yours"]


def puzzle_of(
    position: TablePosition, opponent: Opponent, rng: Random, band: int
) -> tuple[CollectingQuestion, CollectingAnswer] | None:
    """The question about `opponent` at this table (None: too few open or ruled-out hands to ask)."""
    available = available_to(position)
    level = LEVELS[band]
    found = verdicts(opponent, open_columns(opponent, available), available, level)
    picked = _pick(rng, band, found)
    if picked is None:
        return None
    values = [f"h{n}" for n in range(1, len(picked) + 1)]
    who = opponent.name
    what = {1: "kinds of hand", 2: "hands", 3: "hands"}[level]
    question: CollectingQuestion = {
        "prompt": (
            f"You sit {position.shown()['seat']}. What is {who} collecting? Which of these {what} could "
            f"{who} still be making? Tick every one."
        ),
        "seat": position.shown()["seat"],
        "opponent": who,
        "opponents": opponents_shown(position, first=who),
        "yours": yours_shown(position),
        "wall": position.view.wall_count,
        "choices": [choice(v, p.name) for v, p in zip(values, picked, strict=True)],
    }
    unseen = available.copy()  # the opponent's tiles come from those you have not seen
    for tile in position.view.concealed:
        unseen[tile] -= 1
    summary = read(opponent, unseen=unseen, available=available, wall=position.view.wall_count).summary()
    right = [v for v, p in zip(values, picked, strict=True) if p.open]
    # The answer revealed (a class's board): the open hands are named above it, so only why the
    # others are ruled out; a graded answer says why of every choice (grade).
    explanation = " ".join(
        [
            summary,
            *(p.why for p in picked if not p.open),
            f"An exposure is one block of the hand {ref(*RULES)}.",
        ]
    )
    answer: CollectingAnswer = {
        "open": right,
        "offered": values,
        "why": {v: p.why for v, p in zip(values, picked, strict=True)},
        "summary": summary,
        "explanation": explanation,
        "expected": join_words([p.name for p in picked if p.open]),
        "rules": list(RULES),
    }
    return question, answer


def _pick(rng: Random, band: int, found: list[Verdict]) -> list[Verdict] | None:
    """The choices: some open groups and some ruled out (at least one of each), in random order."""
    size = CHOICES[band]
    opened = [v for v in found if v.open]
    closed = [v for v in found if not v.open and v.plainness <= PLAINEST[band]]
    if band == 5:  # subtle: hands of a category still open to them, best of a set still open too
        open_sets = {v.group[:2] for v in opened}
        closed = [v for v in closed if v.group[0] in {g[0] for g in open_sets}]
    if not opened or not closed:
        return None
    fewest, most = max(1, size - len(closed)), min(size - 1, len(opened))
    if fewest > most:
        return None
    rights = rng.randint(fewest, most)
    chosen_open = _sampled(rng, opened, rights, lambda v: bool(v.against) if band == 5 else True)
    if band == 1:  # the plainest reasons first
        chosen_closed = _sampled(rng, closed, size - rights, lambda v: -v.plainness)
    elif band == 5:
        chosen_closed = _sampled(
            rng, closed, size - rights, lambda v: (v.group[:2] in open_sets, v.plainness >= NO_SIZE)
        )
    else:
        chosen_closed = rng.sample(closed, size - rights)
    picked = chosen_open + chosen_closed
    rng.shuffle(picked)
    return picked


def _sampled(rng: Random, items: list[Verdict], count: int, tier: Callable[[Verdict], Any]) -> list[Verdict]:
    """`count` of `items`, drawn from the highest tier first (at random within a tier)."""
    out: list[Verdict] = []
    for level in sorted({tier(v) for v in items}, reverse=True):
        members = [v for v in items if tier(v) == level]
        out += rng.sample(members, min(count - len(out), len(members)))
        if len(out) == count:
            break
    return out


def grade(question: CollectingQuestion, answer: CollectingAnswer, response: object) -> Graded:
    text = text_field(response, "making")
    tokens = [t for t in re.split(r"[\s,;]+", (text or "").lower()) if t]
    right, offered = set(answer["open"]), list(answer["offered"])
    labels = {c["value"]: c["label"] for c in question["choices"]}
    expected, rules = answer["expected"], answer["rules"]
    lines = [
        answer["summary"],
        *(answer["why"][v] for v in offered),
        f"An exposure is one block of the hand {ref(*RULES)}.",
    ]
    explanation = " ".join(lines)
    if not tokens or not all(t in offered for t in tokens):
        lead = f"Tick the hands {question['opponent']} could still be making ({', '.join(offered)}). "
        return graded(WRONG, explanation=lead + explanation, expected=expected, rules=rules)
    chosen = set(tokens)
    if chosen == right:
        return graded(RIGHT, explanation=explanation, expected=expected, rules=rules)
    wrong = chosen - right
    if not wrong:
        missed = join_words([labels[v] for v in offered if v in right - chosen])
        return half_right(
            "Every hand you ticked is still open.",
            f"You missed {missed}: it is open too.",
            explanation=explanation,
            expected=expected,
            rules=rules,
        )
    ruled_out = join_words([labels[v] for v in offered if v in wrong])
    lead = f"{ruled_out} {'is' if len(wrong) == 1 else 'are'} ruled out. "
    return graded(WRONG, explanation=lead + explanation, expected=expected, rules=rules)


def _ticked(answer: CollectingAnswer) -> str:
    """The boxes a right response ticks, as the form sends them (one comma list)."""
    return ",".join(answer["open"])


def _open(answer: CollectingAnswer) -> set[str]:
    return set(answer.get("open") or [])


KIND: DrillKind[CollectingQuestion, CollectingAnswer] = DrillKind(
    name="collecting",
    title="What are they collecting?",
    description="Which hands an opponent could still be making, from their exposures and the tiles in view.",
    fields=(
        AnswerField(
            "making",
            "many-choices",
            required=True,
            choices_from="choices",
            board="Still open",
            right=_open,
            answered=_ticked,
        ),
    ),
    focuses=FOCUSES,
    practises=PRACTISES,
    make=make,
    grade=grade,
    template="components/answers/collecting.html",
    ignores_table="which hands are still open is about the tiles on the table, not scoring",
    slow=True,  # a table is a bot hand played to a random point: about 1 s (up to 7 s)
)

__all__ = ["KIND", "available_to", "opponents_shown", "puzzle_of", "readable", "yours_shown"]
