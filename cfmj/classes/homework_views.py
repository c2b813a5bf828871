"""Setting homework (the kind first, then that kind's form), and correcting, duplicating and
deleting homework already set. For the class's teachers only: everyone else gets 404."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from cfmj.accounts.learners import learner_of, user_of
from cfmj.classes import homework, services
from cfmj.classes.access import taught_or_404
from cfmj.classes.homework_forms import HomeworkCopyForm, HomeworkEditForm, HomeworkForm
from cfmj.classes.homework_kinds import find, kind_of, kinds
from cfmj.classes.models import Assignment, Classroom
from cfmj.classes.services import ClassError

ARCHIVED = "This class is archived: bring it back before setting or changing homework."


def _taught_homework_or_404(request: HttpRequest, pk: int, assignment_id: int) -> Assignment:
    classroom = taught_or_404(request, pk)
    return get_object_or_404(
        Assignment.objects.select_related("lesson", "classroom"), pk=assignment_id, classroom=classroom
    )


def _archived(request: HttpRequest, classroom: Classroom) -> HttpResponse | None:
    """Back to the class page, saying why, when the class is archived (before any form is filled)."""
    if not classroom.archived:
        return None
    messages.error(request, ARCHIVED)
    return redirect("classes:detail", pk=classroom.pk)


def _due_said(request: HttpRequest, work: Assignment) -> None:
    if work.due < learner_of(request).today():
        messages.warning(
            request,
            f"The due date, {work.due:%-d %B %Y}, has passed: students who have not finished "
            "it see it as late.",
        )


@login_required
@require_GET
def choose(request: HttpRequest, pk: int) -> HttpResponse:
    """Which kind of homework: each with what it is, leading to its own form."""
    classroom = taught_or_404(request, pk)
    if (back := _archived(request, classroom)) is not None:
        return back
    choices = [(kind.name, kind.label, kind.words) for kind in kinds()]
    return render(request, "classes/homework_kind.html", {"classroom": classroom, "kinds": choices})


@login_required
@require_http_methods(["GET", "POST"])
def create(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    classroom = taught_or_404(request, pk)
    definition = find(kind)
    if definition is None:
        raise Http404("No such kind of homework")
    if (back := _archived(request, classroom)) is not None:
        return back
    form = HomeworkForm(
        request.POST or None, kind=kind, classroom=classroom, today=learner_of(request).today()
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            work = services.assignment_create(
                classroom=classroom,
                teacher=user_of(request),
                kind=kind,
                due=data["due"],
                lesson=data.get("lesson"),
                drill_kind=data.get("drill_kind") or "",
                count=data.get("count") or 0,
                band=data.get("band") or 2,
                play_mode=data.get("play_mode") or "",
                name=data.get("name") or "",
                bot_level=data.get("bot_level") or "",
            )
            homework.students_set(assignment=work, students=data.get("students") or ())
        except ClassError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, f"Homework set: {work.title}. Your students see it on their home page.")
            return redirect("classes:detail", pk=classroom.pk)
    return render(
        request,
        "classes/homework_form.html",
        {
            "form": form,
            "classroom": classroom,
            "title": f"Set homework: {definition.label.lower()}",
            "words": definition.words,
            "button": "Set it",
            "back": ("Choose another kind", "classes:assignment_create"),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def edit(request: HttpRequest, pk: int, assignment_id: int) -> HttpResponse:
    work = _taught_homework_or_404(request, pk, assignment_id)
    if (back := _archived(request, work.classroom)) is not None:
        return back
    form = HomeworkEditForm(request.POST or None, assignment=work)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            homework.assignment_update(
                assignment=work,
                due=data["due"],
                students=data.get("students") or (),
                lesson=data.get("lesson"),
                count=data.get("count"),
                band=data.get("band"),
                play_mode=data.get("play_mode"),
                name=data.get("name") or "",
            )
        except ClassError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, f"Saved: {work.title}, due {work.due:%-d %B %Y}.")
            _due_said(request, work)
            return redirect("classes:assignment", pk=work.classroom_id, assignment_id=work.pk)
    words = kind_of(work).words + kind_of(work).edit_words
    return render(
        request,
        "classes/homework_form.html",
        {
            "form": form,
            "classroom": work.classroom,
            "assignment": work,
            "title": f"Change {work.title}",
            "words": words
            + " A past due date is allowed here: it shows as late for whoever has not finished.",
            "button": "Save",
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def duplicate(request: HttpRequest, pk: int, assignment_id: int) -> HttpResponse:
    work = _taught_homework_or_404(request, pk, assignment_id)
    if (back := _archived(request, work.classroom)) is not None:
        return back
    form = HomeworkCopyForm(
        request.POST or None, classroom=work.classroom, today=learner_of(request).today(), name=work.name
    )
    if request.method == "POST" and form.is_valid():
        try:
            copy = homework.assignment_duplicate(
                assignment=work,
                teacher=user_of(request),
                due=form.cleaned_data["due"],
                students=form.cleaned_data.get("students") or (),
                name=form.cleaned_data.get("name") or "",
            )
        except ClassError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, f"Copied: {copy.title}, due {copy.due:%-d %B %Y}.")
            return redirect("classes:assignment", pk=copy.classroom_id, assignment_id=copy.pk)
    same = kind_of(work).copy_keeps
    return render(
        request,
        "classes/homework_form.html",
        {
            "form": form,
            "classroom": work.classroom,
            "assignment": work,
            "title": f"Duplicate {work.title}",
            "words": f"A copy with {same}, due on another day or for other students.",
            "button": "Make the copy",
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def delete(request: HttpRequest, pk: int, assignment_id: int) -> HttpResponse:
    """A page that asks first (no JavaScript needed); the students keep their answers."""
    work = _taught_homework_or_404(request, pk, assignment_id)
    if request.method == "POST":
        title = work.title
        homework.assignment_delete(assignment=work)
        messages.success(
            request, f"Deleted the homework {title}. Your students' answers stay in their own progress."
        )
        return redirect("classes:detail", pk=work.classroom_id)
    return render(request, "classes/homework_delete.html", {"classroom": work.classroom, "assignment": work})
