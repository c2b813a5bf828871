"""The site's page states as a visitor, a learner and a teacher reach them, shared by the browser
walks: the accessibility audit (axe, tests/browser/test_accessibility.py) and the layout walk at
phone and tablet sizes (tests/browser/test_layout.py).

A walker calls `visit(page, where)` at each page state, and `visit(page, where, result)` after an
action (an answer, a check, a search), where `result` is what the action put on screen: the
verdict, the feedback or the message the person is waiting for."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from playwright.sync_api import BrowserContext, Locator, Page, expect

from cfmj.classes import services as class_services
from cfmj.classes import sessions
from cfmj.engine.coach import DEFAULT_LEVEL
from cfmj.play import services as play_services
from lessons.models import Lesson
from lessons.services import lessons_load
from practice.models import PracticeRange, Puzzle
from tests.browser import conftest
from tests.browser.answer_form import fill
from tests.browser.test_lesson import puzzle_in
from tests.course import course_sources
from tests.engine.drills.helpers import right_response, wrong_response
from tests.play.helpers import advance_to, play_out
from tests.practice.factories import PuzzleFactory

PASSWORD = "pw-tiles-123"
PLAY_SEED = 33  # a hand whose deal, Charleston and end the walks see the same each run
WORKED = "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]"  # the rulebook's example (RULES.md)


class Visit(Protocol):
    def __call__(self, page: Page, where: str, result: Locator | None = None) -> None: ...


@dataclass(frozen=True)
class Site:
    """What the walks need in the database: the course, a few puzzles, a teacher (tess) owning a
    class that a learner (sam) has joined, with an account the class made (max), a student it took
    out (rae), a co-teacher (cora) and a teacher invited to teach it (ivy); and a puzzle on the
    class's board."""

    teacher: Any
    student: Any
    classroom_pk: int
    session_pk: int
    managed_pk: int


def site_build(user_model: Any) -> Site:
    lessons_load(sources=list(course_sources()))
    PuzzleFactory.create_batch(3, kind="worth", band=1)
    teacher = user_model.objects.create_user("tess", password=PASSWORD, role="teacher")
    student = user_model.objects.create_user("sam", password=PASSWORD)
    # Sam practises everything (his lessons would open lesson 1's drills only): the walks visit them all.
    PracticeRange.objects.create(user=student, everything=True)
    classroom = class_services.classroom_create(teacher=teacher, name="Tuesday beginners")
    class_services.classroom_join(user=student, code=classroom.code)
    managed = class_services.student_create(
        classroom=classroom, teacher=teacher, username="max", password="tiles-on-tuesday"
    )
    removed = user_model.objects.create_user("rae", password=PASSWORD)
    class_services.classroom_join(user=removed, code=classroom.code)
    class_services.student_remove(classroom=classroom, student=removed)
    user_model.objects.create_user("ivy", password=PASSWORD, role="teacher")
    class_services.coteacher_invite(classroom=classroom, owner=teacher, username="ivy")
    user_model.objects.create_user("cora", password=PASSWORD, role="teacher")
    cora = class_services.coteacher_invite(classroom=classroom, owner=teacher, username="cora")
    class_services.coteacher_invite_answer(invite=cora, invitee=cora.invitee, accept=True)
    session = sessions.session_start(classroom=classroom, teacher=teacher, kind="worth", band=1)
    return Site(
        teacher=teacher,
        student=student,
        classroom_pk=classroom.pk,
        session_pk=session.pk,
        managed_pk=managed.pk,
    )


# The page has stopped moving: loaded, no htmx request, swap or settle under way, then two frames
# drawn (what practice.js does after a swap, hiding the form, scrolling the verdict into view and
# focusing it, runs as htmx settles, before the first of those frames).
SETTLED = """() => new Promise((done) => {
  const busy = () => document.readyState !== "complete" ||
    document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added") !== null;
  const frames = () => requestAnimationFrame(() => requestAnimationFrame(() => done(true)));
  const look = () => (busy() ? setTimeout(look, 20) : frames());
  look();
})"""


def settled(page: Page) -> None:
    """Wait until an action's result has come and the page has stopped moving (instead of a fixed
    pause after it)."""
    page.evaluate(SETTLED)


def header_menu(page: Page) -> Locator:
    """The header, its links and tools shown: where they do not fit on one row (a phone, a tablet,
    large print) they are in the header's Menu, which is opened first."""
    menu = page.locator("header details.site-menu")
    button = menu.locator("summary")
    if button.is_visible() and menu.get_attribute("open") is None:
        button.click()
        expect(menu).to_have_attribute("open", "")
    return page.locator("header")


def print_switch(page: Page) -> Locator:
    """The header's large print switch: in the header's row on every screen, outside the Menu."""
    return page.locator("header").get_by_role("button", name="Large print")


