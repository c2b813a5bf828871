"""axe-core (vendored for the tests by scripts/ensure-axe) finds no serious or critical problem on
the key pages, in normal and in large print: visitors' pages, a learner's, a teacher's."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from cfmj.classes import services as class_services
from cfmj.classes import sessions
from lessons.models import Lesson
from lessons.services import lessons_load
from practice.models import Puzzle
from tests.browser.test_lesson import fill, puzzle_in
from tests.course import course_sources
from tests.engine.drills.helpers import right_response, wrong_response
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)

AXE = Path(__file__).resolve().parents[2] / "var" / "axe" / "axe.min.js"
BLOCKING = ("serious", "critical")
PASSWORD = "pw-tiles-123"


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """Every axe violation on the page as it is now (scripts run, htmx swaps done)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    assert result["passes"], "axe checked nothing"  # guards against a run that tests no rule
    return list(result["violations"])


def describe(found: dict[str, list[dict[str, Any]]]) -> str:
    lines = []
    for where, violations in found.items():
        for v in violations:
            targets = "; ".join(" ".join(node["target"]) for node in v["nodes"][:4])
            lines.append(f"[{v['impact']}] {where}: {v['id']} ({len(v['nodes'])}): {v['help']} -> {targets}")
    return "\n".join(lines)


class Audit:
    def __init__(self, large_print: bool) -> None:
        self.large_print = large_print
        self.found: dict[str, list[dict[str, Any]]] = {}
        self.pages = 0

    def __call__(self, page: Page, where: str) -> None:
        if self.large_print:
            expect(page.locator("html")).to_have_class("large-print")
        self.pages += 1
        violations = axe_violations(page)
        if violations:
            self.found[where] = violations

    def blocking(self) -> dict[str, list[dict[str, Any]]]:
        return {where: [v for v in vs if v["impact"] in BLOCKING] for where, vs in self.found.items()
                if any(v["impact"] in BLOCKING for v in vs)}


@pytest.fixture
def contexts(browser: Browser, live_server: Any) -> Iterator[Callable[[], BrowserContext]]:
    made: list[BrowserContext] = []

    def new() -> BrowserContext:
        # axe is injected as an inline script, which the site's Content-Security-Policy refuses:
        # here only, the browser sets the policy aside (tests/browser/test_csp.py holds to it).
        context = browser.new_context(base_url=live_server.url, viewport={"width": 1100, "height": 900},
                                      bypass_csp=True)
        context.set_default_timeout(15_000)
        made.append(context)
        return context

    try:
        yield new
    finally:  # closed here, so no browser connection outlives the live server
        for context in made:
            context.close()


def start(context: BrowserContext, large_print: bool, username: str = "") -> Page:
    """A new visitor (or person signed in), in large print when asked: the header's button keeps
    it in the session for a visitor and on the account for a person signed in."""
    page = context.new_page()
    if username:
        log_in(page, username)
    page.goto("/")
    if large_print:
        page.get_by_role("button", name="Large print").click()
        expect(page.locator("html")).to_have_class("large-print")
    return page


def log_in(page: Page, username: str) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


def answer_drill(page: Page) -> None:
    form = page.locator("form.answer-form")
    puzzle = Puzzle.objects.get(pk=int((form.get_attribute("action") or "").rstrip("/").split("/")[-2]))
    fill(form, puzzle, right_response(puzzle))  # type: ignore[arg-type]
    form.get_by_role("button", name="Answer").click()
    expect(page.locator("#verdict")).not_to_have_class("verdict empty")


