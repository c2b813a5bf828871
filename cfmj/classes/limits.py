"""Which rate-limit bucket a sign-up counts in (cfmj/core/ratelimit.py; sizes in
settings.RATE_LIMITS["signup"])."""

from __future__ import annotations

import datetime

from django.conf import settings
from django.http import HttpRequest
from django.utils import timezone

from cfmj.accounts.redirects import local_next
from cfmj.classes.joining import join_code_of
from cfmj.classes.models import Classroom, Membership
from cfmj.core.ratelimit import Scope


def signup_scope(request: HttpRequest) -> Scope | None:
    """A sign-up on its way to an open class's join link (its `next`) counts in a bucket for that
    class and address, of max(class_min, class_per_student x its students) an hour, so that a
    class behind one school router can sign up together; any other sign-up, None (the plain
    per-address bucket)."""
    code = join_code_of(local_next(request, ""))
    if not code:
        return None
    classroom = Classroom.objects.filter(code=code, archived_at__isnull=True, joining_open=True).first()
    if classroom is None:
        return None
    rules: dict[str, int] = settings.RATE_LIMITS["signup"]
    # Students in the class before this window: a sign-up through the link joins the class, and
    # must not make room for more of itself.
    before = timezone.now() - datetime.timedelta(seconds=rules["window"])
    students = (
        Membership.objects.active().students().filter(classroom=classroom, joined_at__lt=before).count()
    )
    return Scope(f"class:{classroom.pk}", max(rules["class_min"], rules["class_per_student"] * students))
