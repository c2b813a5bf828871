from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_GET, require_http_methods
from django_htmx.http import HttpResponseClientRefresh

from cfmj.accounts.learners import user_of
from cfmj.classes import (
    homework,
    joining,
    reports,
    selectors,
    services,
    sessions,
    table_selectors,
    table_time,
)
from cfmj.classes.access import joined_or_404, owned_or_404, taught_or_404
from cfmj.classes.forms import (
    ClassroomForm,
    CoteacherForm,
    JoinForm,
    StudentForm,
)
from cfmj.classes.homework_kinds import keeping_a_table, kind_of
from cfmj.classes.models import Assignment, Classroom, Membership
from cfmj.classes.services import ClassError
from cfmj.core.http import HtmxHttpRequest
from cfmj.core.ratelimit import rate_limited
from cfmj.engine.labels import HOUSE_RULE_LABELS, SKILL_LEVEL_LABELS


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


@require_http_methods(["GET", "POST"])
@rate_limited("join", methods=("GET", "POST"))  # a preview says whether a code exists: counted too
def join(request: HttpRequest, code: str = "") -> HttpResponse:
    """Typing a code (or following a join link, which fills it in) and confirming by POST. Someone
    not signed in who follows a join link is told which class it is, and led through sign-up or
    log-in into it."""
    if not request.user.is_authenticated:
        if not code or request.method != "GET":
            return redirect_to_login(request.get_full_path())
        return _join_welcome(request, code)
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


def _join_welcome(request: HttpRequest, code: str) -> HttpResponse:
    classroom = Classroom.objects.filter(code=services.normalise_code(code)).first()
    here = request.get_full_path()
    return render(
        request,
        "classes/join_welcome.html",
        {
            "classroom": classroom,
            "open": classroom is not None and joining.join_open(classroom),
            "signup_url": f"{reverse('accounts:signup')}?{urlencode({'next': here})}",
            "login_url": f"{reverse('accounts:login')}?{urlencode({'next': here})}",
        },
        status=200 if classroom is not None else 404,
    )


@login_required
@require_GET
def detail(request: HttpRequest, pk: int) -> HttpResponse:
    classroom, membership = joined_or_404(request, pk)
    user = user_of(request)
    assignments = list(classroom.assignments.select_related("lesson").prefetch_related("students"))
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
                "join_url": joining.join_url(request, classroom),
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
            for work, table in homework.on_older_rules(classroom):  # set under other rules
                messages.warning(
                    request, f"{work.title} (due {work.due:%-d %b}) keeps the rules it was set with: {table}."
                )
            return redirect("classes:detail", pk=classroom.pk)
    note = (
        "Homework already set keeps the rules it was set with: after saving, you are told which."
        if classroom.assignments.filter(kind__in=keeping_a_table()).exists()
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
@require_http_methods(["GET", "POST"])
def archive(request: HttpRequest, pk: int) -> HttpResponse:
    """The owner archives the class after a page saying what that closes (GET), or brings it back
    (POST restore=1, which takes nothing away: one tap)."""
    classroom = owned_or_404(request, pk)
    if request.method == "GET":
        if classroom.archived:
            return redirect("classes:detail", pk=classroom.pk)
        return render(request, "classes/confirm.html", _archive_confirm(classroom))
    restore = request.POST.get("restore") == "1"
    services.classroom_archive(classroom=classroom, archived=not restore)
    if not restore:  # nothing stays open on the board either
        while (current := sessions.session_current(classroom)) is not None:
            sessions.session_close(session=current)
        if (tables := table_selectors.table_time_of(classroom)) is not None:
            table_time.table_time_end(table_time=tables)
    messages.success(
        request,
        f"{classroom.name} is back in use: its code and join link let students in again."
        if restore
        else f"{classroom.name} is archived. Everyone's progress is kept; you can bring it back below.",
    )
    return redirect("classes:detail", pk=classroom.pk)


def _archive_confirm(classroom: Classroom) -> dict[str, Any]:
    return {
        "classroom": classroom,
        "title": f"Archive {classroom.name}?",
        "points": [
            "Its code and join link stop letting anyone in, and are no longer shown.",
            "No homework can be set and no accounts made for it; a puzzle on the board is taken off, and"
            " table time ends.",
            "Its students and teachers stay, and everyone's progress is kept.",
            "You can bring the class back at any time, and everything opens again.",
        ],
        "action": reverse("classes:archive", args=[classroom.pk]),
        "button": f"Archive {classroom.name}",
        "cancel": "No, keep the class open",
    }


@login_required
@require_http_methods(["GET", "POST"])
def leave(request: HttpRequest, pk: int) -> HttpResponse:
    """A student leaves, or a co-teacher steps down, after a page saying what that means."""
    classroom, membership = joined_or_404(request, pk)
    if request.method == "GET":  # asks first; never changes anything
        if classroom.owner_id == membership.user_id:
            messages.error(request, services.OWNER_STAYS)
            return redirect("classes:detail", pk=classroom.pk)
        return render(request, "classes/confirm.html", _leave_confirm(classroom, membership))
    try:
        services.membership_end(classroom=classroom, user=user_of(request))
    except ClassError as error:
        messages.error(request, str(error))
        return redirect("classes:detail", pk=classroom.pk)
    messages.success(request, f"You have left {classroom.name}. Your own progress is kept.")
    return redirect("classes:index")


def _leave_confirm(classroom: Classroom, membership: Membership) -> dict[str, Any]:
    teacher = membership.role == Membership.Role.TEACHER
    points = (
        [
            f"You no longer see {classroom.name}, its students or its report.",
            "The owner can invite you again.",
        ]
        if teacher
        else [
            f"You no longer see {classroom.name} or its homework.",
            "Everything you did stays in your own progress. You can join again with the class code.",
        ]
    )
    return {
        "classroom": classroom,
        "title": f"Step down from {classroom.name}?" if teacher else f"Leave {classroom.name}?",
        "points": points,
        "action": reverse("classes:leave", args=[classroom.pk]),
        "button": "Step down" if teacher else f"Leave {classroom.name}",
        "cancel": "No, stay in the class",
    }


@login_required
@require_GET
def assignment(request: HtmxHttpRequest, pk: int, assignment_id: int) -> HttpResponse:
    """Teachers: who has finished. Students: the work itself (the lesson, or the next puzzle). While
    a student's next puzzle is being made, their page looks again by itself (htmx: 204 while it is
    not there yet, then the whole page reloaded)."""
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
                "table": homework.homework_table_words(work),
            },
        )
    user = user_of(request)
    if not selectors.is_set_for(work, user):
        raise Http404("No such homework for you")
    kind = kind_of(work)
    if kind.start_url is not None and (url := kind.start_url(work)):  # a lesson, the Play page...
        return redirect(url)
    status = selectors.statuses(work, [user])[user.pk]
    context = {
        "classroom": classroom,
        "assignment": work,
        "status": status,
        **kind.context(request, work, status),
    }
    if request.htmx:  # the page looking again while a puzzle is made: still nothing, or all of it
        return HttpResponse(status=204) if context.get("making") else HttpResponseClientRefresh()
    return render(request, kind.template, context)
