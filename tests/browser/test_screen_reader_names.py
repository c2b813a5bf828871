"""What a screen reader hears (no browser needed): every tile picture has its spoken name as alt
text, and large print (the visitor's session flag or the account's setting) reaches every key page."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from cfmj.classes import services as class_services
from cfmj.engine.labels import tile_alt
from lessons.models import Lesson
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db

TILE_IMG = re.compile(r'<img class="tile" src="[^"]*/tiles/(?P<code>[A-Z0-9]+)\.svg" alt="(?P<alt>[^"]*)">')
HTML_TAG = re.compile(r"<html[^>]*>")


def tile_names(html: str) -> list[str]:
    """The alt text of every tile picture on the page, each checked against its tile code."""
    names = []
    for match in TILE_IMG.finditer(html):
        assert match["alt"], f"tile {match['code']} has no alt text"
        assert match["alt"] == tile_alt(match["code"]), match.group(0)
        names.append(match["alt"])
    return names


def page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def test_tiles_on_a_lesson_are_named(client: Client, course: list[Lesson]) -> None:
    lesson = course[0]
    names: list[str] = []
    for step in lesson.steps.order_by("number"):
        names += tile_names(page(client, f"/lessons/{lesson.slug}/{step.number}/"))
    for spoken in ("five dot", "red dragon", "joker", "north wind", "flower"):
        assert spoken in names, f"{spoken!r} not heard on lesson 1 (heard {sorted(set(names))})"


def test_tiles_on_a_drill_are_named(client: Client) -> None:
    PuzzleFactory.create(kind="charleston", band=2)
    html = page(client, "/practice/charleston/")
    names = tile_names(html)
    assert len(names) >= 13
    assert 'alt=""' not in html.split("<main", 1)[1]


def test_tiles_on_the_home_page_example_are_named(client: Client) -> None:
    names = tile_names(page(client, "/"))
    assert "red dragon" in names
    assert "flower" in names


def test_a_joker_says_what_it_stands_for(client: Client) -> None:
    html = page(client, "/check/?hand=" + "F F 4B 4B 4B 6B 6B 6B J 8B 8B RD RD RD".replace(" ", "+"))
    assert 'alt="joker, standing for eight bam"' in html


def key_pages(lesson: Lesson, classroom_pk: int) -> list[str]:
    return [
        "/",
        "/lessons/",
        f"/lessons/{lesson.slug}/",
        f"/lessons/{lesson.slug}/1/",
        "/rules/",
        "/rules/?q=joker",
        "/practice/",
        "/practice/worth/",
        "/practice/dashboard/",
        "/check/",
        "/classes/",
        f"/classes/{classroom_pk}/",
    ]


def large_print_on(html: str) -> bool:
    tag = HTML_TAG.search(html)
    assert tag is not None
    return bool(re.search(r'class="[^"]*\blarge-print\b', tag.group(0)))


@pytest.fixture
def setting(course: list[Lesson], django_user_model: Any) -> tuple[Lesson, int, Any]:
    PuzzleFactory.create_batch(2, kind="worth", band=2)
    teacher = django_user_model.objects.create_user("tess", password="pw-tiles-123", role="teacher")
    student = django_user_model.objects.create_user("sam", password="pw-tiles-123")
    classroom = class_services.classroom_create(teacher=teacher, name="Tuesday beginners")
    class_services.classroom_join(user=student, code=classroom.code)
    return course[0], classroom.pk, student


def test_large_print_from_the_session_reaches_every_key_page(
    client: Client, setting: tuple[Lesson, int, Any]
) -> None:
    lesson, classroom_pk, _ = setting
    assert not large_print_on(page(client, "/"))
    client.post("/accounts/display/large-print/", {"large_print": "on", "next": "/"})
    for url in key_pages(lesson, classroom_pk):
        if url.startswith("/classes/"):
            continue  # a visitor has no classes
        assert large_print_on(page(client, url)), url
    client.post("/accounts/display/large-print/", {"large_print": "off", "next": "/"})
    assert not large_print_on(page(client, "/"))


def test_large_print_from_the_account_reaches_every_key_page(
    client: Client, setting: tuple[Lesson, int, Any]
) -> None:
    lesson, classroom_pk, student = setting
    client.force_login(student)
    assert not large_print_on(page(client, "/"))
    student.large_print = True
    student.save(update_fields=["large_print"])
    for url in key_pages(lesson, classroom_pk):
        assert large_print_on(page(client, url)), url
