"""Table time's pages. The class's teachers: seat the class (/classes/<id>/tables/: the form, then
the tables to rearrange, then all tables at a glance, live through one stream), pause and resume,
seat latecomers, end; over one table's shoulder (every rack, after a warning) and a word to one
seat. A student: their table (/classes/<id>/tables/mine/, also drawn on the class page and the board
page, where it follows the class's topic and takes them to their seat once seated) and a seat for a
latecomer. Every change is a plain form; htmx and the stream only spare a Refresh."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotFound, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect, HttpResponseClientRefresh

from cfmj.accounts.learners import user_of
from cfmj.accounts.models import User
from cfmj.classes import table_live, table_selectors, table_time
from cfmj.classes.access import joined_or_404, taught_or_404
from cfmj.classes.models import Classroom, TableTime
from cfmj.classes.selectors import students_of
from cfmj.classes.services import ClassError
from cfmj.classes.table_ready import ready_context
from cfmj.core import live
from cfmj.core.htmx import render_partial_response
from cfmj.core.http import HtmxHttpRequest, sent_number
from cfmj.engine import coach
from cfmj.play import table_watch
from cfmj.play.announce import table_topic
from cfmj.play.models import Table

TURN_CLOCKS = (None, 30, 60, 90, 120)
CALL_WINDOWS = (5, 8, 12, 20, 30)


def _table_time_or_404(classroom: Classroom) -> TableTime:
    found = table_selectors.table_time_of(classroom)
    if found is None:
        raise Http404("No table time")
    return found


def _number(text: str | None) -> int | None:
    return sent_number(text)


def _back(request: HttpRequest, classroom: Classroom, problem: str = "", done: str = "") -> HttpResponse:
    if problem:
        messages.error(request, problem)
    if done:
        messages.success(request, done)
    return redirect("classes:tables", pk=classroom.pk)


@login_required
@never_cache
@require_GET
def tables(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Before table time: who is here and the tables' pace; while arranging: the tables to change;
    during play: every table at a glance (the "glance" part, fetched afresh when its stream says a
    table or the class moved on; 204 when `seen` is still its version). The part's stream follows
    the tables it was drawn with: once a table is added, or table time is over, the part's fetch
    reloads the whole page (and so its stream)."""
    classroom = taught_or_404(request, pk)
    current = table_selectors.table_time_of(classroom)
    context: dict[str, Any] = {"classroom": classroom, "table_time": current}
    playing = current is not None and current.status == TableTime.Status.PLAYING
    if request.htmx and not playing:
        return HttpResponseClientRefresh()
    if current is None:
        context.update(_setup_context(classroom, user_of(request)))
        return render(request, "classes/tables.html", context)
    if current.status == TableTime.Status.ARRANGING:
        context.update(_arrange_context(classroom, current))
        return render(request, "classes/tables.html", context)
    context.update(_glance_context(classroom, current, user_of(request)))
    if request.htmx and request.GET.get("tables", context["table_ids"]) != context["table_ids"]:
        return HttpResponseClientRefresh()
    if request.htmx and request.GET.get("seen") == str(context["version"]):
        return HttpResponse(status=204)
    return render_partial_response(request, "classes/tables.html", context, partial="glance")


def _setup_context(classroom: Classroom, teacher: User) -> dict[str, Any]:
    return {
        "students": students_of(classroom),
        "levels": coach.LEVELS.items(),
        "default_level": coach.DEFAULT_LEVEL,
        "kinds": Table.Kind.choices,
        "call_windows": CALL_WINDOWS,
        "turn_clocks": TURN_CLOCKS,
    }


def _arrange_context(classroom: Classroom, current: TableTime) -> dict[str, Any]:
    ids = [uid for seats in current.plan for uid in seats if uid is not None]
    people = User.objects.in_bulk(ids)
    plan = [[people.get(uid) if uid is not None else None for uid in seats] for seats in current.plan]
    return {"plan": plan, "numbers": range(1, len(plan) + 2)}


def _glance_context(classroom: Classroom, current: TableTime, user: User) -> dict[str, Any]:
    placed = table_selectors.tables_of(current)
    class_version = table_live.class_version(classroom.pk)
    topics = {table_live.class_topic(classroom.pk): class_version}
    topics.update({table_topic(p.table_id): p.table.version for p in placed})
    return {
        "glances": [(p, table_watch.glance(p.table)) for p in placed],
        "version": sum(topics.values()),
        "table_ids": "-".join(str(p.pk) for p in placed),
        "live_url": table_live.stream_url(classroom=classroom, user=user, topics=topics),
        "latecomers": table_selectors.unseated_students(current),
        "phrases": table_time.PHRASES.items(),
    }


def _pace(request: HttpRequest) -> dict[str, Any]:
    data = request.POST
    return {
        "kind": data.get("kind", Table.Kind.PRACTICE),
        "bot_level": data.get("bot_level", coach.DEFAULT_LEVEL),
        "call_seconds": _number(data.get("call_seconds")) or 8,
        "turn_seconds": _number(data.get("turn_seconds")),
    }


@login_required
@require_POST
def tables_arrange(request: HttpRequest, pk: int) -> HttpResponse:
    """The ticked students (and the teacher, if they play too) seated at tables to arrange."""
    classroom = taught_or_404(request, pk)
    teacher = user_of(request)
    ids = {n for n in map(_number, request.POST.getlist("students")) if n is not None}
    people = list(User.objects.filter(pk__in=ids))
    if request.POST.get("me") == "yes":
        people.append(teacher)
    try:
        table_time.table_time_arrange(classroom=classroom, teacher=teacher, people=people, **_pace(request))
    except ClassError as problem:
        return _back(request, classroom, str(problem))
    return redirect("classes:tables", pk=classroom.pk)


