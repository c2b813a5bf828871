"""No page of the site is wider than its screen, and no control on it is too small for a finger
(tests/browser/targets.py): every page by its address, on a
phone (390x844) and a tablet (820x1180), in normal and large print. The layout walk
(test_layout.py) follows people through the site's actions; this one opens every page the site
has: home, the lessons list, each lesson, each of its steps and its quiz, the rules, practice and
every drill, today's five, the dashboard, the checker, the accounts pages, and the classes pages as
a student and as a teacher. Each page is loaded once and measured four ways, with test_layout's
measure: at both widths (the window resized: the page lays itself out again), in normal print and
in large print (the setting is the page's `large-print` class, which the header's button has the
server put on <html>: here it is put on and taken off in place; test_layout and test_header reach
it by the button).

Screenshots of a lesson step, the dashboard and the rules at both sizes go to var/browser/fit/."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.utils import timezone
from playwright.sync_api import BrowserContext, Page, ViewportSize

from cfmj.classes import deals, table_time
from cfmj.classes import services as class_services
from cfmj.classes.models import Assignment, ClassDeal, Classroom, ClassTable
from cfmj.classes.selectors import students_of
from cfmj.engine import drills
from cfmj.engine.coach import DEFAULT_LEVEL
from cfmj.play import seating
from cfmj.play import services as play_services
from cfmj.play.models import Game, Table
from lessons.models import Lesson, LessonProgress
from practice.models import PuzzleBatch
from tests.browser.conftest import ARTIFACTS
from tests.browser.targets import TARGET_PX, small_targets
from tests.browser.test_layout import MEASURE, SIZES
from tests.browser.walk import PLAY_SEED, WORKED, Site, answer_drill, site_build, start
from tests.classes.helpers import in_days
from tests.play.helpers import advance_to
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = ARTIFACTS / "fit"
SHOWN = {
    "lesson 1 step 1",
    "dashboard",
    "rules",
    "login cards",
    "play together",
    "a seat offered",
    "table lobby",
    "session board, presenting",
    "over the shoulder",
    "the class's deal, student",
    "home, teacher",
    "drill call, signed in",
    "play, a discard",
}  # screenshots at both sizes and print sizes
MAKING = ("collecting", 5)  # a slow kind's homework, its next puzzle being made by the worker
LARGE_PRINT = "(on) => document.documentElement.classList.toggle('large-print', on)"


def visitor_pages(join_code: str = "") -> Iterator[tuple[str, str]]:
    yield "home", "/"
    if join_code:  # a class's join link, and the sign-up and log-in it leads to
        yield "join link, visitor", f"/classes/join/{join_code}/"
        yield "sign up to join", f"/accounts/signup/?next=/classes/join/{join_code}/"
        yield "log in to join", f"/accounts/login/?next=/classes/join/{join_code}/"
    yield "lessons", "/lessons/"
    yield "rules", "/rules/"
    yield "rules, searched", "/rules/?q=joker"
    yield "practice", "/practice/"
    for kind in drills.KINDS:
        yield f"drill {kind}", f"/practice/{kind}/"
    yield "today's five", "/practice/daily/"
    yield "checker", "/check/"
    yield "checker, a verdict", "/check/?hand=" + WORKED.replace(" ", "+")
    yield "checker, an error", "/check/?hand=nonsense"
    yield "log in", "/accounts/login/"
    yield "sign up", "/accounts/signup/"
    yield "password reset", "/accounts/password/reset/"
    yield "password reset, sent", "/accounts/password/reset/sent/"
    yield "password reset, a bad link", "/accounts/password/reset/MQ/not-a-token/"
    yield "password reset, done", "/accounts/password/reset/done/"
    yield "password forgotten, a recovery code", "/accounts/password/forgotten/"


def learner_pages(site: Site, homework: int) -> Iterator[tuple[str, str]]:
    """Every lesson, step and quiz (the learner has done them all, so all are open), and the
    learner's own pages."""
    for lesson in Lesson.objects.order_by("number").prefetch_related("steps"):
        yield f"lesson {lesson.number}", f"/lessons/{lesson.slug}/"
        for step in lesson.steps.order_by("number"):
            yield f"lesson {lesson.number} step {step.number}", f"/lessons/{lesson.slug}/{step.number}/"
        yield f"lesson {lesson.number} quiz", f"/lessons/{lesson.slug}/quiz/"
    # Every drill with its puzzle (a visitor's are kept to lesson 1's: the rest say which lesson opens them).
    for kind in drills.KINDS:
        yield f"drill {kind}, signed in", f"/practice/{kind}/"
    yield "dashboard", "/practice/dashboard/"
    yield "home, signed in", "/"
    yield "account", "/accounts/"
    yield "account, delete", "/accounts/delete/"
    yield "password change", "/accounts/password/"
    yield "password changed", "/accounts/password/done/"
    # Shown once (tests/browser/test_recovery.py measures the code's card): asked again, what to do.
    yield "recovery code, asked again", "/accounts/recovery-code/"
    yield "classes, student", "/classes/"
    yield "class, student", f"/classes/{site.classroom_pk}/"
    yield "homework, student", f"/classes/{site.classroom_pk}/homework/{homework}/"
    making = Assignment.objects.get(drill_kind=MAKING[0]).pk
    yield "homework, a puzzle being made", f"/classes/{site.classroom_pk}/homework/{making}/"
    yield "session, student", f"/classes/{site.classroom_pk}/session/"
    yield "join a class", "/classes/join/"
    yield "play together", "/play/tables/"
    yield "a seat offered", f"/play/tables/{Table.objects.get(host=site.teacher).code}/"
    yield "leave the class, asked", f"/classes/{site.classroom_pk}/leave/"
    yield "table time, the student's table", f"/classes/{site.classroom_pk}/tables/mine/"
    yield "the class's deal, student", f"/classes/{site.classroom_pk}/deals/{_deal(site).pk}/"
    yield "play", "/play/"
    charleston, discard = Game.objects.filter(owner=site.student, seed=str(PLAY_SEED)).order_by("pk")
    yield "play, the Charleston", f"/play/{charleston.pk}/"
    yield "play, a discard", f"/play/{discard.pk}/"


