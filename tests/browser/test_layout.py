"""Every page fits the screen: the site's page states, walked as a visitor, a learner and a teacher
on a phone (390x844) and a tablet (820x1180), in normal and in large print. On each state the page
scrolls only up and down (no element reaches past the right edge), and after each action (an
answer, a check, a join, a message) its result is on screen without the person scrolling.

A screenshot of each state with a problem goes to var/browser/layout/<size>-<print>/ (of every
state with LAYOUT_SHOTS=1: some 400 screenshots, about a tenth of the walks' time); set
LAYOUT_FULL_PAGE=1 to take whole pages instead of what the screen shows."""

from __future__ import annotations

import os
import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, ViewportSize, expect

from cfmj.classes import services as class_services
from cfmj.classes import sessions
from cfmj.classes.models import Assignment, Classroom, ClassSession
from cfmj.engine import drills
from lessons.models import Lesson
from tests.browser.answer_form import fill
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_lesson import puzzle_in
from tests.browser.walk import (
    PASSWORD,
    WORKED,
    Site,
    Visit,
    answer_drill,
    invitee_pages,
    learner_pages,
    site_build,
    start,
    teacher_pages,
    visitor_pages,
)
from tests.classes.helpers import in_days
from tests.engine.drills.helpers import right_response, wrong_response
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)

SIZES: dict[str, ViewportSize] = {
    "phone": {"width": 390, "height": 844},
    "tablet": {"width": 820, "height": 1180},
}
LAYOUT = ARTIFACTS / "layout"
LONG_NAME = "bartholomew.fotheringhamsmythe"  # a username as long as some people choose
FULL_PAGE = os.environ.get("LAYOUT_FULL_PAGE") == "1"
EVERY_SHOT = os.environ.get("LAYOUT_SHOTS") == "1"  # every state's screenshot, not only those with a problem
SETTLE_SECONDS = 1.5  # how long a result may take to come into view (htmx swaps, scrolling)

# Elements whose box reaches past the left or right edge of the viewport, outermost first (a wide
# table, not each of its cells), named by their path. Left out: what is hidden on purpose (a skip
# link off screen until focused, whatever is invisible) and what lies inside a box that
# scrolls sideways by itself (a wide table in its own region); such a region, when it does
# scroll, must be reachable by keyboard and named, or it is listed in `regions`.
MEASURE = """() => {
  const vw = window.innerWidth;
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
    Array.from(el.classList).slice(0, 2).map((c) => "." + c).join("");
  const path = (el) => {
    const parts = [];
    for (let e = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
      parts.unshift(name(e));
    }
    return parts.join(" > ");
  };
  const text = (el) => (el.innerText || el.getAttribute("aria-label") || "").trim()
    .replace(/\\s+/g, " ").slice(0, 50);
  const scrolls = (el) => !["INPUT", "SELECT", "TEXTAREA"].includes(el.tagName) &&
    ["auto", "scroll"].includes(getComputedStyle(el).overflowX);
  const inRegion = (el, style) => {  // clipped by a region: absolute boxes escape unless placed inside it
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (!scrolls(a)) continue;
      if (style.position === "fixed") return false;
      if (style.position !== "absolute") return true;
      for (let p = el.parentElement; p && p !== a.parentElement; p = p.parentElement) {
        if (getComputedStyle(p).position !== "static") return true;  // its containing block is inside
      }
      return false;
    }
    return false;
  };
  const wide = new Set();
  const regions = [];
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (el.scrollWidth > el.clientWidth + 1 && scrolls(el) &&
        !(el.tabIndex >= 0 && (el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby")))) {
      regions.push({path: path(el), text: text(el)});
    }
    if (r.left >= -0.5 && r.right <= vw + 0.5) continue;
    const style = getComputedStyle(el);
    // placed wholly off the left edge (a skip link until focused): no scrolling reaches it
    const offscreen = (style.position === "absolute" || style.position === "fixed") && r.right <= 0;
    if (offscreen || style.visibility === "hidden" || inRegion(el, style)) continue;
    wide.add(el);
  }
  const offenders = [...wide].filter((el) => !wide.has(el.parentElement)).map((el) => {
    const r = el.getBoundingClientRect();
    return {path: path(el), left: Math.round(r.left), right: Math.round(r.right), text: text(el)};
  });
  return {scrollWidth: document.documentElement.scrollWidth, innerWidth: vw, offenders, regions};
}"""

# Where the result's box is, against the viewport.
PLACE = """(el) => {
  const r = el.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
          vh: window.innerHeight, vw: window.innerWidth};
}"""


