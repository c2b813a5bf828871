"""play:game with ?hint=1: the coach's hint on the table, for the owner only; with htmx the table
alone. The tiles or the button it suggests are marked in words, not by colour alone."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.engine import coach
from cfmj.play import services
from cfmj.play.models import Game
from cfmj.play.selectors import rebuild
from tests.classes.helpers import person
from tests.play.helpers import advance_to, tiles_allowed, tiles_drawn

pytestmark = pytest.mark.django_db


def url(game: Game) -> str:
    return reverse("play:game", args=[game.pk])


def test_it_offers_a_hint_with_a_real_link_and_shows_it_on_request(client: Client, lee: Any) -> None:
    game = services.game_start(owner=lee, bot_level="steady", seed=3)
    page = client.get(url(game)).content.decode()
    # Without JavaScript the link opens the table at its top: the status line, the rack and the
    # hint just under it.
    assert f'href="{url(game)}?hint=1#table"' in page and 'id="hint"' not in page
    response = client.get(url(game) + "?hint=1")
    assert response.status_code == 200
    html = response.content.decode()
    hint = coach.hint(rebuild(game), 0)
    assert hint is not None
    assert 'id="hint"' in html and f"Hint: {hint.advice}" in html and "<html" in html
    assert html.count('class="suggest-badge"') == len(hint.tiles) + len(hint.blind) == 3
    assert "What each choice keeps and breaks" in html
    assert tiles_drawn(html) <= tiles_allowed(rebuild(game).view(0), game)
    game.refresh_from_db()
    assert game.version == 0 and not game.decisions.exists()  # a hint changes nothing


def test_a_test_hand_has_no_hint(client: Client, lee: Any) -> None:
    """A test hand counts in the statistics as the learner's own play: no link, and the address
    with ?hint=1 shows the table without one."""
    game = services.game_start(owner=lee, bot_level="steady", seed=3, mode="test")
    page = client.get(url(game)).content.decode()
    assert "?hint=1" not in page and "A test hand has no hints" in page
    asked = client.get(url(game) + "?hint=1")
    assert asked.status_code == 200
    assert 'id="hint"' not in asked.content.decode()


def test_with_htmx_the_hint_comes_in_the_table_alone(client: Client, lee: Any) -> None:
    game = advance_to(services.game_start(owner=lee, bot_level="strong", seed=8), "discard")
    response = client.get(url(game) + "?hint=1", HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="table"') and "<html" not in html
    hint = coach.hint(rebuild(game), 0)
    assert hint is not None and hint.kind in (coach.DISCARD, coach.EXCHANGE, coach.MAH_JONGG)
    assert 'id="hint"' in html and "suggested" in html


def test_another_users_game_is_a_404_hint_or_not(client: Client, lee: Any) -> None:
    game = services.game_start(owner=person("kim"), bot_level="steady", seed=3)
    assert client.get(url(game) + "?hint=1").status_code == 404
    assert client.get(url(game) + "?hint=1", HTTP_HX_REQUEST="true").status_code == 404


def test_a_finished_hand_has_no_hint(client: Client, lee: Any) -> None:
    from tests.play.helpers import play_out

    game = play_out(services.game_start(owner=lee, bot_level="strong", seed=2))
    html = client.get(url(game) + "?hint=1").content.decode()
    assert 'id="hint"' not in html and "Show a hint" not in html


def test_after_each_choice_mode_shows_the_mark_instead_of_the_link(client: Client, lee: Any) -> None:
    game = services.game_start(owner=lee, bot_level="steady", seed=3, coach=Game.Coach.AFTER)
    assert "Show a hint" not in client.get(url(game)).content.decode()
    engine = rebuild(game)
    hint = coach.hint(engine, 0)
    assert hint is not None
    game = services.game_act(game=game, version=0, action=hint.advised)
    html = client.get(url(game)).content.decode()
    assert 'id="coach-mark"' in html and "Your last choice:" in html and "best" in html
    assert hint.advice in html
