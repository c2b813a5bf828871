"""Whole hands played through the pages, choosing from the forms each page offers, half the posts
as htmx (the table swapped in place) and half as plain forms (post, redirect, get). On every
response, and on the coach's hint asked for at every decision: only tiles seat 0 may see are drawn
(its own, and the public ones). A call the coach warns about is confirmed ("Go ahead anyway")."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.engine.game import hand_result, wins
from cfmj.play import services
from cfmj.play.models import Game
from cfmj.play.selectors import rebuild
from tests.classes.helpers import person
from tests.play.helpers import Form, forms_of, tiles_allowed, tiles_drawn

pytestmark = pytest.mark.django_db
MAX_POSTS = 400


def choose(html: str, game: Game, rng: random.Random) -> tuple[Form, list[tuple[str, str]]]:
    """A simple learner: takes a Mah Jongg when it wins, calls and exchanges now and then,
    otherwise random tiles."""
    forms = forms_of(html)
    view = rebuild(game).view(0)
    if "declare_mah_jongg" in forms and wins(view):
        return forms["declare_mah_jongg"][0], []
    if "call_mah_jongg" in forms and view.pending_discard and wins(view, (view.pending_discard[1],)):
        return forms["call_mah_jongg"][0], []
    if "call_exposure" in forms and rng.random() < 0.3:
        return rng.choice(forms["call_exposure"]), []
    if "no_call" in forms:  # asked only when there is a call to make
        assert view.pending_discard is not None
        assert "call_exposure" in forms or wins(view, (view.pending_discard[1],))
        return forms["no_call"][0], []
    if "exchange_joker" in forms and rng.random() < 0.5:
        return rng.choice(forms["exchange_joker"]), []
    if "discard" in forms:
        form = forms["discard"][0]
        return form, [rng.choice([b for b in form.buttons if b[1] != "J"] or form.buttons)]
    for kind, count in (("pass_tiles", 3), ("courtesy_pass", view.courtesy_count or 0)):
        if kind in forms:
            form = forms[kind][0]
            own = [box for box in form.checkboxes if box[0] == "tiles" and box[1] != "J"]
            return form, rng.sample(own, count)
    if "stop_vote" in forms:
        form = forms["stop_vote"][0]
        return form, [rng.choice(form.buttons)]
    if "courtesy_ask" in forms:
        form = forms["courtesy_ask"][0]
        return form, [rng.choice(form.buttons)]
    raise AssertionError(f"no action offered: {sorted(forms)}")


def assert_nothing_hidden_drawn(html: str, game: Game) -> None:
    drawn = tiles_drawn(html)
    allowed = tiles_allowed(rebuild(game).view(0), game)
    assert drawn <= allowed, f"tiles drawn that seat 0 may not see: {sorted(drawn - allowed)}"


def play_through(client: Client, game: Game, rng: random.Random) -> Game:
    url = reverse("play:game", args=[game.pk])
    html = client.get(url).content.decode()
    assert_nothing_hidden_drawn(html, game)
    for step in range(MAX_POSTS):
        game.refresh_from_db()
        if game.status == Game.Status.OVER:
            return game
        htmx = {"HTTP_HX_REQUEST": "true"} if step % 2 else {}
        # The coach's hint on every decision: it draws nothing the learner may not see either.
        hinted = client.get(url + "?hint=1", **htmx).content.decode()  # type: ignore[arg-type]
        assert 'id="hint"' in hinted and "Hint: " in hinted
        assert_nothing_hidden_drawn(hinted, game)
        form, extra = choose(html, game, rng)
        version = game.version
        html = post(client, url, form, extra, htmx=bool(step % 2))
        game.refresh_from_db()
        if game.version == version and 'id="warning"' in html:  # the coach held a rule mistake back
            assert_nothing_hidden_drawn(html, game)
            confirm = next(f for f in forms_of(html)[form.action] if ("confirm", "1") in f.hidden_lists)
            html = post(client, url, confirm, [], htmx=bool(step % 2))
            game.refresh_from_db()
        assert 'class="message error"' not in html, (form.action, extra, html[:3000])
        assert game.version == version + 1
        assert_nothing_hidden_drawn(html, game)
    raise AssertionError("the hand did not end")


def post(client: Client, url: str, form: Form, extra: list[tuple[str, str]], *, htmx: bool) -> str:
    """One action posted as htmx (the table back in place) or as a plain form (redirected to the
    table, at what changed); the page the learner sees next."""
    if htmx:
        response = client.post(form.url, form.data(extra), HTTP_HX_REQUEST="true")
        assert response.status_code == 200
        html = response.content.decode()
        assert html.lstrip().startswith('<section id="table"')
        return html
    response = client.post(form.url, form.data(extra))
    assert response.status_code == 302
    location = response["Location"]
    if "?check=1" in location:  # held back by the coach: the warning, at its own address
        assert location.startswith(url + "?") and location.endswith("#warning")
    else:
        over = Game.objects.get(pk=int(url.strip("/").split("/")[-1])).status == Game.Status.OVER
        assert location == url + ("#hand-result" if over else "#table")  # opens at what changed
    return client.get(location).content.decode()


@pytest.mark.parametrize(
    ("seed", "level"),
    [(1, "beginner"), (2, "steady"), (3, "strong"), (11, "beginner"), (21, "steady"), (34, "strong")],
)
def test_it_plays_whole_hands_through_the_pages(client: Client, seed: int, level: str) -> None:
    lee = person("lee")
    client.force_login(lee)
    game = services.game_start(owner=lee, bot_level=level, seed=seed)
    game = play_through(client, game, random.Random(seed))
    engine = rebuild(game)
    assert engine.over and game.result is not None
    assert game.result["winner"] == hand_result(engine).winner
    page = client.get(reverse("play:game", args=[game.pk])).content.decode()
    assert 'id="hand-result"' in page
    assert "Wall game" in page or " won" in page
    assert sum(game.result["payments"]) == 0
    # How far the learner was from Mah Jongg at the end: 0 for a win, none for a dead hand.
    if game.result["winner"] == 0:
        assert game.final_distance == 0
    elif engine.view(0).dead[0]:
        assert game.final_distance is None
    else:
        assert game.final_distance is not None and game.final_distance > 0
