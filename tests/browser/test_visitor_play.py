"""A visitor (no account) plays before signing up, on a phone and a tablet, in normal and large
print: the Play page says what needs an account, deals a hand, the coach gives a hint and a few
moves are made at the table; then the visitor signs up from the header, typing "Margaret Smith" as
the username: the refusal is in view, in plain words, with margaretsmith filled in, the real name
kept in "Your name" and the passwords kept; signing up with it leads back to the hand, now the
account's, listed on the Play page. Nothing is wider than the screen along the way.

Screenshots go to var/browser/visitor-play/."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from cfmj.accounts.models import User
from cfmj.play.models import Game
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_layout import PLACE, in_view
from tests.browser.test_play import PHONE, TABLET, Table, choice_in_view, fits
from tests.browser.walk import header_menu, settled, start
from tests.play.helpers import play_out

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = ARTIFACTS / "visitor-play"
LOOKS = {
    "phone": (PHONE, False),
    "phone-large": (PHONE, True),
    "tablet": (TABLET, False),
    "tablet-large": (TABLET, True),
}
MOVES = 3
PASSWORD = "quiet-bamboo-garden-17"
NO_SPACES = "A username has no spaces, so “Margaret Smith” cannot be one."


def out_of_view(page: Page, part: Locator, what: str) -> list[str]:
    place = part.evaluate(PLACE)
    return [] if in_view(place) else [f"{what} is out of view: {place['top']:.0f} to {place['bottom']:.0f}"]


@pytest.mark.parametrize("look", LOOKS)
def test_a_visitor_plays_with_the_coach_then_signs_up_and_finds_the_hand(
    contexts: Callable[..., BrowserContext], look: str
) -> None:
    viewport, large = LOOKS[look]
    touch = look.startswith("phone")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = start(contexts(viewport, touch=touch), large)

    def press(target: Locator) -> None:
        if touch:
            target.tap()
        else:
            target.click()

    # The Play page, from the header, for a visitor: what needs an account, and the start form.
    press(header_menu(page).get_by_role("link", name="Play", exact=True))
    expect(page.locator("h1")).to_have_text("Play a hand")
    expect(page.locator("#visitor-play")).to_contain_text("Playing at a table with friends or a class")
    expect(page.locator("#visitor-play").get_by_role("link", name="Sign up (free)")).to_be_visible()
    problems = fits(page, f"{look}: the Play page")
    page.screenshot(path=str(SHOTS / f"{look}-1-play-page.png"), full_page=True)
    press(page.get_by_role("button", name="Deal a hand"))
    expect(page).to_have_url(re.compile(r"/play/\d+/#table$"))
    game = Game.objects.get()
    assert game.owner is None and game.visitor

    # The coach's hint at the first pass, then a few moves through the table's own forms.
    press(page.get_by_role("link", name="Show a hint"))
    expect(page.locator("#hint")).to_be_visible()
    settled(page)
    problems += out_of_view(page, page.locator("#hint-title"), f"{look}: the hint's headline")
    problems += fits(page, f"{look}: the hint")
    page.screenshot(path=str(SHOTS / f"{look}-2-hint.png"))
    table = Table(page, game, look, touch=touch)
    for _ in range(MOVES):
        table.act()
    problems += [f"{look}: {part}" for part in choice_in_view(page)]
    page.screenshot(path=str(SHOTS / f"{look}-3-moves.png"))
    played = table.refresh()
    assert played.version == MOVES and played.decisions.count() == MOVES

    # Sign up from the header, the real name typed as the username.
    press(header_menu(page).get_by_role("link", name="Sign up"))
    expect(page.locator("h1")).to_have_text("Make a free account")
    page.get_by_label("Username").fill("Margaret Smith")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    press(page.get_by_role("button", name="Sign up", exact=True))
    summary = page.locator(".form-errors")  # the top of the form: the whole of it, in view
    expect(summary).to_contain_text(NO_SPACES)
    expect(summary).to_contain_text("We filled in margaretsmith, which is free")
    expect(summary).to_contain_text("Your name, Margaret Smith, is kept in “Your name”.")
    expect(page.locator(".field.has-error .field-error").first).to_have_text(NO_SPACES)
    settled(page)
    problems += out_of_view(page, summary, f"{look}: the username's refusal")
    expect(page.get_by_label("Username")).to_have_value("margaretsmith")
    expect(page.get_by_label("Your name")).to_have_value("Margaret Smith")
    expect(page.get_by_label("Password", exact=True)).to_have_value(PASSWORD)
    expect(page.get_by_label("Password confirmation")).to_have_value(PASSWORD)
    problems += fits(page, f"{look}: the sign-up refused")
    page.screenshot(path=str(SHOTS / f"{look}-4-signup-refused.png"))
    assert not User.objects.exists()

    # Signing up with the name offered: the recovery code, then back at the hand, now the account's.
    press(page.get_by_role("button", name="Sign up", exact=True))
    expect(page.locator("h1")).to_have_text("Your recovery code")
    press(page.get_by_role("link", name="I have kept it: go on"))
    expect(page).to_have_url(re.compile(rf"/play/{game.pk}/$"))
    expect(page.locator("#status-line")).to_be_visible()
    user = User.objects.get()
    assert (user.username, user.real_name) == ("margaretsmith", "Margaret Smith")
    claimed = Game.objects.get(pk=game.pk)
    assert (claimed.owner, claimed.visitor, claimed.version) == (user, "", MOVES)
    page.goto("/play/")
    hands = page.locator("section[aria-labelledby=playing-title]")
    expect(hands.get_by_role("link", name=f"Game {game.pk}")).to_be_visible()
    expect(page.locator("#visitor-play")).to_have_count(0)
    problems += fits(page, f"{look}: the Play page, signed up")
    page.screenshot(path=str(SHOTS / f"{look}-5-hand-in-the-account.png"), full_page=True)
    assert not problems + table.problems, "\n".join(problems + table.problems)


@pytest.mark.parametrize("look", ["phone-large", "tablet"])
def test_a_visitors_finished_hand_offers_to_keep_it_and_its_review_says_sharing_needs_an_account(
    contexts: Callable[..., BrowserContext], look: str
) -> None:
    """The end of a visitor's hand: its result offers to sign up to keep it, and its review, read
    like an account's, says a share link needs an account, with a link to sign up back to it."""
    viewport, large = LOOKS[look]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = start(contexts(viewport), large)
    page.goto("/play/")
    page.get_by_role("button", name="Deal a hand").click()
    expect(page).to_have_url(re.compile(r"/play/\d+/#table$"))
    game = play_out(Game.objects.get())  # the service plays it out: the page shows its end
    page.reload()  # the table's own address: drawn again, at the hand's end
    result = page.locator("#hand-result")
    expect(result.get_by_role("link", name="Sign up (free)")).to_be_visible()
    problems = fits(page, f"{look}: the result")
    result.screenshot(path=str(SHOTS / f"{look}-6-result.png"))
    result.get_by_role("link", name="Review this hand").click()
    expect(page.locator("h1")).to_have_text(f"Review of game {game.pk}")
    share = page.locator("#share")
    expect(share).to_contain_text("needs an account")
    expect(share.get_by_role("button", name="Make a share link")).to_have_count(0)
    expect(share.get_by_role("link", name="sign up (free)")).to_have_attribute(
        "href", f"/accounts/signup/?next=/play/{game.pk}/review/"
    )
    problems += fits(page, f"{look}: the review")
    share.screenshot(path=str(SHOTS / f"{look}-7-review-share.png"))
    assert not problems, "\n".join(problems)
