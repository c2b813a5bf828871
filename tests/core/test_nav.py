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


@pytest.mark.parametrize(
    ("page", "link"),
    [
        (reverse("home"), "Home"),
        (reverse("practice:home"), "Practice"),
        (reverse("practice:check"), "Hand checker"),
        (reverse("lessons:course"), "Lessons"),
        (reverse("lessons:rules"), "Rules"),
    ],
)
def test_it_marks_one_header_link_current(client, page: str, link: str) -> None:
    html = client.get(page).content.decode()
    header = html[html.index("<header") : html.index("</header>")]
    assert header.count('aria-current="page"') == 1
    assert f'aria-current="page">{link}</a>' in header
