"""Nothing of a class's deal shows its wall before the teacher closes it: a student who finished
first cannot tell the others what is coming. Each door, before and after closing: the review (its
page and each step's fragment), making a share link and opening one, the download (the student's
own, and a managed account's by its teacher), the board, and the teacher's reading of the hand."""

from __future__ import annotations

from collections.abc import Iterator
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.classes import deals, services
from cfmj.classes.models import ClassDeal
from cfmj.play import services as play_services
from cfmj.play.models import Game
from cfmj.site.selectors import account_data
from tests.built_once import built_once, fresh
from tests.classes.deal_helpers import a_deal, play
from tests.classes.helpers import a_class, person
from tests.play.helpers import tiles_drawn

pytestmark = pytest.mark.django_db


def _as(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _world() -> dict[str, Any]:
    """A class whose owner made one account (max) and another joined (ann); the deal, which max
    has finished and ann has not begun."""
    teacher = person("tess", "teacher")
    classroom = a_class(teacher, ann := person("ann"))
    max_ = services.student_create(
        classroom=classroom, teacher=teacher, username="max", password="tiles-on-tuesday"
    )
    deal = a_deal(classroom)
    game = play(deals.deal_hand_start(deal=deal, student=max_))
    return {"classroom": classroom, "teacher": teacher, "ann": ann, "max": max_, "deal": deal, "game": game}


@pytest.fixture(scope="class")
def built(django_db_setup: None, django_db_blocker: Any) -> Iterator[dict[str, Any]]:
    """Max's hand is played once for the class's tests (tests/built_once.py)."""
    yield from built_once(django_db_blocker, _world)


@pytest.fixture
def world(built: dict[str, Any]) -> dict[str, Any]:
    """The world as `_world` made it, in the test's own savepoint, each object read afresh."""
    return {name: fresh(value) for name, value in built.items()}


def _doors(world: dict[str, Any]) -> dict[str, int]:
    """What each door answers now, for the hand's player, the teacher and the other student."""
    game, classroom, deal = world["game"], world["classroom"], world["deal"]
    review = reverse("play:review", args=[game.pk])
    player, teacher, other = _as(world["max"]), _as(world["teacher"]), _as(world["ann"])
    return {
        "player review": player.get(review).status_code,
        "player step": player.get(review + "?step=3").status_code,
        "player step fragment": player.get(review + "?step=3", HTTP_HX_REQUEST="true").status_code,
        "teacher review": teacher.get(review).status_code,
        "teacher step fragment": teacher.get(review + "?step=3", HTTP_HX_REQUEST="true").status_code,
        "other student review": other.get(review).status_code,
        "other student game": other.get(reverse("play:game", args=[game.pk])).status_code,
        "teacher game": teacher.get(reverse("play:game", args=[game.pk])).status_code,
        "board": teacher.get(reverse("classes:deal_board", args=[classroom.pk, deal.pk])).status_code,
    }


class TestOneDealPlayedByMax:
    """The tests on one world, Max's hand played once for them all."""

    def test_every_door_is_shut_until_the_deal_closes_then_opens(self, world: dict[str, Any]) -> None:
        assert _doors(world) == {
            "player review": 404,
            "player step": 404,
            "player step fragment": 404,
            "teacher review": 404,
            "teacher step fragment": 404,
            "other student review": 404,
            "other student game": 404,
            "teacher game": 404,
            "board": 200,
        }
        deals.deal_close(deal=world["deal"])
        assert _doors(world) == {
            "player review": 200,
            "player step": 200,
            "player step fragment": 200,
            "teacher review": 200,
            "teacher step fragment": 200,
            "other student review": 404,  # another student's hand is never theirs to read
            "other student game": 404,
            "teacher game": 404,  # the teacher reads the review, never plays the student's table
            "board": 200,
        }

    def test_the_finished_hand_shows_its_result_and_says_when_its_review_opens(
        self, world: dict[str, Any]
    ) -> None:
        game = world["game"]
        html = unescape(_as(world["max"]).get(reverse("play:game", args=[game.pk])).content.decode())
        assert 'id="hand-result"' in html and 'id="held"' in html
        assert "its review and share link open when your teacher closes the deal" in html
        assert reverse("play:review", args=[game.pk]) not in html
        home = _as(world["max"]).get(reverse("play:home")).content.decode()
        assert reverse("play:review", args=[game.pk]) not in home
        deals.deal_close(deal=world["deal"])
        html = _as(world["max"]).get(reverse("play:game", args=[game.pk])).content.decode()
        assert 'id="held"' not in html and reverse("play:review", args=[game.pk]) in html

    def test_no_share_link_is_made_or_opened_before_it_closes(self, world: dict[str, Any]) -> None:
        game: Game = world["game"]
        player = _as(world["max"])
        response = player.post(reverse("play:share", args=[game.pk]), {"sharing": "on"}, follow=True)
        assert "open when your teacher closes the deal" in unescape(response.content.decode())
        game.refresh_from_db()
        assert game.share_token == ""
        with pytest.raises(play_services.PlayError):
            play_services.review_share(game=game, sharing=True)
        Game.objects.filter(pk=game.pk).update(share_token="made-before-it-was-a-deal")  # however it got one
        link = reverse("play:shared", args=["made-before-it-was-a-deal"])
        assert Client().get(link).status_code == 404
        deals.deal_close(deal=world["deal"])
        assert Client().get(link).status_code == 200
        Game.objects.filter(pk=game.pk).update(share_token="")
        player.post(reverse("play:share", args=[game.pk]), {"sharing": "on"})
        game.refresh_from_db()
        assert (
            game.share_token
            and Client().get(reverse("play:shared", args=[game.share_token])).status_code == 200
        )

    def test_the_download_holds_the_hand_back_until_it_closes(self, world: dict[str, Any]) -> None:
        game, max_ = world["game"], world["max"]
        for data in (
            account_data(user=max_),
            _as(world["teacher"])
            .get(reverse("classes:managed_export", args=[world["classroom"].pk, max_.pk]))
            .json(),
        ):
            assert data["play"]["games"] == []
            (held,) = data["play"]["held_back"]
            assert "closes the deal" in held["why"] and held["status"] == "over"
            assert not {"seed", "actions", "wall", "result", "dealer"} & set(held)
            (played,) = data["class_deals"]["played"]
            assert played["game_status"] == "over" and "seed" not in played
        (dealt,) = account_data(user=world["teacher"])["class_deals"]["dealt"]
        assert "seed" not in dealt and "wall" not in dealt  # never the deal's seed
        deals.deal_close(deal=world["deal"])
        data = account_data(user=max_)
        assert [g["seed"] for g in data["play"]["games"]] == [game.seed] and data["play"]["held_back"] == []

    def test_the_board_draws_no_tile_and_no_choice_before_it_closes(self, world: dict[str, Any]) -> None:
        game, classroom, deal = world["game"], world["classroom"], world["deal"]
        teacher = _as(world["teacher"])
        board = reverse("classes:deal_board", args=[classroom.pk, deal.pk])
        chosen = [d.chosen for d in game.decisions.all()]
        for asked in (board, board + "?step=2", board + "?step=2&seen=x"):
            for htmx in ("", "true"):
                response = teacher.get(asked, HTTP_HX_REQUEST=htmx) if htmx else teacher.get(asked)
                html = unescape(response.content.decode()) if response.status_code == 200 else ""
                assert tiles_drawn(html) == set() and not any(words in html for words in chosen)
        deals.deal_close(deal=deal)
        html = unescape(teacher.get(board + "?step=2").content.decode())
        assert tiles_drawn(html) and chosen[1] in html

    def test_a_homework_deal_is_held_the_same(self, world: dict[str, Any]) -> None:
        classroom, ann = world["classroom"], world["ann"]
        work = services.assignment_create(
            classroom=classroom,
            teacher=world["teacher"],
            kind="deal",
            due=world["deal"].started_at.date(),
            bot_level="strong",
            play_mode="test",
        )
        homework_deal = ClassDeal.objects.get(assignment=work)
        game = play(deals.deal_hand_start(deal=homework_deal, student=ann))
        assert _as(ann).get(reverse("play:review", args=[game.pk])).status_code == 404
        deals.deal_close(deal=homework_deal)
        assert _as(ann).get(reverse("play:review", args=[game.pk])).status_code == 200

    def test_the_result_keeps_the_winning_hand_back_unless_it_is_the_players_own(
        self, world: dict[str, Any]
    ) -> None:
        # A student who finished first could show her neighbour the winner's whole hand on the result.
        game = world["game"]
        game.refresh_from_db()
        winner = (game.result or {}).get("winner")
        html = _as(world["max"]).get(reverse("play:game", args=[game.pk])).content.decode()
        kept_back = "The winning hand is shown when your teacher closes the deal." in html
        if winner is None:  # a wall game: no winning hand to keep back
            assert not kept_back and 'class="arrangement"' not in html
        else:
            own = winner == 0  # the student's own seat in a hand alone
            assert kept_back != own and ('class="arrangement"' in html) == own
        deals.deal_close(deal=world["deal"])
        html = _as(world["max"]).get(reverse("play:game", args=[game.pk])).content.decode()
        assert "The winning hand is shown when" not in html
        assert ('class="arrangement"' in html) == (winner is not None)
