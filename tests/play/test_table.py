"""What the table shows (cfmj/play/table.py, templates/play/game.html): only what the engine
allows; the tiles just received in a pass that may be blind drawn once, apart from the rack; and
the hint's data attributes, enough for a script to find and press what it advises."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.engine import coach
from cfmj.engine.game import COURTESY_PASS, DeclareMahJongg, ExchangeJoker, PassTiles
from cfmj.engine.game import Game as EngineGame
from cfmj.engine.tiles import code
from cfmj.play import services
from cfmj.play.models import Decision, Game
from cfmj.play.selectors import rebuild
from cfmj.play.table import status_line, your_turn
from tests.play.helpers import forms_of, tiles_drawn

HINTED_HAND = (
    10  # 31 decisions with the steady bots: passes, the stop vote, the courtesy, a call, an exchange
)
HINT = re.compile(r'<section id="hint"[^>]*>')
ATTRIBUTE = re.compile(r'data-hint-([a-z]+)="([^"]*)"')
FORM = re.compile(r'<form [^>]*data-action="(?P<kind>[a-z_]+)"(?: data-choice="(?P<choice>[^"]*)")?')


def test_a_dead_hand_is_told_only_to_discard() -> None:
    # The engine offers a dead hand no declaration and no joker exchange (RULES §6).
    assert your_turn({"discard"}) == "Your turn: discard a tile."


def test_a_live_hand_is_told_every_choice_it_has() -> None:
    assert your_turn({"discard", DeclareMahJongg.kind}) == "Your turn: discard a tile or declare Mah Jongg."
    assert your_turn({"discard", DeclareMahJongg.kind, ExchangeJoker.kind}) == (
        "Your turn: discard a tile, exchange a joker or declare Mah Jongg."
    )


def test_the_courtesy_pass_says_why_the_count_may_be_fewer_than_asked() -> None:
    view = replace(EngineGame(3).view(0), phase=COURTESY_PASS, stage=None, courtesy_count=2)
    assert status_line(view, set()) == (
        "Courtesy pass: you trade 2 tiles, the fewer that you and the player across asked for. Choose 2."
    )


def url(game: Game) -> str:
    return reverse("play:game", args=[game.pk])


@pytest.mark.django_db
def test_the_tiles_just_received_in_a_blind_pass_are_drawn_once_apart_from_the_rack(
    client: Client, lee: Any
) -> None:
    """In the First Left the tiles just received are not yet in the hand (RULES §6: a blind pass
    passes them on unseen): the rack holds the rest, the received tiles are drawn once, apart,
    each to pass on blind, and a sentence says what a blind pass is."""
    game = services.game_start(owner=lee, bot_level="beginner", seed=4)
    for _ in range(2):
        game = services.game_act(game=game, version=game.version, action=rebuild(game).legal_actions(0)[0])
    view = rebuild(game).view(0)
    assert view.blind_allowed and len(view.received) == 3
    html = unescape(client.get(url(game)).content.decode())
    boxes = forms_of(html)["pass_tiles"][0].checkboxes
    own = Counter(value for name, value in boxes if name == "tiles")
    received = Counter(code(t) for t in view.received)
    assert own == Counter(code(t) for t in view.concealed) - received
    assert Counter(value for name, value in boxes if name == "blind") == received
    choice = html[html.index('id="choice"') : html.index('class="play-you"')]
    assert len(re.findall(r'<img class="tile"', choice)) == len(view.concealed)  # each tile once
    assert "You last received" not in html
    assert "A blind pass passes 1 to 3 of them straight on, unseen, as part of the three." in html
    assert tiles_drawn(html) >= set(received)


def hint_attributes(html: str) -> dict[str, str]:
    found = HINT.search(html)
    assert found, "no hint on the table"
    return dict(ATTRIBUTE.findall(found.group(0)))


def follow(html: str, hint: dict[str, str]) -> dict[str, list[str]]:
    """The form data a script posts from the hint's data attributes alone: the form of the advised
    kind (the call or exchange whose data-choice the hint names), its tiles ticked or its button
    pressed."""
    kind = hint["action"]
    forms = forms_of(html)[kind]
    if "choice" in hint:
        keys = [m["choice"] for m in FORM.finditer(html) if m["kind"] == kind]
        assert keys.count(hint["choice"]) == 1, (hint, keys)  # one form, unambiguously
        return forms[keys.index(hint["choice"])].data()
    form = forms[0]
    extra: list[tuple[str, str]] = []
    for name, field in (("tile", "tiles"), ("blind", "blind")):
        if kind in ("pass_tiles", "courtesy_pass"):
            boxes = [box for box in form.checkboxes if box[0] == field]
            for tile in hint.get(name, "").split():
                boxes.remove((field, tile))  # there is such a box (else ValueError)
                extra.append((field, tile))
    if kind == "discard":
        extra.append(("tile", hint["tile"]))
    for name in ("stop", "count"):
        if name in hint:
            assert (name, hint[name]) in form.buttons
            extra.append((name, hint[name]))
    return form.data(extra)


@pytest.mark.django_db
def test_a_script_that_follows_the_hints_data_plays_the_advice(client: Client, lee: Any) -> None:
    """At each decision of a hand, the hint's data attributes alone find the form, the tiles and the
    button it advises; posted, each choice is the advice's own (marked best)."""
    game = services.game_start(owner=lee, bot_level="steady", seed=HINTED_HAND)
    kinds = []
    while game.status == Game.Status.PLAYING:
        engine = rebuild(game)
        advised = coach.hint(engine, 0)
        assert advised is not None
        html = unescape(client.get(url(game) + "?hint=1").content.decode())
        hint = hint_attributes(html)
        assert hint["action"] == advised.advised.kind
        view = engine.view(0)
        if view.pending_discard is not None:
            assert hint["tile"] == code(view.pending_discard[1])  # the tile called or let go
        data = follow(html, hint)
        response = client.post(reverse("play:act", args=[game.pk]), data)
        assert response.status_code == 302, data
        game.refresh_from_db()
        last = Decision.objects.filter(game=game).order_by("-index").first()
        assert last is not None
        assert last.mark == Decision.Mark.BEST, (hint, last.chosen, last.preferred)
        kinds.append(hint["action"])
    assert {"pass_tiles", "stop_vote", "courtesy_ask", "call_exposure", "exchange_joker"} <= set(kinds), kinds


