"""The class's deal: a teacher deals it from the class page (classes:deal_start), follows who has
played it and closes it (classes:deal, classes:deal_close); a student plays their hand of it
(classes:deal_play, then the Play pages); the board steps through how the class split
(classes:deal_board, for the projector). Every change is a POST that redirects; the board's
Next and Previous are links, its keys (deal_board.js) only press them."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from cfmj.accounts.learners import user_of
from cfmj.classes import deal_split, deals
from cfmj.classes.access import joined_or_404, taught_or_404
from cfmj.classes.models import ClassDeal, Classroom, Membership
from cfmj.classes.selectors import is_set_for
from cfmj.classes.services import ClassError
from cfmj.core.htmx import render_partial_response
from cfmj.core.http import HtmxHttpRequest
from cfmj.play.models import Game
from cfmj.play.review import read_step

BOARD_REFRESH_SECONDS = 5  # the board without JavaScript reloads itself this often while the deal is open
DEALT = "Dealt. Your students see “Play the class's deal” on their class page and their home page."
CLOSED = "The deal is closed: its reviews are open, and the board steps through how the class split."


def _deal_or_404(classroom: Classroom, deal_id: int) -> ClassDeal:
    return get_object_or_404(ClassDeal.objects.select_related("assignment"), pk=deal_id, classroom=classroom)


def _page(deal: ClassDeal) -> str:
    return reverse("classes:deal", args=[deal.classroom_id, deal.pk])


@login_required
@require_POST
def deal_start(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = taught_or_404(request, pk)
    try:
        deal = deals.deal_start(
            classroom=classroom,
            teacher=user_of(request),
            bot_level=request.POST.get("bot_level", ""),
            mode=request.POST.get("mode", ""),
        )
    except ClassError as error:
        messages.error(request, str(error))
        return redirect(reverse("classes:detail", args=[classroom.pk]) + "#deals")
    messages.success(request, DEALT)
    return redirect(_page(deal))


@login_required
@require_GET
def deal(request: HttpRequest, pk: int, deal_id: int) -> HttpResponse:
    """Teachers: who has played the deal, the board, Close. Students: their hand of it."""
    classroom, membership = joined_or_404(request, pk)
    found = _deal_or_404(classroom, deal_id)
    context: dict[str, Any] = {"classroom": classroom, "deal": found, "mode": Game.Mode(found.mode).label}
    if membership.role == Membership.Role.TEACHER:
        context.update(progress=deals.deal_progress(found), rows=deals.deal_rows(found), teaching=True)
        return render(request, "classes/deal.html", context)
    user = user_of(request)
    if found.assignment is not None and not is_set_for(found.assignment, user):
        raise Http404("No such deal for you")
    context["game"] = deals.deal_hand_of(found, user)
    return render(request, "classes/deal.html", context)


@login_required
@require_POST
def deal_play(request: HttpRequest, pk: int, deal_id: int) -> HttpResponse:
    """The student's hand of the deal: dealt now, or the one they have; then to its table."""
    classroom, _ = joined_or_404(request, pk)
    found = _deal_or_404(classroom, deal_id)
    try:
        game = deals.deal_hand_start(deal=found, student=user_of(request))
    except ClassError as error:
        messages.error(request, str(error))
        return redirect(_page(found))
    return HttpResponseRedirect(reverse("play:game", args=[game.pk]) + "#table")


@login_required
@require_POST
def deal_close(request: HttpRequest, pk: int, deal_id: int) -> HttpResponse:
    classroom = taught_or_404(request, pk)
    found = deals.deal_close(deal=_deal_or_404(classroom, deal_id))
    messages.success(request, CLOSED)
    if request.POST.get("back") == "board":
        return redirect(reverse("classes:deal_board", args=[classroom.pk, found.pk]) + "?step=1")
    return redirect(_page(found))


@login_required
@require_GET
def deal_board(request: HtmxHttpRequest, pk: int, deal_id: int) -> HttpResponse:
    """The projector's page. While the deal is open: how many have finished (polled), nothing of
    the deal itself, and Close. Once closed: step `?step=N` of how the class split."""
    classroom = taught_or_404(request, pk)
    found = _deal_or_404(classroom, deal_id)
    context: dict[str, Any] = {
        "classroom": classroom,
        "deal": found,
        "refresh_seconds": BOARD_REFRESH_SECONDS,
    }
    if not found.closed:
        progress = deals.deal_progress(found)
        key = f"open-{progress.key}"
        if request.htmx and request.GET.get("seen") == key:
            return HttpResponse(status=204)  # nothing new: htmx keeps the board as it is
        context.update(progress=progress, key=key)
        return render_partial_response(request, "classes/deal_board.html", context, partial="board")
    logs = deal_split.deal_logs(found)
    last = deal_split.steps_of(logs)
    number, notice = read_step(request.GET.get("step") or "1", last)
    if number is not None and last:
        context["step"] = deal_split.split_step(logs, max(1, number))
    context.update(
        notice=notice if last else "", key="closed", here=reverse("classes:deal_board", args=[pk, deal_id])
    )
    return render_partial_response(request, "classes/deal_board.html", context, partial="board")
