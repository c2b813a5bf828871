"""The join card: a class's code, join link and the link's QR code, to print or put on the board."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from cfmj.classes import joining
from cfmj.classes.access import taught_or_404
from cfmj.core.qr import qr_svg


@login_required
@require_GET
def join_card(request: HttpRequest, pk: int) -> HttpResponse:
    """For the class's teachers; an archived class, or one with joining closed, has no card (its
    code lets nobody in)."""
    classroom = taught_or_404(request, pk)
    if not joining.join_open(classroom):
        messages.error(
            request,
            "This class is archived: bring it back to give out its code again."
            if classroom.archived
            else "Joining is closed: open it first, then print the join card.",
        )
        return redirect("classes:detail", pk=classroom.pk)
    url = joining.join_url(request, classroom)
    return render(
        request,
        "classes/join_card.html",
        {"classroom": classroom, "join_url": url, "qr": qr_svg(url)},
    )