def teacher_pages(site: Site, homework: int) -> Iterator[tuple[str, str]]:
    pk = site.classroom_pk
    yield "classes, teacher", "/classes/"
    yield "class, teacher", f"/classes/{pk}/"
    yield "class, new", "/classes/new/"
    yield "class, edit", f"/classes/{pk}/edit/"
    yield "class, hand over", f"/classes/{pk}/owner/"
    yield "homework, new", f"/classes/{pk}/homework/new/"
    for kind in ("lesson", "drills", "fixed"):
        yield f"homework, new {kind}", f"/classes/{pk}/homework/new/{kind}/"
    yield "homework, teacher", f"/classes/{pk}/homework/{homework}/"
    yield "homework, change", f"/classes/{pk}/homework/{homework}/edit/"
    yield "homework, duplicate", f"/classes/{pk}/homework/{homework}/copy/"
    yield "homework, delete", f"/classes/{pk}/homework/{homework}/delete/"
    yield "student report", f"/classes/{pk}/students/{site.student.pk}/"
    yield "session, teacher", f"/classes/{pk}/session/"
    yield "session controls", f"/classes/{pk}/session/{site.session_pk}/"
    yield "session board", f"/classes/{pk}/session/board/"
    yield "session board, presenting", f"/classes/{pk}/session/present/"
    yield "managed account, delete", f"/classes/{pk}/students/{site.managed_pk}/delete/"
    yield "accounts from names", f"/classes/{pk}/students/names/"
    yield "login cards", f"/classes/{pk}/students/cards/"  # of the accounts made from names below
    yield "home, teacher", "/"
    yield "join card", f"/classes/{pk}/join-card/"
    yield "remove a student, asked", f"/classes/{pk}/students/{site.student.pk}/remove/"
    yield "archive, asked", f"/classes/{pk}/archive/"
    yield "table lobby", f"/play/tables/{Table.objects.get(host=site.teacher).code}/"
    yield "table time, all tables at a glance", f"/classes/{pk}/tables/"
    placed = ClassTable.objects.get(table_time__classroom_id=pk)
    yield "over the shoulder, the warning", f"/classes/{pk}/tables/{placed.pk}/"
    yield "over the shoulder", f"/classes/{pk}/tables/{placed.pk}/?sure=yes"
    yield "a word to a player", f"/classes/{pk}/tables/{placed.pk}/word/"
    yield "the class's deal, teacher", f"/classes/{pk}/deals/{_deal(site).pk}/"
    yield "the class's deal, its board while open", f"/classes/{pk}/deals/{_deal(site).pk}/board/"


