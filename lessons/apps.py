from __future__ import annotations

from typing import Any

from django.apps import AppConfig


class LessonsConfig(AppConfig):
    name = "lessons"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in  # noqa: PLC0415

        user_logged_in.connect(_claim_visitor_lessons, dispatch_uid="lessons-claim-visitor")
        # Practice keeps within what the lessons have taught: it asks practice.reach, which knows
        # no course.
        from lessons.taught import reach_read  # noqa: PLC0415
        from practice.reach import reach_register  # noqa: PLC0415

        reach_register("course", reach_read)


def _claim_visitor_lessons(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """Signing up or in keeps the visitor's place in the course: the work is in the service."""
    from cfmj.accounts.learners import VISITOR_KEY  # noqa: PLC0415
    from lessons.services import visitor_lessons_claim  # noqa: PLC0415

    if request is not None and hasattr(request, "session"):
        visitor_lessons_claim(user=user, visitor=request.session.get(VISITOR_KEY, ""))