@pytest.mark.django_db
def test_a_blind_pass_advised_is_named_tile_by_tile_and_followed(
    client: Client, lee: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Were the advice a blind pass (one tile just received, two of the learner's own), the hint
    names the rack's tiles in data-hint-tile and the received one in data-hint-blind, each marked
    "suggested" where it is drawn; followed, the learner passes exactly that."""
    game = services.game_start(owner=lee, bot_level="beginner", seed=4)
    for _ in range(2):
        game = services.game_act(game=game, version=game.version, action=rebuild(game).legal_actions(0)[0])
    engine = rebuild(game)
    blind = next(a for a in engine.legal_actions(0) if isinstance(a, PassTiles) and len(a.blind) == 1)
    real = coach.hint

    def blind_hint(engine: Any, seat: int) -> coach.Hint | None:
        found = real(engine, seat)
        assert found is not None
        tiles, unseen = tuple(code(t) for t in blind.tiles), tuple(code(t) for t in blind.blind)
        return replace(found, advised=blind, tiles=tiles, blind=unseen)

    monkeypatch.setattr(coach, "hint", blind_hint)
    html = unescape(client.get(url(game) + "?hint=1").content.decode())
    hint = hint_attributes(html)
    assert hint["action"] == "pass_tiles" and hint["blind"] == code(blind.blind[0])
    assert sorted(hint["tile"].split()) == sorted(code(t) for t in blind.tiles)
    assert html.count('class="suggest-badge"') == 3
    client.post(reverse("play:act", args=[game.pk]), follow(html, hint))
    game.refresh_from_db()
    mine = [a for a in game.actions if a["seat"] == 0 and a["kind"] == "pass_tiles"][-1]
    assert sorted(mine["tiles"]) == sorted(blind.tiles) and mine["blind"] == list(blind.blind)


def test_a_discarded_wind_is_said_as_a_wind_not_as_a_seat() -> None:
    # "South discarded South: call it or let it go." (a bot is named by its seat's wind)
    from cfmj.engine.tiles import parse_tile
    from cfmj.play.table import _said

    assert _said(parse_tile("S")) == "the South wind"
    assert _said(parse_tile("RD")) == "Red Dragon" and _said(parse_tile("3C")) == "3 Crak"
