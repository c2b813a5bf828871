"""One definition per drill kind: everything the engine and the site know about a kind, in one
place (as MahjongRepository/mahjong gives each yaku one class).

A kind's module ends with `KIND = DrillKind(...)`; drills.DEFINITIONS lists them in order and
every list of kinds (drills.KINDS, KIND_TITLES, TABLE_KINDS, ...) is derived from it. Adding a kind
is its module, its definition, its answer partial (`template`) and their tests.

The form side stays free of Django: a form is read through `getlist`, a callable giving the
values posted under one name (QueryDict.getlist does).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from random import Random
from typing import Any, Generic, Literal, TypeVar

from ..labels import tile_alt
from ..numbers import read_number
from ..ruleset import RuleSet
from .common import Graded, text_field
from .scope import Scope

Q = TypeVar("Q", bound=Mapping[str, object])  # a kind's question (a JSON object: its TypedDict)
A = TypeVar("A", bound=Mapping[str, object])  # a kind's answer (a JSON object: its TypedDict)

# How an answer field is asked: Yes or No; one of the question's choices, or several of them
# (ticked boxes, sent as one comma list); several of the hand's tiles (ticked, sent as one
# space list); one of the hand's tiles; a whole number typed in.
InputType = Literal["yes-no", "one-choice", "many-choices", "tiles-many", "tile-one", "number"]
# How a question's hand is drawn (drawing.hand_groups): "rack", a hand in play, its tiles by suit;
# "blocks", a hand shown for Mah Jongg, as the blocks of its reading (the nearest one where it does
# not win); "blocks_if_winning", as blocks where it wins, else on a rack.
HandDrawn = Literal["rack", "blocks", "blocks_if_winning"]
GetList = Callable[[str], list[str]]  # a posted form's values under one name (QueryDict.getlist)
Shown = dict[str, list[str] | set[int]]  # an answer as its form shows it filled in again
FORM_CHARS = 200  # the most of one posted field an answer keeps
YES_NO = (("yes", "Yes"), ("no", "No"))


def _clean(value: str) -> str:
    # NUL is dropped: no answer has one, and PostgreSQL refuses it in the stored JSON (a 500).
    return value.replace("\x00", "")


@dataclass(frozen=True)
class AnswerField:
    """One field of a kind's answer form.

    `required`: an answer cannot leave it empty (without it, it is no answer at all). `choices_from`:
    the question's key its choices come from. `form_name`: the name the form's inputs are posted
    under where it is not `name` (the Charleston's tile boxes, `pick`, make one `pass`). `board`:
    the heading under which a class board counts the room's answers by value ("" where they are
    counted only as right or wrong). `right`: the values of this field the answer accepts, where
    it is not simply the answer's own value of the field. `answered`: the value one right response
    gives this field, where it is not the answer's own value of the field (as the form sends it).
    `needed`: for a field not always required, whether this question and the rest of this
    response need it too (the discarder's payment of a hand won on a discard; the reason of a
    No). `units`: the words a number may be followed by ("80 points"). `ask`: what the learner is
    asked when the field is needed and left empty, or (a number) unreadable; "" for the plain
    "choose an answer first"."""

    name: str
    input: InputType
    required: bool = False
    choices_from: str = ""
    form_name: str = ""
    board: str = ""
    right: Callable[[Any], set[str]] | None = None  # given its kind's answer (a TypedDict of the kind's)
    answered: Callable[[Any], str] | None = None  # given its kind's answer
    needed: Callable[[Mapping[str, Any], Mapping[str, object]], bool] | None = None  # (question, response)
    units: tuple[str, ...] = ()
    ask: str = ""

    def read(self, getlist: GetList) -> str:
        """This field of a posted form, as the engine reads it (at most FORM_CHARS long)."""
        values = getlist(self.name)
        text = _clean(values[-1] if values else "")[:FORM_CHARS]
        if self.input == "many-choices" and values:
            return ",".join(_clean(v) for v in values)[:FORM_CHARS]
        if self.input == "tiles-many" and not text:
            picks = getlist(self.form_name) if self.form_name else []
            if picks:
                return " ".join(_clean(p) for p in picks)[:FORM_CHARS]
        return text

    def shown(self, text: str, question: Mapping[str, Any]) -> tuple[str, list[str] | set[int]]:
        """(key, values) of this field filled in again: the places of the tiles picked
        (`<form_name>_at`, as a hand may hold two of one tile), the boxes ticked, or the value."""
        if self.input == "tiles-many":
            wanted = text.split()
            places = set()
            for place, code in enumerate(question.get(self.choices_from, [])):
                if code in wanted:
                    wanted.remove(code)
                    places.add(place)
            return f"{self.form_name}_at", places
        if self.input == "many-choices":
            return self.name, [value for value in re.split(r"[\s,]+", text) if value]
        return self.name, [text]

    def asked(self, question: Mapping[str, Any]) -> bool:
        """Does the question ask this field? Not when it offers no choices in it (a name-the-hand
        question asks no category before categories are taught)."""
        if self.input in ("one-choice", "many-choices") and self.choices_from:
            return question.get(self.choices_from) != []
        return True

    def needs_answer(self, question: Mapping[str, Any] | None, response: Mapping[str, object]) -> bool:
        """Must a response to this question (None: any question) fill this field in?"""
        if self.required:
            return question is None or self.asked(question)
        return self.needed is not None and question is not None and self.needed(question, response)

    def unreadable(self, text: str) -> bool:
        """Is this filled-in text no answer the field can read (a number that is not one)?"""
        return self.input == "number" and read_number(text, self.units) is None

    def choices(self, question: Mapping[str, Any]) -> list[tuple[str, str]]:
        """(value, label) of every choice the question offers in this field, in order."""
        if self.input == "yes-no":
            return list(YES_NO)
        if self.input == "tile-one":
            return [
                (code, f"{code} ({tile_alt(code)})")
                for code in dict.fromkeys(question.get(self.choices_from, []))
            ]
        return [(str(c["value"]), str(c["label"])) for c in question.get(self.choices_from, [])]

    def right_values(self, answer: Mapping[str, object]) -> set[str]:
        """The values of this field that are right (several where the answer accepts several)."""
        if self.right is not None:
            return self.right(answer)
        if self.input == "yes-no":
            return {"yes" if answer.get(self.name) else "no"}
        return {str(answer.get(self.name, ""))}

    def right_value(self, answer: Mapping[str, object]) -> str:
        """The value one right response gives this field, as its form sends it ("" where a right
        response leaves it empty)."""
        if self.answered is not None:
            return self.answered(answer)
        if self.input == "yes-no":
            return "yes" if answer.get(self.name) else "no"
        return str(answer.get(self.name, ""))

    def picked(self, response: object) -> list[str]:
        """The choices one response made in this field (several for many choices)."""
        raw = str(response.get(self.name, "")) if isinstance(response, dict) else ""
        if self.input == "many-choices":
            return sorted({part.strip() for part in raw.split(",") if part.strip()})
        return [raw.strip()] if raw.strip() else []


@dataclass(frozen=True)
class DrillKind(Generic[Q, A]):
    """Everything about one drill kind.

    `make(rng, band, focus)` gives (question, answer); `table_make` is the maker that also takes a
    table (a RuleSet), for the kinds whose answer depends on one; the others say why they ignore a
    table (`ignores_table`). `values_hands`: its answer depends on the table's base (RULES §3).
    `grade(question, answer, response)` marks a response (never raises). `daily`: its place in
    the rotation of today's five (None: never among them). `template`: its answer partial.
    `shown_tile`: the words before the question's tile, where it has one (the call's discard);
    `says_how_won`: its question always says how the hand was won (on a discard or self-drawn).
    `within(scope, question, answer)`: does the puzzle ask only what the scope has taught (beyond
    its hand, which Scope.admits reads for every kind)? None: nothing else it asks needs teaching.
    `hand_drawn`: how its question's hand is drawn (HandDrawn). `picks_in_hand`: its answer is one
    of the hand's tiles, tapped in the hand itself (its answer partial draws the hand, so the
    question leaves the hand out while the answer form is there). `slow`: a puzzle takes a second
    or more to make (a table from a bot hand played out): the site makes at most one while a
    request waits (practice.making.made_in_a_request) and leaves the pools to the worker.
    `focus_lines`: the rule lines a focus asks about, for the focuses that name their own (a Quick
    rules topic, a category or pattern, a bonus); a lesson step's check on such a focus asks about
    what its step teaches (lessons.content). A focus left out names none of its own (a reason a
    hand does not win can follow from a rule taught later, as "not a set" does from the run)."""

    name: str
    title: str
    description: str
    fields: tuple[AnswerField, ...]
    focuses: tuple[str, ...]
    practises: tuple[str, ...]
    make: Callable[[Random, int, str | None], tuple[Q, A]]
    grade: Callable[[Q, A, object], Graded]
    template: str
    table_make: Callable[[Random, int, str | None, RuleSet | None], tuple[Q, A]] | None = None
    ignores_table: str = ""
    values_hands: bool = False
    daily: int | None = None
    shown_tile: str = ""
    says_how_won: bool = False
    within: Callable[[Scope, Q, A], bool] | None = None
    hand_drawn: HandDrawn = "rack"
    picks_in_hand: bool = False
    slow: bool = False
    focus_lines: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        if (self.table_make is None) == (not self.ignores_table):
            raise ValueError(f"The {self.name} drill either takes a table or says why it ignores one.")
        if self.values_hands and self.table_make is None:
            raise ValueError(f"The {self.name} drill values hands, so it takes a table.")

    @property
    def field_names(self) -> tuple[str, ...]:
        """The form fields it reads."""
        return tuple(f.name for f in self.fields)

    @property
    def needs(self) -> tuple[str, ...]:
        """The fields an answer cannot leave empty."""
        return tuple(f.name for f in self.fields if f.required)

    def missing(self, response: Mapping[str, object], question: Mapping[str, Any] | None) -> tuple[str, ...]:
        """The fields this response to this question must fill in and leaves empty, or fills with
        what cannot be read (a number in words it does not know): it is no answer yet."""
        missing = []
        for field in self.fields:
            if not field.needs_answer(question, response):
                continue
            text = text_field(response, field.name)
            if not text or field.unreadable(text):
                missing.append(field.name)
        return tuple(missing)

    def asks(self, names: tuple[str, ...]) -> tuple[str, ...]:
        """What the learner is asked for these missing fields, in words (those that say more than
        "choose an answer first")."""
        return tuple(dict.fromkeys(f.ask for f in self.fields if f.name in names and f.ask))

    @property
    def board_fields(self) -> tuple[AnswerField, ...]:
        """The fields a class board counts by value."""
        return tuple(f for f in self.fields if f.board)

    def form_response(self, getlist: GetList) -> dict[str, str]:
        """Its fields of a posted form, as the engine reads them."""
        return {f.name: f.read(getlist) for f in self.fields}

    def right_response(self, answer: A, question: Q | None = None) -> dict[str, str]:
        """A right response to the question of this answer, as its form's fields send it (the
        engine's own answer: the first reading, reason, ... where several are right); given the
        question, the fields it does not ask are left empty."""
        return {
            field.name: field.right_value(answer) if question is None or field.asked(question) else ""
            for field in self.fields
        }

    def response_of(self, data: Mapping[str, object]) -> dict[str, str]:
        """Its fields of a response, as strings (anything else is ignored)."""
        return {name: str(data.get(name, ""))[:FORM_CHARS] for name in self.field_names}

    def response_shown(self, response: Mapping[str, object], question: Mapping[str, Any]) -> Shown:
        """A response as its form shows it filled in again (a blank asked again keeps what was
        filled in): each field's values by field name (blank fields left out)."""
        shown: Shown = {}
        for field in self.fields:
            text = str(response.get(field.name, "")).strip()
            if text:
                key, values = field.shown(text, question)
                shown[key] = values
        return shown
