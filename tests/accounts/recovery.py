"""After a sign-up: the page that shows the new account's recovery code once, and where it leads."""

from __future__ import annotations

from typing import Any

from django.test import Client
from django.urls import reverse

CODE_PAGE = reverse("accounts:recovery_code")


def landing(client: Client, response: Any) -> str:
    """Where a sign-up's answer leads once the recovery code has been shown: the code page's
    "go on" link (the code page is where every sign-up goes first)."""
    assert response.status_code == 302 and response["Location"] == CODE_PAGE, response
    page = client.get(CODE_PAGE)
    assert page.status_code == 200 and page.context["code"]
    return str(page.context["then"])
