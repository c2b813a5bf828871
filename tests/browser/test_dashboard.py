"""The dashboard leads with today's work and folds the rest: on a phone (390x844) and a tablet
(820x1180), in normal and large print, for a learner with answers in every drill, mistakes to
review, hands played and homework, the page opens on "Today" (today's five and the mistakes due,
each with its button on the first screen); the levels, the charts, the hands against the bots and
the mistakes are each under a closed fold whose summary (a heading) is a finger's size; tapped, a
fold opens onto what it holds, with nothing wider than the screen; a link to #mistakes or
#play-stats opens its fold. Screenshots: var/browser/dashboard/."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, expect

from cfmj.accounts.learners import Learner
from cfmj.engine import drills
from practice import services
from practice.models import ReviewItem
from tests.browser.conftest import ARTIFACTS
from tests.browser.targets import TARGET_PX
from tests.browser.test_fit import problems_at
from tests.browser.test_layout import SIZES
from tests.browser.walk import PASSWORD, start
from tests.engine.drills.helpers import right_response, wrong_response
from tests.factories import PlayGameFactory
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = ARTIFACTS / "dashboard"
FOLDS = [
    "Level per skill",
    "Charts: accuracy and level over time",
    "Hands against the bots",
    "Mistakes to review",
]
SCREENS = 2.5  # the whole page, its folds closed, at most this many screens high (it was 22 on a phone)


@pytest.fixture
def dee(django_user_model: Any) -> Any:
    """A learner with six answers in every drill (two of them wrong: mistakes to review, one due
    today) and hands played against the bots."""
    dee = django_user_model.objects.create_user("dee", password=PASSWORD)
    learner = Learner(dee, "v")
    for kind in drills.KINDS:
        for i in range(6):
            puzzle = PuzzleFactory(kind=kind, band=2)
            answer = wrong_response(puzzle) if i in (0, 3) else right_response(puzzle)
            services.attempt_record(learner=learner, puzzle_id=puzzle.pk, token=uuid.uuid4(), response=answer)
    ReviewItem.objects.filter(user=dee, puzzle__kind="call").update(due=learner.today())
    PlayGameFactory.create_batch(2, owner=dee, mode="test", won=True)
    return dee


@pytest.mark.parametrize("size", list(SIZES))
def test_the_dashboard_leads_with_todays_work_and_folds_the_rest(
    contexts: Callable[..., BrowserContext], dee: Any, size: str
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    viewport = SIZES[size]
    problems: list[str] = []
    for large_print in (False, True):
        look = f"{size}, {'large print' if large_print else 'normal'}"
        page = start(contexts(viewport), large_print, "dee")
        page.goto("/practice/dashboard/")
        today = page.locator(".today-work")
        for button in ("Start today's five", "Review the first"):
            expect(today.get_by_role("link", name=button)).to_be_in_viewport(ratio=1)
        expect(today).to_contain_text("2 due today.")
        height = page.evaluate("document.documentElement.scrollHeight")
        if height > SCREENS * viewport["height"]:
            problems.append(f"{look}: the dashboard is {height} px high with its folds closed")
        page.screenshot(
            path=str(SHOTS / f"{size}-{'large' if large_print else 'normal'}.png"), full_page=True
        )
        summaries = page.locator("details.fold > summary")
        expect(summaries).to_have_count(len(FOLDS))
        for number, title in enumerate(FOLDS):
            summary = summaries.nth(number)
            expect(summary).to_contain_text(title)
            expect(summary.get_by_role("heading", level=2)).to_be_visible()
            box = summary.bounding_box()
            assert box is not None
            if box["height"] < TARGET_PX:
                problems.append(f"{look}: the summary {title!r} is {box['height']:.0f} px high")
            expect(summary.locator("xpath=..")).not_to_have_attribute("open", "")
            summary.click()
            expect(summary.locator("xpath=..")).to_have_attribute("open", "")
        expect(page.locator(".skill-list")).to_be_visible()
        expect(page.locator(".accuracy-bars")).to_be_visible()
        expect(page.locator("#play-stats").get_by_role("table", name="Hands finished")).to_be_visible()
        expect(page.locator("#mistakes").get_by_role("link", name="Try it again").first).to_be_visible()
        problems += problems_at(page, f"{look}, every fold open")
        page.screenshot(
            path=str(SHOTS / f"{size}-{'large' if large_print else 'normal'}-open.png"), full_page=True
        )
        page.goto("/practice/dashboard/#mistakes")  # as a mistake's page links here
        expect(page.locator("#mistakes").get_by_role("link", name="Try it again").first).to_be_visible()
        page.goto("/practice/dashboard/#play-stats")  # as the Play page links here
        expect(page.locator("#play-stats").get_by_role("table", name="Hands finished")).to_be_visible()
    assert not problems, "\n".join(problems)
