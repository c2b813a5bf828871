"""The play statistics on the dashboard, and "play N hands" homework, in the browser: on a phone
(390x844) and in large print on a tablet (820x1180) the page scrolls only up and down, and its
tables keep within the screen. Screenshots: var/browser/play-stats-*.png."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.utils import timezone
from playwright.sync_api import BrowserContext, Page, expect

from cfmj.classes import services as class_services
from cfmj.play.models import Decision, Game
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_accessibility import AXE, Audit, describe
from tests.browser.test_play import PHONE, TABLET, fits
from tests.browser.walk import PASSWORD, start
from tests.factories import DecisionFactory, PlayGameFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def lee(django_user_model: Any) -> Any:
    """A learner with test hands of every ending, practice hands, and decisions of every kind, in
    a class with play homework."""
    lee = django_user_model.objects.create_user("lee", password=PASSWORD)
    PlayGameFactory.create_batch(2, owner=lee, mode="test", won=True)
    PlayGameFactory(owner=lee, mode="test", wall_game=True, final_distance=3)
    PlayGameFactory.create_batch(3, owner=lee, mode="test")
    PlayGameFactory(owner=lee, mode="test", final_distance=None)
    PlayGameFactory.create_batch(2, owner=lee, mode="practice", final_distance=1)
    teacher = django_user_model.objects.create_user("tess", password=PASSWORD, role="teacher")
    classroom = class_services.classroom_create(teacher=teacher, name="Tuesday beginners")
    class_services.classroom_join(user=lee, code=classroom.code)
    work = class_services.assignment_create(
        classroom=classroom, teacher=teacher, kind="play", due=timezone.localdate(), count=5, play_mode="test"
    )
    lee.class_pk, lee.work_pk = classroom.pk, work.pk
    game = Game.objects.filter(owner=lee, mode="test").first()
    marks = ["best", "best", "good", "weak"]
    for i, kind in enumerate(Decision.Kind.values):
        for j, mark in enumerate(marks[: 1 + (i % 4)]):
            DecisionFactory(game=game, kind=kind, mark=mark, index=10 * i + j)
    return lee


def _stats(page: Page) -> None:
    page.goto("/practice/dashboard/#play-stats")  # as the Play page's link: its fold opens
    section = page.locator("#play-stats")
    expect(section.get_by_role("table", name="Hands finished")).to_be_visible()
    expect(
        section.get_by_role("table", name="The advice's mark for each kind of decision (test hands)")
    ).to_be_visible()
    section.scroll_into_view_if_needed()


def test_on_a_phone_the_dashboard_shows_the_play_statistics(
    contexts: Callable[..., BrowserContext], lee: Any
) -> None:
    page = start(contexts(PHONE), False, "lee")
    _stats(page)
    expect(page.locator("#play-stats").get_by_role("rowheader", name="Joker exchange")).to_be_visible()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.locator("#play-stats").screenshot(path=str(ARTIFACTS / "play-stats-phone.png"))
    problems = fits(page, "phone: the dashboard")
    assert not problems, "\n".join(problems)


def test_in_large_print_on_a_tablet_and_a_phone_the_statistics_fit(
    contexts: Callable[..., BrowserContext], lee: Any
) -> None:
    problems = []
    for name, size, switch in [("tablet", TABLET, True), ("phone", PHONE, False)]:
        page = start(contexts(size), switch, "lee")  # large print, once switched on, stays on the account
        expect(page.locator("html")).to_have_class("large-print")
        _stats(page)
        page.locator("#play-stats").screenshot(path=str(ARTIFACTS / f"play-stats-{name}-large-print.png"))
        problems += fits(page, f"{name}, large print: the dashboard")
    assert not problems, "\n".join(problems)


def test_a_learner_with_no_hands_is_invited_to_play(
    contexts: Callable[..., BrowserContext], django_user_model: Any
) -> None:
    django_user_model.objects.create_user("ned", password=PASSWORD)
    page = start(contexts(PHONE), True, "ned")
    page.goto("/practice/dashboard/#play-stats")
    invite = page.locator("#play-stats")
    expect(invite).to_contain_text("You have not finished a hand yet")
    invite.get_by_role("link", name="Play a hand").click()
    expect(page.get_by_role("heading", name="Play a hand", level=1)).to_be_visible()


def test_a_student_sees_play_homework_and_is_led_to_the_table_set_for_it(
    contexts: Callable[..., BrowserContext], django_user_model: Any
) -> None:
    teacher = django_user_model.objects.create_user("tess", password=PASSWORD, role="teacher")
    sam = django_user_model.objects.create_user("sam", password=PASSWORD)
    classroom = class_services.classroom_create(teacher=teacher, name="Tuesday beginners", house_rules=[2])
    class_services.classroom_join(user=sam, code=classroom.code)
    work = class_services.assignment_create(
        classroom=classroom,
        teacher=teacher,
        kind="play",
        due=classroom.created_at.date(),
        count=5,
        play_mode="test",
    )
    PlayGameFactory.create_batch(2, owner=sam, mode="test", house_rules=[2])
    problems = []
    for name, size, large in [("phone", PHONE, False), ("tablet", TABLET, True)]:
        page = start(contexts(size), large, "sam")
        page.goto(f"/classes/{classroom.pk}/")
        row = page.get_by_role("row", name=work.title)
        expect(row).to_contain_text("2 of 5 hands")
        problems += fits(page, f"{name}: the class page")
        page.screenshot(path=str(ARTIFACTS / f"play-homework-{name}.png"), full_page=True)
        row.get_by_role("link", name=work.title).click()
        expect(page.locator("#homework-title")).to_contain_text("Play 5 hands in test mode")
        expect(page.get_by_label("Test", exact=True)).to_be_checked()
        expect(page.locator('input[name="house_rules"][value="2"]')).to_be_checked()
        problems += fits(page, f"{name}: the Play page for the homework")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large-print"])
def test_axe_finds_no_serious_problem_in_the_statistics_or_the_homework(
    contexts: Callable[..., BrowserContext], lee: Any, large_print: bool
) -> None:
    if not AXE.exists():
        pytest.skip("axe-core is not vendored (scripts/ensure-axe fetches it into var/axe/)")
    audit = Audit(large_print)
    page = start(contexts(PHONE, bypass_csp=True), large_print, "lee")
    _stats(page)
    audit(page, "the dashboard with play statistics")
    page.goto(f"/classes/{lee.class_pk}/")
    audit(page, "the class page with play homework")
    page.goto(f"/play/?homework={lee.work_pk}")
    audit(page, "the Play page set for the homework")
    assert not audit.blocking(), "serious or critical accessibility problems:\n" + describe(audit.blocking())
