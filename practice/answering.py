"""One way to serve a question to a learner and take their answer, for every question the site
marks: a drill puzzle (practice), a lesson step's check and a lesson's quiz (lessons), the puzzle
on a class session's board (classes).

The trust rules live here, once:
- only what was served to this learner counts: an answer comes with the token it was served with
  (practice.serving), and where it was asked is read from that token, never from the form;
- a blank is no answer: the question is asked again and nothing is counted (BlankAnswerError,
  with every blank question of a quiz and the responses as filled in);
- an answer is marked once, by the engine (practice.services.answer_mark);
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

from cfmj.core.learners import Learner
from practice import serving
from practice.services import BlankAnswerError, Marked, answer_fields, answer_mark
from practice.serving import NotServedError, Served

__all__ = [
    "BlankAnswerError",
    "Marked",
    "NotServedError",
    "Question",
    "Taken",
    "answer_take",
    "question_serve",
]


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
    for number, question in enumerate(asked, 1):
        try:
            responses.append(answer_fields(question.kind, response_at(number)))
        except BlankAnswerError as left:
            responses.extend(left.responses)
            blank.append(number)
            empty.extend(left.fields)
    if blank:  # nothing is marked
        raise BlankAnswerError(
            tuple(dict.fromkeys(empty)), blank=tuple(blank), responses=tuple(responses), served=served
        )
    return Taken(
        served,
        tuple(
            answer_mark(kind=q.kind, question=q.question, answer=q.answer, response=fields)
            for q, fields in zip(asked, responses, strict=True)
        ),
    )
