"""The review of a finished hand: /play/<id>/review/ for its owner, /play/shared/<token>/ for anyone
with the link the owner made (read-only, the owner named by a first name at most), each with
?step=N to step through the hand; /play/<id>/share/ makes or stops the link. A hand in progress has
no review: that would show what is still to come. A visitor reads the reviews of their own hands;
sharing one by a link needs an account (a visitor could never stop sharing once their visit ends)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from cfmj.accounts.models import User
from cfmj.core.htmx import render_partial_response
from cfmj.core.http import HtmxHttpRequest
from cfmj.play import moves, services
from cfmj.play.access import owned_or_404, reviewable_or_404, shared_or_404
from cfmj.play.models import LEARNER_SEAT, Decision, Game, Seat
from cfmj.play.review import read_step, review_of, step_facts
from cfmj.play.table import result_facts

IN_PROGRESS = "This hand is still being played: its review opens when it is over."
SECOND_LOOK = 3  # the choices the review lists unfolded; every move is behind "Show every move"


@require_GET
def review(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    return _review(request, game_id, None)


@require_GET
def review_seat(request: HtmxHttpRequest, game_id: int, seat: int) -> HttpResponse:
    """A table hand's review from the seat asked for: the reader's own, or any seat for those a
    registered reader lets read them all (a class's teachers, for its tables: access.py)."""
    return _review(request, game_id, seat)


def _review(request: HtmxHttpRequest, game_id: int, asked: int | None) -> HttpResponse:
    game, seat = reviewable_or_404(request, game_id, seat=asked)
    table = game.table
    if game.status != Game.Status.OVER:
        messages.info(request, IN_PROGRESS)
        if asked is not None:
            return redirect("play:tables")
        return redirect("play:table", code=table.code) if table else redirect("play:game", game_id=game.pk)
    here = reverse("play:review", args=[game.pk])
    if asked is not None:
        here = reverse("play:review_seat", args=[game.pk, seat])
    reader = game.owner is not None and game.owner_id != request.user.pk  # a teacher, say
    context = {
        "shared": False,
        "reader": reader,
        "here": here,
        "whose": _whose(game, seat, request.user),
        "table": table,
    }
    if game.share_token and table is None and not reader:
        context["share_url"] = request.build_absolute_uri(reverse("play:shared", args=[game.share_token]))
    return _page(request, game, context, seat=seat)


@require_GET
@never_cache  # stopping sharing takes effect at once: no copy kept on the way
def shared(request: HtmxHttpRequest, token: str) -> HttpResponse:
    game = shared_or_404(token)
    if game.owner is None:  # a table's hand is not shared by link: it holds other people's play
        raise Http404("No such shared hand")
    context = {
        "shared": True,
        "here": reverse("play:shared", args=[token]),
        "whose": f"{first_name(game.owner)}’s",
    }
    response = _page(request, game, context)
    response["X-Robots-Tag"] = "noindex"  # a link shared with a few people, not for search engines
    return response


@login_required
@require_POST
def share(request: HttpRequest, game_id: int) -> HttpResponse:
    game = owned_or_404(request, game_id)
    sharing = request.POST.get("sharing") == "on"
    try:
        services.review_share(game=game, sharing=sharing)
    except services.PlayError as refused:
        messages.error(request, str(refused))
        return redirect("play:game", game_id=game.pk)
    if sharing:
        messages.success(request, "Anyone with the link below can now read this review.")
    else:
        messages.success(request, "This review is no longer shared: its link finds nothing now.")
    return redirect(reverse("play:review", args=[game.pk]) + "#share")


def _whose(game: Game, seat: int, reader: object) -> str:
    """ "Your" for the reader's own seat; another person's seat by their username."""
    if game.table_id is None:  # a hand alone: its owner's, or read by another (a teacher, say)
        return (
            "Your"
            if game.owner_id == getattr(reader, "pk", None) or game.owner is None
            else f"{game.owner.shown_name}’s"
        )
    sitting = Seat.objects.filter(table_id=game.table_id, number=seat).select_related("user").first()
    if sitting is None or sitting.user is None:
        return "A bot’s"
    return "Your" if sitting.user == reader else f"{sitting.user.username}’s"


def first_name(user: User) -> str:
    """All a shared review says of its owner: the first word of their real name, if they gave one."""
    words = user.real_name.split() or user.first_name.split()
    return words[0] if words else "A learner"


def _page(
    request: HtmxHttpRequest, game: Game, context: dict[str, Any], seat: int = LEARNER_SEAT
) -> HttpResponse:
    analysis = review_of(game, game.decisions.all(), seat)
    seating = _seating(game, analysis.engine.dealer, seat)
    number, notice = read_step(request.GET.get("step"), analysis.last_step)
    context.update({"game": game, "review": analysis, "tally": analysis.tally(), "notice": notice})
    if number is None:
        context["result"] = result_facts(game, analysis.engine, seating) if analysis.engine.over else None
        worth = [step for step in analysis.steps if step.mark == Decision.Mark.WEAK or step.feed]
        context.update(second_look=worth[:SECOND_LOOK], more_to_look_at=len(worth[SECOND_LOOK:]))
        return render_partial_response(request, "play/review.html", context, partial=None)
    context["step"] = step_facts(game, analysis, number, seating)
    return render_partial_response(request, "play/review.html", context, partial="step")


def _seating(game: Game, dealer: int, seat: int) -> moves.Seating:
    """Whose review it is, and the names of the other people at a table's hand."""
    if game.table_id is None:
        return moves.Seating(dealer, seat)
    people = Seat.objects.filter(table_id=game.table_id, user__isnull=False).exclude(number=seat)
    return moves.Seating(
        dealer, seat, {s.number: s.user.username for s in people.select_related("user") if s.user}
    )
