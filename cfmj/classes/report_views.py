"""The class's gradebook as a spreadsheet, for the class's teachers (cfmj.classes.gradebook)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from cfmj.classes.access import taught_or_404
from cfmj.classes.gradebook import gradebook_response


@login_required
@require_GET
def export_csv(request: HttpRequest, pk: int) -> HttpResponse:
    return gradebook_response(taught_or_404(request, pk))
