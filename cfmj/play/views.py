"""The play pages: /play/ (start a hand, resume one) and the table, /play/<id>/, whose every action
posts to /play/<id>/act/. With htmx the table is swapped in place; without it the post redirects
back to the table (post, redirect, get). A visitor plays on the same pages as an account: their
hands are their session's (access.owned_or_404), kept when they sign up or log in; a visitor's new
hands are bounded (services._room_for_a_hand, and per address RATE_LIMITS["play_visitor"])."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from cfmj.accounts.learners import learner_of
from cfmj.core.htmx import render_partial_response
from cfmj.core.http import HtmxHttpRequest
from cfmj.core.ratelimit import rate_limited
from cfmj.engine import coach
from cfmj.engine.game import Action
from cfmj.engine.game import Game as EngineGame
from cfmj.play import holds, selectors, services
from cfmj.play.access import owned_or_404
from cfmj.play.models import LEARNER_SEAT, Game
from cfmj.play.posted import action_fields, posted_action, posted_confirmed, posted_rules, posted_version
from cfmj.play.table import table_context

UNDONE = "Your last choice is taken back: the table is as it was when you made it. Choose again."


def _a_visitor(request: HttpRequest) -> bool:
    return not request.user.is_authenticated


@require_POST
@rate_limited("play_visitor", only=_a_visitor)
def start(request: HttpRequest) -> HttpResponse:
    data = request.POST
    learner = learner_of(request, create=True)  # a visitor's first hand gives them a visitor id
    try:
        game = services.game_start(
            owner=learner.user,
            visitor=learner.visitor if learner.user is None else "",
            **posted_rules(data),
            mode=data.get("mode", Game.Mode.PRACTICE),
            coach=data.get("coach", Game.Coach.ON_REQUEST),
        )
    except services.TooManyHandsError as problem:
        messages.error(request, str(problem))
        return HttpResponseRedirect(reverse("play:home") + "#playing-title")  # where they are listed
    except services.PlayError as problem:
        messages.error(request, str(problem))
        return redirect("play:home")
    return HttpResponseRedirect(_at_the_table(game))


@require_GET
def game(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The table; `?hint=1`: with the coach's hint for the learner's decision (practice hands
    only); `?check=1` and an
    action's fields: with the warning about that action (where a plain form lands after a post
    the coach held back)."""
    row = owned_or_404(request, game_id)
    engine = selectors.rebuild(row)
    playing = row.status == Game.Status.PLAYING
    # A test hand counts in the statistics as the learner's own play: it has no hints; nor has a
    # hand with the coach off.
    hinted = playing and row.coached and request.GET.get("hint") == "1"
    hint = coach.hint(engine, LEARNER_SEAT) if hinted else None
    context = _context(row, engine=engine, hint=hint)
    if playing and request.GET.get("check") == "1":
        context.update(_warning_shown(row, engine, request.GET))
    return render_partial_response(request, "play/game.html", context, partial="table")


