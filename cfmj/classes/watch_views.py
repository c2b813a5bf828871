"""Over the shoulder of one of the class's tables, for the class's teachers alone (everyone else:
404): every seat's rack, the coach's advice for each person who owes a choice and the marks of
their choices so far, live through the table's stream. It first warns that it shows every hand
(not for the projector while students play), and is refused while the teacher sits at one of the
class's tables. And a word to one seat: a set phrase or a short note, seen at that seat alone."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from cfmj.accounts.learners import user_of
from cfmj.classes import table_live, table_selectors, table_time
from cfmj.classes.access import taught_or_404
from cfmj.classes.models import Classroom, ClassTable
from cfmj.classes.services import ClassError
from cfmj.core.htmx import render_partial_response
from cfmj.core.http import HtmxHttpRequest, sent_number
from cfmj.core.ratelimit import rate_limited
from cfmj.play import table_watch
from cfmj.play.announce import table_topic

SURE = "yes"  # ?sure=yes: the warning was read


def _placed_or_404(classroom: Classroom, table_id: int) -> ClassTable:
    return get_object_or_404(
        ClassTable.objects.select_related("table", "table_time"), pk=table_id, table_time__classroom=classroom
    )


@login_required
@never_cache
@require_GET
def table_watch_page(request: HtmxHttpRequest, pk: int, table_id: int) -> HttpResponse:
    classroom = taught_or_404(request, pk)
    placed = _placed_or_404(classroom, table_id)
    user = user_of(request)
    context: dict[str, Any] = {"classroom": classroom, "placed": placed, "table": placed.table}
    playing_at = table_selectors.teacher_seated(classroom, user)
    if playing_at is not None:
        context["playing_at"] = playing_at
        return render(request, "classes/table_watch.html", context, status=403)
    if request.GET.get("sure") != SURE:
        return render(request, "classes/table_watch.html", context)
    table = placed.table
    if request.htmx and request.GET.get("seen") == str(table.version):
        return HttpResponse(status=204)
    seen, seats = table_watch.over_the_shoulder(table)
    context.update(
        glance=seen,
        seats=seats,
        sure=SURE,
        phrases=table_time.PHRASES.items(),
        note_max=table_time.NOTE_MAX,
        live_url=table_live.stream_url(
            classroom=classroom, user=user, topics={table_topic(table.pk): table.version}
        ),
    )
    return render_partial_response(request, "classes/table_watch.html", context, partial="watch")


@login_required
@require_http_methods(["GET", "POST"])
@rate_limited("table_word")
def table_word(request: HttpRequest, pk: int, table_id: int) -> HttpResponse:
    """A word to one seat: the form for each person at the table (GET), or the word sent (POST), then
    back to where it was sent from (the view over the shoulder, or this page)."""
    classroom = taught_or_404(request, pk)
    placed = _placed_or_404(classroom, table_id)
    here = reverse("classes:table_word", args=[classroom.pk, placed.pk])
    if request.method == "GET":
        seen = table_watch.glance(placed.table)
        context = {
            "classroom": classroom,
            "placed": placed,
            "glance": seen,
            "phrases": table_time.PHRASES.items(),
            "note_max": table_time.NOTE_MAX,
        }
        return render(request, "classes/table_word.html", context)
    back = here
    if request.POST.get("back") == "watch":
        back = reverse("classes:table_watch", args=[classroom.pk, placed.pk]) + f"?sure={SURE}"
    number = sent_number(request.POST.get("seat"), digits=1)
    try:
        if number is None or number > 3:
            raise ClassError("Choose whom to send it to.")
        text = table_time.table_word_send(
            class_table=placed,
            number=number,
            teacher=user_of(request),
            phrase=request.POST.get("phrase", ""),
            note=request.POST.get("note", ""),
        )
    except ClassError as problem:
        messages.error(request, str(problem))
        return redirect(back)
    who = placed.table.seats.filter(number=number).select_related("user").first()
    name = who.user.username if who is not None and who.user is not None else "that seat"
    messages.success(request, f"Sent to {name} alone: “{text}”")
    return redirect(back)
