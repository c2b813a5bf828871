"""Lesson text as HTML, and links from a rule section to the reference and the lesson step."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import partial
from typing import Any

from django import template
from django.http import HttpRequest
from django.utils.safestring import SafeString

from cfmj.accounts.learners import learner_of
from cfmj.engine.drills.rule_lines import SectionLines, graded_lines
from lessons import rendering, selectors
from lessons.opening import opened_lesson_ids
from lessons.selectors import CourseProgress

register = template.Library()


@register.filter
def markdown(text: str) -> SafeString:
    return rendering.render_markdown(text)


@register.filter
def markdown_inline(text: str) -> SafeString:
    return rendering.render_markdown(text, inline=True)


@register.inclusion_tag("lessons/_rule_links.html", takes_context=True)
def rule_links(
    context: template.Context,
    sections: Iterable[str],
    kind: str = "",
    question: Mapping[str, Any] | None = None,
    reasons: Iterable[str] = (),
) -> dict[str, Any]:
    """'The rule: §2.3 (the rules reference), taught in Lesson 7: …' for each section of a marked
    answer, linking the steps that teach the rule lines it turns on (the engine says which, from
    the puzzle's `kind`, its `question` and the answer's `reasons`); where that lesson comes later
    in the course for the learner, the rule is also said in place."""
    lines = graded_lines(kind, question or {}, sections=sections, reason_ids=reasons)
    request = context.get("request")
    in_turn = partial(_lessons_in_turn, request) if isinstance(request, HttpRequest) else None
    return {"references": selectors.rule_references(lines, lessons_in_turn=in_turn)}


@register.inclusion_tag("lessons/_rule_links.html", takes_context=True)
def rule_line_links(context: template.Context, section: str, line: str) -> dict[str, Any]:
    """rule_links for one rule line the engine names itself (the play coach's warnings): the rules
    reference at that line and every step teaching it."""
    request = context.get("request")
    in_turn = partial(_lessons_in_turn, request) if isinstance(request, HttpRequest) else None
    lines = (SectionLines(section, (line,), exact=True),)
    return {"references": selectors.rule_references(lines, lessons_in_turn=in_turn)}


def _lessons_in_turn(request: HttpRequest) -> set[int]:
    """The lessons in turn for the learner behind `request` (those a teacher set as homework
    included): a rule taught in any other is said in place too."""
    learner = learner_of(request)
    states = selectors.course(learner, assigned=opened_lesson_ids(learner.user))
    return {state.lesson.pk for state in states if state.in_turn}


@register.inclusion_tag("lessons/_continue.html")
def continue_lessons(progress: CourseProgress) -> dict[str, Any]:
    """'Continue where you left off' for the home page and the dashboard, as their view read it
    (lessons.selectors.course_progress): the tag only renders."""
    return {"continue_at": progress.continue_at, "done": progress.done, "total": progress.total}
