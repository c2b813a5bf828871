"""Who is in a class: accounts a teacher makes, passwords of those accounts, removing and adding back
students, inviting and removing co-teachers, handing the class over, the join code and whether
joining is open. Every change is a POST from the class page that comes back to it with a message."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from cfmj.accounts.learners import user_of
from cfmj.accounts.models import User
from cfmj.classes import roster, services
from cfmj.classes.access import owned_or_404, taught_or_404
from cfmj.classes.forms import CoteacherForm, PasswordForm, StudentForm, form_errors
from cfmj.classes.models import Classroom, CoteacherInvite, Membership
from cfmj.classes.services import ClassError
from cfmj.core.http import sent_number
from cfmj.core.ratelimit import rate_limited


def _member_or_404(classroom: Classroom, user_id: int, role: str, *, active: bool = True) -> User:
    membership = (
        Membership.objects.filter(
            # user__pk, not user_id: a number too big for the database is then no one (404), not a 500
            classroom=classroom,
            user__pk=user_id,
            role=role,
            left_at__isnull=active,
        )
        .select_related("user")
        .first()
    )
    if membership is None:
        raise Http404("No such member of this class")
    return membership.user


def _back(classroom: Classroom) -> HttpResponse:
    """Back to the class page, at its top, where the message saying what happened is shown."""
    return redirect("classes:detail", pk=classroom.pk)


@login_required
@require_POST
def student_add(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = taught_or_404(request, pk)
    form = StudentForm(request.POST)
    try:
        if not form.is_valid():
            raise ClassError(form_errors(form))
        student = services.student_create(classroom=classroom, teacher=user_of(request), **form.cleaned_data)
    except ClassError as error:
        messages.error(request, str(error))
    else:
        card = roster.Card(student, form.cleaned_data["password"])
        roster.cards_keep(session=request.session, classroom=classroom, cards=[card])
        messages.success(
            request,
            f"Account {student.username} made and added to the class. Give the "
            "student their username and password, or print their login card.",
        )
    return _back(classroom)


@login_required
@require_POST
def student_password(request: HttpRequest, pk: int, user_id: int) -> HttpResponse:
    classroom = taught_or_404(request, pk)
    student = _member_or_404(classroom, user_id, Membership.Role.STUDENT)
    form = PasswordForm(request.POST)
    try:
        if not form.is_valid():
            raise ClassError(form_errors(form))
        services.student_password_set(
            classroom=classroom, student=student, password=form.cleaned_data["password"]
        )
    except ClassError as error:
        messages.error(request, f"{student.username}: {error}")
    else:
        card = roster.Card(student, form.cleaned_data["password"])
        roster.cards_keep(session=request.session, classroom=classroom, cards=[card])
        messages.success(request, f"New password set for {student.username}.")
    return _back(classroom)


@login_required
@require_http_methods(["GET", "POST"])
def student_remove(request: HttpRequest, pk: int, user_id: int) -> HttpResponse:
    """Take a student out of the class, after a page saying what that means (GET)."""
    classroom = taught_or_404(request, pk)
    student = _member_or_404(classroom, user_id, Membership.Role.STUDENT)
    name = student.shown_name
    if request.method == "GET":
        context = {
            "classroom": classroom,
            "title": f"Remove {name} from {classroom.name}?",
            "points": [
                f"{name} no longer sees the class or its homework, and its code does not let them back in.",
                f"Everything {name} did stays in their own progress.",
                "You can add them back from the class page.",
            ],
            "action": reverse("classes:student_remove", args=[classroom.pk, student.pk]),
            "button": f"Remove {name}",
            "cancel": f"No, keep {name} in the class",
        }
        return render(request, "classes/confirm.html", context)
    services.student_remove(classroom=classroom, student=student)
    messages.success(
        request,
        f"{name} is no longer in the class: you removed them, and the class code does not let them "
        "back in. Their own progress is kept; you can add them back below.",
    )
    return _back(classroom)


@login_required
@require_POST
def student_readd(request: HttpRequest, pk: int, user_id: int) -> HttpResponse:
    classroom = taught_or_404(request, pk)
    student = _member_or_404(classroom, user_id, Membership.Role.STUDENT, active=False)
    try:
        services.student_readd(classroom=classroom, student=student)
    except ClassError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"{student.username} is back in the class.")
    return _back(classroom)


@login_required
@require_POST
@rate_limited("lookup")
def coteacher_invite(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = owned_or_404(request, pk)
    form = CoteacherForm(request.POST)
    try:
        if not form.is_valid():
            raise ClassError(form_errors(form))
        invite = services.coteacher_invite(
            classroom=classroom, owner=user_of(request), username=form.cleaned_data["username"]
        )
    except ClassError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            f"{invite.invitee.username} is invited. They become a co-teacher when they accept on "
            "their Classes page.",
        )
    return _back(classroom)


@login_required
@require_POST
def invite_withdraw(request: HttpRequest, pk: int, invite_id: int) -> HttpResponse:
    classroom = owned_or_404(request, pk)
    invite = get_object_or_404(CoteacherInvite, pk=invite_id, classroom=classroom)
    services.coteacher_invite_withdraw(invite=invite)
    messages.success(request, f"The invitation to {invite.invitee.username} is withdrawn.")
    return _back(classroom)


@login_required
@require_POST
def invite_answer(request: HttpRequest, invite_id: int) -> HttpResponse:
    """The invitee accepts or declines (nobody else learns the invitation exists)."""
    user = user_of(request)
    invite = get_object_or_404(
        CoteacherInvite.objects.select_related("classroom"), pk=invite_id, invitee=user
    )
    accept = request.POST.get("answer") == "accept"
    try:
        services.coteacher_invite_answer(invite=invite, invitee=user, accept=accept)
    except ClassError as error:
        messages.error(request, str(error))
        return redirect("classes:index")
    if accept:
        messages.success(request, f"You now teach {invite.classroom.name}.")
        return redirect("classes:detail", pk=invite.classroom.pk)
    messages.success(request, f"You declined to teach {invite.classroom.name}.")
    return redirect("classes:index")


@login_required
@require_http_methods(["GET", "POST"])
def coteacher_remove(request: HttpRequest, pk: int, user_id: int) -> HttpResponse:
    """The owner takes a co-teacher off the class, after a page saying what that means (GET)."""
    classroom = owned_or_404(request, pk)
    teacher = _member_or_404(classroom, user_id, Membership.Role.TEACHER)
    if request.method == "GET" and teacher.pk != classroom.owner_id:
        context = {
            "classroom": classroom,
            "title": f"Remove {teacher.username} from teaching {classroom.name}?",
            "points": [
                f"{teacher.username} no longer sees the class, its students or its report.",
                "You can invite them again.",
            ],
            "action": reverse("classes:coteacher_remove", args=[classroom.pk, teacher.pk]),
            "button": f"Remove {teacher.username}",
            "cancel": f"No, keep {teacher.username}",
        }
        return render(request, "classes/confirm.html", context)
    if request.method == "GET":  # the owner themselves: said on the class page, nothing changed
        messages.error(request, "The owner cannot be removed: hand the class to someone else first.")
        return _back(classroom)
    try:
        services.coteacher_remove(classroom=classroom, teacher=teacher)
    except ClassError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"{teacher.username} no longer teaches {classroom.name}.")
    return _back(classroom)


@login_required
@require_http_methods(["GET", "POST"])
def hand_over(request: HttpRequest, pk: int) -> HttpResponse:
    """Make a co-teacher the owner: a page that says what that means (GET ?user=), then the change
    (POST). The owner cannot take it back alone, so it is never one tap."""
    classroom = owned_or_404(request, pk)
    chosen = sent_number(request.POST.get("user") if request.method == "POST" else request.GET.get("user"))
    try:
        new_owner = None if chosen is None else _member_or_404(classroom, chosen, Membership.Role.TEACHER)
    except Http404:
        new_owner = None
    if new_owner is None:
        messages.error(request, "Choose one of the class's co-teachers to hand it to.")
        return _back(classroom)
    if request.method == "GET":
        return render(request, "classes/hand_over.html", {"classroom": classroom, "new_owner": new_owner})
    try:
        services.classroom_hand_over(classroom=classroom, owner=user_of(request), new_owner=new_owner)
    except ClassError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request, f"{new_owner.username} owns {classroom.name} now. You still teach it with them."
        )
    return _back(classroom)


@login_required
@require_POST
def code_renew(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = owned_or_404(request, pk)
    code = services.classroom_code_renew(classroom=classroom)
    messages.success(
        request, f"The new class code is {code}. The old code and old join links no longer work."
    )
    return _back(classroom)


@login_required
@require_POST
def joining(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = owned_or_404(request, pk)
    open_ = request.POST.get("open") == "1"
    services.classroom_joining_set(classroom=classroom, open_=open_)
    if open_:
        messages.success(request, f"Students can join with the code {classroom.code} again.")
    else:
        messages.success(request, "Joining is closed: the code and join link no longer let anyone in.")
    return _back(classroom)