def _deal(site: Site) -> ClassDeal:
    return ClassDeal.objects.get(classroom_id=site.classroom_pk)


def fit_site_build(user_model: Any) -> tuple[Site, int]:
    """The walks' site, a puzzle of every drill, homework in the class, and every lesson done by
    the learner (sam)."""
    site = site_build(user_model)
    for kind in drills.KINDS:
        PuzzleFactory(kind=kind, band=2)
    homework = class_services.assignment_create(
        classroom=Classroom.objects.get(pk=site.classroom_pk),
        teacher=site.teacher,
        kind="drills",
        due=in_days(3),
        drill_kind="call",
        count=1,
        band=2,
    )
    # Homework of a slow kind whose pool holds no puzzle of its band, a batch on its way for it.
    class_services.assignment_create(
        classroom=Classroom.objects.get(pk=site.classroom_pk),
        teacher=site.teacher,
        kind="drills",
        due=in_days(3),
        drill_kind=MAKING[0],
        count=2,
        band=MAKING[1],
    )
    PuzzleBatch.objects.create(kind=MAKING[0], band=MAKING[1], seed=1, requested=5)
    seating.table_open(host=site.teacher, bot_level="steady")  # a table sam is offered a seat at
    # The class at play: sam and max at a table with two bots; and a deal the class is playing.
    classroom = Classroom.objects.get(pk=site.classroom_pk)
    table_time.table_time_start(
        table_time=table_time.table_time_arrange(
            classroom=classroom, teacher=site.teacher, people=list(students_of(classroom))
        )
    )
    deals.deal_start(classroom=classroom, teacher=site.teacher, bot_level="beginner", seed=7)
    # Two hands of sam's against the bots: one in its Charleston, one at a discard (the rack tapped).
    play_services.game_start(owner=site.student, bot_level=DEFAULT_LEVEL, seed=PLAY_SEED)
    advance_to(
        play_services.game_start(owner=site.student, bot_level=DEFAULT_LEVEL, seed=PLAY_SEED), "discard"
    )
    for lesson in Lesson.objects.prefetch_related("steps"):
        LessonProgress.objects.create(
            user=site.student,
            lesson=lesson,
            step_reached=lesson.steps.count(),
            checks_right=lesson.steps.count(),
            completed_at=timezone.now(),
        )
    return site, homework.pk


def problems_at(page: Page, where: str) -> list[str]:
    measured = page.evaluate(MEASURE)
    said = []
    if measured["scrollWidth"] > measured["innerWidth"]:
        said.append(f"{where}: {measured['scrollWidth']} px wide in a {measured['innerWidth']} px screen")
    for el in measured["offenders"]:
        said.append(f"{where}: {el['path']} reaches x={el['left']}..{el['right']}: {el['text']!r}")
    for region in measured["regions"]:
        said.append(f"{where}: {region['path']} scrolls sideways unnamed or out of keyboard reach")
    return said


# The four ways a page is measured, in an order that resizes the window twice per page instead of
# four times: phone, tablet, then large print at tablet and phone (the next page opens at phone).
LOOKS = (("phone", False), ("tablet", False), ("tablet", True), ("phone", True))


