"""play:undo: in practice, back to the learner's last decision, the table exactly as it was then;
in a test hand, never. Refused with a message and the game unchanged when stale, over, forged,
before any decision; another user's game is a 404."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.engine.game import NoCall
from cfmj.engine.tiles import code
from cfmj.play import services
from cfmj.play.models import Decision, Game
from cfmj.play.selectors import rebuild
from tests.classes.helpers import person
from tests.play.helpers import advance_to, forms_of

pytestmark = pytest.mark.django_db


def url(game: Game) -> str:
    return reverse("play:undo", args=[game.pk])


def act_url(game: Game) -> str:
    return reverse("play:act", args=[game.pk])


def a_game(owner: Any, seed: int = 5, mode: str = Game.Mode.PRACTICE) -> Game:
    return services.game_start(owner=owner, bot_level="beginner", seed=seed, mode=mode)


def snapshot(game: Game) -> tuple[Any, ...]:
    game.refresh_from_db()
    return (game.version, list(game.actions), game.moves_from, game.status)


def table(game: Game) -> tuple[Any, ...]:
    """What the learner sees: their engine view, and the moves listed since their last choice."""
    game.refresh_from_db()
    return rebuild(game).view(0), list(game.actions), game.moves_from


def first_pass(game: Game) -> dict[str, Any]:
    tiles = [code(t) for t in rebuild(game).view(0).concealed if code(t) != "J"][:3]
    return {"action": "pass_tiles", "version": str(game.version), "tiles": tiles}


def undo_post(game: Game) -> dict[str, str]:
    game.refresh_from_db()
    return {"version": str(game.version)}


def test_it_takes_back_a_discard_and_the_table_is_as_it_was(client: Client, lee: Any) -> None:
    game = advance_to(a_game(lee), "discard")
    before = table(game)
    tile = code(rebuild(game).view(0).concealed[0])
    client.post(act_url(game), {"action": "discard", "version": str(game.version), "tile": tile})
    after_discard = snapshot(game)
    assert len(after_discard[1]) > len(before[1])
    response = client.post(url(game), undo_post(game))
    assert response.status_code == 302
    assert response["Location"] == reverse("play:game", args=[game.pk]) + "#table"  # status line and rack
    assert table(game) == before
    assert game.version == after_discard[0] + 1 and game.status == Game.Status.PLAYING
    # The bots are seeded: the same discard again plays on exactly as the first time.
    client.post(act_url(game), {"action": "discard", "version": str(game.version), "tile": tile})
    game.refresh_from_db()
    assert game.actions == after_discard[1] and game.moves_from == after_discard[2]


def test_it_skips_the_calls_let_go_for_the_learner(client: Client, lee: Any) -> None:
    game = a_game(lee, seed=1)
    later: list[dict[str, Any]] = []
    while not later:  # discard until the bots' discards after it included some the learner could not call
        game = advance_to(game, "discard")
        cut = len(game.actions)
        tile = code(rebuild(game).view(0).concealed[0])
        client.post(act_url(game), {"action": "discard", "version": str(game.version), "tile": tile})
        game.refresh_from_db()
        later = [data for data in game.actions[cut + 1 :] if data["seat"] == 0]
    assert all(data["kind"] == NoCall.kind for data in later)
    assert [p.index for p in services.decision_points(game)][-1] == cut
    client.post(url(game), undo_post(game))
    game.refresh_from_db()
    assert len(game.actions) == cut


def test_a_call_let_go_by_the_learner_is_a_decision_undone(client: Client, lee: Any) -> None:
    game = advance_to(a_game(lee, seed=3), "no_call")
    before = table(game)
    client.post(act_url(game), {"action": "no_call", "version": str(game.version)})
    client.post(url(game), undo_post(game))
    assert table(game) == before
    assert "no_call" in forms_of(client.get(reverse("play:game", args=[game.pk])).content.decode())


def test_it_goes_back_to_the_deal_from_the_first_decision(client: Client, lee: Any) -> None:
    game = a_game(lee)
    dealt = table(game)
    client.post(act_url(game), first_pass(game))
    client.post(url(game), undo_post(game))
    assert table(game) == dealt and game.moves_from == 0
    # and then there is nothing left to undo: no button, and a post says so
    html = client.get(reverse("play:game", args=[game.pk])).content.decode()
    assert "undo" not in forms_of(html)
    before = snapshot(game)
    page = client.post(url(game), undo_post(game), follow=True).content.decode()
    assert "Nothing to undo yet" in page and snapshot(game) == before


def test_it_removes_the_decisions_from_the_one_undone_on(client: Client, lee: Any) -> None:
    game = a_game(lee)
    client.post(act_url(game), first_pass(game))
    game.refresh_from_db()
    client.post(act_url(game), first_pass(game))
    game.refresh_from_db()
    first, second = (p.index for p in services.decision_points(game))
    # The coach marked both choices as they were made.
    assert list(Decision.objects.filter(game=game).values_list("index", flat=True)) == [first, second]
    other = a_game(person("eve"))
    Decision.objects.create(game=other, index=second, kind="pass", chosen="three tiles", mark="good")
    client.post(url(game), undo_post(game))
    assert list(Decision.objects.filter(game=game).values_list("index", flat=True)) == [first]
    assert Decision.objects.filter(game=other).count() == 1


def test_with_htmx_it_answers_with_the_table_saying_so(client: Client, lee: Any) -> None:
    game = a_game(lee)
    client.post(act_url(game), first_pass(game))
    html = client.get(reverse("play:game", args=[game.pk])).content.decode()
    form = forms_of(html)["undo"][0]
    assert form.url == url(game) and f'hx-post="{url(game)}"' in html
    response = client.post(form.url, form.data(), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    answer = response.content.decode()
    assert answer.lstrip().startswith('<section id="table"') and "<html" not in answer
    assert "Your last choice is taken back" in answer and "pass_tiles" in forms_of(answer)


def test_a_test_hand_has_no_undo_and_a_forged_one_is_refused(client: Client, lee: Any) -> None:
    game = a_game(lee, mode=Game.Mode.TEST)
    client.post(act_url(game), first_pass(game))
    html = client.get(reverse("play:game", args=[game.pk])).content.decode()
    assert "undo" not in forms_of(html) and "Undo" not in html
    before = snapshot(game)
    response = client.post(url(game), undo_post(game), HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "A test hand has no undo" in response.content.decode()
    page = client.post(url(game), undo_post(game), follow=True).content.decode()
    assert "A test hand has no undo" in page and snapshot(game) == before


def test_a_stale_version_is_refused(client: Client, lee: Any) -> None:
    game = a_game(lee)
    client.post(act_url(game), first_pass(game))
    before = snapshot(game)
    for version in (str(before[0] - 1), "", "x"):  # an old tab, none, nonsense
        page = client.post(url(game), {"version": version}, follow=True).content.decode()
        assert "This table changed in another tab" in page and snapshot(game) == before


def test_a_double_click_undoes_once(client: Client, lee: Any) -> None:
    game = a_game(lee)
    client.post(act_url(game), first_pass(game))
    game.refresh_from_db()
    client.post(act_url(game), first_pass(game))
    data = undo_post(game)
    client.post(url(game), data)
    once = snapshot(game)
    page = client.post(url(game), data, follow=True).content.decode()
    assert "This table changed" in page and snapshot(game) == once
    assert len(services.decision_points(game)) == 1


def test_a_finished_hand_is_not_undone(client: Client, lee: Any) -> None:
    game = a_game(lee)
    client.post(act_url(game), first_pass(game))
    Game.objects.filter(pk=game.pk).update(status=Game.Status.OVER)
    before = snapshot(game)
    page = client.post(url(game), undo_post(game), follow=True).content.decode()
    assert "This hand is over, so its result stands" in page and snapshot(game) == before


def test_another_users_game_is_a_404(client: Client, lee: Any) -> None:
    game = a_game(person("eve"))
    services.game_act(game=game, version=0, action=rebuild(game).legal_actions(0)[0])
    before = snapshot(game)
    assert client.post(url(game), undo_post(game)).status_code == 404
    assert snapshot(game) == before


def test_a_visitor_gets_a_404_on_an_accounts_hand_and_a_get_undoes_nothing(client: Client) -> None:
    game = a_game(person("eve"))
    before = snapshot(game)
    assert Client().post(url(game), {"version": "0"}).status_code == 404
    assert snapshot(game) == before
    assert game.owner is not None
    client.force_login(game.owner)
    assert client.get(url(game)).status_code == 405


def test_an_undo_forgets_why_the_bots_made_the_moves_it_takes_back(client: Client, lee: Any) -> None:
    game = advance_to(a_game(lee, seed=8), "discard")
    discard = next(a for a in rebuild(game).legal_actions(0) if a.kind == "discard")
    game = services.game_act(game=game, version=game.version, action=discard)
    before = services.decision_points(game)[-1].events_before
    assert any(int(index) >= before for index in game.bot_whys)  # the bots moved after the discard
    client.post(url(game), undo_post(game))
    game.refresh_from_db()
    assert all(int(index) < before for index in game.bot_whys)