@login_required
@require_POST
def tables_move(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = taught_or_404(request, pk)
    current = _table_time_or_404(classroom)
    person, to = _number(request.POST.get("person")), _number(request.POST.get("to"))
    try:
        if person is None or to is None:
            raise ClassError("Choose whom to move, and to which table.")
        table_time.table_time_move(table_time=current, person_id=person, to=to)
    except ClassError as problem:
        return _back(request, classroom, str(problem))
    return redirect(reverse("classes:tables", args=[classroom.pk]) + "#plan")


@login_required
@require_POST
def tables_start(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = taught_or_404(request, pk)
    current = _table_time_or_404(classroom)
    try:
        table_time.table_time_start(table_time=current)
    except ClassError as problem:
        return _back(request, classroom, str(problem))
    return _back(
        request, classroom, done="Play has started at every table: your students are taken to their seats."
    )


@login_required
@require_POST
def tables_pause(request: HttpRequest, pk: int) -> HttpResponse:
    """Pause all tables (pause=yes) or resume them (pause=no)."""
    classroom = taught_or_404(request, pk)
    current = _table_time_or_404(classroom)
    paused = request.POST.get("pause") == "yes"
    try:
        table_time.table_time_pause(table_time=current, paused=paused)
    except ClassError as problem:
        return _back(request, classroom, str(problem))
    # Paused: the glance says so above the tables, as it does on every redraw.
    return _back(request, classroom, done="" if paused else "Play goes on at every table.")


@login_required
@require_POST
def tables_latecomers(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = taught_or_404(request, pk)
    current = _table_time_or_404(classroom)
    ids = {n for n in map(_number, request.POST.getlist("people")) if n is not None}
    people = list(User.objects.filter(pk__in=ids).order_by("username"))
    if not people:
        return _back(request, classroom, "Tick the students who have just come in.")
    try:
        placed = table_time.latecomers_seat(table_time=current, people=people)
    except ClassError as problem:
        return _back(request, classroom, str(problem))
    seated = "; ".join(f"{p.username} at table {t.number}" for p, t in zip(people, placed, strict=True))
    return _back(request, classroom, done=f"Seated: {seated}.")


@login_required
@require_http_methods(["GET", "POST"])
def tables_end(request: HttpRequest, pk: int) -> HttpResponse:
    """End table time, after a page saying what that does (GET)."""
    classroom = taught_or_404(request, pk)
    current = _table_time_or_404(classroom)
    if request.method == "GET":
        return render(request, "classes/confirm.html", _end_confirm(classroom, current))
    table_time.table_time_end(table_time=current)
    messages.success(request, "Table time is over. Every hand played is kept, with its review.")
    return redirect("classes:detail", pk=classroom.pk)


def _end_confirm(classroom: Classroom, current: TableTime) -> dict[str, Any]:
    arranging = current.status == TableTime.Status.ARRANGING
    points = (
        ["The tables you arranged are dropped; nobody has played yet."]
        if arranging
        else [
            "Every table closes: a hand in play can still be finished, but no new hand is dealt.",
            "Every hand played is kept: your students and you can open their reviews.",
        ]
    )
    return {
        "classroom": classroom,
        "title": "Drop these tables?" if arranging else "End table time?",
        "points": points,
        "action": reverse("classes:tables_end", args=[classroom.pk]),
        "button": "Drop the tables" if arranging else "End table time",
        "cancel": "No, go back",
    }


@login_required
@never_cache
@require_GET
def tables_mine(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A person's table in this class's table time: the page, or its "ready" part (drawn on the class
    page and the board page too). Fetched by htmx once seated when drawn unseated, it takes them to
    their seat."""
    classroom, _membership = joined_or_404(request, pk)
    context = ready_context(request, classroom)
    if request.htmx:
        if request.GET.get("seen") == str(context["ready_version"]):
            return HttpResponse(status=204)
        ready = context["ready"]
        if request.GET.get("seated") == "no" and ready is not None and ready.seat is not None:
            return HttpResponseClientRedirect(reverse("play:table", args=[ready.placed.table.code]))
    return render_partial_response(request, "classes/table_ready.html", context, partial="ready")


@login_required
@require_POST
def tables_seat(request: HttpRequest, pk: int) -> HttpResponse:
    """A latecomer (a student of the class) takes a seat: a bot's, or a new table's."""
    classroom, _membership = joined_or_404(request, pk)
    current = table_selectors.table_time_of(classroom)
    try:
        if current is None or current.status != TableTime.Status.PLAYING:
            raise ClassError("The class is not at the tables just now.")
        placed = table_time.latecomer_seat(table_time=current, person=user_of(request))
    except ClassError as problem:
        messages.error(request, str(problem))
        return redirect("classes:detail", pk=classroom.pk)
    return redirect("play:table", code=placed.table.code)


async def class_tables_live(request: HttpRequest, pk: int) -> StreamingHttpResponse | HttpResponse:
    """The stream of a class's table pages: the topics its token was signed for (table_live), with
    no session and no database; a bare 404 without a good token."""
    granted = table_live.stream_pass(request.GET.get("token", ""), classroom_id=pk)
    if granted is None:
        return HttpResponseNotFound("No such class", content_type="text/plain; charset=utf-8")
    return await live.stream_many_response(granted)
