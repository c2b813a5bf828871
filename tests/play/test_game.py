"""play:game, the table: the learner's rack and choices, the others' public tiles, and only those."""

from __future__ import annotations

from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.engine.coach.levels import COACH_WHY
from cfmj.engine.game import NoCall, PassTiles, wins
from cfmj.engine.tiles import code, parse_tile
from cfmj.play import services, table
from cfmj.play.models import Game
from cfmj.play.selectors import rebuild
from tests.classes.helpers import person
from tests.play.helpers import advance_to, forms_of, play_out, tiles_allowed, tiles_drawn

pytestmark = pytest.mark.django_db


def url(game: Game) -> str:
    return reverse("play:game", args=[game.pk])


def test_it_shows_the_first_pass_with_the_rack_as_checkboxes(client: Client, lee: Any) -> None:
    game = services.game_start(owner=lee, bot_level="steady", seed=3)
    response = client.get(url(game))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Charleston, First Right: choose three tiles to pass to your right." in html
    forms = forms_of(html)
    assert set(forms) == {"pass_tiles"}
    concealed = rebuild(game).view(0).concealed
    boxes = forms["pass_tiles"][0].checkboxes
    assert sorted(value for name, value in boxes) == sorted(code(t) for t in concealed)
    assert html.count("tiles on the rack") == 3 and "13 tiles on the rack" in html  # a pass counts as held


def test_it_draws_nothing_but_the_learners_and_public_tiles(client: Client, lee: Any) -> None:
    game = advance_to(services.game_start(owner=lee, bot_level="strong", seed=8), "discard")
    html = client.get(url(game)).content.decode()
    assert tiles_drawn(html) <= tiles_allowed(rebuild(game).view(0), game)
    assert "Tap a tile to discard it" in html and 'data-action="discard"' in html
    assert 'data-action="declare_mah_jongg"' not in html and not wins(rebuild(game).view(0))
    assert "or declare Mah Jongg" not in html  # offered only when the hand wins


def test_the_blind_pass_offers_the_tiles_just_received(client: Client, lee: Any) -> None:
    game = services.game_start(owner=lee, bot_level="beginner", seed=4)
    for _ in range(2):
        tiles = [code(t) for t in rebuild(game).view(0).concealed[:3]]
        game = services.game_act(game=game, version=game.version, action=services_pass(tiles))
    view = rebuild(game).view(0)
    assert view.blind_allowed
    form = forms_of(client.get(url(game)).content.decode())["pass_tiles"][0]
    blind = [value for name, value in form.checkboxes if name == "blind"]
    assert sorted(blind) == sorted(code(t) for t in view.received)
    response = client.post(form.url, form.data([("blind", tile) for tile in blind[:3]]))
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.actions[-1]["kind"] != "pass_tiles" or game.actions[-1]["seat"] != 0
    assert any(a["kind"] == "pass_tiles" and a["seat"] == 0 and len(a["blind"]) == 3 for a in game.actions)


def services_pass(tiles: list[str]) -> Any:
    return PassTiles(0, tuple(parse_tile(t) for t in tiles))


def test_a_call_is_offered_only_on_a_discard_you_can_answer(client: Client, lee: Any) -> None:
    game = advance_to(services.game_start(owner=lee, bot_level="beginner", seed=6), "no_call")
    html = client.get(url(game)).content.decode()
    forms = forms_of(html)
    assert "no_call" in forms and "discard" not in forms
    assert "call it or let it go" in html


def test_calling_for_mah_jongg_is_offered_only_when_the_tile_wins(
    client: Client, lee: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine's wins(view, (tile,)) decides: this discard completes no hand of the learner's,
    so there is no "Call it for Mah Jongg"; where the engine says it would win, there is."""
    game = advance_to(services.game_start(owner=lee, bot_level="beginner", seed=6), "no_call")
    view = rebuild(game).view(0)
    assert view.pending_discard is not None and not wins(view, (view.pending_discard[1],))
    assert "call_mah_jongg" not in forms_of(client.get(url(game)).content.decode())
    asked: list[tuple[int, ...]] = []

    def winning(view: Any, extra: tuple[int, ...] = ()) -> bool:
        asked.append(extra)
        return True

    monkeypatch.setattr(table, "wins", winning)
    html = client.get(url(game)).content.decode()
    assert "call_mah_jongg" in forms_of(html) and "Call it for Mah Jongg" in html
    assert asked == [(view.pending_discard[1],)]


def test_another_users_game_is_a_404(client: Client, lee: Any) -> None:
    game = services.game_start(owner=person("eve"), bot_level="beginner", seed=1)
    assert client.get(url(game)).status_code == 404


def test_a_finished_hand_shows_the_result(client: Client, lee: Any) -> None:
    game = play_out(services.game_start(owner=lee, bot_level="strong", seed=3))
    html = client.get(url(game)).content.decode()
    assert 'id="hand-result"' in html and "Who paid what" in html
    assert game.result is not None and game.result["winner"] is not None  # this seed: a bot wins
    assert "Mah Jongg on a discard" in html or "Mah Jongg drawn from the wall" in html
    assert 'class="arrangement"' in html and f"+{max(game.result['payments'])}" in html
    assert set(forms_of(html)) == {"next_hand"}  # the match's next hand (tests/play/test_next_hand.py)


def test_a_game_number_out_of_range_is_a_404(client: Client, lee: Any) -> None:
    assert client.get("/play/" + "9" * 30 + "/").status_code == 404
    assert client.post("/play/" + "9" * 30 + "/act/", {"action": "no_call"}).status_code == 404


def test_the_bots_moves_say_why_they_were_chosen(client: Client, lee: Any) -> None:
    """Each bot's discard in "What happened" says how it chose it, in words about no hidden tile."""
    game = advance_to(services.game_start(owner=lee, bot_level="strong", seed=8), "no_call")
    game = services.game_act(game=game, version=game.version, action=NoCall(0))
    html = client.get(url(game)).content.decode()
    assert f"({COACH_WHY})" in unescape(html)
    assert tiles_drawn(html) <= tiles_allowed(rebuild(game).view(0), game)
    assert all(int(index) < len(rebuild(game).events) for index in game.bot_whys)
