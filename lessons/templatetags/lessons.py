"""Lesson text as HTML, and links from a rule section to the reference and the lesson step."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template
from django.utils.safestring import SafeString

from lessons import rendering, selectors
from lessons.selectors import CourseProgress

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


@register.inclusion_tag("lessons/_continue.html")
def continue_lessons(progress: CourseProgress) -> dict[str, Any]:
    """'Continue where you left off' for the home page and the dashboard, as their view read it
    (lessons.selectors.course_progress): the tag only renders."""
    return {"continue_at": progress.continue_at, "done": progress.done, "total": progress.total}
