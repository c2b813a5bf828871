"""One way to serve a question to a learner and take their answer, for every question the site
marks: a drill puzzle (practice), a lesson step's check and a lesson's quiz (lessons), the puzzle
on a class session's board (classes).

The trust rules live here, once:
- only what was served to this learner counts: an answer comes with the token it was served with
  (practice.serving), and where it was asked is read from that token, never from the form;
- a blank is no answer: the question is asked again and nothing is counted (BlankAnswerError,
  with every blank question of a quiz and the responses as filled in);
- an answer is marked once, by the engine (answer_mark);
- it is kept once: each app keeps it in its own model through its own service, under the token's
  one-time id (serving.once), so the same token again changes nothing.

A view serves with question_serve, then on the answer calls answer_take and passes what it
returns (Taken) to its own service: practice.services.attempt_record, lessons.services
.step_check_answer and quiz_answer, classes.sessions.session_answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from django.http import QueryDict

from cfmj.accounts.learners import Learner
from cfmj.engine import drills
from practice import serving
from practice.serving import NotServedError, Served

__all__ = [
    "ALL_FIELDS",
    "BlankAnswerError",
    "Marked",
    "NotServedError",
    "Question",
    "Taken",
    "answer_fields",
    "answer_mark",
    "answer_take",
    "question_serve",
    "response_from_form",
    "response_of",
    "response_shown",
]


class BlankAnswerError(ValueError):
    """A response that leaves empty what its kind needs, or fills it with what cannot be read (a
    number: drills.unanswered): it is no answer yet, so nothing is recorded and nothing revealed;
    ask again. `fields` are those ones, `asks` what to say for them in plain words ("Write the
    points as a number, e.g. 80."; empty for the plain "choose an answer first"). Raised for
    a whole question (a quiz: several), it also says which questions were left `blank` (numbered
    from 1), the `responses` as they were filled in, and the question as `served`."""

    def __init__(
        self,
        fields: tuple[str, ...],
        *,
        blank: tuple[int, ...] = (1,),
        responses: tuple[dict[str, str], ...] = (),
        served: Any = None,
        asks: tuple[str, ...] = (),
    ) -> None:
        super().__init__(f"No answer in {', '.join(fields)}")
        self.fields = fields
        self.asks = asks
        self.blank = blank
        self.responses = responses
        self.served = served


@dataclass(frozen=True)
class Marked:
    """An answer to one engine puzzle: the fields its kind reads, and the engine's verdict."""

    response: dict[str, str]
    graded: drills.Graded


def answer_fields(kind: str, response: Mapping[str, Any], question: Any = None) -> dict[str, str]:
    """The fields a puzzle of this kind (and question, if given) reads from `response`. Raises
    BlankAnswerError when it is no answer yet (a field it needs left empty, or a number it cannot
    read): the one place a blank is told from an answer."""
    fields = response_of(kind, response)
    empty = drills.unanswered(kind, fields, question)
    if empty:
        raise BlankAnswerError(empty, responses=(fields,), asks=drills.asked_again(kind, empty))
    return fields


def answer_mark(*, kind: str, question: Any, answer: Any, response: Mapping[str, Any]) -> Marked:
    """Mark a response to a puzzle of this kind (its question and answer): the one place an answer
    is graded. Raises BlankAnswerError when it is no answer."""
    fields = answer_fields(kind, response, question)
    return Marked(fields, drills.grade(kind, question, answer, fields))


def response_of(kind: str, data: Mapping[str, object]) -> dict[str, str]:
    """The form fields a kind expects, as strings (anything else is ignored)."""
    return drills.definition(kind).response_of(data)


ALL_FIELDS = tuple(drills.form_response(lambda name: []))


def response_from_form(data: QueryDict, prefix: str = "") -> dict[str, str]:
    """An answer form's fields (named `prefix` + field) as the engine reads them
    (drills.form_response: NUL dropped, each at most 200 characters; the Charleston's tile boxes
    become one pass, the joker boxes one list). Fields of every kind are read; grading keeps
    those of the puzzle's kind (response_of)."""
    return drills.form_response(lambda name: data.getlist(prefix + name))


def response_shown(kind: str, response: Mapping[str, Any], question: Mapping[str, Any]) -> drills.Shown:
    """An answer as its form shows it filled in again (a blank asked again keeps what was
    filled in): each field's values, by field name; for the Charleston, the places of the tiles
    picked (`pick_at`), as a hand may hold two of one tile."""
    return drills.definition(kind).response_shown(response, question)


class Question(Protocol):
    """An engine puzzle as asked: a stored practice.Puzzle, or a drills.Puzzle made from a spec."""

    @property
    def kind(self) -> str: ...

    @property
    def question(self) -> Any: ...

    @property
    def answer(self) -> Any: ...


@dataclass(frozen=True)
class Taken:
    """An answer taken: the question as it was `served` (what, where, its one-time id), and each
    of its puzzles `marked` (the fields its kind reads and the engine's verdict), in order."""

    served: Served
    marked: tuple[Marked, ...]

    @property
    def score(self) -> int:
        return sum(1 for mark in self.marked if mark.graded.correct)


def question_serve(*, learner: Learner, what: tuple[Any, ...], where: str) -> str:
    """The token to send with a question served to this learner: `what` (serving.puzzle, .check,
    .quiz) asked `where` (serving.DRILL, .daily(day), .session(id)...). Writes nothing."""
    return serving.serve(learner, what, where)


def answer_take(
    *,
    learner: Learner,
    token: str,
    what: tuple[Any, ...],
    questions: Callable[[Served], Sequence[Question]],
    response_at: Callable[[int], Mapping[str, Any]],
) -> Taken:
    """Take this learner's answer to the question `token` served them: `what` it must be (or its
    start), the puzzles it asked as rebuilt by `questions` from what was served, and the response
    to each (`response_at(n)`, numbered from 1). Raises NotServedError when the token does not
    hold (another learner's, another question's, too old, not ours) and BlankAnswerError when a
    puzzle is left unanswered (nothing is marked then). Whatever `questions` raises goes on (a
    puzzle gone: Http404; a session closed: ClassError; a spec the engine no longer makes)."""
    served = serving.take(token, learner, what)
    asked = questions(served)
    responses: list[dict[str, str]] = []
    blank: list[int] = []
    empty: list[str] = []
    asks: list[str] = []
    for number, question in enumerate(asked, 1):
        try:
            responses.append(answer_fields(question.kind, response_at(number), question.question))
        except BlankAnswerError as left:
            responses.extend(left.responses)
            blank.append(number)
            empty.extend(left.fields)
            asks.extend(left.asks)
    if blank:  # nothing is marked
        raise BlankAnswerError(
            tuple(dict.fromkeys(empty)),
            blank=tuple(blank),
            responses=tuple(responses),
            served=served,
            asks=tuple(dict.fromkeys(asks)),
        )
    return Taken(
        served,
        tuple(
            answer_mark(kind=q.kind, question=q.question, answer=q.answer, response=fields)
            for q, fields in zip(asked, responses, strict=True)
        ),
    )
