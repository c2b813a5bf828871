"""A hand's review in the browser: a hand played to its end by the service (the learner
follows the advice but lets one winning discard go), its decisions marked as the coach marks them;
then the review opened from the hand's result on a phone (390x844, touch) and in large print on a
tablet (820x1180, keyboard only), and stepped through with Next and Previous: the page never
scrolls sideways and each step's decision is on screen; with JavaScript off the same links are
plain links opening the page at the step. A hand a bot won on the learner's discard:
the discards that fed the winner are marked in words and a shape, in the list and at the step, on
both screens in normal and large print, for the owner and by the share link.

Screenshots: var/browser/play-review-phone.png, play-review-tablet.png, and a step of each;
play-review-fed-*.png."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from cfmj.play import services
from cfmj.play.models import Decision, Game
from cfmj.play.review import review_of
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_accessibility import AXE, BLOCKING, axe_violations
from tests.browser.test_layout import PLACE, in_view
from tests.browser.test_play import PHONE, TABLET, fits, settled
from tests.browser.walk import PASSWORD, log_in, start
from tests.play.test_review import FED, WAITING, advised

pytestmark = pytest.mark.django_db(transaction=True)
MARKS = ("best", "good", "weak")
STEPS = 5  # Next this many times, then Previous once


@pytest.fixture
def lee(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("lee", password=PASSWORD, real_name="Ada Lovelace")


@pytest.fixture
def hand(lee: Any) -> Game:
    game = advised(services.game_start(owner=lee, bot_level="beginner", seed=WAITING), let_go=1)
    for step in review_of(game, []).steps:
        mark = MARKS[step.number % 3]
        # The coach marked each choice as it was made; every mark is drawn here, so each step
        # gets one of the three in turn.
        Decision.objects.update_or_create(
            game=game,
            index=step.index,
            defaults={
                "kind": step.kind,
                "chosen": step.chosen,
                "mark": mark,
                "preferred": "" if mark == "best" else "Keep the pairs and pass the singles",
                "why": "" if mark == "best" else "The hands you aim at keep your pairs of Dots.",
            },
        )
    return game


def decision_in_view(page: Page, where: str) -> list[str]:
    place = settled(page.locator("#step .review-decision, #step > p").first)
    if in_view(place):
        return []
    return [f"{where}: the decision is out of view (top {place['top']:.0f}, bottom {place['bottom']:.0f})"]


def focused(page: Page, selector: str) -> bool:
    return bool(page.evaluate(f"document.activeElement === document.querySelector({selector!r})"))


def step_through(
    page: Page, look: str, press: Callable[[Locator], None], *, keyboard: bool = False
) -> list[str]:
    """From the first step: Next STEPS times, then Previous once, checking each step (and, for a
    keyboard, that the link used has the focus again, so that Enter goes on stepping)."""
    problems: list[str] = []
    moves = [("next", n) for n in range(1, STEPS + 1)] + [("previous", STEPS - 1)]
    for used, number in moves:
        press(page.locator(f'#step a[data-nav="{used}"]'))
        expect(page.locator("#step-title")).to_contain_text(f"Step {number} of")
        expect(page).to_have_url(re.compile(rf"\?step={number}(#step)?$"))
        where = f"{look}, step {number}"
        problems += fits(page, where) + decision_in_view(page, where)
        if keyboard and not focused(page, f'#step a[data-nav="{used}"]'):
            problems.append(f"{where}: the {used} link does not have the focus")
    return problems


def test_on_a_phone_the_review_opens_from_the_result_and_steps_by_touch(
    browser: Browser, live_server: Any, hand: Game
) -> None:
    context = browser.new_context(base_url=live_server.url, viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        log_in(page, "lee")
        page.goto(f"/play/{hand.pk}/")
        page.locator("#hand-result").get_by_role("link", name="Review this hand").tap()
        expect(page.locator("h1")).to_have_text(f"Review of game {hand.pk}")
        problems = fits(page, "phone: the review")
        expect(page.locator("#waits")).to_contain_text("you let it go")
        expect(page.locator("#chances")).to_contain_text("could have called it for Mah Jongg")
        expect(page.locator("#decisions .mark-weak").first).to_contain_text("Weak")
        page.screenshot(path=str(ARTIFACTS / "play-review-phone.png"), full_page=True)
        page.get_by_role("link", name="Step through the hand").tap()
        expect(page.locator("#step-title")).to_have_text("The deal")
        problems += step_through(page, "phone", lambda link: link.tap())
        page.screenshot(path=str(ARTIFACTS / "play-review-phone-step.png"))
    finally:
        context.close()
    assert not problems, "\n".join(problems)


def test_in_large_print_on_a_tablet_the_keyboard_steps_through(
    contexts: Callable[..., BrowserContext], hand: Game
) -> None:
    page = start(contexts(TABLET), True, "lee")
    page.goto(f"/play/{hand.pk}/review/")
    problems = fits(page, "tablet, large print: the review")
    page.screenshot(path=str(ARTIFACTS / "play-review-tablet.png"), full_page=True)
    page.goto(f"/play/{hand.pk}/review/?step=0#step")
    expect(page.locator("#step-title")).to_have_text("The deal")

    def enter(link: Locator) -> None:
        link.focus()
        page.keyboard.press("Enter")

    problems += step_through(page, "tablet, large print", enter, keyboard=True)
    last = review_of(hand, []).last_step
    page.goto(f"/play/{hand.pk}/review/?step={last}#step")
    expect(page.locator("#review-result")).to_be_visible()
    problems += fits(page, "tablet, large print: the last step")
    page.goto(f"/play/{hand.pk}/review/?step=2#step")
    page.screenshot(path=str(ARTIFACTS / "play-review-tablet-step.png"))
    assert not problems, "\n".join(problems)


def test_without_javascript_the_steps_are_plain_links(browser: Browser, live_server: Any, hand: Game) -> None:
    context = browser.new_context(base_url=live_server.url, viewport=PHONE, java_script_enabled=False)
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        log_in(page, "lee")
        page.goto(f"/play/{hand.pk}/review/?step=0#step")
        problems = step_through(page, "no JavaScript", lambda link: link.click())
        top = page.locator("#step").evaluate(PLACE)["top"]
        if not -1 <= top <= 10:
            problems.append(f"no JavaScript: the page does not open at the step (top {top:.0f})")
    finally:
        context.close()
    assert not problems, "\n".join(problems)


@pytest.fixture
def fed(lee: Any) -> Game:
    """Strong bots, the advice's learner: North calls the learner's 5 Dot for a Pung, then its
    Green Dragon for Mah Jongg."""
    return advised(services.game_start(owner=lee, bot_level="strong", seed=FED))


def marked(page: Page, where: str) -> list[str]:
    """The fed marks on the page read without colour: a shape (the outline and the diamond) and
    words; none of axe's serious problems."""
    problems: list[str] = []
    for mark in page.locator(".fed-mark").all():  # shown, or folded under "Show every move"
        style = mark.evaluate("(el) => getComputedStyle(el).borderTopStyle")
        words = " ".join((mark.text_content() or "").split())
        if style != "dashed" or not words.startswith("◆ Fed North's"):
            problems.append(f"{where}: a fed mark without its outline or words: {words!r}")
    if AXE.exists():
        serious = [v["id"] for v in axe_violations(page) if v["impact"] in BLOCKING]
        problems += [f"{where}: axe: {rule}" for rule in serious]
    return problems