def in_view(place: dict[str, float]) -> bool:
    """All of the result on screen; one taller than three quarters of the screen (a long verdict in
    large print on a phone) must fill it from its top quarter: the person sees it begin and fill
    the screen."""
    across = place["left"] >= -0.5 and place["right"] <= place["vw"] + 0.5
    if place["bottom"] - place["top"] <= place["vh"] * 3 / 4:
        return across and place["top"] >= -0.5 and place["bottom"] <= place["vh"] + 0.5
    return across and 0 <= place["top"] <= place["vh"] / 4


class Layout:
    """The `visit` of the walks: measures each state, saves its screenshot, gathers problems."""

    def __init__(self, folder: Path, large_print: bool) -> None:
        self.folder = folder
        self.large_print = large_print
        self.problems: list[str] = []
        self.states = 0
        self.results = 0

    def __call__(self, page: Page, where: str, result: Locator | None = None) -> None:
        if self.large_print:
            expect(page.locator("html")).to_have_class("large-print")
        self.states += 1
        problems_before = len(self.problems)
        if result is not None:
            self.results += 1
            self._result_in_view(page, where, result)
        page.wait_for_load_state()  # a link just followed: measure the new page once it has loaded
        measured = page.evaluate(MEASURE)
        if measured["scrollWidth"] > measured["innerWidth"]:
            self.problems.append(
                f"{where}: the page scrolls sideways ({measured['scrollWidth']} px wide "
                f"in a {measured['innerWidth']} px viewport)"
            )
        for el in measured["offenders"]:
            self.problems.append(
                f"{where}: {el['path']} reaches from x={el['left']} to x={el['right']} "
                f"(viewport {measured['innerWidth']}): {el['text']!r}"
            )
        for region in measured["regions"]:
            self.problems.append(
                f"{where}: {region['path']} scrolls sideways but cannot be reached by keyboard or has no "
                f"name (tabindex=0 and aria-label/aria-labelledby): {region['text']!r}"
            )
        if EVERY_SHOT or len(self.problems) > problems_before:
            slug = re.sub(r"[^a-z0-9]+", "-", where.lower()).strip("-")
            page.screenshot(path=str(self.folder / f"{self.states:02d}-{slug}.png"), full_page=FULL_PAGE)

    def _result_in_view(self, page: Page, where: str, result: Locator) -> None:
        expect(result).to_be_visible()
        deadline = time.monotonic() + SETTLE_SECONDS
        while True:  # the page's own scrolling and focus moves may follow the swap
            place = result.evaluate(PLACE)
            if in_view(place) or time.monotonic() > deadline:
                break
            page.wait_for_timeout(100)
        if not in_view(place):
            self.problems.append(
                f"{where}: the result is out of view: top {place['top']:.0f}, bottom {place['bottom']:.0f} "
                f"in a viewport {place['vh']:.0f} px high"
            )


def layout_site_build(user_model: Any) -> tuple[Site, Classroom, Assignment]:
    """The walks' site, and more for the layout walk: two puzzles of every drill, a second class
    to join, and drill homework in the first (so the due lists and the reports have rows)."""
    site = site_build(user_model)
    for kind in drills.KINDS:
        PuzzleFactory.create_batch(2, kind=kind, band=2)
    classroom = Classroom.objects.get(pk=site.classroom_pk)
    homework = class_services.assignment_create(
        classroom=classroom,
        teacher=site.teacher,
        kind="drills",
        due=in_days(3),
        drill_kind="joker_exchange",
        count=1,
        band=2,
    )
    class_services.assignment_create(
        classroom=classroom,
        teacher=site.teacher,
        kind="lesson",
        due=in_days(5),
        lesson=Lesson.objects.get(number=1),
    )
    other = class_services.classroom_create(teacher=site.teacher, name="Thursday improvers at the library")
    user_model.objects.create_user(LONG_NAME, password=PASSWORD)
    return site, other, homework


