"""Reading a lesson page as a learner would: the hidden fields its answer form carries, and the
engine puzzles it asks (from the token it was served with, as the page shows those puzzles)."""

from __future__ import annotations

import re

from cfmj.engine import drills


def hidden_fields(page: bytes) -> dict[str, str]:
    """The hidden fields of the page's answer form (the CSRF field aside), as a browser sends them."""
    form = re.search(rb'<form method="post"[^>]*class="answer-form.*?</form>', page, re.S)
    assert form is not None, "no answer form on the page"
    fields = re.findall(rb'<input type="hidden" name="([^"]+)" value="([^"]*)"', form.group(0))
    return {name.decode(): value.decode() for name, value in fields if name != b"csrfmiddlewaretoken"}


def token_of(page: bytes) -> str:
    return hidden_fields(page)["token"]


def asked(token: str) -> list[drills.Puzzle]:
    """The puzzles a step check's or a quiz's token asks, in order (made within what is taught
    at that step, or by the end of the lesson for its quiz)."""
    from lessons.models import Lesson
    from lessons.selectors import scope_of
    from practice import serving

    _, served = serving.read(token)
    number = Lesson.objects.get(pk=served.what[1]).number
    if served.what[0] == serving.CHECK:
        specs, scope = [served.what[3]], scope_of(number, served.what[2])
    else:
        specs, scope = list(served.what[2]), scope_of(number)
    return [
        drills.generate(kind, seed=seed, band=band, focus=focus or None, scope=scope)
        for kind, focus, band, seed in specs
    ]


def chosen(page: bytes) -> dict[str, list[str]]:
    """What the page's forms show as chosen or typed: ticked boxes and buttons, filled-in text
    fields and selected options, by field name."""
    found: dict[str, list[str]] = {}
    html = page.decode()
    for tag in re.findall(r"<input[^>]*>", html):
        name, value = re.search(r'name="([^"]+)"', tag), re.search(r'value="([^"]*)"', tag)
        if name is None or value is None or 'type="hidden"' in tag:
            continue
        if re.search(r"\schecked[\s>]", tag) or ('type="text"' in tag and value.group(1)):
            found.setdefault(name.group(1), []).append(value.group(1))
    for name, options in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', html, re.S):
        found[name] = re.findall(r'<option value="([^"]*)" selected>', options)
    return found
