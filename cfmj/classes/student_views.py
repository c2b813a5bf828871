"""A student's page in the class report, for the class's teachers."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from cfmj.accounts.models import User
from cfmj.classes.access import taught_or_404
from cfmj.classes.models import Classroom, Membership
from cfmj.classes.student_report import student_report


def class_student_or_404(classroom: Classroom, user_id: int) -> User:
    """One of the class's students now (not one who left or was taken out, nor a teacher)."""
    membership = (
        Membership.objects.active()
        .students()
        .filter(classroom=classroom, user_id=user_id)
        .select_related("user")
        .first()
    )
    if membership is None:
        raise Http404("No such student in this class")
    return membership.user


@login_required
@require_GET
def student(request: HttpRequest, pk: int, user_id: int) -> HttpResponse:
    classroom = taught_or_404(request, pk)
    report = student_report(classroom, class_student_or_404(classroom, user_id))
    return render(request, "classes/student_report.html", {"classroom": classroom, "report": report})