def more_visitor_pages(page: Page, visit: Visit) -> None:
    """The visitor's states the accessibility walk leaves out: the other drills, a marked quiz,
    the daily answered, the checker used by hand, and the account forms with their errors."""
    for kind in ("call", "joker_exchange", "discard", "distance", "rules_quiz"):
        page.goto(f"/practice/{kind}/")
        visit(page, f"drill {kind}")
    page.goto("/practice/charleston/")
    answer_drill(page, right=False)
    visit(page, "drill charleston, answered wrong", page.locator("#verdict"))

    lesson = Lesson.objects.get(number=1)
    page.goto(f"/lessons/{lesson.slug}/quiz/")
    quiz = page.locator("form.quiz-form")
    for number, (kind, focus, band) in enumerate(lesson.quiz, 1):
        puzzle = puzzle_in(quiz, kind, focus, band, f"q{number}-")
        answer = wrong_response(puzzle) if number == 1 else right_response(puzzle)
        fill(quiz, puzzle, answer, f"q{number}-")
    quiz.get_by_role("button", name="Mark my quiz").click()
    visit(page, "quiz, marked", page.locator(".quiz-result"))

    page.goto("/practice/daily/")
    answer_drill(page)
    visit(page, "daily, answered", page.locator("#verdict"))
    page.goto("/practice/daily/")
    visit(page, "daily, one done")

    page.goto("/")
    page.get_by_role("link", name="See what this hand is worth").click()
    visit(page, "home, the example followed", page.locator("#verdict"))
    page.goto("/check/")
    page.get_by_role("link", name="A woven hand").click()
    visit(page, "check, an example followed", page.locator("#verdict"))
    page.goto("/check/")
    page.locator("#id_hand").fill(WORKED)
    expect(page.locator("[data-hb-count]")).to_contain_text("14 of 14 tiles")
    visit(page, "check, a hand typed")
    page.get_by_role("button", name="Check this hand").click()
    expect(page.locator("#verdict")).to_contain_text("Mah Jongg! This hand wins.")
    visit(page, "check, checked", page.locator("#verdict"))
    page.locator("#id_hand").fill("5D 5D 9Z")
    page.get_by_role("button", name="Check this hand").click()
    expect(page.locator("#verdict")).to_contain_text("That hand cannot be read")
    expect(page).to_have_url(re.compile(r"hand=5D(%20|\+)5D(%20|\+)9Z"))  # the address can be shared
    visit(page, "check, checked with a typo", page.locator("#verdict"))

    page.goto("/accounts/signup/")
    page.get_by_role("button", name="Sign up").click()
    visit(page, "sign-up, nothing filled in", page.locator(".form-errors"))
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("sam")
    page.get_by_label("Password").fill("not-the-password")
    page.get_by_role("button", name="Log in").click()
    visit(page, "login, wrong password", page.locator(".form-errors"))
    page.goto("/accounts/password/reset/")
    visit(page, "password reset")
    page.get_by_label("Email").fill("nobody@example.com")
    page.get_by_role("button", name="Send the link").click()
    visit(page, "password reset, sent", page.locator("main .narrow"))
    page.goto("/accounts/password/reset/MQ/not-a-token/")
    visit(page, "password reset, expired link")


def more_learner_pages(page: Page, visit: Visit, site: Site, other: Classroom, homework: Assignment) -> None:
    """A learner's other states: homework due and done, joining a class, the class session from
    answer to reveal, and the account pages."""
    page.goto("/")
    visit(page, "home, homework due")
    page.goto("/practice/")
    visit(page, "practice, with ratings")
    page.goto(f"/classes/{site.classroom_pk}/homework/{homework.pk}/")
    visit(page, "homework, a puzzle")
    answer_drill(page)
    visit(page, "homework, answered", page.locator("#verdict"))
    page.goto(f"/classes/{site.classroom_pk}/homework/{homework.pk}/")
    visit(page, "homework, done")

    page.goto("/classes/join/")
    page.get_by_label("Class code").fill("ZZZZZZ")
    page.get_by_role("button", name="Join").click()
    visit(page, "join, a wrong code", page.locator(".form-errors"))
    page.goto(f"/classes/join/{other.code}/")
    visit(page, "join, from a link")
    page.get_by_role("button", name="Join").click()
    visit(page, "join, joined", page.locator(".messages"))

    page.clock.install()  # its timers run as usual; the poll after the reveal is not waited for
    page.goto(f"/classes/{site.classroom_pk}/session/")
    form = page.locator("#board form.answer-form")
    session = ClassSession.objects.select_related("puzzle").get(pk=site.session_pk)
    fill(form, session.puzzle, right_response(session.puzzle))
    form.get_by_role("button", name="Send my answer").click()
    visit(page, "session, answer sent", page.locator("#board .session-status"))
    sessions.session_reveal(session=session)  # the teacher reveals; the page polls every 3 s
    page.clock.fast_forward(3_000)  # the next poll, without waiting for it
    expect(page.locator("#result-title")).to_be_visible(timeout=10_000)
    visit(page, "session, revealed", page.locator("#board .verdict"))

    page.goto("/accounts/password/")
    visit(page, "password change")
    page.get_by_label("Old password").fill("not-the-password")
    page.get_by_role("button", name="Change password").click()
    visit(page, "password change, wrong old password", page.locator(".form-errors"))
    page.get_by_label("Old password").fill(PASSWORD)
    page.get_by_label("New password", exact=True).fill("a-new-pw-for-tiles")
    page.get_by_label("New password confirmation").fill("a-new-pw-for-tiles")
    page.get_by_role("button", name="Change password").click()
    visit(page, "password changed", page.locator("main .narrow"))


