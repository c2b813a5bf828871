from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from cfmj.accounts.learners import learner_of
from cfmj.core.htmx import render_partial_response
from cfmj.core.http import HtmxHttpRequest
from cfmj.core.ratelimit import rate_limited
from cfmj.engine import InputError, drills
from lessons import selectors, services
from lessons.models import Lesson, Step
from lessons.opening import opened_lesson_ids
from lessons.selectors import LessonState
from practice import answering, serving
from practice.answering import response_from_form, response_shown

SEED_LIMIT = 2**48
SEARCH_CHARS = 80


@dataclass(frozen=True)
class Check:
    """One engine puzzle asked inside a lesson (a step's check, or a quiz question): made from the
    spec it was served with, filled in again (`chosen`) when it was left `blank`, and marked."""

    number: int
    seed: int
    puzzle: drills.Puzzle
    prefix: str
    graded: drills.Graded | None = None
    chosen: dict[str, Any] = field(default_factory=dict)
    blank: bool = False
    asks: tuple[str, ...] = ()  # when blank: what is missing or unreadable, in words


Spec = tuple[str, str, int, int]  # what serving.check and serving.quiz carry: kind, focus, band, seed


def _spec(kind: str, focus: str | None, band: int) -> Spec:
    """A fresh puzzle of this kind, focus and band, to serve."""
    return (kind, focus or "", band, random.SystemRandom().randrange(SEED_LIMIT))


def _asked(number: int, spec: Spec, scope: drills.Scope, *, prefix: str = "") -> Check:
    """The puzzle of this spec, made within what the learner has been taught by then."""
    kind, focus, band, seed = spec
    puzzle = drills.generate(kind, seed=seed, band=band, focus=focus or None, scope=scope)
    return Check(number, seed, puzzle, prefix)


def _asks(check: Check, response: dict[str, str]) -> tuple[str, ...]:
    """What a check left blank (or a number unreadable) is asked again for, in words."""
    kind = check.puzzle.kind
    return drills.asked_again(kind, drills.unanswered(kind, response, check.puzzle.question))


def _marked(check: Check, response: dict[str, str]) -> Check:
    """The check marked again as it was answered first (a token sent again)."""
    puzzle = check.puzzle
    return replace(check, graded=drills.grade(puzzle.kind, puzzle.question, puzzle.answer, response))


def _shown(check: Check, response: dict[str, str], *, graded: drills.Graded | None = None) -> Check:
    puzzle = check.puzzle
    return replace(check, graded=graded, chosen=response_shown(puzzle.kind, response, puzzle.question))


def _taken(
    request: HttpRequest, what: tuple[Any, ...], scope: drills.Scope
) -> tuple[list[Check], answering.Taken | None]:
    """The checks the posted token served this learner as `what` (a step's check, or a quiz,
    made within `scope`), filled in as posted: marked, with what practice.answering took, when
    every one is answered; else with the blank ones flagged, and None. Raises NotServedError,
    and InputError for a puzzle asked before an engine update that no longer makes it."""
    checks: list[Check] = []

    def ask(served: serving.Served) -> list[drills.Puzzle]:
        if served.what[0] == serving.CHECK:
            checks.append(_asked(1, serving.check_spec_of(served.what), scope))
        else:
            checks.extend(_asked(i, spec, scope, prefix=f"q{i}-") for i, spec in enumerate(served.what[2], 1))
        return [check.puzzle for check in checks]

    try:
        taken = answering.answer_take(
            learner=learner_of(request),
            token=request.POST.get("token", ""),
            what=what,
            questions=ask,
            response_at=lambda number: response_from_form(request.POST, checks[number - 1].prefix),
        )
    except answering.BlankAnswerError as left:  # asked again, as filled in: nothing is marked
        filled = zip(checks, left.responses, strict=True)
        return [
            replace(_shown(check, response), blank=True, asks=_asks(check, response))
            if check.number in left.blank
            else _shown(check, response)
            for check, response in filled
        ], None
    marked = zip(checks, taken.marked, strict=True)
    return [_shown(check, mark.response, graded=mark.graded) for check, mark in marked], taken


