"""Table time as a class uses it: a teacher on a laptop at 1280x720 (the projector) and a co-teacher
in large print, five students on phones (390x844). The teacher seats the class (two tables: moved
by hand to four people at one and one person with three bots at the other) and starts; the students
are taken to their seats by their open class pages (one on the board page); all tables at a glance
follows a student's move live on one stream; over the shoulder shows every rack after its warning;
a word to one student reaches that student's page alone; pause and resume reach every seat. Each
look is screenshot at 1280x720 and 1920x1080 in both prints (CLASS_TABLE_SHOTS, else
var/browser/class-tables/), and no page is wider than its screen."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect

from cfmj.classes import table_selectors
from cfmj.classes.models import TableTime
from cfmj.classes.services import classroom_create, classroom_join
from tests.browser.conftest import ARTIFACTS, AXE
from tests.browser.test_accessibility import axe_violations
from tests.browser.test_play import PHONE, fits
from tests.browser.test_tables import ARRIVES, _act
from tests.browser.walk import PASSWORD, settled, start
from tests.classes.helpers import coteacher
from tests.services import needs_redis

pytestmark = [pytest.mark.django_db(transaction=True), needs_redis]

SHOTS = Path(os.environ.get("CLASS_TABLE_SHOTS") or ARTIFACTS / "class-tables")
PROJECTOR: ViewportSize = {"width": 1280, "height": 720}
LARGE: ViewportSize = {"width": 1920, "height": 1080}
PHONE_SIZE: ViewportSize = PHONE
STUDENTS = ("ann", "ben", "cy", "dee", "eve")
LIVE = ARRIVES + 2_000


@pytest.fixture
def streamed(settings: Any) -> None:
    settings.REDIS_URL = "redis://127.0.0.1:6379/12"
    settings.LIVE_STREAMS = True


@pytest.fixture
def klass(django_user_model: Any) -> Any:
    tess = django_user_model.objects.create_user("tess", password=PASSWORD, role="teacher")
    classroom = classroom_create(teacher=tess, name="Tuesday beginners")
    for name in STUDENTS:
        classroom_join(
            user=django_user_model.objects.create_user(name, password=PASSWORD), code=classroom.code
        )
    cory = coteacher(classroom, "cory")
    cory.set_password(PASSWORD)
    cory.save()
    return classroom


def _look(page: Page, name: str, problems: list[str], sizes: tuple[ViewportSize, ...] = (PROJECTOR,)) -> None:
    """A screenshot at each size, and whether the page fits its screen there; axe's findings (of
    any impact), where axe is vendored."""
    if AXE.exists():
        problems += [f"{name}: axe {v['impact']} {v['id']}: {v['help']}" for v in axe_violations(page)]
    for size in sizes:
        page.set_viewport_size(size)
        settled(page)
        page.screenshot(path=str(SHOTS / f"{name}-{size['width']}.png"))
        problems += fits(page, f"{name} at {size['width']}")
    page.set_viewport_size(sizes[0])


@pytest.mark.usefixtures("streamed")
def test_a_class_plays_table_time_the_teacher_watching_and_running_it(
    contexts: Callable[..., BrowserContext], klass: Any, asgi_server: str
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    tess = start(contexts(PROJECTOR, base_url=asgi_server, bypass_csp=True), False, "tess")
    cory = start(contexts(PROJECTOR, base_url=asgi_server, bypass_csp=True), True, "cory")
    students = {
        name: start(contexts(PHONE, touch=True, base_url=asgi_server, bypass_csp=True), name == "cy", name)
        for name in STUDENTS
    }
    pk = klass.pk
    for name, page in students.items():  # ann has the board open, the others the class page
        page.goto(f"/classes/{pk}/session/" if name == "ann" else f"/classes/{pk}/")
        expect(page.locator("#table-ready")).to_have_attribute(
            "data-live", re.compile(rf"^/live/classes/{pk}/")
        )

    # The teacher seats the class: everyone ticked, two tables made; then moves one person so that
    # one table has four people and the other one person and three bots.
    tess.goto(f"/classes/{pk}/")
    tess.get_by_role("link", name="Table time: the class plays at tables").click()
    expect(tess.locator('input[name="students"]:checked')).to_have_count(5)
    _look(tess, "setup", problems, (PROJECTOR, LARGE))
    cory.goto(f"/classes/{pk}/tables/")
    _look(cory, "setup-large", problems, (PROJECTOR, LARGE))
    tess.get_by_role("button", name="Make the tables").click()
    arranged = TableTime.objects.get()
    small = min(range(len(arranged.plan)), key=lambda n: sum(s is not None for s in arranged.plan[n]))
    big = 1 - small
    mover = next(uid for uid in arranged.plan[small] if uid is not None)
    for _ in range(sum(s is not None for s in arranged.plan[small]) - 1):
        arranged.refresh_from_db()
        mover = next(uid for uid in arranged.plan[small] if uid is not None)
        form = tess.locator("form.move-form").filter(
            has=tess.locator(f'input[name="person"][value="{mover}"]')
        )
        form.locator("select").select_option(str(big + 1))
        form.get_by_role("button").click()
        settled(tess)
    arranged.refresh_from_db()
    assert sorted(sum(s is not None for s in seats) for seats in arranged.plan) == [1, 4]
    _look(tess, "arrange", problems, (PROJECTOR, LARGE))
    cory.goto(f"/classes/{pk}/tables/")
    _look(cory, "arrange-large", problems, (PROJECTOR, LARGE, PHONE_SIZE))
    tess.get_by_role("button", name="Start play at every table").click()
    expect(tess.locator("#tables-glance")).to_be_visible()

    # Every student is taken to their seat by the page they had open, and told the teacher can watch.
    started = TableTime.objects.get()
    for page in students.values():
        page.wait_for_url("**/play/tables/*/", timeout=LIVE + 3_000)
        expect(page.locator(".table-notice")).to_contain_text("your teacher can watch")
    seated = {name: table_selectors.seat_of(started, page_user(name)) for name in STUDENTS}
    four = next(
        placed
        for placed in table_selectors.tables_of(started)
        if placed.table.seats.filter(user__isnull=True).count() == 0
    )
    for page in students.values():
        expect(page.locator("#status-line")).to_be_visible()
    _look(students["ann"], "seat-phone", problems, (PHONE_SIZE,))
    _look(students["cy"], "seat-phone-large", problems, (PHONE_SIZE,))

    # All tables at a glance follows a move at a table on its one stream, without a reload.
    tess.evaluate("window.stayed = true")
    glance = tess.locator("#tables-glance")
    before = int(glance.get_attribute("data-live-topic-version") or 0)
    table_of = {name: found[0] for name, found in seated.items() if found is not None}
    at_four = [name for name in STUDENTS if table_of.get(name) == four]
    assert len(at_four) == 4
    assert _act(students[at_four[0]]) == "pass_tiles"
    tess.wait_for_function(
        "(v) => +document.getElementById('tables-glance').dataset.liveTopicVersion > v",
        arg=before,
        timeout=LIVE,
    )
    assert tess.evaluate("window.stayed") is True
    # The student alone with three bots plays on until a discard is on the table: the glance shows it.
    alone = students[next(name for name in STUDENTS if name not in at_four)]
    for _ in range(40):
        if tess.locator(".glance-discard").count():
            break
        _act(alone)
        settled(alone)
        tess.wait_for_timeout(300)
    expect(tess.locator(".glance-discard .tile")).to_have_count(1, timeout=LIVE)
    cory.goto(f"/classes/{pk}/tables/")
    for page, look in ((tess, "glance"), (cory, "glance-large")):
        _look(page, look, problems, (PROJECTOR, LARGE, PHONE_SIZE))

    # Over the shoulder: a warning first, then every rack of the table of four.
    tess.locator(f"#table-{four.number}").locator("..").get_by_role("link", name="Over the shoulder").click()
    expect(tess.get_by_role("heading", name="This shows every hand at the table")).to_be_visible()
    _look(tess, "watch-warning", problems)
    tess.get_by_role("button", name="Show every hand").click()
    expect(tess.locator(".watch-seat")).to_have_count(4)
    for k in range(4):
        expect(tess.locator(".watch-seat").nth(k).locator(".rack-view .tile")).not_to_have_count(0)
    _look(tess, "watch", problems, (PROJECTOR, LARGE))
    cory.goto(tess.url)
    _look(cory, "watch-large", problems, (PROJECTOR, LARGE, PHONE_SIZE))

    # A word to one student: on their page alone.
    to, other = at_four[1], at_four[2]
    seat = tess.locator(".watch-seat").filter(has=tess.get_by_role("heading", name=f"{to} ("))
    seat.locator("summary", has_text=f"A word to {to}").click()
    seat.get_by_role("button", name="Think about which tiles are safe to discard.").click()
    expect(tess.locator(".messages")).to_contain_text(f"Sent to {to} alone")
    expect(students[to].locator(".table-word")).to_contain_text(
        "Think about which tiles are safe", timeout=LIVE
    )
    expect(students[to].locator("#table-announce")).to_contain_text(
        "Think about which tiles are safe", timeout=LIVE
    )
    _look(students[to], "word-phone", problems, (PHONE_SIZE,))
    settled(students[other])
    expect(students[other].locator(".table-word")).to_have_count(0)
    assert "which tiles are safe" not in students[other].content()

    # Pause all tables, and resume: every seat is told, and no action is taken meanwhile.
    tess.goto(f"/classes/{pk}/tables/")
    tess.get_by_role("button", name="Pause all tables").click()
    expect(tess.locator(".glance-paused")).to_be_visible()
    for page in students.values():
        expect(page.locator(".table-paused")).to_contain_text("Paused by your teacher", timeout=LIVE)
    assert _act(students[at_four[1]]) == "pass_tiles"
    expect(students[at_four[1]].locator("#table-live")).to_contain_text("play waits until it resumes")
    _look(students["cy"], "paused-phone-large", problems, (PHONE_SIZE,))
    _look(tess, "glance-paused", problems, (PROJECTOR, LARGE))
    tess.get_by_role("button", name="Resume all tables").click()
    for page in students.values():
        expect(page.locator(".table-paused")).to_have_count(0, timeout=LIVE)
    assert problems == []


def page_user(name: str) -> Any:
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(username=name)
