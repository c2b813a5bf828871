"""Homework a teacher corrects, and the class report and a student's page that
fit every screen: on a phone (390x844) and a tablet (820x1180), normal and large print.

The teacher sets a fixed set for one student only (the kind chosen first), changes it to a past due
date, duplicates it and deletes it, each result in view; the form works with JavaScript off; the
report and a student's page have no sideways scroll at 390, 820 and 1366 px (screenshots in
var/browser/report/)."""

from __future__ import annotations

import datetime
import re
import shutil
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from cfmj.classes import services as class_services
from cfmj.classes.homework_kinds import MAKING_REFRESH_SECONDS
from cfmj.classes.models import Assignment, Classroom
from lessons.models import Lesson, LessonProgress
from practice.models import PuzzleBatch
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_fit import problems_at
from tests.browser.test_layout import SIZES, Layout
from tests.browser.walk import Site, log_in, site_build, start
from tests.classes.helpers import in_days
from tests.classes.report_world import wrong
from tests.practice.factories import AttemptFactory, PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)

HOMEWORK = ARTIFACTS / "homework"
REPORT = ARTIFACTS / "report"
WIDTHS: dict[str, ViewportSize] = {
    "390": {"width": 390, "height": 844},
    "820": {"width": 820, "height": 1180},
    "1366": {"width": 1366, "height": 768},
}


def _site(user_model: Any) -> Site:
    site = site_build(user_model)
    PuzzleFactory.create_batch(4, kind="worth", band=2)
    return site


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large-print"])
@pytest.mark.parametrize("size", list(SIZES))
def test_a_teacher_sets_changes_duplicates_and_deletes_homework(
    contexts: Callable[[ViewportSize], BrowserContext], django_user_model: Any, size: str, large_print: bool
) -> None:
    site = _site(django_user_model)
    folder = HOMEWORK / f"{size}-{'large-print' if large_print else 'normal'}"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    visit = Layout(folder, large_print)
    page = start(contexts(SIZES[size]), large_print, "tess")
    pk = site.classroom_pk

    page.goto(f"/classes/{pk}/homework/new/")
    visit(page, "homework, choose the kind")
    page.get_by_role("link", name="A fixed set of puzzles").click()
    expect(page).to_have_url(re.compile(r"homework/new/fixed/$"))
    visit(page, "homework, a fixed set")
    expect(page.get_by_label("Lesson")).to_have_count(0)  # only this kind's fields
    page.get_by_label("Drill", exact=True).select_option("worth")
    page.get_by_label("Number of puzzles").fill("2")
    page.get_by_label("Difficulty (1 = first steps, 5 = hardest)").select_option("2")
    page.get_by_label("sam").check()
    page.get_by_role("button", name="Set it").click()
    visit(page, "homework, set for sam", page.locator(".messages"))
    work = Assignment.objects.get(kind="fixed")
    assert [u.username for u in work.students.all()] == ["sam"] and work.entries.count() == 2

    page.goto(f"/classes/{pk}/homework/{work.pk}/")
    visit(page, "homework, who finished")
    page.get_by_role("link", name="Change", exact=True).click()
    expect(page).to_have_url(re.compile(r"/edit/$"))
    visit(page, "homework, change")
    past = in_days(-2)
    page.get_by_label("Due on").fill(past.isoformat())
    page.get_by_role("button", name="Save").click()
    visit(page, "homework, changed to a past date", page.locator(".message.warning"))
    expect(page.locator(".messages")).to_contain_text("has passed")
    work.refresh_from_db()
    assert work.due == past

    page.get_by_role("link", name="Duplicate", exact=True).click()
    expect(page).to_have_url(re.compile(r"/copy/$"))
    visit(page, "homework, duplicate")
    page.get_by_label("Due on").fill(in_days(6).isoformat())
    page.get_by_label("max").check()
    page.get_by_role("button", name="Make the copy").click()
    visit(page, "homework, duplicated", page.locator(".messages"))
    copy = Assignment.objects.exclude(pk=work.pk).get()
    assert [u.username for u in copy.students.all()] == ["max"]
    assert list(copy.entries.values_list("puzzle_id", flat=True)) == list(
        work.entries.values_list("puzzle_id", flat=True)
    )

    page.get_by_role("link", name="Delete…").click()
    expect(page).to_have_url(re.compile(r"/delete/$"))
    visit(page, "homework, delete?")
    page.get_by_role("button", name="Delete the homework").click()
    visit(page, "homework, deleted", page.locator(".messages"))
    assert not Assignment.objects.filter(pk=copy.pk).exists()
    assert Assignment.objects.filter(pk=work.pk).exists()
    listed = page.locator(".due-list")
    expect(listed.get_by_role("link", name=f"Change {work.title}")).to_be_visible()
    listed.screenshot(path=str(folder / "11-homework-list.png"))
    assert not visit.problems, "\n".join(visit.problems)


@pytest.fixture
def no_script(browser: Browser, live_server: LiveServer) -> Iterator[BrowserContext]:
    context = browser.new_context(
        base_url=live_server.url, viewport=SIZES["phone"], java_script_enabled=False
    )
    context.set_default_timeout(15_000)
    yield context
    context.close()


