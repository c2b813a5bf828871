"""Small accessible SVG charts drawn on the server: no script, a title and a description each."""

from __future__ import annotations

import datetime

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from practice.selectors import SkillSummary, level_name

register = template.Library()
NO_ATTEMPTS = mark_safe('<p class="note">No attempts yet.</p>')  # a constant: nothing to escape
PARTLY = mark_safe('<p class="note">A partly right answer counts as half.</p>')  # a constant too
WIDTH, HEIGHT, PAD = 320, 120, 24


@register.simple_tag
def rating_chart(points: list[tuple[datetime.datetime, float]], title: str) -> SafeString:
    """A line of the learner's rating after each attempt, labelled with levels in words
    (selectors.level_name): a bare number like 1540 means nothing to a club player. The labels are
    the page's text above and below the line (they grow with large print); the line is drawn."""
    if not points:
        return NO_ATTEMPTS
    ratings = [r for _, r in points]
    low, high = min(ratings) - 20, max(ratings) + 20
    step = (WIDTH - 2 * PAD) / max(1, len(points) - 1)

    def y(r: float) -> float:
        return HEIGHT - PAD - (r - low) / (high - low) * (HEIGHT - 2 * PAD)

    coords = " ".join(f"{PAD + i * step:.1f},{y(r):.1f}" for i, r in enumerate(ratings))
    summary = (
        f"{title}: from {level_name(ratings[0])} to {level_name(ratings[-1])} over {len(ratings)} answers"
    )
    top, bottom = level_name(high - 20), level_name(low + 20)
    return format_html(
        '<div class="level-chart"><span class="chart-level" aria-hidden="true">{}</span>'
        '<svg class="chart" viewBox="0 0 {} {}" role="img" aria-label="{}"><title>{}</title>'
        '<line x1="{}" y1="{}" x2="{}" y2="{}" class="axis"/>'
        '<polyline points="{}" class="line"/></svg>'
        '<span class="chart-level" aria-hidden="true">{}</span></div>',
        top,
        WIDTH,
        HEIGHT,
        summary,
        summary,
        PAD,
        HEIGHT - PAD,
        WIDTH - PAD,
        HEIGHT - PAD,
        coords,
        "" if bottom == top else bottom,
    )


@register.simple_tag
def accuracy_bars(skills: list[SkillSummary]) -> SafeString:
    """The share of right answers per skill (only skills tried), a partly right answer counted as
    half (SkillSummary.accuracy): each skill's name and figure in words, the page's text (it grows
    with large print), and a bar drawn beside the figure."""
    rows = [(s.title, s.accuracy) for s in skills if s.accuracy is not None]
    if not rows:
        return NO_ATTEMPTS
    bars = format_html_join(
        "",
        '<li><span class="bar-title">{}</span><span class="bar-figure">'
        '<svg class="bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">'
        '<rect width="{}" height="10"/></svg><span class="bar-value">{}%</span></span></li>',
        ((title, max(1, round(share * 100)), round(share * 100)) for title, share in rows),
    )
    partly = PARTLY if any(s.partly for s in skills) else ""
    return format_html('<ul class="accuracy-bars" aria-label="Accuracy per skill">{}</ul>{}', bars, partly)


@register.filter
def get_item(mapping: dict[str, object], key: str) -> object:
    return mapping.get(key)
