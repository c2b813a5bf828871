"""The load test's players (bench/loadtest_play.py) choose only legal actions from a real table:
a whole hand played through the pages with their choices, every post answered with the table and
no message, and the game's version moving on by one each time."""

from __future__ import annotations

import random
from urllib.parse import urlencode

import pytest
from django.test import Client
from django.urls import reverse

from bench.loadtest_play import choose, forms_of, trouble
from cfmj.play import services
from cfmj.play.models import Game
from tests.classes.helpers import person

pytestmark = pytest.mark.django_db
MAX_POSTS = 400


def test_it_reads_the_tables_forms(client: Client) -> None:
    lee = person("lee")
    client.force_login(lee)
    game = services.game_start(owner=lee, bot_level="beginner", seed=5)
    html = client.get(reverse("play:game", args=[game.pk])).content.decode()
    forms = forms_of(html)
    assert list(forms) == ["pass_tiles"]  # the first Charleston pass is the only choice
    url, data = choose(html, random.Random(0)) or ("", [])
    assert url == reverse("play:act", args=[game.pk])
    assert ("action", "pass_tiles") in data and ("version", str(game.version)) in data
    tiles = [value for name, value in data if name == "tiles"]
    assert len(tiles) == 3 and "J" not in tiles


@pytest.mark.parametrize(("seed", "level"), [(7, "beginner"), (8, "strong")])
def test_it_plays_a_whole_hand_with_legal_choices(client: Client, seed: int, level: str) -> None:
    lee = person("lee")
    client.force_login(lee)
    game = services.game_start(owner=lee, bot_level=level, seed=seed)
    html = client.get(reverse("play:game", args=[game.pk])).content.decode()
    rng = random.Random(seed)
    for _ in range(MAX_POSTS):
        choice = choose(html, rng)
        if choice is None:
            break
        url, data = choice
        version = game.version
        response = client.post(
            url, urlencode(data), content_type="application/x-www-form-urlencoded", HTTP_HX_REQUEST="true"
        )
        html = response.content.decode()
        assert trouble(response.status_code, html) is None, (data, html[:2000])
        game.refresh_from_db()
        # A call the coach warns about is held back (the player then heeds it and lets it go).
        assert game.version == version + (0 if 'id="warning"' in html else 1)
    assert game.status == Game.Status.OVER
    assert 'id="hand-result"' in html
    assert trouble(409, "") == "HTTP 409"
    assert trouble(200, '<p class="message error">This table changed</p>') == "message: This table changed"