def _course(request: HttpRequest, *, reading: bool = False) -> list[LessonState]:
    """The course as this learner finds it, with the lessons their teachers set as homework in
    turn (with `reading`, how far each lesson not in turn was read ahead)."""
    learner = learner_of(request)
    return selectors.course(learner, assigned=opened_lesson_ids(learner.user), reading=reading)


def _state_or_404(
    request: HttpRequest, slug: str, *, reading: bool = False
) -> tuple[LessonState, list[LessonState]]:
    states = _course(request, reading=reading)
    state = selectors.state_of(states, slug)
    if state is None:
        raise Http404("No such lesson")
    return state, states


def _previous(states: list[LessonState], state: LessonState) -> LessonState | None:
    return next((s for s in states if s.lesson.number == state.lesson.number - 1), None)


@require_GET
def course(request: HttpRequest) -> HttpResponse:
    states = _course(request, reading=True)
    return render(
        request, "lessons/course.html", {"states": states, "continue_at": selectors.continue_point(states)}
    )


@require_GET
def lesson(request: HttpRequest, slug: str) -> HttpResponse:
    state, states = _state_or_404(request, slug, reading=True)
    lesson = get_object_or_404(Lesson, pk=state.lesson.pk)
    start = selectors.test_out_start(states, state)
    return render(
        request,
        "lessons/lesson.html",
        {
            "state": state,
            "lesson": lesson,
            "steps": state.lesson.steps,
            "previous": _previous(states, state),
            "test_out_from": start,
            "test_out_count": lesson.number - start.lesson.number if start else 0,
            "drill_kinds": [
                (kind, drills.KIND_TITLES[kind]) for kind in lesson.drills if kind in drills.KIND_TITLES
            ],
        },
    )


