"""play:coach: the learner switches when the coach speaks (hints on request, or the mark after
each choice), from the table; the owner only, and a made-up mode is refused with a message."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.play import services
from cfmj.play.models import Game
from tests.classes.helpers import person

pytestmark = pytest.mark.django_db


def coach_url(game: Game) -> str:
    return reverse("play:coach", args=[game.pk])


def test_it_switches_the_mode_from_the_table(client: Client, lee: Any) -> None:
    game = services.game_start(owner=lee, bot_level="steady", seed=3)
    page = client.get(reverse("play:game", args=[game.pk])).content.decode()
    assert f'action="{coach_url(game)}"' in page and 'name="coach"' in page
    response = client.post(coach_url(game), {"coach": "after"})
    assert response.status_code == 302 and response["Location"].endswith("#table")
    game.refresh_from_db()
    assert game.coach == Game.Coach.AFTER and game.version == 0
    html = client.post(coach_url(game), {"coach": "on_request"}, HTTP_HX_REQUEST="true").content.decode()
    assert html.lstrip().startswith('<section id="table"') and "Show a hint" in html
    game.refresh_from_db()
    assert game.coach == Game.Coach.ON_REQUEST


def test_a_made_up_mode_is_refused_with_a_message(client: Client, lee: Any) -> None:
    game = services.game_start(owner=lee, bot_level="steady", seed=3)
    page = client.post(coach_url(game), {"coach": "shout"}, follow=True).content.decode()
    assert 'class="message error' in page
    game.refresh_from_db()
    assert game.coach == Game.Coach.ON_REQUEST


def test_only_the_owner_switches_it_and_only_by_post(client: Client, lee: Any) -> None:
    game = services.game_start(owner=person("kim"), bot_level="steady", seed=3)
    assert client.post(coach_url(game), {"coach": "after"}).status_code == 404
    game.refresh_from_db()
    assert game.coach == Game.Coach.ON_REQUEST
    mine = services.game_start(owner=lee, bot_level="steady", seed=3)
    assert client.get(coach_url(mine)).status_code == 405


def test_the_start_form_chooses_the_coach(client: Client, lee: Any) -> None:
    home = client.get(reverse("play:home")).content.decode()
    assert 'name="coach" value="after"' in home
    response = client.post(reverse("play:start"), {"bot_level": "steady", "coach": "after"})
    assert response.status_code == 302
    assert Game.objects.get(owner=lee).coach == Game.Coach.AFTER
    page = client.post(reverse("play:start"), {"bot_level": "steady", "coach": "loud"}, follow=True)
    assert 'class="message error' in page.content.decode() and Game.objects.count() == 1
