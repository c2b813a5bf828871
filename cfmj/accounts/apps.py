from __future__ import annotations

from typing import Any

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "cfmj.accounts"
    label = "accounts"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in  # noqa: PLC0415

        user_logged_in.connect(_keep_account_on_login, dispatch_uid="accounts-keep-on-login")


def _keep_account_on_login(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """Logging in keeps an account whose deletion was asked for: the work is in the service."""
    from django.contrib import messages  # noqa: PLC0415

    from cfmj.accounts.learners import visit_zone  # noqa: PLC0415
    from cfmj.accounts.services import account_deletion_cancel, time_zone_claim  # noqa: PLC0415

    if request is not None:
        time_zone_claim(user=user, visit_zone=visit_zone(request))
    if account_deletion_cancel(user=user) and request is not None:
        messages.success(
            request,
            "Welcome back. Your account was due to be deleted: logging in has kept it.",
            fail_silently=True,
        )