@require_http_methods(["GET", "POST"])
@rate_limited("answer")
def step(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    """A step, open to read whatever the learner has done. In turn, its check counts; read ahead
    of its turn, the check is practice (marked, kept nowhere) and the step read is noted."""
    state, states = _state_or_404(request, slug)
    step = selectors.step_of(state.lesson.pk, number)
    if step is None:
        raise Http404("No such step")
    if request.method == "POST":
        return _step_answer(request, state, step, _previous(states, state))
    spec = _spec(step.check_kind, step.check_focus, step.check_band)
    token = _check_serve(request, step, spec)
    if not state.in_turn:
        services.read_ahead_mark(learner=learner_of(request), lesson_id=step.lesson_id, step=step.number)
    scope = selectors.scope_of(state.lesson.number, step.number)
    asked = StepCheck(_asked(1, spec, scope), token)
    return _step_page(request, state, step, asked, _previous(states, state))


def _check_serve(request: HttpRequest, step: Step, spec: Spec, *, try_number: int = 1) -> str:
    """The token for this step's check `spec`, served to this learner as their `try_number`th try
    at it (a visitor is given an id: the check is served to it)."""
    learner = learner_of(request, create=True)
    what = serving.check(step.lesson_id, step.number, spec)
    return answering.question_serve(learner=learner, what=what, where=serving.step_try(try_number))


@dataclass(frozen=True)
class StepCheck:
    """A step's check as its page shows it: the question to answer (`check`, with the `token` it
    was served with); once answered, `outcome` says what came of it: RIGHT (the verdict, and the
    way on), RETRY (a first miss: the same question again, its answer not given away) or SHOWN (a
    second miss: the answer to the question `missed`, and a fresh question to answer right)."""

    check: Check
    token: str
    outcome: str = ""
    missed: Check | None = None
    again: bool = False  # the answer was sent before: it is shown as it was marked then


RIGHT, RETRY, SHOWN = "right", "retry", "shown"
TRIES = 2  # misses at one question before its answer is shown and a fresh question is asked


def _step_answer(
    request: HtmxHttpRequest, state: LessonState, step: Step, previous: LessonState | None
) -> HttpResponse:
    """Mark the answer to the check this step served this learner. In turn, it is kept once:
    right, the step is reached and the way on shown; missed, it joins the learner's review. Read
    ahead of its turn, it is marked the same way and kept nowhere (practice). Missed, they try
    again: the same question first; after TRIES misses its answer is shown with a fresh question,
    which must be answered right to go on. A blank is asked again; a token that does not hold
    gets a fresh check."""
    token = request.POST.get("token", "")
    try:
        scope = selectors.scope_of(state.lesson.number, step.number)
        checks, taken = _taken(request, (serving.CHECK, step.lesson_id, step.number), scope)
    except answering.NotServedError as problem:
        # A redirect, so that htmx moves the whole page (not a page inside the check's box).
        messages.warning(request, f"{problem.message}, so here is a fresh one to answer.")
        return redirect("lessons:step", slug=state.lesson.slug, number=step.number)
    except InputError:  # asked before an engine update that no longer makes that puzzle
        messages.warning(request, "That check has changed since it was asked, so here is a fresh one.")
        return redirect("lessons:step", slug=state.lesson.slug, number=step.number)
    check = checks[0]
    if taken is None:  # a blank, asked again as filled in
        return _step_page(request, state, step, StepCheck(check, token), previous)
    mark = taken.marked[0]
    again, right, response = False, mark.graded.correct, mark.response
    if state.in_turn:
        answered = services.step_check_answer(
            learner=learner_of(request),
            step=step,
            token=taken.served.once,
            response=mark.response,
            correct=mark.graded.correct,
            puzzle=check.puzzle,
            progress=state.progress,
        )
        again = not answered.first
        right, response = bool(answered.kept.score), answered.kept.responses[0]
        if again:  # sent before: the answer then, as it was marked, and what came of it
            check = _marked(check, response)
        # A step answered opens no lesson: only this row moved.
        state = replace(state, progress=answered.progress)
    if right:
        return _step_page(request, state, step, StepCheck(check, token, RIGHT, again=again), previous)
    spec: Spec = serving.check_spec_of(taken.served.what)
    tried = serving.step_try_of(taken.served.where)
    if tried < TRIES:  # the same question again, as they answered it, to think again
        retry = _check_serve(request, step, spec, try_number=tried + 1)
        again_check = _shown(check, response)
        return _step_page(request, state, step, StepCheck(again_check, retry, RETRY, again=again), previous)
    fresh, fresh_check = _fresh(step, scope, unlike=check.puzzle)
    fresh_token = _check_serve(request, step, fresh)
    return _step_page(
        request, state, step, StepCheck(fresh_check, fresh_token, SHOWN, check, again), previous
    )


FRESH_DRAWS = 5  # tries at a fresh question unlike the one just missed (a step may ask few)


def _fresh(step: Step, scope: drills.Scope, *, unlike: drills.Puzzle) -> tuple[Spec, Check]:
    """A fresh check for this step, other than the question `unlike` when a few draws find one."""
    missed = unlike.content_hash()
    for _ in range(FRESH_DRAWS):
        spec = _spec(step.check_kind, step.check_focus, step.check_band)
        fresh = _asked(1, spec, scope)
        if fresh.puzzle.content_hash() != missed:
            break
    return spec, fresh


def _step_page(
    request: HtmxHttpRequest, state: LessonState, step: Step, asked: StepCheck, previous: LessonState | None
) -> HttpResponse:
    """The step with its check (or, to an htmx answer, the check's box alone). In turn, the way on
    to the next step shows once the step's check was answered right (or the lesson is done); read
    ahead, at once: its check is practice, and reading needs no right answer."""
    steps = state.lesson.steps
    number = step.number
    context: dict[str, Any] = {
        "state": state,
        "lesson": state.lesson,
        "previous": previous,
        "step": step,
        "steps": steps,
        "asked": asked,
        "retrying": asked.outcome == RETRY,  # a second try at the same question
        "check": asked.check,
        "token": asked.token,
        "passed": not state.in_turn
        or asked.outcome == RIGHT
        or state.done
        or state.step_reached >= number
        or selectors.step_answered_right(learner_of(request), step),
        "previous_step": number - 1 if number > 1 else None,
        "next_step": number + 1 if number < len(steps) else None,
    }
    answered = request.method == "POST"
    return render_partial_response(
        request, "lessons/step.html", context, partial="check" if answered else None
    )


@require_http_methods(["GET", "POST"])
@rate_limited("answer")
def quiz(request: HttpRequest, slug: str) -> HttpResponse:
    """A lesson's quiz, in turn only: a passed quiz completes the lesson (testing out of it, if its
    steps were not all done), so it keeps the course's order. Before its turn, the lesson's page
    says why, and where testing out starts."""
    state, states = _state_or_404(request, slug)
    if not state.in_turn:  # never lesson 1: its number less one is the lesson before it
        number = state.lesson.number
        messages.info(
            request,
            f"Lesson {number}'s quiz counts once lesson {number - 1} is done. You can read its steps now.",
        )
        return redirect("lessons:lesson", slug=slug)
    lesson = get_object_or_404(Lesson, pk=state.lesson.pk)
    context: dict[str, Any] = {
        "lesson": lesson,
        "result": None,
        "following": next((s for s in states if s.lesson.number == lesson.number + 1), None),
    }
    if request.method == "POST":
        return _quiz_answer(request, state, lesson, context)
    specs = [_spec(kind, focus, band) for kind, focus, band in lesson.quiz]
    learner = learner_of(request, create=True)  # a visitor is given an id: the quiz is served to it
    context["token"] = answering.question_serve(
        learner=learner, what=serving.quiz(lesson.pk, specs), where=serving.QUIZ
    )
    scope = selectors.scope_of(lesson.number)
    context["checks"] = [_asked(i, spec, scope, prefix=f"q{i}-") for i, spec in enumerate(specs, 1)]
    context["knows"] = scope.summary()
    return render(request, "lessons/quiz.html", context)


def _quiz_answer(
    request: HttpRequest, state: LessonState, lesson: Lesson, context: dict[str, Any]
) -> HttpResponse:
    """Mark the quiz this lesson served this learner, and keep the score, once. A quiz with a
    question left blank is asked again as it was filled in; a token that does not hold gets a
    fresh quiz."""
    token = request.POST.get("token", "")
    try:
        checks, taken = _taken(request, (serving.TEST, lesson.pk), selectors.scope_of(lesson.number))
    except answering.NotServedError as problem:
        messages.warning(request, f"{problem.message}, so here is a fresh one to answer.")
        return redirect("lessons:quiz", slug=lesson.slug)
    except InputError:  # asked before an engine update that no longer makes one of its puzzles
        messages.warning(request, "That quiz has changed since it was asked, so here is a fresh one.")
        return redirect("lessons:quiz", slug=lesson.slug)
    context.update({"token": token, "checks": checks})
    if taken is None:  # asked again, as filled in: nothing is marked
        context["blank"] = [check.number for check in checks if check.blank]
        return render(request, "lessons/quiz.html", context)
    answered = services.quiz_answer(
        learner=learner_of(request),
        lesson=lesson,
        token=taken.served.once,
        responses=[mark.response for mark in taken.marked],
        score=taken.score,
        size=len(checks),
        missed=[
            check.puzzle for check, mark in zip(checks, taken.marked, strict=True) if not mark.graded.correct
        ],
        progress=state.progress,
    )
    kept = answered.kept
    if not answered.first:  # sent before: the answers then, as they were marked
        checks = [_marked(check, response) for check, response in zip(checks, kept.responses, strict=True)]
    context.update(
        {
            "checks": checks,
            "again": not answered.first,
            "result": {
                "score": kept.score,
                "size": kept.size,
                "passed": services.quiz_passed(kept.score, kept.size),
                "needed": services.quiz_needed(kept.size),
                "tested_out": bool(answered.progress and answered.progress.tested_out),
            },
        }
    )
    return render(request, "lessons/quiz.html", context)


@require_GET
def rules(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()[:SEARCH_CHARS]
    taught = selectors.teachers().by_line
    sections = [
        (section, [(line, taught.get(line.id)) for line in section.lines])
        for section in selectors.rules_matching(query)
    ]
    return render(
        request,
        "lessons/rules.html",
        {"sections": sections, "query": query, "readings": selectors.house_readings()},
    )
