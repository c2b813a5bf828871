"""A student's hands for their teachers (cfmj.classes.student_hands): the hands they played for the
class (its deals, the hands that counted for its homework of hands to play) are listed on the
student's page and open to the class's teachers, owner and co-teachers, without a share link; a hand
they played on their own stays theirs (404 for every teacher) unless they share it by a link. And
"Last active" reads hands played too."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from cfmj.classes import deals, services, student_hands
from cfmj.classes.gradebook import gradebook_rows
from cfmj.classes.reports import class_report
from cfmj.play import services as play_services
from cfmj.play.models import Game
from tests.built_once import built_once, fresh
from tests.classes.deal_helpers import SHORT, a_deal, play
from tests.classes.helpers import a_class, coteacher, in_days, person

pytestmark = pytest.mark.django_db


def _as(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _hand(owner: Any, mode: str = "test") -> Game:
    return play(play_services.game_start(owner=owner, bot_level="strong", seed=SHORT, mode=mode))


def _world() -> dict[str, Any]:
    """Ann, a student of Tess's class (Cory teaches it too) and of Otto's. Before any homework she
    played a hand on her own; then Tess set one test hand to play, and Ann played two test hands
    and a practice one; and she played Tess's class's deal, now closed."""
    tess, otto, ann = person("tess", "teacher"), person("otto", "teacher"), person("ann")
    mine = a_class(tess, ann)
    theirs = a_class(otto, ann, name="Library hall")
    cory = coteacher(mine, "cory")
    before = _hand(ann)
    Game.objects.filter(pk=before.pk).update(created_at=timezone.now() - datetime.timedelta(days=1))
    homework = services.assignment_create(
        classroom=mine, teacher=tess, kind="play", count=1, play_mode="test", due=in_days(3)
    )
    counted, extra, practice = _hand(ann), _hand(ann), _hand(ann, mode="practice")
    deal = a_deal(mine)
    dealt = play(deals.deal_hand_start(deal=deal, student=ann))
    deals.deal_close(deal=deal)
    return {
        "tess": tess,
        "cory": cory,
        "otto": otto,
        "ann": ann,
        "mine": mine,
        "theirs": theirs,
        "homework": homework,
        "deal": deal,
        "hands": {"before": before, "counted": counted, "extra": extra, "practice": practice, "dealt": dealt},
    }


@pytest.fixture(scope="class")
def built(django_db_setup: None, django_db_blocker: Any) -> Iterator[dict[str, Any]]:
    """The world's five hands are played once for the class's tests (tests/built_once.py)."""
    yield from built_once(django_db_blocker, _world)


@pytest.fixture
def world(built: dict[str, Any]) -> dict[str, Any]:
    """The world as `_world` made it, in a test's own savepoint, each object read afresh."""
    return {
        name: {hand: fresh(game) for hand, game in value.items()} if name == "hands" else fresh(value)
        for name, value in built.items()
    }


def _reads(world: dict[str, Any], who: str) -> dict[str, int]:
    client = _as(world[who])
    return {
        name: client.get(reverse("play:review", args=[game.pk])).status_code
        for name, game in world["hands"].items()
    }


class TestTheHandsOfOneWorld:
    """The tests on one world, built once for them all."""

    def test_the_class_teachers_read_the_hands_played_for_the_class_only(self, world: dict[str, Any]) -> None:
        class_only = {"before": 404, "counted": 200, "extra": 404, "practice": 404, "dealt": 200}
        assert _reads(world, "tess") == class_only
        assert _reads(world, "cory") == class_only
        assert _reads(world, "otto") == dict.fromkeys(class_only, 404)  # her other class's teacher
        assert _reads(world, "ann") == dict.fromkeys(class_only, 200)  # her own, all of them

    def test_a_hand_of_her_own_opens_only_by_the_link_she_makes(self, world: dict[str, Any]) -> None:
        extra = play_services.review_share(game=world["hands"]["extra"], sharing=True)
        assert _as(world["tess"]).get(reverse("play:review", args=[extra.pk])).status_code == 404
        assert Client().get(reverse("play:shared", args=[extra.share_token])).status_code == 200

    def test_a_student_who_leaves_takes_her_hands_with_her(self, world: dict[str, Any]) -> None:
        services.membership_end(classroom=world["mine"], user=world["ann"])
        assert _reads(world, "tess") == dict.fromkeys(world["hands"], 404)

    def test_a_hand_still_being_played_has_no_review_for_the_teacher(self, world: dict[str, Any]) -> None:
        deal = a_deal(world["mine"])
        game = deals.deal_hand_start(deal=deal, student=world["ann"])
        deals.deal_close(deal=deal)
        assert _as(world["tess"]).get(reverse("play:review", args=[game.pk])).status_code == 404
        assert student_hands.class_hand_seat(world["tess"], game) is None

    def test_the_student_page_lists_the_class_hands_with_their_reviews(self, world: dict[str, Any]) -> None:
        hands = world["hands"]
        listed = student_hands.class_hands(world["mine"], world["ann"])
        assert [h.game for h in listed] == [hands["dealt"], hands["counted"]]
        assert [h.what for h in listed] == [
            "The class's deal",
            "Homework: Play 1 hand in test mode",
        ]
        assert student_hands.class_hands(world["theirs"], world["ann"]) == []
        page = _as(world["tess"]).get(reverse("classes:student", args=[world["mine"].pk, world["ann"].pk]))
        html = page.content.decode()
        section = html[
            html.index('id="class-hands"') : html.index("</section>", html.index('id="class-hands"'))
        ]
        for name, game in hands.items():
            assert (reverse("play:review", args=[game.pk]) in section) == (name in ("dealt", "counted")), name
        assert "stay private unless they share them" in section

    def test_a_deal_still_open_is_listed_without_its_review(self, world: dict[str, Any]) -> None:
        deal = a_deal(world["mine"])
        game = play(deals.deal_hand_start(deal=deal, student=world["ann"]))
        (listed,) = [h for h in student_hands.class_hands(world["mine"], world["ann"]) if h.game == game]
        assert listed.held and listed.finished
        html = _as(world["tess"]).get(reverse("classes:student", args=[world["mine"].pk, world["ann"].pk]))
        assert "its review opens when you close the deal" in html.content.decode()
        assert reverse("play:review", args=[game.pk]) not in html.content.decode()


def test_last_active_reads_hands_played() -> None:
    tess, ann, bob = person("tess", "teacher"), person("ann"), person("bob")
    classroom = a_class(tess, ann, bob)
    game = play_services.game_start(owner=ann, bot_level="strong", seed=SHORT)
    rows = {row.username: row.last_active for row in class_report(classroom).students}
    assert rows == {"ann": Game.objects.get(pk=game.pk).updated_at, "bob": None}
    html = _as(tess).get(reverse("classes:detail", args=[classroom.pk])).content.decode()
    assert html.count("Never") == 1  # bob's, not ann's
    gradebook = gradebook_rows(classroom)
    column = gradebook[0].index("Last active")
    assert {row[1]: row[column] for row in gradebook[1:3]} == {
        "ann": timezone.localdate(game.updated_at).isoformat(),
        "bob": "",
    }
