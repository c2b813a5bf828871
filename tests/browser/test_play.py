"""The play table in the browser: a learner signs in, deals a hand at /play/ and
plays at the table, each action through the table's own forms, htmx swapping the table in place.
After every action: the page scrolls only up and down; the status line, every tile of the rack and
the buttons of the choice asked are on screen without scrolling, the status line focused (at the
end of the hand, the result and its headline). Here: the start form deals a hand on a phone (touch)
and the first pass is made; in large print on a tablet (820x1180) the Charleston, a joker exchange
and a few turns more, one discard on the coach's hint (its box in view and focused), an action the
coach warns about confirmed ("Go ahead anyway"), then the result and its review by keyboard; and a
few actions with JavaScript off: plain forms, post-redirect-get, the page opening at the table with
the choice in view. A whole hand at each size and print: tests/browser/test_play_phone.py.

Fixed seeds, so each run deals the same hands. Screenshots go to var/browser/play/."""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, ViewportSize, expect
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from cfmj.engine.coach import DEFAULT_LEVEL
from cfmj.play import services
from cfmj.play.models import Decision, Game
from tests.browser.conftest import ARTIFACTS
from tests.browser.play_choice import Choice, Learner
from tests.browser.test_layout import MEASURE, PLACE, in_view
from tests.browser.walk import PASSWORD, log_in, start
from tests.play.helpers import Form, play_out

pytestmark = pytest.mark.django_db(transaction=True)

PHONE: ViewportSize = {"width": 390, "height": 844}
TABLET: ViewportSize = {"width": 820, "height": 1180}
SHOTS = ARTIFACTS / "play"
SETTLE_SECONDS = 1.5  # htmx swaps, then play.js scrolls and focuses
WHOLE_HAND = 19  # a short hand (17 decisions) with a blind pass and a call
EXCHANGE = 131  # a joker exchange is offered at the learner's first turn
CHARLESTON = 33
MAX_ACTIONS = 80
# The status line, each tile of the rack and each control of the choice asked (not undo), against
# the viewport: those not wholly inside it; and where the rack's first tile's top and its last
# tile's bottom are.
CHOICE_IN_VIEW = """() => {
  const vh = window.innerHeight, vw = window.innerWidth;
  const parts = [["the status line", document.querySelector("#status-line")]];
  const tiles = [...document.querySelectorAll("#rack .tile")];
  tiles.forEach((el, i) => parts.push([`rack tile ${i + 1}`, el]));
  document.querySelectorAll("#choice form:not([data-action=undo]) button, #choice label:has(input)")
    .forEach((el) => parts.push([`'${el.innerText.trim().replace(/\\s+/g, " ").slice(0, 40) ||
      el.dataset.tile}'`, el]));
  const outside = [];
  for (const [what, el] of parts) {
    if (!el) { outside.push(`${what} is missing`); continue; }
    const r = el.getBoundingClientRect();
    if (r.height === 0) { outside.push(`${what} is not drawn`); continue; }  // a tile still loading
    if (r.top < -0.5 || r.bottom > vh + 0.5 || r.left < -0.5 || r.right > vw + 0.5) {
      outside.push(`${what} at top ${Math.round(r.top)}, bottom ${Math.round(r.bottom)} of ${vh}`);
    }
  }
  const edges = tiles.map((el) => el.getBoundingClientRect());
  return {outside, top: edges.length ? Math.round(edges[0].top) : null,
          bottom: edges.length ? Math.round(Math.max(...edges.map((r) => r.bottom))) : null};
}"""
TILES_DRAWN = """() => [...document.querySelectorAll("#table img")].every((img) => img.complete)"""
# The action's answer is in: the hand's result, or a table whose forms carry the next version.
NEW_TABLE = """(version) => document.querySelector("#hand-result") ||
  [...document.querySelectorAll("#table input[name=version]")].some((i) => i.value === version)"""