def start(context: BrowserContext, large_print: bool, username: str = "") -> Page:
    """A new visitor (or person signed in), in large print when asked: the header's switch keeps
    it in the session for a visitor and on the account for a person signed in. A person is signed
    in by a session made for them (signed_in), not by the log-in form: the form is walked by
    log_in(), the layout walk's wrong password and the join pages' log-ins."""
    page = context.new_page()
    if username and not signed_in(context, username):
        log_in(page, username)  # a context made without the contexts fixture: its address is not known
    page.goto("/")
    if username:
        expect(page.locator("header .account-name")).to_have_count(1)  # signed in (the menu may be shut)
    if large_print:
        print_switch(page).click()
        expect(page.locator("html")).to_have_class("large-print")
    return page


def signed_in(context: BrowserContext, username: str) -> bool:
    """Sign `username` in to the context's browser as the log-in form would, without its pages: a
    new session through Django's own login() (the same session keys, the same user_logged_in
    receivers), its cookie given to the context. Three page loads fewer than log_in() (the form,
    its post and the page it leads to) for each person a browser test signs in."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import get_user_model, login
    from django.test import RequestFactory

    url = conftest.BASE_URLS.get(context)
    if not url:
        return False
    user = get_user_model().objects.get(username=username)
    request = RequestFactory().post("/accounts/login/")
    request.session = import_module(settings.SESSION_ENGINE).SessionStore()
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    request.session.save()
    key = request.session.session_key or ""
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": key, "url": url}])
    return True


def sign_in(page: Page, username: str) -> None:
    """`username` signed in to the page's browser by a session (signed_in), the page left where
    it is, for a test whose next step opens a page of its own; by the log-in form only where the
    context's address is not known."""
    if not signed_in(page.context, username):
        log_in(page, username)


def log_in(page: Page, username: str) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.locator("header .account-name")).to_have_count(1)  # signed in (the menu may be shut)


def puzzle_of(form: Locator) -> Puzzle:
    """The stored puzzle an answer form answers (its action is /practice/puzzles/<id>/answer/)."""
    action = (form.get_attribute("action") or "").split("#")[0]
    return Puzzle.objects.get(pk=int(action.rstrip("/").split("/")[-2]))


def practise_everything(page: Page) -> None:
    """Every drill open to this learner, whatever their lessons have taught: the practice page's
    switch (a plain form: it works without JavaScript too)."""
    page.goto("/practice/")
    page.locator("#range").get_by_role("button", name="Practise everything").click()
    expect(page.locator("#range")).to_contain_text("You are practising everything")


def answer_drill(page: Page, *, right: bool = True) -> None:
    form = page.locator("form.answer-form")
    puzzle = puzzle_of(form)
    fill(form, puzzle, right_response(puzzle) if right else wrong_response(puzzle))
    form.get_by_role("button", name="Answer").click()
    expect(page.locator("#verdict")).not_to_have_class("verdict empty")


def visitor_pages(page: Page, visit: Visit) -> None:
    visit(page, "home")
    page.goto("/lessons/")
    visit(page, "lessons")
    lesson = Lesson.objects.get(number=1)
    page.goto(f"/lessons/{lesson.slug}/")
    visit(page, "lesson")
    step = lesson.steps.order_by("number").first()
    assert step is not None
    page.goto(f"/lessons/{lesson.slug}/{step.number}/")
    visit(page, "step")
    form = page.locator("form.answer-form")
    puzzle = puzzle_in(form, step.check_kind, step.check_focus, step.check_band)
    fill(form, puzzle, wrong_response(puzzle))
    form.get_by_role("button", name="Check my answer").click()
    expect(page.locator("#feedback")).to_contain_text("Not right yet")
    visit(page, "step, answered (htmx)", page.locator("#feedback"))
    page.goto(f"/lessons/{lesson.slug}/quiz/")
    visit(page, "quiz")
    later = Lesson.objects.order_by("-number").first()  # every lesson opens to read, this one far ahead
    assert later is not None
    page.goto(f"/lessons/{later.slug}/")
    visit(page, "lesson read ahead")
    page.goto(f"/lessons/{later.slug}/1/")
    visit(page, "step read ahead")
    page.goto("/lessons/")
    visit(page, "lessons, one read ahead")
    page.goto("/rules/")
    visit(page, "rules")
    page.goto("/rules/?q=joker")
    visit(page, "rules search")
    page.get_by_label("Search the rules").fill("pair")
    expect(page.locator("#rules-count")).to_contain_text("found")
    visit(page, "rules, filtered as typed", page.locator("#rules-count"))
    page.goto("/practice/")
    visit(page, "practice")
    page.goto("/practice/worth/")  # a newcomer's lessons open lesson 1's drills only
    visit(page, "drill worth, not open yet")
    page.get_by_role("button", name="Practise everything").click()
    visit(page, "drill worth, practising everything", page.locator(".puzzle .prompt").first)
    for kind in ("worth", "winning_hand", "charleston", "name_hand"):
        page.goto(f"/practice/{kind}/")
        visit(page, f"drill {kind}")
    page.goto("/practice/worth/")
    answer_drill(page)
    visit(page, "drill verdict", page.locator("#verdict"))
    page.goto("/practice/daily/")
    visit(page, "daily")
    page.goto("/check/")
    visit(page, "check, empty")
    page.goto("/check/?hand=" + "1B 1B 1B 2B 2B 2B 3B 3B 3B 4B 4B 4B 5B 5B".replace(" ", "+"))
    visit(page, "check, verdict")
    page.goto("/check/?hand=nonsense")
    visit(page, "check, error")
    page.goto("/accounts/login/")
    visit(page, "login")
    page.goto("/accounts/signup/")
    visit(page, "sign-up")
    page.goto("/play/")
    visit(page, "play, visitor")


