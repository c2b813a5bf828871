"""Small accessible SVG charts drawn on the server: no script, a title and a description each."""

from __future__ import annotations

import datetime

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from practice.selectors import SkillSummary, level_name

register = template.Library()
NO_ATTEMPTS = mark_safe('<p class="note">No attempts yet.</p>')  # a constant: nothing to escape
WIDTH, HEIGHT, PAD = 320, 120, 24


@register.simple_tag
def rating_chart(points: list[tuple[datetime.datetime, float]], title: str) -> SafeString:
    """A line of the learner's rating after each attempt, labelled with levels in words
    (selectors.level_name): a bare number like 1540 means nothing to a club player."""
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
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" role="img" aria-label="{}"><title>{}</title>'
        '<line x1="{}" y1="{}" x2="{}" y2="{}" class="axis"/>'
        '<polyline points="{}" class="line"/>'
        '<text x="{}" y="{}" class="label">{}</text><text x="{}" y="{}" class="label">{}</text></svg>',
        WIDTH,
        HEIGHT,
        summary,
        summary,
        PAD,
        HEIGHT - PAD,
        WIDTH - PAD,
        HEIGHT - PAD,
        coords,
        PAD,
        14,
        level_name(high - 20),
        PAD,
        HEIGHT - 6,
        "" if level_name(low + 20) == level_name(high - 20) else level_name(low + 20),
    )


@register.simple_tag
def accuracy_bars(skills: list[SkillSummary]) -> SafeString:
    """Horizontal bars: the share of right answers per skill (only skills tried), a partly right
    answer counted as half (SkillSummary.accuracy)."""
    rows = [(s.title, s.accuracy) for s in skills if s.accuracy is not None]
    if not rows:
        return NO_ATTEMPTS
    bar_height, gap, label_width = 22, 8, 150
    height = len(rows) * (bar_height + gap)
    bars = format_html_join(
        "",
        '<text x="0" y="{}" class="label">{}</text>'
        '<rect x="{}" y="{}" width="{}" height="{}" class="bar"/>'
        '<text x="{}" y="{}" class="label">{}%</text>',
        (
            (
                i * (bar_height + gap) + 16,
                title,
                label_width,
                i * (bar_height + gap),
                max(2, round(share * 140)),
                bar_height,
                label_width + 146,
                i * (bar_height + gap) + 16,
                round(share * 100),
            )
            for i, (title, share) in enumerate(rows)
        ),
    )
    summary = "; ".join(f"{title} {round(share * 100)}% right" for title, share in rows)
    if any(s.partly for s in skills):
        summary += " (a partly right answer counts as half)"
    return format_html(
        '<svg class="chart" viewBox="0 0 340 {}" role="img" aria-label="{}"><title>Accuracy '
        "per skill</title>{}</svg>",
        height,
        summary,
        bars,
    )


@register.filter
def get_item(mapping: dict[str, object], key: str) -> object:
    return mapping.get(key)
