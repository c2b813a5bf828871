"""Who may see a class: its active teachers (the owner and co-teachers) see everything in it; its
active students see the class and their own work; nobody else learns that it exists (404). Of the
teachers, only the owner archives, invites and removes co-teachers, changes the code and hands the
class over (403 for a co-teacher, who can see the class but not do that)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest

from cfmj.accounts.learners import user_of
from cfmj.accounts.models import User
from cfmj.classes.models import Classroom, ManagedAccount, Membership, active_member


def membership_of(classroom: Classroom, user: User) -> Membership | None:
    return Membership.objects.active().filter(classroom=classroom, user=user).first()


def taught_or_404(request: HttpRequest, pk: int) -> Classroom:
    """The class, if the signed-in user teaches it."""
    classroom = Classroom.objects.filter(
        active_member(Membership.Role.TEACHER), pk=pk, memberships__user=user_of(request)
    ).first()
    if classroom is None:
        raise Http404("No such class")
    return classroom


def owned_or_404(request: HttpRequest, pk: int) -> Classroom:
    """The class, if the signed-in user owns it; 403 for its co-teachers, 404 for everyone else."""
    classroom = taught_or_404(request, pk)
    if classroom.owner_id != user_of(request).pk:
        owner = f", {classroom.owner.username}," if classroom.owner is not None else ""
        raise PermissionDenied(f"Only the owner of {classroom.name}{owner} can do that.")
    return classroom


def joined_or_404(request: HttpRequest, pk: int) -> tuple[Classroom, Membership]:
    """The class and the user's membership, if they teach it or are one of its students."""
    classroom = Classroom.objects.filter(pk=pk).first()
    membership = membership_of(classroom, user_of(request)) if classroom is not None else None
    if classroom is None or membership is None:
        raise Http404("No such class")
    return classroom, membership


def managed_or_404(classroom: Classroom, user_id: int) -> User:
    """An account this class made (whether or not it is still in the class); 404 for any other,
    such as a student who signed up themselves."""
    managed = (
        ManagedAccount.objects.filter(classroom=classroom, user__pk=user_id).select_related("user").first()
    )
    if managed is None:
        raise Http404("No account made by this class")
    return managed.user
