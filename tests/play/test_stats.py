"""The play statistics (cfmj.play.stats) and where they show: the learner's dashboard
(/practice/dashboard/) and a teacher's page of a student (/classes/<pk>/students/<id>/)."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from cfmj.play.models import Game
from cfmj.play.stats import Hands, KindMarks, play_stats, table_key, table_rules, table_words
from tests.classes.helpers import a_class, person
from tests.factories import DecisionFactory, PlayGameFactory

pytestmark = pytest.mark.django_db

DASHBOARD = reverse("practice:dashboard")


@pytest.fixture
def ada(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("ada", password="pw-tiles-123")


def _hands_of(owner: Any) -> None:
    """Five finished test hands (a win, a wall game 3 tiles away, a bot's win 2 away, another 2
    away, a dead hand) and two practice ones (a win, 1 away); and hands that never count: one in
    progress, and another learner's."""
    PlayGameFactory(owner=owner, mode="test", won=True)
    PlayGameFactory(owner=owner, mode="test", wall_game=True, final_distance=3)
    PlayGameFactory.create_batch(2, owner=owner, mode="test")
    PlayGameFactory(owner=owner, mode="test", final_distance=None)
    PlayGameFactory(owner=owner, mode="practice", won=True)
    PlayGameFactory(owner=owner, mode="practice", final_distance=1)
    PlayGameFactory(owner=owner, mode="test", status="playing", result=None, final_distance=None)
    PlayGameFactory.create_batch(3, mode="test", won=True)  # someone else's


def test_it_counts_test_and_practice_hands_apart_and_only_the_learners_finished_ones(ada: Any) -> None:
    _hands_of(ada)
    stats = play_stats(ada)
    assert stats.test == Hands(played=5, won=1, wall=1, dead=1, distances=((0, 1), (2, 2), (3, 1)))
    assert stats.test.average_distance == pytest.approx(7 / 4)  # the dead hand left out
    assert stats.practice == Hands(played=2, won=1, wall=0, dead=0, distances=((0, 1), (1, 1)))
    assert stats.any_hand


def test_it_counts_the_hands_a_bot_won_on_the_learners_discard(client, ada: Any) -> None:
    fed = {"winner": 2, "won_by": "discard", "discarder": 0, "dead": []}
    PlayGameFactory.create_batch(2, owner=ada, mode="test", result=fed)
    PlayGameFactory(owner=ada, mode="test", result={**fed, "discarder": 3})  # another bot paid
    PlayGameFactory(owner=ada, mode="test", result={**fed, "won_by": "wall", "discarder": None})
    PlayGameFactory(owner=ada, mode="practice", result=fed)
    PlayGameFactory(owner=ada, mode="test", status="playing", result=fed)  # not finished
    PlayGameFactory(mode="test", result=fed)  # someone else's
    stats = play_stats(ada)
    assert (stats.test.played, stats.test.fed) == (4, 2)
    assert (stats.practice.played, stats.practice.fed) == (1, 1)
    client.force_login(ada)
    html = client.get(DASHBOARD).content.decode()
    assert "Discards that fed a Mah Jongg" in html and "calling your discard, which pays double" in html
    assert "<td>2</td><td>1</td>" in html[html.index("Discards that fed") :]


def test_it_counts_the_advices_marks_per_kind_from_finished_test_hands_only(ada: Any) -> None:
    test = PlayGameFactory(owner=ada, mode="test")
    for kind, mark in [("discard", "best"), ("discard", "best"), ("discard", "weak"), ("pass", "good")]:
        DecisionFactory(game=test, kind=kind, mark=mark)
    others = [
        PlayGameFactory(owner=ada, mode="practice"),  # practice: can be undone
        PlayGameFactory(owner=ada, mode="test", status="playing", result=None),  # not finished
        PlayGameFactory(mode="test"),  # someone else's
    ]
    for game in others:
        DecisionFactory(game=game, kind="discard", mark="weak")
    stats = play_stats(ada)
    assert stats.decisions == (
        KindMarks("pass", "Charleston pass", 0, 1, 0),
        KindMarks("discard", "Discard", 2, 0, 1),
    )
    assert stats.decisions[1].matched_percent == 67 and stats.matched_percent == 50
    assert stats.decisions_made == 4


