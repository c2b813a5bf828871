"""The site under its Content-Security-Policy, as a browser enforces it.

Walking the main pages and their htmx updates breaks no rule of the policy (any violation, seen
as a `securitypolicyviolation` event or a console error, fails the test). The states this work
added or changed fit a phone and a tablet in normal and large print: the hand checker's
messages (a hand too costly to read in the time allowed; too many hands from one network) and
the session board's tally bars, drawn now without an inline style."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Locator, Page, ViewportSize, expect

from cfmj.classes import services as class_services
from cfmj.classes import sessions
from tests.browser.walk import (
    PASSWORD,
    invitee_pages,
    learner_pages,
    site_build,
    start,
    teacher_pages,
    visitor_pages,
)
from tests.engine.drills.helpers import right_response, wrong_response
from tests.engine.test_budget import SLOW_HANDS
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)

VIEWPORTS: dict[str, ViewportSize] = {
    "phone": {"width": 390, "height": 844},
    "tablet": {"width": 820, "height": 1180},
}
WORKED = "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]"
# Reports every violation to the test, whatever the page (added before any of the page's own
# scripts run, and again on every page loaded).
REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolation(`${event.effectiveDirective} refused ${event.blockedURI || "inline"}`
                        + ` at ${event.sourceFile || document.URL}:${event.lineNumber}`);
}, true);
"""