def more_teacher_pages(page: Page, visit: Visit, site: Site, homework: Assignment) -> None:
    """A teacher's other states: making a class, setting homework, seeing who did it, making and
    resetting a student's account, and running the class session from the board."""
    page.goto("/classes/new/")
    visit(page, "class, new")
    page.get_by_role("button", name="Make the class").click()
    visit(page, "class, new without a name", page.locator(".form-errors"))
    page.get_by_label("Name").fill("Saturday club")
    page.get_by_role("button", name="Make the class").click()
    visit(page, "class, made", page.locator(".messages"))
    made = Classroom.objects.get(name="Saturday club")
    page.goto(f"/classes/{made.pk}/edit/")
    visit(page, "class, edit")

    page.goto(f"/classes/{site.classroom_pk}/homework/new/")
    visit(page, "homework, new")
    page.get_by_role("link", name="Drill puzzles").click()
    visit(page, "homework, new drill puzzles")
    page.get_by_role("button", name="Set it").click()
    visit(page, "homework, new without a drill", page.locator(".form-errors"))
    page.get_by_label("Drill", exact=True).select_option("call")
    page.get_by_label("Number of puzzles").fill("2")
    page.get_by_role("button", name="Set it").click()
    visit(page, "homework, set", page.locator(".messages"))
    page.goto(f"/classes/{site.classroom_pk}/homework/{homework.pk}/")
    visit(page, "homework, who finished")

    page.goto(f"/classes/{site.classroom_pk}/")
    adding = page.locator("section[aria-labelledby=add-student-title]")
    adding.get_by_label("Username").fill("rosalind.featherstonehaugh")
    adding.get_by_label("Password").fill("tiles-and-tea-42")
    adding.get_by_role("button", name="Make the account").click()
    visit(page, "class, student account made", page.locator(".messages"))
    password = page.get_by_label("New password for rosalind.featherstonehaugh")
    password.fill("more-tiles-and-tea-42")
    password.press("Enter")  # sends its own small form
    visit(page, "class, student password set", page.locator(".messages"))

    page.goto(f"/classes/{site.classroom_pk}/session/")
    visit(page, "session, run by the teacher")
    page.get_by_label("Kind of puzzle").select_option("discard")
    page.get_by_role("button", name="Next puzzle").click()
    visit(page, "session controls, next puzzle", page.locator(".messages"))
    page.get_by_role("button", name="Reveal the answer").click()
    visit(page, "session controls, revealed", page.locator(".session-reveal"))
    page.get_by_role("button", name="End the session").click()
    visit(page, "session, ended", page.locator(".messages"))


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large-print"])
@pytest.mark.parametrize("size", list(SIZES))
def test_every_page_fits_the_screen_and_shows_each_result(
    contexts: Callable[[ViewportSize], BrowserContext], django_user_model: Any, size: str, large_print: bool
) -> None:
    site, other, homework = layout_site_build(django_user_model)
    folder = LAYOUT / f"{size}-{'large-print' if large_print else 'normal'}"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    layout = Layout(folder, large_print)
    began = time.monotonic()

    visitor = start(contexts(SIZES[size]), large_print)
    visitor_pages(visitor, layout)
    more_visitor_pages(visitor, layout)
    learner = start(contexts(SIZES[size]), large_print, "sam")
    learner_pages(learner, layout, site)
    more_learner_pages(learner, layout, site, other, homework)
    long_named = start(contexts(SIZES[size]), large_print, LONG_NAME)
    layout(long_named, "home, a long username")
    teacher = start(contexts(SIZES[size]), large_print, "tess")
    teacher_pages(teacher, layout, site)
    more_teacher_pages(teacher, layout, site, homework)
    invitee_pages(start(contexts(SIZES[size]), large_print, "ivy"), layout, site)

    print(
        f"\nlayout, {size} {'large print' if large_print else 'normal print'}: {layout.states} page states "
        f"({layout.results} action results) in {time.monotonic() - began:.1f} s; screenshots in {folder}"
    )
    assert not layout.problems, f"{len(layout.problems)} layout problems:\n" + "\n".join(layout.problems)