@pytest.mark.parametrize(
    ("viewport", "large_print"),
    [(PHONE, False), (PHONE, True), (TABLET, False), (TABLET, True)],
    ids=["phone", "phone-large-print", "tablet", "tablet-large-print"],
)
def test_the_discards_that_fed_the_winner_are_marked_in_the_list_at_the_step_and_when_shared(
    contexts: Callable[..., BrowserContext], fed: Game, viewport: Any, large_print: bool
) -> None:
    look = f"{'phone' if viewport == PHONE else 'tablet'}{', large print' if large_print else ''}"
    page = start(contexts(viewport, bypass_csp=True), large_print, "lee")
    page.goto(f"/play/{fed.pk}/review/")
    section = page.locator("#fed")
    expect(section.locator(".fed-mark")).to_have_count(2)
    expect(section).to_contain_text("Fed North's Pung of 5 Dot")
    expect(page.locator("#every-move .fed-mark")).to_have_count(2)
    expect(page.locator("#second-look-title + ul .fed-mark")).to_have_count(2)
    problems = fits(page, f"{look}: the review") + marked(page, f"{look}: the review")
    shot = f"play-review-fed-{'phone' if viewport == PHONE else 'tablet'}{'-large' if large_print else ''}"
    section.screenshot(path=str(ARTIFACTS / f"{shot}.png"))
    section.get_by_role("link", name=re.compile("for Mah Jongg")).click()
    expect(page.locator("#step-title")).to_contain_text("Step ")
    mark = page.locator("#step .review-fed")
    expect(mark).to_contain_text(
        "North called your Green Dragon for Mah Jongg: as its discarder, you paid double."
    )
    if not in_view(settled(mark)):
        problems.append(f"{look}: the fed mark at the step is out of view")
    problems += fits(page, f"{look}: the step") + marked(page, f"{look}: the step")
    page.screenshot(path=str(ARTIFACTS / f"{shot}-step.png"))

    # Anyone with the share link sees the same marks.
    services.review_share(game=fed, sharing=True)
    fed.refresh_from_db()
    visitor = start(contexts(viewport), large_print)
    visitor.goto(f"/play/shared/{fed.share_token}/")
    expect(visitor.locator("#fed .fed-mark")).to_have_count(2)
    visitor.locator("#fed").get_by_role("link", name=re.compile("for a Pung")).click()
    expect(visitor.locator("#step .review-fed")).to_contain_text("Fed North's Pung of 5 Dot")
    problems += fits(visitor, f"{look}: the shared step")
    assert not problems, "\n".join(problems)