class Violations:
    """Every Content-Security-Policy violation in a browser context, with the step it followed."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self.step = "start"

    def watch(self, context: BrowserContext) -> None:
        context.expose_binding("__cspViolation", lambda source, text: self._add(source["page"].url, text))
        context.add_init_script(REPORT_VIOLATIONS)
        context.on("page", lambda page: page.on("console", self._console))

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error" and "Content Security Policy" in message.text:
            self._add(message.location.get("url", ""), message.text)

    def _add(self, url: str, text: str) -> None:
        self.seen.append(f"after {self.step!r} ({url}): {text}")

    def __call__(self, page: Page, where: str, result: Locator | None = None) -> None:
        """A step of the walk (tests/browser/walk.py's Visit)."""
        page.wait_for_load_state("load")
        self.step = where


@pytest.fixture
def contexts(browser: Browser, live_server: Any) -> Iterator[Callable[..., BrowserContext]]:
    made: list[BrowserContext] = []

    def new(viewport: ViewportSize | None = None, javascript: bool = True) -> BrowserContext:
        context = browser.new_context(
            base_url=live_server.url,
            viewport=viewport or {"width": 1100, "height": 900},
            java_script_enabled=javascript,
        )
        context.set_default_timeout(15_000)
        made.append(context)
        return context

    try:
        yield new
    finally:  # closed here, so no browser connection outlives the live server
        for context in made:
            context.close()


WIDER_THAN_THE_WINDOW = """() => Array.from(document.querySelectorAll("body *"))
  .filter((node) => node.getBoundingClientRect().right > window.innerWidth + 0.5)
  .slice(0, 8).map((node) => `${node.tagName.toLowerCase()}.${node.getAttribute("class")}`)"""


def _no_sideways_scroll(page: Page) -> None:
    fits = page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert fits, f"wider than the window: {page.evaluate(WIDER_THAN_THE_WINDOW)}"


def _class_with_a_session(django_user_model: Any, answers: int = 0) -> tuple[Any, Any, Any]:
    PuzzleFactory(kind="rules_quiz", band=1)
    teacher = django_user_model.objects.create_user("tess", password=PASSWORD, role="teacher")
    students = [django_user_model.objects.create_user(f"pupil{i}", password=PASSWORD) for i in range(3)]
    classroom = class_services.classroom_create(teacher=teacher, name="Tuesday beginners")
    for student in students:
        class_services.classroom_join(user=student, code=classroom.code)
    session = sessions.session_start(classroom=classroom, teacher=teacher, kind="rules_quiz", band=1)
    puzzle = session.puzzle
    for i, student in enumerate(students[:answers]):
        response = right_response(puzzle) if i % 3 != 2 else wrong_response(puzzle)
        sessions.session_answer(session=session, student=student, response=response)
    return teacher, classroom, session


def test_the_main_pages_break_no_rule_of_the_policy(
    contexts: Callable[..., BrowserContext], django_user_model: Any
) -> None:
    site = site_build(django_user_model)
    violations = Violations()
    walkers = []
    for _ in range(4):
        context = contexts()
        violations.watch(context)
        walkers.append(context)

    # Large print: the header's switch is a form posted here and a redirect back.
    visitor = start(walkers[0], True)
    visitor_pages(visitor, violations)  # home, lessons, a step and its check, quiz, rules search,
    # practice, four drills, a drill answered, daily, the checker (verdict, error), log-in, sign-up
    visitor.goto("/check/")
    visitor.get_by_role("button", name="Add five dot", exact=True).click()
    visitor.locator("#id_hand").fill(WORKED)  # the builder and htmx's live verdict
    expect(visitor.locator("#verdict")).to_contain_text("Mah Jongg! This hand wins.")
    violations(visitor, "check, built and swapped in by htmx")
    learner_pages(start(walkers[1], False, "sam"), violations, site)  # dashboard, class
    invitee_pages(start(walkers[3], False, "ivy"), violations, site)  # an invitation accepted
    board = start(walkers[2], False, site.teacher.username)
    teacher_pages(board, violations, site)  # class page and the owner's powers, the session board
    board.goto(f"/classes/{site.classroom_pk}/session/{site.session_pk}/")
    with board.expect_response(lambda response: "/tally/" in response.url):
        pass  # the controls' tally, polled by htmx
    violations(board, "session controls, tally polled")
    board.goto(f"/classes/{site.classroom_pk}/session/board/")
    with board.expect_response(lambda response: "/session/board/?seen=" in response.url):
        pass  # the board, polled by htmx (board.js sets its scale through the CSSOM, not a style)
    violations(board, "session board, polled")

    assert violations.seen == [], "Content-Security-Policy violations:\n" + "\n".join(violations.seen)
    # The watch is live: an inline style added now is refused and reported.
    board.evaluate("document.head.insertAdjacentHTML('beforeend', '<style>p { color: red }</style>')")
    for _ in range(50):  # reports arrive while Playwright waits
        if any("style-src" in seen for seen in violations.seen):
            break
        board.wait_for_timeout(100)
    assert any("style-src" in seen for seen in violations.seen), violations.seen


def _check(page: Page, hand: str, javascript: bool) -> None:
    """Press "Check this hand" for `hand` (with JavaScript, set without the live update, so that
    each press is exactly one hand sent)."""
    field = page.locator("#id_hand")
    if javascript:
        field.evaluate("(input, hand) => { input.value = hand; }", hand)
    else:
        field.fill(hand)
    page.get_by_role("button", name="Check this hand").click()


@pytest.mark.parametrize("javascript", [True, False], ids=["htmx", "no-js"])
@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large-print"])
@pytest.mark.parametrize("device", sorted(VIEWPORTS))
def test_the_checker_says_so_when_a_hand_is_too_costly_or_too_many_were_sent(
    contexts: Callable[..., BrowserContext],
    settings: Any,
    artifacts: Path,
    device: str,
    large_print: bool,
    javascript: bool,
) -> None:
    settings.CHECK_QUICK_MS = settings.CHECK_BUDGET_MS = 0
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "check": {"ip": 3, "window": 60}}
    settings.RATE_LIMIT_PROXIES = 0
    name = f"check-{device}-{'large' if large_print else 'normal'}-{'htmx' if javascript else 'nojs'}"
    page = start(contexts(VIEWPORTS[device], javascript=javascript), large_print)
    page.goto("/check/")
    verdict = page.locator("#verdict")
    _check(page, SLOW_HANDS[0], javascript)
    expect(verdict.get_by_role("alert")).to_contain_text("too many ways to read it to check here")
    expect(verdict.get_by_role("heading", name="That hand cannot be read")).to_be_in_viewport()
    expect(verdict.get_by_role("alert")).to_be_in_viewport(ratio=1)
    _no_sideways_scroll(page)
    page.screenshot(path=str(artifacts / f"{name}-budget.png"))

    for _ in range(2):  # the rest of this network's hands for the minute, from elsewhere
        Client().get("/check/", {"hand": WORKED}, REMOTE_ADDR="127.0.0.1")
    _check(page, WORKED, javascript)
    if javascript:  # said where the verdict appears, the hand still in the form
        expect(verdict.get_by_role("heading", name="Please wait a moment")).to_be_in_viewport()
        expect(verdict.get_by_role("alert")).to_contain_text("Please wait")
        expect(verdict.get_by_role("alert")).to_be_in_viewport(ratio=1)
        expect(page.locator("#id_hand")).to_have_value(WORKED)
    else:  # the site's light "please wait" page, its address holding the hand to send again
        expect(page.get_by_role("heading", name="Please wait a moment", level=1)).to_be_in_viewport()
        expect(page.locator("main")).to_contain_text("try again")
        expect(page.get_by_text("try again")).to_be_in_viewport(ratio=1)
        assert "hand=7C+7C+7C" in page.url
    _no_sideways_scroll(page)
    page.screenshot(path=str(artifacts / f"{name}-wait.png"))


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large-print"])
@pytest.mark.parametrize("device", sorted(VIEWPORTS))
def test_the_session_board_draws_the_tally_bars_without_inline_style(
    contexts: Callable[..., BrowserContext],
    django_user_model: Any,
    artifacts: Path,
    device: str,
    large_print: bool,
) -> None:
    teacher, classroom, session = _class_with_a_session(django_user_model, answers=3)
    tally = sessions.session_tally(session)
    page = start(contexts(VIEWPORTS[device]), large_print, teacher.username)
    page.goto(f"/classes/{classroom.pk}/session/{session.pk}/")
    bars = page.locator("#tally .tally-bars tbody tr")
    rows = [row for group in tally.groups for row in group.rows]
    expect(bars).to_have_count(len(rows))
    bars.first.scroll_into_view_if_needed()
    for index, row in enumerate(rows):
        bar = bars.nth(index).locator("svg.tally-bar")
        outer, filled = bar.bounding_box(), bar.locator("rect").bounding_box()
        assert outer is not None and filled is not None
        share = row.count / tally.answered
        border = 2  # the bar's border, each side (session.css)
        assert abs(filled["width"] - share * (outer["width"] - 2 * border)) <= 2, (row.label, share)
        expect(bars.nth(index).locator(".tally-number")).to_have_text(str(row.count))
    expect(page.locator("#tally .tally-bars").first).to_be_in_viewport()
    _no_sideways_scroll(page)
    page.screenshot(path=str(artifacts / f"board-{device}-{'large' if large_print else 'normal'}.png"))
