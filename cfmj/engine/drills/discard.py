"""Drill "Which discard?": 14 tiles on your turn; which one to let go.

The hand is a card entry held with the band's jokers and exposures, with a few concealed tiles
swapped for others (never a hand that already wins). Graded by play_advice.discard(proposed=...).
"""

from __future__ import annotations

from random import Random
from typing import NotRequired

from ..advice_words import aim_tiles, broken_words, target_name
from ..charleston import grade_all
from ..check import check
from ..errors import InputError
from ..labels import codes_named
from ..notation import parse_hand
from ..play_advice import discard, proposed_discard
from ..tiles import JOKER, code
from .common import Graded, Mark, graded_by_marks, no_focus, passed_words, stored_mark, text_field
from .hands import band_layout, build, pick_entry, replace_tiles
from .kind import AnswerField, DrillKind
from .shapes import Advised, HandQuestion

SWAPS = {1: 2, 2: 2, 3: 3, 4: 4, 5: 5}
RULES = ("6",)
FOCUSES: tuple[str, ...] = ()
PRACTISES: tuple[str, ...] = ("6_draw_then_discard",)  # 14 tiles on your turn: which one goes
MAX_TRIES = 30


class DiscardQuestion(HandQuestion):
    tiles: list[str]  # the concealed tiles, in order (the ones to choose from)


class DiscardAnswer(Advised):
    tile: str  # the advised discard
    aim: NotRequired[str]  # the tiles of the hand the advised discard aims at (what a discard may break)
    aim_name: NotRequired[str]  # that hand's name


def make(rng: Random, band: int, focus: str | None = None) -> tuple[DiscardQuestion, DiscardAnswer]:
    no_focus("discard", focus)
    for _ in range(MAX_TRIES):
        hand = build(band_layout(pick_entry(rng, band), rng, band))
        hand = replace_tiles(hand, rng, SWAPS[band])
        if not check(hand).valid:
            break
    else:  # pragma: no cover - two swapped tiles nearly always spoil a hand
        raise RuntimeError("no hand found for the discard drill")
    advice = discard(hand)
    question: DiscardQuestion = {
        "prompt": "It is your turn and you hold 14 tiles. Which tile would you discard?",
        "hand": str(hand),
        "tiles": [code(t) for t in hand.concealed],
    }
    # Every possible discard, marked now (a joker against the list that offers it, as discard()
    # does): marking an answer later is a look-up, not a new advice.
    marks = {code(given[0]): grade.mark() for given, grade in grade_all(advice.ranked).items()}
    if JOKER in hand.concealed:
        with_joker = discard(hand, proposed=JOKER).graded
        assert with_joker is not None
        marks[code(JOKER)] = with_joker.mark()
    answer: DiscardAnswer = {
        "tile": code(advice.tile),
        "why": advice.why,
        "tiles_needed": advice.ranked[0].tiles_needed,
        "marks": marks,
        "aim": aim_tiles(advice.ranked[0]),
        "aim_name": target_name(advice.ranked[0]),
    }
    return question, answer


def grade(question: DiscardQuestion, answer: DiscardAnswer, response: object) -> Graded:
    def mark_of(text: str | None) -> tuple[str, Mark]:
        if not text or len(text) > 4 or " " in text:
            raise InputError("Name one tile to discard, such as 9D or WD.")
        hand = parse_hand(question["hand"])
        theirs = code(proposed_discard(hand, text))
        mark = stored_mark(answer, theirs)
        if mark is None:
            advice = discard(hand, proposed=text)
            assert advice.graded is not None  # a proposed discard is always graded
            mark = Mark(*advice.graded.mark())
        return theirs, mark

    def compare(theirs: str, mark: Mark) -> str:
        words = passed_words(
            f"Discarding {codes_named(theirs)}",
            broken_words(
                parse_hand(question["hand"]), [theirs], answer.get("aim", ""), answer.get("aim_name", "")
            ),
            mark.tiles_needed,
            answer["tiles_needed"],
        )
        if theirs == code(JOKER):
            words += "A discarded joker is dead: nobody can use it again. "
        return words

    return graded_by_marks(
        text_field(response, "tile"),
        why=answer["why"],
        mark_of=mark_of,
        compare=compare,
        expected=f"Discard {codes_named(answer['tile'])}.",
        rules=RULES,
        gives_up="a tile",
        advised_mark=_advised_mark(question, answer),
    )


def _advised_mark(question: DiscardQuestion, answer: DiscardAnswer) -> Mark:
    """The advised discard's own mark: stored with the puzzle, or (a puzzle stored before marks
    were kept) marked afresh."""
    stored = stored_mark(answer, answer["tile"])
    if stored is not None:
        return stored
    graded = discard(parse_hand(question["hand"]), proposed=answer["tile"]).graded
    assert graded is not None  # a proposed discard is always graded
    return Mark(*graded.mark())


KIND: DrillKind[DiscardQuestion, DiscardAnswer] = DrillKind(
    name="discard",
    title="Which discard?",
    description="Which tile to let go of the 14 you hold on your turn.",
    fields=(AnswerField("tile", "tile-one", required=True, choices_from="tiles", board="Tile discarded"),),
    focuses=FOCUSES,
    practises=PRACTISES,
    make=make,
    grade=grade,
    template="components/answers/discard.html",
    ignores_table="the advice ranks discards by standard card entries, not by a table's handicaps",
    daily=5,
    picks_in_hand=True,
)
