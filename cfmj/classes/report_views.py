"""The class report as a spreadsheet, for the class's teachers."""

from __future__ import annotations

import csv

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from cfmj.classes.access import taught_or_404
from cfmj.classes.reports import report_csv_rows

# A cell starting with one of these is run as a formula by spreadsheet programs: a student who
# names their account "=HYPERLINK(...)" must not get to run it on the teacher's computer.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(text: str) -> str:
    return "'" + text if text.startswith(FORMULA_STARTS) else text


@login_required
@require_GET
def export_csv(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = taught_or_404(request, pk)
    filename = f"{slugify(classroom.name) or 'class'}-progress.csv"  # slugify: no quotes or newlines
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    csv.writer(response).writerows([_cell(text) for text in row] for row in report_csv_rows(classroom))
    return response