def test_it_reads_the_statistics_in_two_queries_however_many_hands(
    ada: Any, django_assert_num_queries
) -> None:
    _hands_of(ada)
    DecisionFactory.create_batch(5, game=PlayGameFactory(owner=ada, mode="test"))
    with django_assert_num_queries(2):
        play_stats(ada)


def test_it_has_nothing_for_a_learner_with_no_finished_hand(ada: Any) -> None:
    PlayGameFactory(owner=ada, mode="test", status="playing", result=None, final_distance=None)
    stats = play_stats(ada)
    assert not stats.any_hand and stats.decisions == () and stats.matched_percent is None
    assert stats.test.average_distance is None


def test_it_names_a_table_with_every_house_rule_and_reads_it_back() -> None:
    assert table_key([3, 1], 2) == "h13-l2" and table_key([], 0) == ""
    assert table_rules("h13-l2") == ([1, 3], 2) and table_rules("") == ([], 0)
    assert table_rules("nonsense") == ([], 0) and table_rules("h9-l9") == ([], 0)
    assert table_words("").startswith("no house rules; Level 0")


def test_it_shows_the_statistics_on_the_learners_dashboard(client, ada: Any) -> None:
    _hands_of(ada)
    DecisionFactory(game=Game.objects.filter(owner=ada, mode="test").first(), kind="call", mark="best")
    client.force_login(ada)
    response = client.get(DASHBOARD)
    assert response.status_code == 200
    html = response.content.decode()
    assert response.context["play"] == play_stats(ada)
    assert "Hands against the bots" in html and "<caption>Hands finished</caption>" in html
    assert '<th scope="row">Mah Jongg (won)</th><td>1</td>' in html
    assert '<th scope="row">2 tiles away</th><td>2</td>' in html
    assert "Dead hand" in html and ">1.8<" in html  # 7 tiles over 4 hands not dead
    assert "Call or let go" in html and "matched the advice: <strong>100%</strong>" in html
    assert "You have not finished a hand yet" not in html


def test_it_invites_a_learner_with_no_hands_to_play_instead_of_a_table_of_zeros(client, ada: Any) -> None:
    client.force_login(ada)
    html = client.get(DASHBOARD).content.decode()
    assert "You have not finished a hand yet" in html and f'href="{reverse("play:home")}"' in html
    assert "Hands finished" not in html


def test_it_invites_a_visitor_too(client) -> None:
    response = client.get(DASHBOARD)
    assert response.status_code == 200 and b"You have not finished a hand yet" in response.content


def test_it_shows_practice_hands_and_asks_for_a_test_hand_for_statistics(client, ada: Any) -> None:
    PlayGameFactory(owner=ada, mode="practice", won=True)
    client.force_login(ada)
    html = client.get(DASHBOARD).content.decode()
    assert "<caption>Hands finished</caption>" in html and "Play a hand in test mode" in html
    assert "How far from Mah Jongg" not in html


def test_it_shows_a_teacher_the_students_hands_and_nobody_else(client) -> None:
    sam = person("sam")
    classroom = a_class(None, sam)
    PlayGameFactory(owner=sam, mode="test", won=True)
    url = reverse("classes:student", args=[classroom.pk, sam.pk])
    client.force_login(classroom.owner)
    response = client.get(url)
    assert response.status_code == 200 and response.context["report"].play.test.won == 1
    html = response.content.decode()
    assert "Hands against the bots" in html and "Mah Jongg (won)" in html
    assert "You have not finished a hand yet" not in html  # the invitation is the learner's own
    for stranger in (person("otto", "teacher"), sam):
        client.force_login(stranger)
        assert client.get(url).status_code == 404
