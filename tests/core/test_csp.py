"""The Content-Security-Policy (django-csp): on every response, strict (nothing inline, nothing
from elsewhere), and no page or template that would need more. tests/browser/test_csp.py walks
the pages in a browser and fails on any violation."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.engine.test_budget import SLOW_HANDS

pytestmark = pytest.mark.django_db

TEMPLATES = Path(settings.BASE_DIR) / "templates"
EXPECTED = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'none'"],
    "object-src": ["'none'"],
}
WORKED = "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]"


def policy_of(response: Any) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    directives = [part.split() for part in header.split(";") if part.strip()]
    return {name: values for name, *values in directives}


class InlineFinder(HTMLParser):
    """Everything in a page that a strict policy refuses: style attributes, <style> elements,
    scripts without a src, event-handler attributes and javascript: links."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        if "style" in names:
            self.found.append(f"<{tag} style={names['style']!r}>")
        if tag == "style":
            self.found.append("<style> element")
        if tag == "script" and not names.get("src"):
            self.found.append("<script> without src")
        self.found += [f"<{tag} {name}=...>" for name in names if name.startswith("on")]
        self.found += [
            f"<{tag} {name}={value!r}>"
            for name, value in attrs
            if (value or "").strip().lower().startswith("javascript:")
        ]


def inline_parts(html: str) -> list[str]:
    finder = InlineFinder()
    finder.feed(html)
    return finder.found


@pytest.mark.parametrize(
    "path",
    [
        reverse("home"),
        reverse("practice:check"),
        reverse("practice:check") + "?hand=" + WORKED,
        reverse("accounts:login"),
        reverse("lessons:rules") + "?q=joker",
        "/no-such-page/",
    ],
)
def test_it_sends_the_policy_with_every_page(client: Client, path: str) -> None:
    response = client.get(path)
    assert response.status_code in (200, 404)
    assert policy_of(response) == EXPECTED


def test_it_allows_nothing_inline_and_nothing_from_elsewhere(client: Client) -> None:
    header = client.get(reverse("home"))["Content-Security-Policy"]
    for unsafe in (
        "'unsafe-inline'",
        "'unsafe-eval'",
        "'unsafe-hashes'",
        "'strict-dynamic'",
        "*",
        "http:",
        "https:",
        "'nonce-",
    ):
        assert unsafe not in header
    assert "Content-Security-Policy-Report-Only" not in client.get(reverse("home"))


def test_it_sends_the_policy_with_htmx_fragments_and_refusals(client: Client, settings: Any) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "check": {"ip": 1, "window": 60}}
    url = reverse("practice:check")
    fragment = client.get(url, {"hand": WORKED}, HTTP_HX_REQUEST="true")
    refused = client.get(url, {"hand": SLOW_HANDS[0]})
    assert (fragment.status_code, refused.status_code) == (200, 429)
    assert policy_of(fragment) == policy_of(refused) == EXPECTED


def test_it_tells_htmx_to_add_no_style_and_run_no_attribute_code(client: Client) -> None:
    html = client.get(reverse("home")).content.decode()
    match = re.search(r"<meta name=\"htmx-config\" content='([^']*)'>", html)
    assert match is not None
    config = json.loads(match.group(1))
    assert config["includeIndicatorStyles"] is False
    assert config["allowEval"] is False
    css = (Path(settings.BASE_DIR) / "static" / "css" / "site.css").read_text()
    assert ".htmx-request .htmx-indicator" in css  # the indicator still shows, from site.css


@pytest.mark.parametrize(
    "template", sorted(p.relative_to(TEMPLATES).as_posix() for p in TEMPLATES.rglob("*.html"))
)
def test_no_template_has_anything_inline(template: str) -> None:
    source = (TEMPLATES / template).read_text(encoding="utf-8")
    comments = re.sub(r"{% comment %}.*?{% endcomment %}|{#.*?#}", "", source, flags=re.DOTALL)
    filled = re.sub(r"{%.*?%}|{{.*?}}", "x", comments, flags=re.DOTALL)  # a value in its place
    assert inline_parts(filled) == []


@pytest.mark.parametrize("query", [{}, {"hand": WORKED}, {"hand": SLOW_HANDS[1]}, {"hand": "nonsense"}])
def test_the_hand_checker_renders_nothing_inline(client: Client, query: dict[str, str]) -> None:
    response = client.get(reverse("practice:check"), query)
    assert response.status_code == 200
    assert inline_parts(response.content.decode()) == []


def test_the_finder_finds_what_the_policy_refuses() -> None:
    page = (
        '<p style="color: red">x</p><style>p{}</style><script>alert(1)</script>'
        '<button onclick="go()">go</button><a href="javascript:go()">go</a>'
        '<script src="/static/js/practice.js" defer></script><svg><rect width="5"/></svg>'
    )
    assert inline_parts(page) == [
        "<p style='color: red'>",
        "<style> element",
        "<script> without src",
        "<button onclick=...>",
        "<a href='javascript:go()'>",
    ]