@pytest.fixture
def lee(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("lee", password=PASSWORD)


class Table:
    """A learner at a hand's table in one browser page: acts through the forms and checks each
    result, gathering problems rather than stopping at the first."""

    def __init__(self, page: Page, game: Game, look: str, *, touch: bool = False) -> None:
        self.page = page
        self.game = game
        self.look = look
        self.touch = touch
        self.learner = Learner()
        self.problems: list[str] = []
        self.done: list[str] = []
        self.racks: list[tuple[int, int]] = []  # the rack's top and bottom after each action

    def refresh(self) -> Game:
        self.game = Game.objects.get(pk=self.game.pk)
        return self.game

    def html(self) -> str:
        return str(self.page.locator("#table").evaluate("(el) => el.outerHTML"))

    def press(self, target: Any) -> None:
        if self.touch:
            target.tap()
        else:
            target.click()

    def act(self, choice: Choice | None = None) -> str:
        game = self.refresh()
        choice = choice or self.learner.choose(self.html(), game)
        form = self.page.locator(f'#table form[data-action="{choice.kind}"]').nth(choice.index)
        boxes = form.locator("label:has(input[type=checkbox])")
        for i in choice.checks:
            self.press(boxes.nth(i))
        name, value = choice.button
        button = form.locator(
            f'button[type=submit][name="{name}"][value="{value}"]' if name else "button[type=submit]"
        )
        self.press(button.first)
        self.confirm_if_warned(game)
        self.wait(game, choice)
        where = f"{self.look}, {len(self.done) + 1}: {choice.kind}"
        self.done.append(choice.kind)
        self.check(where)
        return where

    def confirm_if_warned(self, game: Game) -> None:
        """The coach held a rule mistake back (a call that would kill the hand) or a dangerous
        discard: go ahead anyway."""
        warned = self.page.locator("#warning")
        try:
            self.page.wait_for_function(
                NEW_TABLE + " || document.querySelector('#warning')",
                arg=str(game.version + 1),
                timeout=15_000,
            )
        except PlaywrightError:
            return  # wait() says what went wrong
        if warned.count():
            self.press(warned.get_by_role("button", name=re.compile(r"^(Go ahead|Discard .*) anyway$")))

    def discard_on_hint(self, screenshot: str = "") -> bool:
        """Ask for the hint at a discard and discard the tile it suggests (False: the hint advises
        no discard now, a Mah Jongg or a joker exchange, and nothing was done)."""
        game = self.refresh()
        where = f"{self.look}, hint at {len(self.done) + 1}"
        self.press(self.page.get_by_role("link", name="Show a hint"))
        self.page.wait_for_selector("#hint")
        box = settled(self.page.locator("#hint > p").first)  # its first sentence, under the headline
        title = self.page.locator("#hint-title").evaluate(PLACE)
        if not in_view(box) or title["top"] < -0.5:
            self.problems.append(
                f"{where}: the hint's headline and first sentence are out of view: "
                f"{title['top']:.0f} to {box['bottom']:.0f} of {box['vh']:.0f}"
            )
        if not self.page.evaluate("document.activeElement === document.querySelector('#hint')"):
            self.problems.append(f"{where}: the hint does not have the focus")
        # The hint's first sentence in view with the rack and the choice it suggests (play.js
        # scrolls only as far as that sentence needs).
        self.problems += [f"{where}: {part}" for part in choice_in_view(self.page)]
        self.problems += fits(self.page, where)
        if screenshot:
            self.page.screenshot(path=str(ARTIFACTS / screenshot))
        suggested = self.page.locator('#table form[data-action="discard"] button.suggested')
        if not suggested.count():
            return False
        expect(suggested.first).to_contain_text("suggested")  # a word, not a colour alone
        self.press(suggested.first)
        self.wait(game, Choice("discard", 0, Form("discard", ""), (), ("tile", "")))
        self.done.append("discard on the hint")
        self.check(f"{self.look}, {len(self.done)}: the discard on the hint")
        return True

    def wait(self, game: Game, choice: Choice) -> None:
        """Until the new table (or the hand's result) is in; a refused action says why."""
        try:
            self.page.wait_for_function(
                NEW_TABLE,
                arg=str(game.version + 1),
                timeout=15_000,
            )
        except PlaywrightError as error:
            shot(self.page, "stuck")
            raise AssertionError(
                f"{self.look}: after {self.done}, {choice.kind} {choice.checks} {choice.button} "
                f"brought no new table: {self.page.locator('#table').inner_text()[:400]!r}"
            ) from error

    def check(self, where: str) -> None:
        self.problems += fits(self.page, where)
        result = self.page.locator("#hand-result")
        if result.count():
            place = settled(result)
            if not in_view(place):
                self.problems.append(f"{where}: the result is out of view: top {place['top']:.0f}")
            focus = "#result-title"
        else:
            self.problems += [f"{where}: {part}" for part in choice_in_view(self.page, self.racks)]
            focus = "#status-line"
        if not self.page.evaluate(f"document.activeElement === document.querySelector({focus!r})"):
            self.problems.append(f"{where}: {focus} does not have the focus")

    def play_to_the_end(self) -> None:
        for _ in range(MAX_ACTIONS):
            if self.page.locator("#hand-result").count():
                return
            self.act()
        raise AssertionError(f"{self.look}: the hand did not end in {MAX_ACTIONS} actions: {self.done}")


def the_review(
    page: Page, game: Game, look: str, press: Callable[[Locator], None], *, keyboard: bool = False
) -> list[str]:
    """From the hand's result to its review: every decision the learner made is there with the
    coach's mark, and stepping through keeps each step's decision on screen."""
    from tests.browser.test_play_review import step_through  # it reads this module's helpers

    press(page.locator("#hand-result").get_by_role("link", name="Review this hand"))
    expect(page.locator("h1")).to_have_text(f"Review of game {game.pk}")
    problems = fits(page, f"{look}: the review")
    marked = Decision.objects.filter(game=game).count()
    assert marked and page.locator("#every-move .mark").count() == marked  # every move, folded
    expect(page.locator("#decisions")).not_to_contain_text("Not marked")
    shot(page, f"{look.replace(', ', '-').replace(' ', '-')}-review")
    press(page.get_by_role("link", name="Step through the hand"))
    expect(page.locator("#step-title")).to_have_text("The deal")
    return problems + step_through(page, look, press, keyboard=keyboard)


TILES_LOADING = """() => [...document.querySelectorAll("#table img")].filter((img) => !img.complete)
  .map((img) => img.getAttribute("src"))"""


def tiles_drawn(page: Page) -> None:
    """Wait for the table's tile pictures, looking every 100 ms (not at each frame: a page without
    JavaScript need not draw frames while nothing on it changes); naming any still loading."""
    try:
        page.wait_for_function(TILES_DRAWN, polling=100)
    except PlaywrightTimeoutError:
        raise AssertionError(f"tile pictures still loading: {page.evaluate(TILES_LOADING)}") from None


def choice_in_view(page: Page, racks: list[tuple[int, int]] | None = None) -> list[str]:
    """What of the status line, the rack and the choice's buttons is not wholly on screen, once the
    page has stopped moving (play.js scrolls after the swap); `racks` gathers the rack's edges."""
    tiles_drawn(page)  # a tile still loading is 0 px tall, inside any screen
    deadline = time.monotonic() + SETTLE_SECONDS
    while True:
        measured: dict[str, Any] = page.evaluate(CHOICE_IN_VIEW)
        if not measured["outside"] or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    if racks is not None and measured["top"] is not None:
        racks.append((measured["top"], measured["bottom"]))
    return list(measured["outside"])


def settled(part: Any) -> dict[str, float]:
    deadline = time.monotonic() + SETTLE_SECONDS
    while True:
        place: dict[str, float] = part.evaluate(PLACE)
        if in_view(place) or time.monotonic() > deadline:
            return place
        time.sleep(0.1)


def fits(page: Page, where: str) -> list[str]:
    measured = page.evaluate(MEASURE)
    problems = []
    if measured["scrollWidth"] > measured["innerWidth"]:
        problems.append(
            f"{where}: the page scrolls sideways ({measured['scrollWidth']} px in {measured['innerWidth']})"
        )
    problems += [
        f"{where}: {el['path']} reaches x={el['right']}: {el['text']!r}" for el in measured["offenders"]
    ]
    return problems


def shot(page: Page, name: str) -> None:
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.fixture
def shots() -> None:
    shutil.rmtree(SHOTS, ignore_errors=True)
    SHOTS.mkdir(parents=True)


def test_on_a_phone_the_start_form_deals_a_hand_and_the_first_pass_is_made(
    browser: Browser, live_server: Any, lee: Any, shots: None
) -> None:
    context = browser.new_context(base_url=live_server.url, viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        log_in(page, "lee")
        page.goto("/play/")
        problems = fits(page, "phone: /play/")
        page.get_by_role("button", name="Deal a hand").tap()  # the start form, once (a random seed)
        expect(page).to_have_url(re.compile(r"/play/\d+/#table$"))
        expect(page.locator("#status-line")).to_contain_text("Charleston")
        problems += choice_in_view(page)  # the page opens at the table: the choice on screen
        table = Table(page, Game.objects.get(owner=lee), "phone, dealt", touch=True)
        table.act()
        shot(page, "phone-after-the-first-pass")
    finally:
        context.close()
    assert not problems + table.problems, "\n".join(problems + table.problems)


def test_in_large_print_on_a_tablet_a_joker_exchange_then_the_result(
    contexts: Callable[..., BrowserContext], lee: Any
) -> None:
    began = time.monotonic()
    game = services.game_start(owner=lee, bot_level=DEFAULT_LEVEL, seed=EXCHANGE)
    page = start(contexts(TABLET), True, "lee")
    page.goto(f"/play/{game.pk}/")
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot(page, "tablet-large-print-table-dealt")
    table = Table(page, game, "tablet, large print")
    problems = fits(page, "tablet, large print: the table")
    while "exchange_joker" not in table.done:
        table.act()
        if 'data-action="discard"' in table.html() and "discard" not in table.done:
            shot(page, "tablet-large-print-table-at-the-discard")
        assert len(table.done) < MAX_ACTIONS and not page.locator("#hand-result").count(), table.done
    shot(page, "tablet-large-print-after-the-exchange")
    hinted = False
    for _ in range(6):  # a few turns more, one discard on the hint; the service plays the rest
        if not hinted and 'data-action="discard"' in table.html() and table.discard_on_hint():
            hinted = True
            continue
        table.act()
    play_out(table.refresh())
    page.goto(f"/play/{game.pk}/")
    expect(page.locator("#hand-result")).to_be_visible()
    problems += fits(page, "tablet, large print: the result")
    shot(page, "tablet-large-print-result")

    def enter(link: Locator) -> None:
        link.focus()
        page.keyboard.press("Enter")

    problems += the_review(page, game, "tablet, large print", enter, keyboard=True)
    print(
        f"\ntablet, large print: {len(table.done)} actions {table.done} in {time.monotonic() - began:.1f} s"
    )
    assert hinted, table.done
    assert not problems + table.problems, "\n".join(problems + table.problems)


def test_without_javascript_the_forms_post_and_the_page_opens_at_the_table(
    browser: Browser, live_server: Any, lee: Any
) -> None:
    game = services.game_start(owner=lee, bot_level=DEFAULT_LEVEL, seed=CHARLESTON)
    context = browser.new_context(base_url=live_server.url, viewport=PHONE, java_script_enabled=False)
    context.set_default_timeout(15_000)
    problems: list[str] = []
    try:
        page = context.new_page()
        log_in(page, "lee")
        page.goto(f"/play/{game.pk}/")
        learner = Learner()
        for step in range(4):
            game = Game.objects.get(pk=game.pk)
            choice = learner.choose(str(page.locator("#table").evaluate("(el) => el.outerHTML")), game)
            form = page.locator(f'#table form[data-action="{choice.kind}"]').nth(choice.index)
            for i in choice.checks:
                form.locator("label:has(input[type=checkbox])").nth(i).click()
            name, value = choice.button
            form.locator(
                f'button[name="{name}"][value="{value}"]' if name else "button[type=submit]"
            ).first.click()
            expect(page).to_have_url(re.compile(rf"/play/{game.pk}/#table$"))
            assert Game.objects.get(pk=game.pk).version == game.version + 1
            where = f"no JavaScript, {step + 1}: {choice.kind}"
            problems += fits(page, where)
            problems += [f"{where}: {part}" for part in choice_in_view(page)]
        SHOTS.mkdir(parents=True, exist_ok=True)
        shot(page, "phone-no-javascript")
    finally:
        context.close()
    assert not problems, "\n".join(problems)