Measure = Callable[[Page, str], list[str]]


def pages_fit(
    page: Page, pages: Iterator[tuple[str, str]], measure: Measure = problems_at, *, shots: bool = False
) -> tuple[int, list[str]]:
    """Open each page at phone size in normal print, and measure it at both sizes in both prints
    (`shots`: with screenshots of the pages in SHOWN)."""
    problems: list[str] = []
    count = 0
    page.set_viewport_size(SIZES["phone"])
    for where, address in pages:
        response = page.goto(address)
        assert response is not None and response.ok, f"{where}: {address} answered {response}"
        count += 1
        shown_size, shown_print = "phone", False
        for size, large_print in LOOKS:
            look = "large-print" if large_print else "normal"
            if large_print != shown_print:
                page.evaluate(LARGE_PRINT, large_print)
                shown_print = large_print
            if size != shown_size:
                page.set_viewport_size(SIZES[size])
                shown_size = size
            problems += measure(page, f"{where} ({address}), {size}, {look}")
            if where in SHOWN and shots:
                name = where.replace(" ", "-")
                page.screenshot(path=str(SHOTS / f"{name}-{size}-{look}.png"))
    return count, problems


def every_page_measured(
    contexts: Callable[[ViewportSize], BrowserContext],
    user_model: Any,
    measure: Measure,
    *,
    shots: bool = False,
) -> tuple[int, list[str]]:
    """Every page of the site, as a visitor, a learner and a teacher, measured by `measure` at both
    sizes in both prints: how many pages, and the problems found."""
    site, homework = fit_site_build(user_model)
    SHOTS.mkdir(parents=True, exist_ok=True)
    pages = 0
    problems: list[str] = []
    visitor = start(contexts(SIZES["phone"]), False)
    learner = start(contexts(SIZES["phone"]), False, "sam")
    learner.goto("/practice/worth/")
    answer_drill(learner)  # the dashboard with an answer in it
    teacher = start(contexts(SIZES["phone"]), False, "tess")
    teacher.goto(f"/classes/{site.classroom_pk}/students/names/")
    teacher.get_by_label("Students' names, one a line").fill("Zoë Müller\nAnne-Marie O'Brien-Fotheringham")
    teacher.get_by_role("button", name="Check the list").click()
    teacher.get_by_role("button", name="Make these 2 accounts").click()
    for page, walk in (
        (visitor, visitor_pages(Classroom.objects.get(pk=site.classroom_pk).code)),
        (learner, learner_pages(site, homework)),
        (teacher, teacher_pages(site, homework)),
    ):
        count, found = pages_fit(page, walk, measure, shots=shots)
        pages, problems = pages + count, problems + found
    return pages, problems


def test_no_page_is_wider_than_the_screen_and_every_control_is_a_fingers_size(
    contexts: Callable[[ViewportSize], BrowserContext], django_user_model: Any, settings: Any
) -> None:
    """Both measures on one walk (the walk, not the measuring, is what costs: about a minute on
    two cores): nothing past the screen's edge, and nothing a finger uses under TARGET_PX either
    way (tests/browser/targets.py)."""
    settings.PRACTICE_STALE_BATCH_SECONDS = 3600  # the batch being made stays on its way for the walk
    wide: list[str] = []
    small: list[str] = []

    def both(page: Page, where: str) -> list[str]:
        wide.extend(problems_at(page, where))
        small.extend(small_targets(page, where))
        return []

    began = time.monotonic()
    pages, _ = every_page_measured(contexts, django_user_model, both, shots=True)
    seconds = time.monotonic() - began
    print(f"\nfit: {pages} pages, each at 2 widths in 2 prints, in {seconds:.1f} s; screenshots in {SHOTS}")
    assert not wide, f"{len(wide)} pages too wide:\n" + "\n".join(wide)
    assert not small, f"{len(small)} controls under {TARGET_PX} px:\n" + "\n".join(small)
