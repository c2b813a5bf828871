from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from cfmj.classes import homework, reports, selectors, services
from cfmj.classes.access import joined_or_404, owned_or_404, taught_or_404, user_of
from cfmj.classes.forms import (
    ClassroomForm,
    CoteacherForm,
    JoinForm,
    StudentForm,
)
from cfmj.classes.models import Assignment, Classroom, Membership
from cfmj.classes.services import ClassError
from cfmj.core.learners import learner_of
from cfmj.core.ratelimit import rate_limited
from cfmj.engine import drills
from cfmj.engine.labels import HOUSE_RULE_LABELS, SKILL_LEVEL_LABELS
from practice import answering, serving


def _assignment_or_404(classroom: Classroom, assignment_id: int) -> Assignment:
    return get_object_or_404(
        Assignment.objects.select_related("lesson"), pk=assignment_id, classroom=classroom
    )


@login_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    user = user_of(request)
    return render(
        request,
        "classes/index.html",
        {
            "teaching": selectors.classes_of(user, Membership.Role.TEACHER),
            "joined": selectors.classes_of(user, Membership.Role.STUDENT),
            "invites": selectors.invites_for(user),
            "join_form": JoinForm(),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def create(request: HttpRequest) -> HttpResponse:
    user = user_of(request)
    if not user.is_teacher:
        messages.info(
            request, "Making a class needs a teacher account. To join a class, type its code below."
        )
        return redirect("classes:index")
    form = ClassroomForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            classroom = services.classroom_create(teacher=user, **form.cleaned_data)
        except ClassError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request, f"{classroom.name} is ready. Students join with the code {classroom.code}."
            )
            return redirect("classes:detail", pk=classroom.pk)
    return render(
        request, "classes/form.html", {"form": form, "title": "Make a class", "button": "Make the class"}
    )


@login_required
@require_http_methods(["GET", "POST"])
@rate_limited("join", methods=("GET", "POST"))  # a preview says whether a code exists: counted too
def join(request: HttpRequest, code: str = "") -> HttpResponse:
    """Typing a code (or following a join link, which fills it in) and confirming by POST."""
    form = JoinForm(request.POST or None, initial={"code": code})
    user = user_of(request)
    if request.method == "POST" and form.is_valid():
        try:
            classroom = services.classroom_join(user=user, code=form.cleaned_data["code"])
        except ClassError as error:
            form.add_error(None, str(error))  # said at the top of the form, where it is seen
        else:
            messages.success(request, f"You are in {classroom.name}.")
            return redirect("classes:detail", pk=classroom.pk)
    preview, already_in, problem = None, False, ""
    if code and request.method == "GET":  # a join link: say before the button what it will do
        try:
            preview, already_in = services.classroom_join_check(user=user, code=code)
        except ClassError as error:
            problem = str(error)
    return render(
        request,
        "classes/join.html",
        {"form": form, "preview": preview, "already_in": already_in, "problem": problem},
    )


@login_required
@require_GET
def detail(request: HttpRequest, pk: int) -> HttpResponse:
    classroom, membership = joined_or_404(request, pk)
    user = user_of(request)
    assignments = list(classroom.assignments.select_related("lesson"))
    context: dict[str, Any] = {
        "classroom": classroom,
        "membership": membership,
        "house_rules": [HOUSE_RULE_LABELS[r] for r in classroom.house_rules],
        "skill_level": SKILL_LEVEL_LABELS.get(classroom.skill_level, ""),
    }
    if membership.role == Membership.Role.TEACHER:
        context.update(
            {
                "students": selectors.students_of(classroom),
                "removed": selectors.removed_students_of(classroom),
                "managed": selectors.managed_ids(classroom),
                "teachers": selectors.teachers_of(classroom),
                "invites": selectors.invites_pending_of(classroom),
                "is_owner": classroom.owner_id == user.pk,
                "assignments": assignments,
                "report": reports.class_report(classroom),
                # Both forms have a username: ids of their own, so each label names its own field.
                "student_form": StudentForm(auto_id="student-%s"),
                "coteacher_form": CoteacherForm(auto_id="coteacher-%s"),
                "join_url": request.build_absolute_uri(f"/classes/join/{classroom.code}/"),
            }
        )
        return render(request, "classes/teacher.html", context)
    mine = classroom.assignments.filter(selectors.for_student(user)).select_related("lesson").distinct()
    context["work"] = [(a, selectors.statuses(a, [user])[user.pk]) for a in mine]
    return render(request, "classes/student.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def edit(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = taught_or_404(request, pk)
    form = ClassroomForm(
        request.POST or None,
        initial={
            "name": classroom.name,
            "description": classroom.description,
            "house_rules": classroom.house_rules,
            "skill_level": classroom.skill_level,
        },
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.classroom_update(classroom=classroom, **form.cleaned_data)
        except ClassError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, "Saved.")
            classroom.refresh_from_db()
            for work, table in homework.on_older_rules(classroom):  # issue 16, item 7
                messages.warning(
                    request, f"{work.title} (due {work.due:%-d %b}) keeps the rules it was set with: {table}."
                )
            return redirect("classes:detail", pk=classroom.pk)
    note = (
        "Homework already set keeps the rules it was set with: after saving, you are told which."
        if classroom.assignments.exclude(kind=Assignment.Kind.LESSON).exists()
        else ""
    )
    return render(
        request,
        "classes/form.html",
        {
            "form": form,
            "title": f"Change {classroom.name}",
            "button": "Save",
            "classroom": classroom,
            "note": note,
        },
    )


@login_required
@require_POST
def archive(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = owned_or_404(request, pk)
    restore = request.POST.get("restore") == "1"
    services.classroom_archive(classroom=classroom, archived=not restore)
    messages.success(
        request,
        f"{classroom.name} is {'back in use' if restore else 'archived'}. Everyone's progress is kept.",
    )
    return redirect("classes:detail", pk=classroom.pk)


@login_required
@require_POST
def leave(request: HttpRequest, pk: int) -> HttpResponse:
    classroom, _ = joined_or_404(request, pk)
    try:
        services.membership_end(classroom=classroom, user=user_of(request))
    except ClassError as error:
        messages.error(request, str(error))
        return redirect("classes:detail", pk=classroom.pk)
    messages.success(request, f"You have left {classroom.name}. Your own progress is kept.")
    return redirect("classes:index")


@login_required
@require_GET
def assignment(request: HttpRequest, pk: int, assignment_id: int) -> HttpResponse:
    """Teachers: who has finished. Students: the work itself (the lesson, or the next puzzle)."""
    classroom, membership = joined_or_404(request, pk)
    work = _assignment_or_404(classroom, assignment_id)
    if membership.role == Membership.Role.TEACHER:
        students = selectors.set_for(work, selectors.students_of(classroom))
        found = selectors.statuses(work, students)
        return render(
            request,
            "classes/assignment_teacher.html",
            {
                "classroom": classroom,
                "assignment": work,
                "rows": [(s, found[s.pk]) for s in students],
                "some": work.students.exists(),
                "table": homework.table_words(work.table) if work.kind != Assignment.Kind.LESSON else "",
            },
        )
    user = user_of(request)
    if not selectors.is_set_for(work, user):
        raise Http404("No such homework for you")
    status = selectors.statuses(work, [user])[user.pk]
    if work.kind == Assignment.Kind.LESSON and work.lesson is not None:
        return redirect("lessons:lesson", slug=work.lesson.slug)
    puzzle = None if status.done else selectors.next_assignment_puzzle(work, user)
    context: dict[str, Any] = {"classroom": classroom, "assignment": work, "status": status, "puzzle": puzzle}
    if puzzle is not None:
        # Served for this homework, to this student: the answer counts for it, and leads back here.
        where = serving.homework(classroom.pk, work.pk)
        context.update(
            {
                "question": puzzle.question,
                "kind_title": drills.KIND_TITLES[puzzle.kind],
                "token": answering.question_serve(
                    learner=learner_of(request), what=serving.puzzle(puzzle.pk), where=where
                ),
            }
        )
    return render(request, "classes/assignment_student.html", context)