def visitor_pages(page: Page, audit: Audit) -> None:
    audit(page, "home")
    page.goto("/lessons/")
    audit(page, "lessons")
    lesson = Lesson.objects.get(number=1)
    page.goto(f"/lessons/{lesson.slug}/")
    audit(page, "lesson")
    step = lesson.steps.order_by("number").first()
    assert step is not None
    page.goto(f"/lessons/{lesson.slug}/{step.number}/")
    audit(page, "step")
    form = page.locator("form.answer-form")
    puzzle = puzzle_in(form, step.check_kind, step.check_focus, step.check_band)
    fill(form, puzzle, wrong_response(puzzle))
    form.get_by_role("button", name="Check my answer").click()
    expect(page.locator("#feedback")).to_contain_text("Not quite")
    audit(page, "step, answered (htmx)")
    page.goto(f"/lessons/{lesson.slug}/quiz/")
    audit(page, "quiz")
    page.goto("/rules/")
    audit(page, "rules")
    page.goto("/rules/?q=joker")
    audit(page, "rules search")
    page.get_by_label("Search the rules").fill("pair")
    audit(page, "rules, filtered as typed")
    page.goto("/practice/")
    audit(page, "practice")
    for kind in ("worth", "winning_hand", "charleston", "name_hand"):
        page.goto(f"/practice/{kind}/")
        audit(page, f"drill {kind}")
    page.goto("/practice/worth/")
    answer_drill(page)
    audit(page, "drill verdict")
    page.goto("/practice/daily/")
    audit(page, "daily")
    page.goto("/check/")
    audit(page, "check, empty")
    page.goto("/check/?hand=" + "1B 1B 1B 2B 2B 2B 3B 3B 3B 4B 4B 4B 5B 5B".replace(" ", "+"))
    audit(page, "check, verdict")
    page.goto("/check/?hand=nonsense")
    audit(page, "check, error")
    page.goto("/accounts/login/")
    audit(page, "login")
    page.goto("/accounts/signup/")
    audit(page, "sign-up")


def learner_pages(page: Page, audit: Audit, classroom_pk: int) -> None:
    page.goto("/practice/worth/")
    answer_drill(page)
    page.goto("/practice/dashboard/")
    expect(page.locator("main")).to_be_visible()
    audit(page, "dashboard, with attempts")
    page.goto("/classes/")
    audit(page, "classes, student")
    page.goto(f"/classes/{classroom_pk}/")
    audit(page, "class, student")
    page.goto(f"/classes/{classroom_pk}/session/")
    audit(page, "session, student")


def teacher_pages(page: Page, audit: Audit, classroom_pk: int, session_pk: int) -> None:
    page.goto("/classes/")
    audit(page, "classes, teacher")
    page.goto(f"/classes/{classroom_pk}/")
    audit(page, "class, teacher")
    page.goto(f"/classes/{classroom_pk}/session/{session_pk}/")
    audit(page, "session board")


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large-print"])
def test_key_pages_have_no_serious_accessibility_problems(
    contexts: Callable[[], BrowserContext], django_user_model: Any, large_print: bool
) -> None:
    if not AXE.exists():
        pytest.skip("axe-core is not vendored (scripts/ensure-axe fetches it into var/axe/)")
    lessons_load(sources=list(course_sources()))
    PuzzleFactory.create_batch(3, kind="worth", band=1)
    teacher = django_user_model.objects.create_user("tess", password=PASSWORD, role="teacher")
    student = django_user_model.objects.create_user("sam", password=PASSWORD)
    classroom = class_services.classroom_create(teacher=teacher, name="Tuesday beginners")
    class_services.classroom_join(user=student, code=classroom.code)
    session = sessions.session_start(classroom=classroom, teacher=teacher, kind="worth", band=1)

    audit = Audit(large_print)
    visitor_pages(start(contexts(), large_print), audit)
    learner_pages(start(contexts(), large_print, "sam"), audit, classroom.pk)
    teacher_pages(start(contexts(), large_print, "tess"), audit, classroom.pk, session.pk)

    print(f"\naxe, {'large print' if large_print else 'normal print'}: {audit.pages} page states")
    print(describe(audit.found) or "no violations at all")
    assert not audit.blocking(), "serious or critical accessibility problems:\n" + describe(audit.blocking())