def learner_pages(page: Page, visit: Visit, site: Site) -> None:
    page.goto("/practice/worth/")
    answer_drill(page)
    page.goto("/practice/dashboard/")
    expect(page.locator("main")).to_be_visible()
    visit(page, "dashboard, with attempts")
    page.goto("/classes/")
    visit(page, "classes, student")
    page.goto(f"/classes/{site.classroom_pk}/")
    visit(page, "class, student")
    page.goto(f"/classes/{site.classroom_pk}/session/")
    visit(page, "session, student")
    play_pages(page, visit, site)


def play_pages(page: Page, visit: Visit, site: Site) -> None:
    """The play pages: the start page, the table in the Charleston and after a pass made
    in place, the table at a discard, the hand's result, and the start page listing it. The hand is
    dealt with a fixed seed through the service (tests/browser/test_play.py uses the start form),
    and moved on between the states by the service too."""
    page.goto("/play/")
    visit(page, "play, start")
    game = play_services.game_start(owner=site.student, bot_level=DEFAULT_LEVEL, seed=PLAY_SEED)
    page.goto(f"/play/{game.pk}/")
    visit(page, "play, the Charleston")
    form = page.locator('#table form[data-action="pass_tiles"]')
    for i in range(3):
        form.locator("label.hand-pick:has(input:not([value=J]))").nth(i).click()
    form.get_by_role("button", name="Pass these tiles").click()
    expect(page.locator("#status-line")).to_contain_text("First Across")
    visit(page, "play, tiles passed (htmx)", page.locator("#status-line"))
    game = advance_to(game.__class__.objects.get(pk=game.pk), "discard")
    page.goto(f"/play/{game.pk}/")
    visit(page, "play, the table at a discard")
    play_out(game)
    page.goto(f"/play/{game.pk}/")
    visit(page, "play, the hand's result")
    page.goto("/play/")
    visit(page, "play, start with a hand finished")


def teacher_pages(page: Page, visit: Visit, site: Site) -> None:
    page.goto("/classes/")
    visit(page, "classes, teacher")
    page.goto(f"/classes/{site.classroom_pk}/")
    visit(page, "class, teacher")
    owner_pages(page, visit, site)
    page.goto(f"/classes/{site.classroom_pk}/session/{site.session_pk}/")
    visit(page, "session controls")
    page.goto(f"/classes/{site.classroom_pk}/session/board/")
    visit(page, "session board")
    page.goto(f"/classes/{site.classroom_pk}/session/present/")
    visit(page, "session board, presenting")


def owner_pages(page: Page, visit: Visit, site: Site) -> None:
    """The owner's powers over who teaches and joins, each answered by a message, and the page that
    deletes an account the class made."""
    class_page = f"/classes/{site.classroom_pk}/"
    page.goto(class_page)
    page.get_by_label("Their username").fill("cory")
    page.get_by_role("button", name="Invite a co-teacher").click()
    visit(page, "class, invited nobody", page.locator(".messages"))
    page.get_by_role("button", name="Make a new code").click()
    visit(page, "class, a new code", page.locator(".messages"))
    page.get_by_role("button", name="Close joining").click()
    visit(page, "class, joining closed", page.locator(".messages"))
    page.get_by_role("button", name="Open joining").click()
    page.get_by_role("button", name="Add rae back").click()
    visit(page, "class, a student added back", page.locator(".messages"))
    page.get_by_role("link", name="Make cora the owner…").click()
    visit(page, "class, hand over?")
    page.get_by_role("link", name="No, keep the class").click()
    page.goto(f"/classes/{site.classroom_pk}/students/{site.managed_pk}/delete/")
    visit(page, "managed account, delete")
    page.get_by_label("Type the username, max, to confirm").fill("mx")
    page.get_by_role("button", name="Delete the account").click()
    visit(page, "managed account, mistyped", page.get_by_role("alert"))


def invitee_pages(page: Page, visit: Visit, site: Site) -> None:
    """A teacher invited to teach the class sees the invitation and accepts it."""
    page.goto("/classes/")
    visit(page, "classes, an invitation")
    page.get_by_role("button", name="Accept").click()
    visit(page, "class, invitation accepted", page.locator(".messages"))
