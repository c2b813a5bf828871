"""play:act: the learner's action, then the bots'. A forged or stale action is refused with a
message and changes nothing; another user's game is a 404; nothing is ever a 500."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.engine.tiles import code
from cfmj.play import services
from cfmj.play.models import Game
from cfmj.play.selectors import rebuild
from tests.classes.helpers import person
from tests.play.helpers import advance_to

pytestmark = pytest.mark.django_db


def url(game: Game) -> str:
    return reverse("play:act", args=[game.pk])


def a_game(owner: Any, seed: int = 5) -> Game:
    return services.game_start(owner=owner, bot_level="beginner", seed=seed)


def snapshot(game: Game) -> tuple[Any, ...]:
    game.refresh_from_db()
    return (game.version, list(game.actions), game.status)


def own_pass(game: Game) -> list[str]:
    return [code(t) for t in rebuild(game).view(0).concealed[:3]]


def test_it_passes_three_tiles_and_the_bots_pass_too(client: Client, lee: Any) -> None:
    game = a_game(lee)
    tiles = own_pass(game)
    response = client.post(url(game), {"action": "pass_tiles", "version": "0", "tiles": tiles})
    # the page opens at the table, below the header
    assert (
        response.status_code == 302
        and response["Location"] == reverse("play:game", args=[game.pk]) + "#table"
    )
    game.refresh_from_db()
    assert game.version == 1
    engine = rebuild(game)
    assert engine.stage == "first_across" and engine.waiting_for() == (0,)
    page = client.get(response["Location"]).content.decode()
    assert "First Right pass: " in page and "passed you" in page


def test_with_htmx_it_answers_with_the_table_alone(client: Client, lee: Any) -> None:
    game = a_game(lee)
    data = {"action": "pass_tiles", "version": "0", "tiles": own_pass(game)}
    response = client.post(url(game), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="table"') and "<html" not in html
    assert 'name="version" value="1"' in html


def test_a_stale_version_is_refused_and_the_table_shown_as_it_is(client: Client, lee: Any) -> None:
    game = a_game(lee)
    data = {"action": "pass_tiles", "version": "0", "tiles": own_pass(game)}
    client.post(url(game), data)
    before = snapshot(game)
    response = client.post(url(game), data, HTTP_HX_REQUEST="true")  # the double click
    assert response.status_code == 200
    assert "This table changed in another tab or by a double click" in response.content.decode()
    assert snapshot(game) == before
    page = client.post(url(game), data, follow=True).content.decode()  # without htmx: a message
    assert "This table changed in another tab" in page and snapshot(game) == before


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"action": "pass_tiles"},  # no version
        {"action": "launch", "version": "0"},
        {"action": "discard", "version": "0", "tile": "5D"},  # out of turn: the Charleston is on
        {"action": "pass_tiles", "version": "0", "tiles": ["ZZ", "1C", "2C"]},
        {"action": "pass_tiles", "version": "0", "tiles": ["1C"] * 40},
        {"action": "pass_tiles", "version": "0", "tiles": ["ſ"]},
        {"action": "pass_tiles", "version": "0", "tiles": ["J", "J", "J"]},
        {"action": "pass_tiles", "version": "0", "tiles": ["1C", "2C"], "blind": ["3C"]},
        {"action": "stop_vote", "version": "0", "stop": "maybe"},
        {"action": "courtesy_ask", "version": "0", "count": "9" * 5000},
        {"action": "courtesy_ask", "version": "-1", "count": "2"},
        {"action": "exchange_joker", "version": "0", "tile": "5D", "owner": "99", "exposure": "7"},
        {"action": "exchange_joker", "version": "0", "tile": "5D"},
        {"action": "call_exposure", "version": "0", "tiles": ["5D", "5D"]},
        {"action": "declare_mah_jongg", "version": "0"},
        {"action": "no_call", "version": "0"},
    ],
)
def test_a_forged_action_is_refused_with_a_message(client: Client, lee: Any, data: dict[str, Any]) -> None:
    game = a_game(lee)
    before = snapshot(game)
    response = client.post(url(game), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert 'class="message error" role="alert"' in response.content.decode()
    assert snapshot(game) == before
    followed = client.post(url(game), data, follow=True)
    assert followed.status_code == 200 and 'class="message error' in followed.content.decode()
    assert snapshot(game) == before


def test_a_tile_you_do_not_hold_is_refused_on_your_turn(client: Client, lee: Any) -> None:
    game = advance_to(a_game(lee), "discard")
    held = {code(t) for t in rebuild(game).view(0).concealed}
    missing = next(c for c in ("1C", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "N") if c not in held)
    before = snapshot(game)
    data = {"action": "discard", "version": str(game.version), "tile": missing}
    response = client.post(url(game), data, follow=True)
    assert response.status_code == 200 and 'class="message error' in response.content.decode()
    assert snapshot(game) == before


def test_a_discard_on_your_turn_is_taken_and_the_bots_play_on(client: Client, lee: Any) -> None:
    game = advance_to(a_game(lee), "discard")
    tile = rebuild(game).view(0).concealed[0]
    logged, version = len(game.actions), game.version
    client.post(url(game), {"action": "discard", "version": str(version), "tile": code(tile)})
    game.refresh_from_db()
    assert game.version == version + 1
    assert game.actions[logged] == {"kind": "discard", "seat": 0, "tile": tile}
    engine = rebuild(game)
    assert engine.over or engine.waiting_for() == (0,)  # the bots went on to the learner's next choice
    assert len(game.actions) > logged + 1


def test_another_users_game_is_a_404(client: Client, lee: Any) -> None:
    game = a_game(person("eve"))
    before = snapshot(game)
    data = {"action": "pass_tiles", "version": "0", "tiles": own_pass(game)}
    assert client.post(url(game), data).status_code == 404
    assert client.get(reverse("play:game", args=[game.pk])).status_code == 404
    assert snapshot(game) == before


def test_a_visitor_gets_a_404_on_an_accounts_hand_and_changes_nothing() -> None:
    game = a_game(person("eve"))
    before = snapshot(game)
    visitor = Client()
    visitor.get(reverse("practice:home"))  # a visit under way, with or without a visitor id
    assert visitor.post(url(game), {"action": "no_call", "version": "0"}).status_code == 404
    assert visitor.get(reverse("play:game", args=[game.pk])).status_code == 404
    assert snapshot(game) == before


def test_a_finished_hand_takes_no_more_actions(client: Client, lee: Any) -> None:
    game = a_game(lee)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.OVER)
    before = snapshot(game)
    data = {"action": "pass_tiles", "version": "0", "tiles": own_pass(game)}
    page = client.post(url(game), data, follow=True)
    assert "This hand is over" in page.content.decode() and snapshot(game) == before


def test_a_get_is_not_an_action(client: Client, lee: Any) -> None:
    assert client.get(url(a_game(lee))).status_code == 405
