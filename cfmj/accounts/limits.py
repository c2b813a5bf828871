"""Which rate-limit bucket a sign-up counts in (cfmj/core/ratelimit.py; sizes in
settings.RATE_LIMITS["signup"])."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest
from django.urls import Resolver404, resolve

from cfmj.accounts.redirects import local_next
from cfmj.classes.models import Classroom, Membership
from cfmj.classes.services import normalise_code
from cfmj.core.ratelimit import Scope

JOIN_LINK = "classes:join_code"


def signup_scope(request: HttpRequest) -> Scope | None:
    """A sign-up on its way to an open class's join link (its `next`) counts in a bucket for that
    class and address, of max(class_min, class_per_student x its students) an hour, so that a
    class behind one school router can sign up together; any other sign-up, None (the plain
    per-address bucket)."""
    target = local_next(request, "")
    if not target:
        return None
    try:
        match = resolve(urlsplit(target).path)
    except Resolver404:
        return None
    if match.view_name != JOIN_LINK:
        return None
    classroom = Classroom.objects.filter(
        code=normalise_code(str(match.kwargs.get("code", ""))), archived_at__isnull=True, joining_open=True
    ).first()
    if classroom is None:
        return None
    rules: dict[str, int] = settings.RATE_LIMITS["signup"]
    students = Membership.objects.filter(
        classroom=classroom, role=Membership.Role.STUDENT, left_at__isnull=True
    ).count()
    return Scope(f"class:{classroom.pk}", max(rules["class_min"], rules["class_per_student"] * students))
