"""The header's links: the one for the section a page is in says so (aria-current)."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

PRACTICE_LINK = f'<a href="{reverse("practice:home")}" aria-current="page">Practice</a>'


@pytest.mark.parametrize(
    ("page", "current"),
    [
        (reverse("practice:home"), True),
        (reverse("practice:daily"), True),
        (reverse("practice:dashboard"), True),
        (reverse("practice:drill", args=["worth"]), True),
        (reverse("practice:check"), False),
        (reverse("home"), False),
        (reverse("lessons:rules"), False),
    ],
)
def test_the_practice_link_is_current_on_the_practice_pages_only(client, page: str, current: bool) -> None:
    response = client.get(page)
    assert response.status_code == 200
    assert (PRACTICE_LINK in response.content.decode()) is current
