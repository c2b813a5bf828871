"""Drill "What would you pass?": 13 tiles in the Charleston; which three to pass.

The rack is dealt as at the table: a shuffled wall (the game engine's), dealt East 14 and the
others 13, and one of the three 13-tile racks is the question. So it holds jokers, flowers and
lone tiles as often as a real deal does (4 jokers or more in about 0.19% of racks; racks built
from a card entry with tiles swapped held that many in a quarter of band 5's). The band says how
many deals are compared: the lower bands take the one whose best pass leaves the nearest hand
(a clearer target), band 5 the first deal as it comes; band 1, as in every drill, holds no joker
(only deals without one are taken). Graded by charleston(proposed=...).
"""

from __future__ import annotations

from random import Random
from typing import NotRequired, TypedDict

from ..advice_words import aim_tiles, broken_words, target_name
from ..charleston import DIRECTIONS, charleston, grade_all, proposed_pass, summary
from ..errors import InputError
from ..game import Game
from ..game.tileset import SEATS
from ..labels import codes_named
from ..notation import Hand, parse_hand
from ..tiles import JOKER, code, codes
from .common import Graded, Mark, graded_by_marks, no_focus, passed_words, stored_mark, text_field
from .kind import AnswerField, DrillKind
from .shapes import Advised, HandQuestion

DEALS = {1: 4, 2: 3, 3: 2, 4: 2, 5: 1}  # deals compared; the nearest hand after its best pass wins
RULES = ("6",)
FOCUSES: tuple[str, ...] = ()
# A pass with a joker is refused; the advice itself never passes one.
PRACTISES: tuple[str, ...] = ("6_jokers_never_passed",)


class CharlestonQuestion(HandQuestion):
    tiles: list[str]  # the 13 tiles, in order (the boxes to tick)
    direction: str  # where the pass goes (charleston.DIRECTIONS)


# "pass" is a Python keyword: that key is declared the functional way.
PassAnswer = TypedDict("PassAnswer", {"pass": str})


class CharlestonAnswer(PassAnswer, Advised):
    summary: str  # how near the advised pass leaves the hand, in words
    aim: NotRequired[str]  # the tiles of the hand the advised pass aims at (what a pass may break)
    aim_name: NotRequired[str]  # that hand's name


def make(rng: Random, band: int, focus: str | None = None) -> tuple[CharlestonQuestion, CharlestonAnswer]:
    no_focus("charleston", focus)
    direction = rng.choice(DIRECTIONS)
    dealt = [dealt_rack(rng, jokers=band > 1) for _ in range(DEALS[band])]
    advised = [(charleston(hand, direction=direction), hand) for hand in dealt]
    advice, hand = min(advised, key=lambda pair: pair[0].best.tiles_needed)  # the first of the nearest
    question: CharlestonQuestion = {
        "prompt": f"It is the Charleston and you pass {direction}. Which three tiles would "
        "you pass? (Jokers are never passed.)",
        "hand": str(hand),
        "tiles": [code(t) for t in hand.concealed],
        "direction": direction,
    }
    # Every possible pass, marked now: marking an answer later is a look-up, not a new advice.
    marks = {codes(given): grade.mark() for given, grade in grade_all(advice.ranked).items()}
    answer: CharlestonAnswer = {
        "pass": codes(advice.best.given),
        "why": advice.why,
        "tiles_needed": advice.best.tiles_needed,
        "summary": summary(advice.best),
        "marks": marks,
        "aim": aim_tiles(advice.best),
        "aim_name": target_name(advice.best),
    }
    return question, answer


def dealt_rack(rng: Random, *, jokers: bool = True) -> Hand:
    """The 13 tiles of one of the three seats that are not East, dealt from a wall shuffled with a
    seed drawn from `rng`, sorted. Without `jokers` (band 1 holds none), deals are drawn until one
    has none (about half of them do)."""
    while True:
        game = Game(rng.randrange(2**62))
        seat = rng.randrange(1, SEATS)  # the dealer (East, 14 tiles) sits at 0
        rack = Hand(tuple(sorted(game.concealed(seat))))
        if jokers or JOKER not in rack.concealed:
            return rack


def grade(question: CharlestonQuestion, answer: CharlestonAnswer, response: object) -> Graded:
    def mark_of(text: str | None) -> tuple[str, Mark]:
        if not text:
            raise InputError("A Charleston pass is exactly three tiles, such as '2B WD N'.")
        hand = parse_hand(question["hand"])
        given = codes(proposed_pass(hand, text))
        mark = stored_mark(answer, given)
        if mark is None:
            advice = charleston(hand, direction=question["direction"], proposed=text)
            assert advice.graded is not None  # a proposed pass is always graded
            mark = Mark(*advice.graded.mark())
        return given, mark

    def compare(given: str, mark: Mark) -> str:
        return passed_words(
            f"Your pass ({codes_named(given)})",
            broken_words(
                parse_hand(question["hand"]), given.split(), answer.get("aim", ""), answer.get("aim_name", "")
            ),
            mark.tiles_needed,
            answer["tiles_needed"],
        )

    return graded_by_marks(
        text_field(response, "pass"),
        why=answer["why"],
        mark_of=mark_of,
        compare=compare,
        expected=f"Pass {codes_named(answer['pass'])}.",
        rules=RULES,
        gives_up="tiles",
    )


KIND: DrillKind[CharlestonQuestion, CharlestonAnswer] = DrillKind(
    name="charleston",
    title="What would you pass?",
    description="Which three tiles to pass in the Charleston, from the 13 you hold.",
    fields=(AnswerField("pass", "tiles-many", required=True, choices_from="tiles", form_name="pick"),),
    focuses=FOCUSES,
    practises=PRACTISES,
    make=make,
    grade=grade,
    template="components/answers/charleston.html",
    ignores_table="which tiles to pass is about tiles, not scoring; house rule 1 only skips a round",
    daily=6,
)
