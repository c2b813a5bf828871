"""Tables where people play together: "My tables", opening and joining one, the lobby, a seat's
view of the hand, its actions, and the fragment a seat's page fetches when the table moves on.
Every page shows only the seat of the person asking (their own PlayerView and what everyone
sees); a person with no seat at a table learns nothing of it beyond whether it takes players."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseNotFound,
    HttpResponseRedirect,
    StreamingHttpResponse,
)
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from cfmj.accounts.learners import user_of
from cfmj.core import live
from cfmj.core.htmx import render_partial_response
from cfmj.core.http import HtmxHttpRequest, sent_number
from cfmj.core.ratelimit import rate_limited
from cfmj.engine import BASES, coach
from cfmj.engine.labels import HOUSE_RULE_LABELS, SKILL_LEVEL_LABELS
from cfmj.play import seating, table_hands, table_seen
from cfmj.play.announce import seat_topic
from cfmj.play.models import Game, Seat, Table
from cfmj.play.posted import posted_action, posted_confirmed, posted_rules
from cfmj.play.services import PlayError, WarnedError
from cfmj.play.table_access import hand_seated, seated_at, seated_or_404, stream_pass, table_or_404
from cfmj.play.table_page import AtTable, seat_context, table_read

TABLE_VERSION_HEADER = "X-Table-Version"


@login_required
@require_GET
def tables(request: HttpRequest) -> HttpResponse:
    """My tables, and the forms to open one or join one by its code."""
    user = user_of(request)
    mine = (
        Table.objects.filter(seats__user=user)
        .exclude(status=Table.Status.CLOSED)
        .select_related("host")
        .order_by("-updated_at")
    )
    context = {
        "tables": mine,
        "defaults": {"bot_level": coach.DEFAULT_LEVEL, "house_rules": [], "skill_level": 0, "base": BASES[0]},
        "bases": BASES,
        "levels": coach.LEVELS.items(),
        "house_rules": HOUSE_RULE_LABELS.items(),
        "skill_levels": SKILL_LEVEL_LABELS.items(),
        "kinds": Table.Kind.choices,
    }
    return render(request, "play/tables.html", context)


def _seconds(text: str | None) -> int | None:
    return sent_number(text, digits=4)


@login_required
@require_POST
def table_new(request: HttpRequest) -> HttpResponse:
    data = request.POST
    try:
        table = seating.table_open(
            host=user_of(request),
            **posted_rules(data),
            kind=data.get("kind", Table.Kind.PRACTICE),
            call_seconds=_seconds(data.get("call_seconds")) or 8,
            turn_seconds=_seconds(data.get("turn_seconds")),
        )
    except seating.TableError as problem:
        messages.error(request, str(problem))
        return redirect("play:tables")
    return redirect("play:table", code=table.code)


@login_required
@require_POST
@rate_limited("join")
def table_find(request: HttpRequest) -> HttpResponse:
    """A typed code: on to that table's page (which offers the seat), or back with a message."""
    code = seating.code_clean(request.POST.get("code", ""))
    if not code or not Table.objects.filter(code=code).exclude(status=Table.Status.CLOSED).exists():
        messages.error(request, "No open table has that code: check it with the person who gave it to you.")
        return redirect("play:tables")
    return redirect("play:table", code=code)


