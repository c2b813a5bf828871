"""The play pages: /play/ (start a hand, resume one) and the table, /play/<id>/, whose every action
posts to /play/<id>/act/. With htmx the table is swapped in place; without it the post redirects
back to the table (post, redirect, get)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from cfmj.classes.access import user_of
from cfmj.classes.selectors import classes_of, play_homework_of
from cfmj.core.htmx import render_partial_response
from cfmj.core.http import HtmxHttpRequest
from cfmj.engine.labels import HOUSE_RULE_LABELS, SKILL_LEVEL_LABELS
from cfmj.engine.ruleset import BASES
from cfmj.play import selectors, services
from cfmj.play.access import owned_or_404
from cfmj.play.bots import DEFAULT_LEVEL, LEVELS
from cfmj.play.models import Game
from cfmj.play.posted import posted_action, posted_version
from cfmj.play.stats import table_rules
from cfmj.play.table import table_context

UNDONE = "Your last choice is taken back: the table is as it was when you made it. Choose again."


@login_required
@require_GET
def home(request: HttpRequest) -> HttpResponse:
    user = user_of(request)
    classroom = classes_of(user, "student").order_by("pk").first()
    defaults = {
        "bot_level": DEFAULT_LEVEL,
        "house_rules": list(classroom.house_rules) if classroom else [],
        "skill_level": classroom.skill_level if classroom else 0,
        "base": BASES[0],
        "mode": Game.Mode.PRACTICE,
        "from_class": classroom.name if classroom else "",
    }
    homework = play_homework_of(user, request.GET.get("homework", ""))
    if homework is not None:  # the table and mode the homework counts
        rules, level = table_rules(homework.assignment.table)
        defaults.update(house_rules=rules, skill_level=level, from_class="")
        defaults["mode"] = homework.assignment.play_mode
    context = {
        "homework": homework,
        "defaults": defaults,
        "levels": LEVELS.items(),
        "house_rules": HOUSE_RULE_LABELS.items(),
        "skill_levels": SKILL_LEVEL_LABELS.items(),
        "bases": BASES,
        "modes": Game.Mode.choices,
        "playing": selectors.games_in_progress(user),
        "finished": selectors.games_over(user),
    }
    return render(request, "play/home.html", context)


@login_required
@require_POST
def start(request: HttpRequest) -> HttpResponse:
    data = request.POST
    try:
        game = services.game_start(
            owner=user_of(request),
            bot_level=data.get("bot_level", DEFAULT_LEVEL),
            house_rules=data.getlist("house_rules"),
            base=data.get("base") or None,
            skill_level=data.get("skill_level") or None,
            mode=data.get("mode", Game.Mode.PRACTICE),
        )
    except services.PlayError as problem:
        messages.error(request, str(problem))
        return redirect("play:home")
    return redirect("play:game", game_id=game.pk)


@login_required
@require_GET
def game(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    row = owned_or_404(request, game_id)
    return render(request, "play/game.html", _context(row))


@login_required
@require_POST
def act(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    row = owned_or_404(request, game_id)
    problem = ""
    try:
        action = posted_action(request.POST)
        row = services.game_act(game=row, version=posted_version(request.POST), action=action)
    except services.PlayError as refused:
        problem = str(refused)
        row.refresh_from_db()
    if request.htmx:
        return render_partial_response(request, "play/game.html", _context(row, problem), partial="table")
    if problem:
        messages.error(request, problem)
    # The page opens at what the action changed (the status line and the bots' moves, or the
    # result at the end of the hand), not at its header: on a phone the table starts below it.
    fragment = "#hand-result" if row.status == Game.Status.OVER else "#table"
    return HttpResponseRedirect(reverse("play:game", args=[row.pk]) + fragment)


@login_required
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
        return HttpResponseRedirect(reverse("play:game", args=[row.pk]) + "#table")
    messages.info(request, notice)
    # The page opens at the learner's rack, to choose again.
    return HttpResponseRedirect(reverse("play:game", args=[row.pk]) + "#you-title")


@login_required
@require_POST
def next_hand(request: HttpRequest, game_id: int) -> HttpResponse:
    """The match's next hand, dealt once however often it is asked for; a plain post and redirect."""
    row = owned_or_404(request, game_id)
    try:
        row = services.game_next(game=row)
    except services.PlayError as refused:
        messages.error(request, str(refused))
    return redirect("play:game", game_id=row.pk)


def _context(row: Game, problem: str = "") -> dict[str, Any]:
    context = table_context(row, selectors.rebuild(row))
    context["problem"] = problem
    context["match"] = selectors.match_of(row)
    context["can_undo"] = selectors.can_undo(row)
    return context
