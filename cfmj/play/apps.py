from __future__ import annotations

from typing import Any

from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "cfmj.play"
    label = "play"
    verbose_name = "Play a hand"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in  # noqa: PLC0415

        user_logged_in.connect(_claim_visitor_hands, dispatch_uid="play-claim-visitor")


def _claim_visitor_hands(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """Signing up or in keeps the hands the visitor played: the work is in the service."""
    from cfmj.accounts.learners import VISITOR_KEY  # noqa: PLC0415
    from cfmj.play.services import visitor_hands_claim  # noqa: PLC0415

    if request is not None and hasattr(request, "session"):
        visitor_hands_claim(user=user, visitor=request.session.get(VISITOR_KEY, ""))