@login_required
@require_GET
def table(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """The table as the person asking sees it: the lobby before play, their seat's view of the hand
    during play; the offer of a seat when they have none (counted like a join: it tells whether a
    code exists). A code typed or copied in another form (lower case, spaces) goes to its own
    address first, so the seated find their seat."""
    cleaned = seating.code_clean(code)
    if cleaned and cleaned != code:
        return redirect("play:table", code=cleaned)
    seat = Seat.objects.filter(table__code=code, user=user_of(request)).select_related("table").first()
    if seat is None:
        return _offer(request, code)
    return _seat_page(request, table_read(seat.table), seat.number)


@rate_limited("join", methods=("GET",))
def _offer(request: HttpRequest, code: str) -> HttpResponse:
    found = table_or_404(code)
    if found.status == Table.Status.CLOSED:
        raise Http404("No such table")
    return render(request, "play/table_join.html", {"table": found})


def _seat_page(request: HtmxHttpRequest, at: AtTable, number: int, **extra: Any) -> HttpResponse:
    context = seat_context(request, at, number, **extra)
    return render_partial_response(request, "play/table.html", context, partial="live")


@login_required
@require_POST
@rate_limited("join")
def table_join(request: HttpRequest, code: str) -> HttpResponse:
    found = table_or_404(code)
    try:
        seating.table_join(table=found, user=user_of(request))
    except seating.TableError as problem:
        messages.error(request, str(problem))
        return redirect("play:tables")
    return redirect("play:table", code=found.code)


@login_required
@never_cache
@require_GET
def table_now(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """What a seat's page fetches when the table may have moved on: 204 when nothing the seat sees
    changed (`seen`: the digest the page was drawn from), else the table's live part. A deadline
    that has passed is applied first (where no task runs, this request is what applies it). The
    hand is replayed only when its part of the digest is not kept for the table's version."""
    here = seated_at(request, code)
    found, seats, number, seen = here.table, here.seats, here.seat.number, request.GET.get("seen")
    kept = table_seen.kept_for(found)
    digest = kept.digest(found, seats, number, now=timezone.now()) if kept is not None else None
    if digest is not None and seen == digest:
        return _unchanged(found)
    at = _now_read(found, seats, keep=kept is None)
    if seen == at.seen(number):
        return _unchanged(found)
    return _seat_page(request, at, number)


def _now_read(found: Table, seats: list[Seat], *, keep: bool) -> AtTable:
    """The table with its hand replayed, a deadline that has passed applied first. With `keep`,
    the hand's parts of the digests are kept for the table's version, if the hand was read as it
    is at that version (the query reads the table's version with it)."""
    hand = Game.objects.filter(table=found).select_related("table").order_by("-hand_number").first()
    if hand is not None and table_hands.hand_tick(game=hand):
        found.refresh_from_db()
        return table_read(found)  # all read afresh (the change kept its parts)
    at = table_read(found, seats=seats, hand=hand)
    read_at = hand.table.version if hand is not None and hand.table is not None else None
    if keep and hand is not None and at.engine is not None and read_at == found.version:
        table_seen.keep(table=found, deadline=hand.deadline, hands=table_seen.hand_parts(hand, at.engine))
    return at


def _unchanged(found: Table) -> HttpResponse:
    unchanged = HttpResponse(status=204)
    unchanged[TABLE_VERSION_HEADER] = str(found.version)  # table.js: the part is up to date
    return unchanged


def _back(request: HttpRequest, found: Table, problem: str = "") -> HttpResponse:
    if problem:
        messages.error(request, problem)
    return HttpResponseRedirect(reverse("play:table", args=[found.code]) + "#table")


@login_required
@require_POST
def table_act(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """A seated person's action. The service checks under its lock whether they may (their seat,
    their turn, the choice they saw, the rules); the part is then drawn from what it read."""
    seated = hand_seated(request, code)
    if seated is None:
        found, _seat = seated_or_404(request, code)  # no seat: a 404
        return _back(request, found, "Play has not started yet.")
    hand, number = seated
    try:
        played = table_hands.hand_play(
            game=hand,
            user=user_of(request),
            version=request.POST.get("version", ""),
            action=posted_action(request.POST, number),
            confirmed=posted_confirmed(request.POST),
        )
    except WarnedError as held:  # the warning and its "Go ahead anyway", with or without htmx
        found, _seat = seated_or_404(request, code)
        return _seat_page(request, table_read(found), number, warned=held)
    except PlayError as refused:
        found, _seat = seated_or_404(request, code)
        return _answer(request, found, number, str(refused))
    if not request.htmx:
        return _back(request, played.table)
    # The part as the action left it, from what the service read under its lock: no replay.
    return _seat_page(request, AtTable(played.table, played.seats, played.game, played.engine), number)


def _answer(request: HtmxHttpRequest, found: Table, number: int, problem: str) -> HttpResponse:
    """After a seat's post: the live part for htmx, else back to the page (with the problem)."""
    if request.htmx:
        found.refresh_from_db()
        return _seat_page(request, table_read(found), number, problem=problem)
    return _back(request, found, problem)


def _seat_action(request: HttpRequest, code: str, change: Any) -> HttpResponse:
    """A seated person's change to the table (`change(table, user)`; the service checks whether
    they may: the host's powers are the host's), then back to the table with any refusal."""
    found, _seat = seated_or_404(request, code)
    try:
        change(found, user_of(request))
    except PlayError as problem:  # a TableError too
        return _back(request, found, str(problem))
    return _back(request, found)


@login_required
@require_POST
def table_undo(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """Take back the last choice, where one person plays a practice table with bots."""
    found, seat = seated_or_404(request, code)
    hand = found.hands.order_by("-hand_number").first()
    problem = ""
    try:
        if hand is None:
            raise PlayError("Play has not started yet.")
        table_hands.hand_undo(game=hand, user=user_of(request), version=request.POST.get("version", ""))
    except PlayError as refused:
        problem = str(refused)
    return _answer(request, found, seat.number, problem)


@login_required
@require_POST
def table_start(request: HttpRequest, code: str) -> HttpResponse:
    return _seat_action(request, code, lambda t, u: table_hands.table_start(table=t, by=u))


@login_required
@require_POST
def table_next(request: HttpRequest, code: str) -> HttpResponse:
    def deal(found: Table, user: Any) -> None:
        hand = found.hands.order_by("-hand_number").first()
        if hand is None:
            raise seating.TableError("Play has not started yet.")
        table_hands.hand_next(game=hand, user=user)

    return _seat_action(request, code, deal)


@login_required
@require_POST
def table_leave(request: HttpRequest, code: str) -> HttpResponse:
    found, _seat = seated_or_404(request, code)
    seating.table_leave(table=found, user=user_of(request))
    table_hands.hand_resume(table=found)  # a bot plays the seat from its choice now on
    messages.success(request, "You left the table: a bot plays your seat.")
    return redirect("play:tables")


@login_required
@require_POST
def table_back(request: HttpRequest, code: str) -> HttpResponse:
    return _seat_action(request, code, lambda t, u: seating.table_back(table=t, user=u))


@login_required
@require_POST
def table_seat(request: HttpRequest, code: str) -> HttpResponse:
    """The host's powers over a seat: give it to a bot, or hand the host's role to its person."""
    number = _seconds(request.POST.get("seat"))
    what = request.POST.get("do", "")
    if number is None or what not in ("bot", "host"):
        found, _seat = seated_or_404(request, code)
        return _back(request, found, "Choose a seat and what to do with it.")
    if what == "bot":

        def to_bot(found: Table, host: Any) -> None:
            seating.table_seat_to_bot(table=found, by=host, number=number)
            table_hands.hand_resume(table=found)

        return _seat_action(request, code, to_bot)
    return _seat_action(request, code, lambda t, u: seating.table_host_pass(table=t, by=u, to=number))


@login_required
@require_POST
def table_say(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """Table talk: one of the set phrases, to everyone at the table."""
    found, seat = seated_or_404(request, code)
    problem = ""
    try:
        seating.table_say(table=found, user=user_of(request), phrase=request.POST.get("say", ""))
    except seating.TableError as refused:
        problem = str(refused)
    return _answer(request, found, seat.number, problem)


@login_required
@require_POST
def table_joining(request: HttpRequest, code: str) -> HttpResponse:
    open_ = request.POST.get("open") == "yes"
    return _seat_action(request, code, lambda t, u: seating.table_joining_set(table=t, by=u, open_=open_))


async def table_live(request: HttpRequest, code: str) -> StreamingHttpResponse | HttpResponse:
    """The seat's stream: "the table is at version V", first the version its page was drawn at,
    then each one that changed what this seat sees, nothing else (the page then fetches its own
    view). Only with the token the seat's page carries (table_access.stream_url): the signature is
    all it checks, with no session and no database. Anyone else gets a bare 404: the site's 404
    page would read the session to draw its menu."""
    granted = stream_pass(request.GET.get("token", ""), code=code)
    if granted is None:
        return HttpResponseNotFound("No such table", content_type="text/plain; charset=utf-8")
    return await live.stream_response(seat_topic(granted.table_id, granted.seat), version=granted.version)
