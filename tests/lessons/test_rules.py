"""/rules/: every rule on one page, searchable, with anchors and the site's readings."""

from __future__ import annotations

import dataclasses

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cfmj.engine.rulebook import RULE_LINES
from lessons.models import Lesson
from lessons.services import lessons_load
from tests.course import course_sources

pytestmark = pytest.mark.django_db


def test_it_shows_every_rule_line_with_an_anchor(client, course: list[Lesson]) -> None:
    response = client.get(reverse("lessons:rules"))
    assert response.status_code == 200
    for line in RULE_LINES:
        assert f'id="rule-{line}"'.encode() in response.content
    assert b'id="section-2.3"' in response.content


def test_it_states_the_sites_readings(client, course: list[Lesson]) -> None:
    response = client.get(reverse("lessons:rules"))
    assert b"How this site reads the unclear points" in response.content
    assert b'href="#rule-2_1_all_joker_block"' in response.content
    assert response.content.count(b"Our reading:") >= 5


def test_it_links_each_rule_to_the_lesson_that_teaches_it(client, course: list[Lesson]) -> None:
    response = client.get(reverse("lessons:rules"))
    assert reverse("lessons:step", args=[course[0].slug, 1]).encode() in response.content
    assert response.content.count(b"Learn it in") >= len([k for k in RULE_LINES if not k.startswith("1_")])


def test_it_finds_the_rules_with_every_word_searched(client, course: list[Lesson]) -> None:
    response = client.get(reverse("lessons:rules"), {"q": "woven"})
    assert b'id="rule-2_3_no_woven_hands"' in response.content
    assert b'id="rule-3_payout"' not in response.content


def test_it_says_when_nothing_matches(client, course: list[Lesson]) -> None:
    response = client.get(reverse("lessons:rules"), {"q": "zzqx"})
    assert response.status_code == 200 and b"No rule mentions" in response.content


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=st.text(max_size=300))
def test_it_never_fails_on_any_search(client, course: list[Lesson], query: str) -> None:
    response = client.get(reverse("lessons:rules"), {"q": query.replace("\x00", "")})
    assert response.status_code == 200


def test_it_shows_a_reload_of_the_course_at_once(client, course: list[Lesson]) -> None:
    assert b"Learn it in" in client.get(reverse("lessons:rules")).content  # the teaching steps are kept
    sources = list(course_sources())
    first = sources[0].steps[0]
    sources[0] = dataclasses.replace(
        sources[0],
        source_hash="changed",
        steps=(dataclasses.replace(first, title="Meet the tiles again"), *sources[0].steps[1:]),
    )
    lessons_load(sources=sources)
    assert b"Lesson 1: Meet the tiles again" in client.get(reverse("lessons:rules")).content
