"""play:coach: the learner switches when the coach speaks (hints on request, the mark after each
choice, or off), from the table; the owner only, and a made-up mode is refused with a message."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.engine import coach
from cfmj.engine.game import DeclareMahJongg, Discard, wins
from cfmj.play import services
from cfmj.play.models import Game
from cfmj.play.selectors import rebuild
from tests.classes.helpers import person
from tests.play.test_danger_warning import DANGER, to_danger

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


def test_with_the_coach_off_the_table_gives_no_hint_and_no_mark(client: Client, lee: Any) -> None:
    game = services.game_start(owner=lee, bot_level="steady", seed=3, coach=Game.Coach.OFF)
    table = reverse("play:game", args=[game.pk])
    page = client.get(table).content.decode()
    assert "Show a hint" not in page and "?hint=1" not in page
    assert '<option value="off" selected>Off</option>' in page  # switchable like the other modes
    assert 'id="hint"' not in client.get(table + "?hint=1").content.decode()
    legal = rebuild(game).legal_actions(0)[0]
    game = services.game_act(game=game, version=game.version, action=legal)
    page = client.get(table).content.decode()
    assert 'id="coach-mark"' not in page and "Your last choice" not in page
    assert game.decisions.count() == 1  # still marked, for the review once the hand is over
    client.post(coach_url(game), {"coach": "on_request"})
    assert "Show a hint" in client.get(table).content.decode()


def test_with_the_coach_off_a_dangerous_discard_is_not_held_back_but_a_rule_mistake_is(lee: Any) -> None:
    """The caution before a dangerous discard is the coach's advice: off, it says nothing. A move
    that breaks the hand by the rules (a Mah Jongg that does not win) is held back as in a test
    hand."""
    game, tile = to_danger(
        services.game_start(owner=lee, bot_level="strong", seed=DANGER, coach=Game.Coach.OFF)
    )
    engine = rebuild(game)
    assert coach.warning(engine, 0, Discard(0, tile), careful=True) is not None  # the coach on would
    assert not wins(engine.view(0))
    with pytest.raises(services.WarnedError):
        services.game_act(game=game, version=game.version, action=DeclareMahJongg(0))
    version = game.version
    game = services.game_act(game=game, version=version, action=Discard(0, tile))
    assert game.version == version + 1


def test_the_start_form_offers_the_coach_off(client: Client, lee: Any) -> None:
    home = client.get(reverse("play:home")).content.decode()
    assert 'name="coach" value="off"' in home and "Off: no hints, no marks, no warnings" in home
    client.post(reverse("play:start"), {"bot_level": "steady", "coach": "off"})
    assert Game.objects.get(owner=lee).coach == Game.Coach.OFF