def test_the_homework_form_works_without_javascript(
    no_script: BrowserContext, django_user_model: Any
) -> None:
    site = _site(django_user_model)
    page = no_script.new_page()
    log_in(page, "tess")
    page.goto(f"/classes/{site.classroom_pk}/homework/new/")
    page.get_by_role("link", name="A lesson").click()
    page.get_by_label("Lesson", exact=True).select_option(label=str(Lesson.objects.get(number=1)))
    page.get_by_role("button", name="Set it").click()
    expect(page.locator(".messages")).to_contain_text("Homework set")
    work = Assignment.objects.get()
    assert work.kind == "lesson" and not work.students.exists()
    page.goto(f"/classes/{site.classroom_pk}/homework/{work.pk}/delete/")
    page.get_by_role("button", name="Delete the homework").click()
    expect(page.locator(".messages")).to_contain_text("stay in their own progress")
    assert not Assignment.objects.exists()


def _report_world(user_model: Any) -> Site:
    """The walks' site with a class report worth reading: homework of each kind, students with
    long real names, right and wrong answers, a lesson done and one half read."""
    site = _site(user_model)
    classroom = Classroom.objects.get(pk=site.classroom_pk)
    lessons = list(Lesson.objects.order_by("number")[:2])
    for kind, extra in (
        ("lesson", {"lesson": lessons[0]}),
        ("drills", {"drill_kind": "worth", "count": 3, "band": 2}),
        ("fixed", {"drill_kind": "worth", "count": 2, "band": 2}),
    ):
        class_services.assignment_create(
            classroom=classroom, teacher=site.teacher, kind=kind, due=in_days(-1), **extra
        )
    names = {"sam": "Samantha Featherstonehaugh-Ramsbottom", "max": "Maximilian Ødegaard-Øverland"}
    for username, real_name in names.items():
        student = user_model.objects.get(username=username)
        student.real_name = real_name
        student.save(update_fields=["real_name"])
        for kind in ("worth", "call", "winning_hand"):
            wrong(student, kind)
            AttemptFactory(user=student, puzzle=PuzzleFactory(kind=kind, band=2))
    LessonProgress.objects.create(
        user=site.student,
        lesson=lessons[0],
        step_reached=4,
        quiz_best=4,
        quiz_size=5,
        completed_at=datetime.datetime.now(datetime.UTC),
    )
    LessonProgress.objects.create(user=site.student, lesson=lessons[1], step_reached=2)
    return site


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large-print"])
def test_the_report_and_a_students_page_fit_from_phone_to_desktop(
    contexts: Callable[[ViewportSize], BrowserContext], django_user_model: Any, large_print: bool
) -> None:
    site = _report_world(django_user_model)
    REPORT.mkdir(parents=True, exist_ok=True)
    look = "large-print" if large_print else "normal"
    page = start(contexts(WIDTHS["390"]), large_print, "tess")
    problems: list[str] = []
    pages = {  # the part to photograph: the report's section of the class page, the whole student page
        "report": (f"/classes/{site.classroom_pk}/", ".class-report"),
        "student": (f"/classes/{site.classroom_pk}/students/{site.student.pk}/", "main"),
    }
    for name, (address, part) in pages.items():
        page.goto(address)
        for width, size in WIDTHS.items():
            page.set_viewport_size(size)
            problems += problems_at(page, f"{name} at {width} px, {look}")
            page.locator(part).screenshot(path=str(REPORT / f"{name}-{width}-{look}.png"))
    page.goto(f"/classes/{site.classroom_pk}/")
    cards = page.get_by_role("list", name="Each student")  # the grid above names her too
    cards.get_by_role("link", name="Samantha Featherstonehaugh-Ramsbottom").click()
    expect(page.locator("h1")).to_have_text("Samantha Featherstonehaugh-Ramsbottom")
    assert not problems, "\n".join(problems)


def test_a_students_next_puzzle_being_made_appears_by_itself(
    contexts: Callable[[ViewportSize], BrowserContext], django_user_model: Any, settings: Any
) -> None:
    """Drill homework whose pool holds nothing new for the student, a batch on its way (a slow
    kind's, made by the worker): the page says so, with a Refresh link, and shows the puzzle once
    it is there, without the student doing anything (htmx looks again every few seconds)."""
    settings.PRACTICE_STALE_BATCH_SECONDS = 3600  # the batch below is on its way, not a dead worker's
    site = _site(django_user_model)
    work = class_services.assignment_create(
        classroom=Classroom.objects.get(pk=site.classroom_pk),
        teacher=site.teacher,
        kind="drills",
        due=in_days(3),
        drill_kind="collecting",
        count=1,
        band=5,
    )
    PuzzleBatch.objects.create(kind="collecting", band=5, seed=1, requested=5)
    context = contexts(SIZES["phone"])
    context.clock.install()  # its timers run as usual; the next look is not waited for
    page = start(context, False, "sam")
    page.goto(f"/classes/{site.classroom_pk}/homework/{work.pk}/")
    making = page.locator("#making")
    expect(making).to_contain_text("Your next puzzle is being made")
    expect(making.get_by_role("link", name="Refresh")).to_be_visible()
    assert not problems_at(page, "homework, a puzzle being made")
    PuzzleFactory(kind="collecting", band=5)  # the worker's batch is in
    page.clock.fast_forward(MAKING_REFRESH_SECONDS * 1000)  # htmx's next look, without waiting for it
    expect(page.get_by_role("heading", name="What are they collecting?")).to_be_visible()
    expect(page.get_by_role("button", name="Answer")).to_be_visible()
    expect(making).to_have_count(0)
