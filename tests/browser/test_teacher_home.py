"""A teacher's home at phone and tablet sizes, normal and large print: a new
teacher is shown how to make the first class; a teacher with a class sees it, who is behind and
what is due. Screenshots in var/browser/teacher-home/."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, ViewportSize, expect

from cfmj.classes import services as class_services
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_fit import problems_at
from tests.browser.test_layout import SIZES
from tests.browser.walk import PASSWORD, start
from tests.classes.helpers import in_days
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = ARTIFACTS / "teacher-home"
LOOKS = [(size, large) for size in SIZES for large in (False, True)]
IDS = [f"{size}-{'large-print' if large else 'normal'}" for size, large in LOOKS]


@pytest.mark.parametrize(("size", "large"), LOOKS, ids=IDS)
def test_a_teacher_lands_on_their_own_home(
    contexts: Callable[[ViewportSize], BrowserContext], django_user_model: Any, size: str, large: bool
) -> None:
    look = f"{size}-{'large-print' if large else 'normal'}"
    SHOTS.mkdir(parents=True, exist_ok=True)
    django_user_model.objects.create_user("newt", password=PASSWORD, role="teacher")
    page = start(contexts(SIZES[size]), large, "newt")  # start() logs in, then opens the home page
    expect(page.get_by_role("heading", name="Make your first class")).to_be_visible()
    assert not problems_at(page, f"new teacher's home, {look}")
    page.screenshot(path=str(SHOTS / f"new-teacher-{look}.png"), full_page=True)
    page.get_by_role("link", name="Make your first class").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Make a class")

    teacher = django_user_model.objects.create_user("tess", password=PASSWORD, role="teacher")
    classroom = class_services.classroom_create(teacher=teacher, name="Tuesday beginners")
    for name in ("bartholomew.fotheringhamsmythe", "ann"):
        student = django_user_model.objects.create_user(name, password=PASSWORD)
        class_services.classroom_join(user=student, code=classroom.code)
    PuzzleFactory.create_batch(2, kind="worth", band=1)
    for days in (-3, 2):
        class_services.assignment_create(
            classroom=classroom,
            teacher=teacher,
            kind="drills",
            due=in_days(days),
            drill_kind="worth",
            count=2,
            band=1,
        )
    page = start(contexts(SIZES[size]), large, "tess")
    expect(page.get_by_role("link", name="Tuesday beginners")).to_be_visible()
    behind = page.locator("section[aria-labelledby=behind-title]")
    expect(behind).to_contain_text("bartholomew.fotheringhamsmythe")
    expect(page.locator("section[aria-labelledby=due-title]")).to_contain_text("0 of 2 done")
    assert not problems_at(page, f"teacher's home, {look}")
    page.screenshot(path=str(SHOTS / f"teacher-{look}.png"), full_page=True)
