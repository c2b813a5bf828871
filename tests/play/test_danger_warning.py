"""play:act with the coach's caution: in a practice hand, a discard dangerous enough
(cfmj.engine.coach.caution.DANGER_WARNING) is held back with the engine's why until the learner confirms
it; Back changes nothing, a double click discards once, and a test hand is never held back."""

from __future__ import annotations

from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.engine import coach
from cfmj.engine.coach import DANGER_WARNING
from cfmj.engine.game import Discard
from cfmj.engine.game.table_reading import danger_in_view
from cfmj.engine.tiles import code, name
from cfmj.play import services
from cfmj.play.models import Game
from cfmj.play.selectors import rebuild
from tests.classes.helpers import person

pytestmark = pytest.mark.django_db
DANGER = 32  # strong bots, the coach's learner: on turn 49, South's exposures make 5 Dot risky


@pytest.fixture
def lee(client: Client) -> Any:
    user = person("lee")
    client.force_login(user)
    return user


def to_danger(game: Game) -> tuple[Game, int]:
    """The coach's choices played until the learner owes a discard the coach would hold back (at
    least DANGER_WARNING dangerous, and riskier than the coach's own choice): the game then, and
    that tile."""
    while game.status != Game.Status.OVER:
        engine = rebuild(game)
        if any(isinstance(a, Discard) for a in engine.legal_actions(0)):
            for tile in sorted(set(engine.view(0).concealed)):
                if coach.warning(engine, 0, Discard(0, tile), careful=True) is not None:
                    return game, tile
        hint = coach.hint(engine, 0)
        assert hint is not None
        game = services.game_act(game=game, version=game.version, action=hint.advised)
    raise AssertionError("no dangerous discard in this hand")


def why_of(game: Game, tile: int) -> str:
    """The engine's reason the tile is dangerous, as the learner's view reads the table."""
    found = danger_in_view(rebuild(game).view(0)).of(tile)
    assert found.danger >= DANGER_WARNING
    return found.why


def risky(owner: Any, mode: str = Game.Mode.PRACTICE) -> tuple[Game, int]:
    return to_danger(services.game_start(owner=owner, bot_level="strong", seed=DANGER, mode=mode))


def act_url(game: Game) -> str:
    return reverse("play:act", args=[game.pk])


def test_the_service_holds_a_dangerous_discard_back_until_it_is_confirmed(lee: Any) -> None:
    game, tile = risky(lee)
    assert rebuild(game).turns == 49 and code(tile) == "5D"
    before = (game.version, list(game.actions), game.decisions.count())
    with pytest.raises(services.WarnedError) as held:
        services.game_act(game=game, version=game.version, action=Discard(0, tile))
    assert held.value.warning.title == "5 Dot could give South Mah Jongg"
    assert held.value.warning.words.endswith(why_of(game, tile))
    game.refresh_from_db()
    assert (game.version, game.actions, game.decisions.count()) == before
    game = services.game_act(game=game, version=game.version, action=Discard(0, tile), confirmed=True)
    assert game.version == before[0] + 1
    assert game.actions[len(before[1])] == {"kind": "discard", "seat": 0, "tile": tile}
    assert game.decisions.count() == before[2] + 1


def test_a_test_hand_is_never_held_back(lee: Any) -> None:
    game, tile = risky(lee, Game.Mode.TEST)
    version = game.version
    game = services.game_act(game=game, version=version, action=Discard(0, tile))
    assert game.version == version + 1


def test_the_table_shows_the_caution_and_discards_once_when_confirmed(client: Client, lee: Any) -> None:
    game, tile = risky(lee)
    data = {"action": "discard", "version": str(game.version), "tile": code(tile)}
    response = client.post(act_url(game), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = unescape(response.content.decode())
    assert 'id="warning"' in html and 'role="alert"' in html
    assert "Careful: 5 Dot could give South Mah Jongg" in html and why_of(game, tile) in html
    assert "Discard 5 Dot anyway</button>" in html and 'name="confirm" value="1"' in html
    assert ">Back</a>" in html and "/rules/#rule-" not in html  # a danger, not a rule mistake
    game.refresh_from_db()
    version, actions = game.version, len(game.actions)
    confirm = {**data, "confirm": "1"}
    assert client.post(act_url(game), confirm, HTTP_HX_REQUEST="true").status_code == 200
    again = client.post(act_url(game), confirm, HTTP_HX_REQUEST="true")  # the double click
    assert again.status_code == 200  # refused (the table moved on): not discarded twice
    game.refresh_from_db()
    assert game.version == version + 1
    discards = [a for a in game.actions[actions:] if a["seat"] == 0 and a["kind"] == "discard"]
    assert discards == [{"kind": "discard", "seat": 0, "tile": tile}]


def test_without_javascript_the_caution_has_its_own_address_and_back_changes_nothing(
    client: Client, lee: Any
) -> None:
    game, tile = risky(lee)
    data = {"action": "discard", "version": str(game.version), "tile": code(tile)}
    response = client.post(act_url(game), data)
    assert response.status_code == 302 and response["Location"].endswith("#warning")
    page = unescape(client.get(response["Location"]).content.decode())
    assert 'id="warning"' in page and f"Discard {name(tile)} anyway" in page
    back = reverse("play:game", args=[game.pk])
    assert f'href="{back}#table"' in page
    table = client.get(back).content.decode()
    assert 'id="warning"' not in table and 'data-action="discard"' in table
    assert Game.objects.get(pk=game.pk).version == game.version


def test_the_hint_names_the_coachs_choice_and_the_caution_lets_it_through(client: Client, lee: Any) -> None:
    game, tile = risky(lee)
    hint = coach.hint(rebuild(game), 0)
    assert hint is not None and hint.advised != Discard(0, tile)
    html = unescape(client.get(reverse("play:game", args=[game.pk]) + "?hint=1").content.decode())
    assert f"Hint: {hint.advice}</h2>" in html and f"<p>{hint.why}</p>" in html
    assert hint.why.startswith(hint.advice) and len(hint.why.split()) <= 40
    assert isinstance(hint.advised, Discard)
    data = {"action": "discard", "version": str(game.version), "tile": code(hint.advised.tile)}
    response = client.post(act_url(game), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and 'id="warning"' not in response.content.decode()
    last = game.decisions.order_by("-index").first()
    assert last is not None and last.mark == "best"