@require_POST
def act(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    row = owned_or_404(request, game_id)
    problem = ""
    warned: services.WarnedError | None = None
    engine: EngineGame | None = None  # the game as it stands after the action, if it was played
    try:
        action = posted_action(request.POST)
        row, engine = services.game_play(
            game=row,
            version=posted_version(request.POST),
            action=action,
            confirmed=posted_confirmed(request.POST),
        )
    except services.WarnedError as held:
        warned = held
    except services.PlayError as refused:
        problem = str(refused)
        row.refresh_from_db()
    if warned is not None and request.htmx:
        context = _context(row)
        context.update(_warning_context(row, warned.warning, warned.action))
        return render_partial_response(request, "play/game.html", context, partial="table")
    if warned is not None:
        fields = [("check", "1"), ("version", str(row.version)), ("action", warned.action.kind)]
        query = urlencode(fields + action_fields(warned.action))
        return HttpResponseRedirect(f"{reverse('play:game', args=[row.pk])}?{query}#warning")
    if request.htmx:
        context = _context(row, problem, engine=engine)
        return render_partial_response(request, "play/game.html", context, partial="table")
    if problem:
        messages.error(request, problem)
    # The page opens at what the action changed, not at its header (on a phone the table starts
    # below it): the status line, the choice asked and the rack; or the result at the end.
    if row.status == Game.Status.OVER:
        return HttpResponseRedirect(reverse("play:game", args=[row.pk]) + "#hand-result")
    return HttpResponseRedirect(_at_the_table(row))


@require_POST
def undo(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Practice: back to the learner's last decision (services.game_undo says when it may)."""
    row = owned_or_404(request, game_id)
    problem, notice = "", UNDONE
    try:
        row = services.game_undo(game=row, version=posted_version(request.POST))
    except services.PlayError as refused:
        problem, notice = str(refused), ""
        row.refresh_from_db()
    if request.htmx:
        context = _context(row, problem) | {"notice": notice}
        return render_partial_response(request, "play/game.html", context, partial="table")
    if problem:
        messages.error(request, problem)
    else:
        messages.info(request, notice)
    # The page opens at the table: the status line and the rack, to choose again.
    return HttpResponseRedirect(_at_the_table(row))


@require_POST
@rate_limited("play_visitor", only=_a_visitor)
def next_hand(request: HttpRequest, game_id: int) -> HttpResponse:
    """The match's next hand, dealt once however often it is asked for; a plain post and redirect."""
    row = owned_or_404(request, game_id)
    try:
        row = services.game_next(game=row)
    except services.PlayError as refused:
        messages.error(request, str(refused))
    return HttpResponseRedirect(_at_the_table(row))


@require_POST
def coach_mode(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The learner switches when the coach speaks: hints on request, the mark after each choice,
    or not at all."""
    row = owned_or_404(request, game_id)
    problem = ""
    try:
        row = services.game_set_coach(game=row, coach_mode=request.POST.get("coach", ""))
    except services.PlayError as refused:
        problem = str(refused)
    if request.htmx:
        return render_partial_response(request, "play/game.html", _context(row, problem), partial="table")
    if problem:
        messages.error(request, problem)
    return HttpResponseRedirect(_at_the_table(row))


def _at_the_table(row: Game) -> str:
    """The table's address opening at its top (#table): the status line, the choice asked and the
    rack fill the screen, the page's header and title above it."""
    return reverse("play:game", args=[row.pk]) + "#table"


def _warning_shown(row: Game, engine: EngineGame, data: QueryDict) -> dict[str, Any]:
    """The warning about the action in `data`, if it still stands: the table as the learner saw
    it (`version`), the action legal and still a mistake; otherwise nothing (a stale or forged
    address shows the table as it is)."""
    try:
        action = posted_action(data)
    except services.PlayError:
        return {}
    if posted_version(data) != row.version or action.seat != LEARNER_SEAT or not engine.is_legal(action):
        return {}
    warning = coach.warning(engine, LEARNER_SEAT, action, careful=row.coached)
    return _warning_context(row, warning, action) if warning else {}


def _warning_context(row: Game, warning: coach.Warning, action: Action) -> dict[str, Any]:
    return {"warning": warning, "warned_action": action.kind, "warned_fields": action_fields(action)}


def _context(
    row: Game, problem: str = "", *, engine: EngineGame | None = None, hint: coach.Hint | None = None
) -> dict[str, Any]:
    context = table_context(row, engine or selectors.rebuild(row), hint)
    context["problem"] = problem
    context["act_url"] = reverse("play:act", args=[row.pk])
    context["table_url"] = reverse("play:game", args=[row.pk])
    context["undo_url"] = reverse("play:undo", args=[row.pk])
    context["coach_modes"] = Game.Coach.choices
    if row.coach == Game.Coach.AFTER:
        context["last_decision"] = row.decisions.order_by("-index").first()
    context["match"] = selectors.match_of(row)
    context["can_undo"] = selectors.can_undo(row)
    # A finished hand held back (a class's deal not yet closed): its result, but no review yet.
    context["held"] = holds.held_words(row) if row.status == Game.Status.OVER else ""
    return context
