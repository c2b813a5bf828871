"""Lesson text as HTML, and links from a rule section to the reference and the lesson step."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template
from django.utils.safestring import SafeString

from cfmj.core.learners import learner_of
from lessons import rendering, selectors

register = template.Library()


@register.filter
def markdown(text: str) -> SafeString:
    return rendering.render_markdown(text)


@register.filter
def markdown_inline(text: str) -> SafeString:
    return rendering.render_markdown(text, inline=True)


@register.inclusion_tag("lessons/_rule_links.html")
def rule_links(sections: Iterable[str]) -> dict[str, Any]:
    """'The rule: §2.3 (the rules reference) · taught in Lesson 7: …' for each section."""
    return {"links": [(section, selectors.teacher_of(section)) for section in sections]}


@register.inclusion_tag("lessons/_continue.html", takes_context=True)
def continue_lessons(context: dict[str, Any]) -> dict[str, Any]:
    """'Continue where you left off' for the home page and the dashboard."""
    request = context["request"]
    states = selectors.course(learner_of(request))
    return {
        "continue_at": selectors.continue_point(states),
        "done": sum(1 for s in states if s.done),
        "total": len(states),
    }
