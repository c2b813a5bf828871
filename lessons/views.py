from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from cfmj.core.http import HtmxHttpRequest
from cfmj.core.ratelimit import rate_limited
from cfmj.engine import drills
from lessons import selectors, services
from lessons.models import Lesson, Step
from lessons.selectors import LessonState
from practice.learners import learner_of
from practice.services import response_from_form

SEED_LIMIT = 2**48
SEARCH_CHARS = 80


@dataclass(frozen=True)
class Check:
    """One engine puzzle asked inside a lesson, remade from its seed when answered."""

    number: int
    seed: int
    puzzle: drills.Puzzle
    prefix: str
    graded: drills.Graded | None = None


def _ask(number: int, kind: str, focus: str | None, band: int, *, prefix: str = "", seed: int | None = None,
         answers: QueryDict | None = None) -> Check:
    """A check: a fresh puzzle, or the one a form's seed names, marked when `answers` are given."""
    seed = random.SystemRandom().randrange(SEED_LIMIT) if seed is None else seed
    puzzle = drills.generate(kind, seed=seed, band=band, focus=focus or None)
    graded = None
    if answers is not None:
        graded = drills.grade(kind, puzzle.question, puzzle.answer, response_from_form(answers, prefix))
    return Check(number, seed, puzzle, prefix, graded)


def _seed_of(text: str | None) -> int | None:
    """A seed sent back by a check's form; None when it is missing or was tampered with."""
    # isascii as well: isdigit() takes '²' (which int() refuses: a 500) and other scripts' digits.
    if text is None or not (text.isascii() and text.isdigit()) or len(text) > len(str(SEED_LIMIT)):
        return None
    seed = int(text)
    return seed if seed < SEED_LIMIT else None


def _open_state_or_redirect(request: HttpRequest, slug: str
                            ) -> tuple[LessonState, list[LessonState]] | HttpResponse:
    """The lesson's state when it is open; a redirect to its page (saying why) when locked."""
    states = selectors.course(learner_of(request))
    state = selectors.state_of(states, slug)
    if state is None:
        raise Http404("No such lesson")
    if not state.open:
        number = state.lesson.number
        messages.info(request, f"Lesson {number} opens when lesson {number - 1} is done.")
        return redirect("lessons:lesson", slug=slug)
    return state, states


@require_GET
def course(request: HttpRequest) -> HttpResponse:
    states = selectors.course(learner_of(request))
    return render(request, "lessons/course.html", {"states": states,
                                                   "continue_at": selectors.continue_point(states)})


@require_GET
def lesson(request: HttpRequest, slug: str) -> HttpResponse:
    states = selectors.course(learner_of(request))
    state = selectors.state_of(states, slug)
    if state is None:
        raise Http404("No such lesson")
    lesson = get_object_or_404(Lesson, pk=state.lesson.pk)
    previous = next((s for s in states if s.lesson.number == lesson.number - 1), None)
    return render(request, "lessons/lesson.html", {
        "state": state, "lesson": lesson, "steps": state.lesson.steps, "previous": previous,
        "drill_kinds": [(kind, drills.KIND_TITLES[kind]) for kind in lesson.drills
                        if kind in drills.KIND_TITLES]})


@require_http_methods(["GET", "POST"])
@rate_limited("answer")
def step(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    found = _open_state_or_redirect(request, slug)
    if isinstance(found, HttpResponse):
        return found
    state, _ = found
    step = get_object_or_404(Step, lesson_id=state.lesson.pk, number=number)
    seed = _seed_of(request.POST.get("seed")) if request.method == "POST" else None
    if request.method == "POST" and seed is None:
        # A redirect, so that htmx moves the whole page (not a page inside the feedback box).
        messages.warning(request, "That check could not be read back, so here is a fresh one to answer.")
        return redirect("lessons:step", slug=slug, number=number)
    check = _ask(1, step.check_kind, step.check_focus, step.check_band, seed=seed,
                 answers=request.POST if seed is not None else None)
    if check.graded is not None:
        progress = services.step_check_record(learner=learner_of(request, create=True), step=step,
                                              progress=state.progress)
        state = replace(state, progress=progress)  # a step answered opens no lesson: only this row moved
    steps = state.lesson.steps
    context: dict[str, Any] = {
        "state": state, "lesson": state.lesson, "step": step, "steps": steps, "check": check,
        "previous_step": number - 1 if number > 1 else None,
        "next_step": number + 1 if number < len(steps) else None}
    template = "lessons/step.html#feedback" if request.htmx and check.graded else "lessons/step.html"
    return render(request, template, context)


@require_http_methods(["GET", "POST"])
@rate_limited("answer")
def quiz(request: HttpRequest, slug: str) -> HttpResponse:
    found = _open_state_or_redirect(request, slug)
    if isinstance(found, HttpResponse):
        return found
    state, states = found
    lesson = get_object_or_404(Lesson, pk=state.lesson.pk)
    seeds: list[int | None] = [None] * len(lesson.quiz)
    if request.method == "POST":
        seeds = [_seed_of(request.POST.get(f"q{i}-seed")) for i in range(1, len(lesson.quiz) + 1)]
        if None in seeds:
            messages.warning(request, "The quiz could not be read back, so here is a fresh one to answer.")
    answers = request.POST if request.method == "POST" and None not in seeds else None
    checks = [_ask(i, kind, focus, band, prefix=f"q{i}-", seed=seed if answers else None, answers=answers)
              for i, ((kind, focus, band), seed) in enumerate(zip(lesson.quiz, seeds, strict=True), 1)]
    result = None
    if answers is not None:
        score, size = sum(1 for c in checks if c.graded and c.graded.correct), len(checks)
        progress = services.quiz_record(learner=learner_of(request, create=True), lesson=lesson,
                                        score=score, size=size)
        result = {"score": score, "size": size, "passed": services.quiz_passed(score, size),
                  "needed": services.quiz_needed(size), "tested_out": progress.tested_out}
    following = next((s for s in states if s.lesson.number == lesson.number + 1), None)
    return render(request, "lessons/quiz.html", {"lesson": lesson, "checks": checks, "result": result,
                                                 "following": following})


@require_GET
def rules(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()[:SEARCH_CHARS]
    taught = selectors.teachers().by_line
    sections = [(section, [(line, taught.get(line.id)) for line in section.lines])
                for section in selectors.rules_matching(query)]
    return render(request, "lessons/rules.html", {"sections": sections, "query": query,
                                                  "readings": selectors.house_readings()})
