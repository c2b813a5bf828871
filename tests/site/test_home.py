"""/ : the home page. A newcomer's first button leads to lesson 1, and every drill is introduced
with what it practises and the lesson to take first."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from cfmj.engine import drills
from lessons.models import Lesson, LessonProgress
from tests.accounts.factories import UserFactory

URL = reverse("home")
SIGNUP = reverse("accounts:signup")
CHECK = reverse("practice:check")
FIRST_BIG_BUTTON = re.compile(r'<a class="button big" href="([^"]+)">([^<]+)</a>')


def _first_button(html: str) -> tuple[str, str]:
    found = FIRST_BIG_BUTTON.search(html)
    assert found is not None
    return found.group(1), found.group(2)


@pytest.mark.django_db
def test_a_newcomers_first_button_starts_lesson_one(client, course: list[Lesson]) -> None:
    href, label = _first_button(client.get(reverse("home")).content.decode())
    assert href == reverse("lessons:step", args=[course[0].slug, 1])
    assert label == f"Start with lesson 1: {escape(course[0].title)}"


@pytest.mark.django_db
def test_after_a_lesson_the_first_button_is_todays_five(
    client, django_user_model, course: list[Lesson]
) -> None:
    user = django_user_model.objects.create_user("iris", password="pw-tiles-123")
    LessonProgress.objects.create(user=user, lesson=course[0], step_reached=3, completed_at=timezone.now())
    client.force_login(user)
    href, _label = _first_button(client.get(reverse("home")).content.decode())
    assert href == reverse("practice:daily")


@pytest.mark.django_db
def test_it_lists_every_drill_with_what_it_practises_and_the_lesson_to_take_first(
    client, course: list[Lesson]
) -> None:
    html = client.get(reverse("home")).content.decode()
    guide = html[html.index('class="drill-guide"') :]
    for kind in drills.DEFINITIONS:
        item = guide[guide.index(f'href="{reverse("practice:drill", args=[kind.name])}"') :]
        item = item[: item.index("</li>")]
        assert escape(kind.title) in item and escape(kind.description) in item, kind.name
        first = min((ls for ls in course if kind.name in ls.drills), key=lambda ls: ls.number)
        assert f"Lesson {first.number}: {escape(first.title)}" in item, kind.name
        assert reverse("lessons:lesson", args=[first.slug]) in item, kind.name


def test_it_works_for_a_visitor(client, db):
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    assert f'href="{CHECK}"' in html
    assert f'href="{SIGNUP}"' in html
    assert "Make a free account" in html
    assert 'class="large-print"' not in html


def test_it_shows_the_example_hand(client, db):
    html = client.get(URL).content.decode()
    assert '<span class="hand hand-blocks" role="group" aria-label="hand, in blocks">' in html
    for block in ("Pung of 4 Bam", "Pung of 6 Bam", "Pung of 8 Bam", "Pung of Red Dragon", "Pair of Flower"):
        assert f'role="group" aria-label="{block}"' in html
    example = "4B%204B%204B%206B%206B%206B%208B%208B%208B%20RD%20RD%20RD%20F%20F"
    assert f'href="{CHECK}?hand={example}#verdict"' in html


def test_it_has_no_sign_up_link_for_a_user(client, db):
    client.force_login(UserFactory(username="alice", password=None))  # no hashing needed
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    assert SIGNUP not in html
    assert "Make a free account" not in html
    assert "You are signed in as alice" in html
    assert f'href="{CHECK}"' in html


def test_it_refuses_post(client, db):
    assert client.post(URL).status_code == 405


def test_it_has_a_favicon_an_svg_tile(client, db):
    html = client.get(URL).content.decode()
    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in html
    response = client.get("/favicon.ico")
    assert response.status_code == 302 and response["Location"] == "/static/favicon.svg"
    icon = client.get("/static/favicon.svg")
    assert icon.status_code == 200
    svg = b"".join(icon.streaming_content).decode()
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"')
