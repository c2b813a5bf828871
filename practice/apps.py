from __future__ import annotations

from typing import Any

from django.apps import AppConfig


class PracticeConfig(AppConfig):
    name = "practice"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in  # noqa: PLC0415

        user_logged_in.connect(_claim_visitor_practice, dispatch_uid="practice-claim-visitor")


def _claim_visitor_practice(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """Signing up or in keeps what the visitor practised: the work is in the service."""
    from cfmj.accounts.learners import VISITOR_KEY  # noqa: PLC0415
    from practice.services import practice_range_claim, visitor_practice_claim  # noqa: PLC0415

    if request is not None and hasattr(request, "session"):
        visitor_practice_claim(user=user, visitor=request.session.get(VISITOR_KEY, ""))
        practice_range_claim(user=user, session=request.session)
