"""play:act and the coach: every decision the learner makes is recorded with the advice's mark at
its place in the log (none for a refused or stale post, none for the discards let go for them); an
action that would make a rule mistake is held back with a warning until the learner confirms it."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.engine import coach
from cfmj.engine.game import DeclareMahJongg, PassTiles, wins
from cfmj.engine.tiles import code
from cfmj.play import services
from cfmj.play.models import Decision, Game
from cfmj.play.selectors import rebuild
from tests.classes.helpers import person
from tests.play.helpers import advance_to

pytestmark = pytest.mark.django_db


def test_the_coachs_kinds_and_marks_are_the_decisions() -> None:
    kinds = {coach.PASS, coach.STOP_VOTE, coach.COURTESY_ASK, coach.COURTESY_PASS}
    kinds |= {coach.DISCARD, coach.CALL, coach.EXCHANGE, coach.MAH_JONGG}
    assert set(Decision.Kind.values) == kinds
    assert set(Decision.Mark.values) == {"best", "good", "weak"}


def act_url(game: Game) -> str:
    return reverse("play:act", args=[game.pk])


def pass_data(game: Game, version: int | None = None) -> dict[str, Any]:
    tiles = [code(t) for t in rebuild(game).view(0).concealed[:3]]
    return {
        "action": "pass_tiles",
        "version": str(game.version if version is None else version),
        "tiles": tiles,
    }


def test_each_decision_is_recorded_with_its_mark_at_its_index(client: Client, lee: Any) -> None:
    game = services.game_start(owner=lee, bot_level="steady", seed=5)
    indexes = []
    for _ in range(3):
        indexes.append(len(game.actions))
        engine = rebuild(game)
        expected = coach.judge(engine, 0, PassTiles(0, tuple(engine.view(0).concealed[:3])))
        assert client.post(act_url(game), pass_data(game)).status_code == 302
        game.refresh_from_db()
        row = game.decisions.order_by("-index").first()
        assert row is not None and (row.kind, row.mark, row.chosen) == (
            "pass",
            expected.mark,
            expected.chosen,
        )
        assert row.preferred == expected.preferred and row.why
    assert list(game.decisions.values_list("index", flat=True)) == indexes
    assert all(game.actions[i]["seat"] == 0 and game.actions[i]["kind"] == "pass_tiles" for i in indexes)


def test_one_decision_per_learner_action_and_none_for_the_calls_let_go_for_them(lee: Any) -> None:
    game = advance_to(services.game_start(owner=lee, bot_level="strong", seed=3), "no_call")
    learner_actions = [i for i, a in enumerate(game.actions) if a["seat"] == 0]
    automatic = [i for i in learner_actions if game.actions[i]["kind"] == "no_call"]
    recorded = list(game.decisions.values_list("index", flat=True))
    assert recorded == [i for i in learner_actions if i not in automatic]
    assert automatic  # the bots discarded tiles the learner could not call: no decision for those


def test_a_refused_or_stale_post_records_nothing(client: Client, lee: Any) -> None:
    game = services.game_start(owner=lee, bot_level="steady", seed=5)
    client.post(act_url(game), {"action": "discard", "version": "0", "tile": "5D"})  # not now
    client.post(act_url(game), {"action": "pass_tiles", "version": "0", "tiles": ["J", "J", "J"]})
    assert not Decision.objects.exists()
    client.post(act_url(game), pass_data(game))
    client.post(act_url(game), pass_data(game, version=0))  # the double click
    assert Decision.objects.count() == 1


def test_another_users_game_is_a_404_and_records_nothing(client: Client, lee: Any) -> None:
    game = services.game_start(owner=person("kim"), bot_level="steady", seed=5)
    assert client.post(act_url(game), pass_data(game)).status_code == 404
    assert client.post(act_url(game), {**pass_data(game), "confirm": "1"}).status_code == 404
    assert not Decision.objects.exists()


def mistaken_turn(owner: Any) -> Game:
    game = advance_to(services.game_start(owner=owner, bot_level="strong", seed=8), "discard")
    assert not wins(rebuild(game).view(0))
    return game


def test_a_mistaken_mah_jongg_is_held_back_with_the_rule_and_its_lesson(
    client: Client, lee: Any, course: Any
) -> None:
    game = mistaken_turn(lee)
    before = (game.version, list(game.actions))
    data = {"action": "declare_mah_jongg", "version": str(game.version)}
    response = client.post(act_url(game), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="warning"' in html and 'role="alert"' in html and "That is not Mah Jongg" in html
    assert "/rules/#rule-6_mistaken_mah_jongg" in html and "Lesson 17: What makes a hand dead" in html
    assert 'name="confirm" value="1"' in html and "Go ahead anyway" in html and ">Back</a>" in html
    game.refresh_from_db()
    assert (game.version, game.actions) == before and not game.decisions.filter(kind="mah_jongg").exists()


def test_without_javascript_the_warning_has_its_own_address(client: Client, lee: Any) -> None:
    game = mistaken_turn(lee)
    data = {"action": "declare_mah_jongg", "version": str(game.version)}
    response = client.post(act_url(game), data)
    assert response.status_code == 302
    location = response["Location"]
    assert location.startswith(reverse("play:game", args=[game.pk]) + "?check=1") and location.endswith(
        "#warning"
    )
    page = client.get(location).content.decode()
    assert 'id="warning"' in page and "Go ahead anyway" in page
    # A forged or stale address shows the table as it is, without a warning.
    stale = location.replace(f"version={game.version}", f"version={game.version + 7}")
    assert 'id="warning"' not in client.get(stale).content.decode()
    forged = location.replace("declare_mah_jongg", "launch")
    assert client.get(forged).status_code == 200 and 'id="warning"' not in client.get(forged).content.decode()


def test_go_ahead_anyway_applies_it_and_the_hand_dies(client: Client, lee: Any) -> None:
    game = mistaken_turn(lee)
    index = len(game.actions)
    data = {"action": "declare_mah_jongg", "version": str(game.version), "confirm": "1"}
    response = client.post(act_url(game), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.actions[index] == {"kind": "declare_mah_jongg", "seat": 0}
    assert rebuild(game).view(0).dead[0]
    row = game.decisions.get(index=index)
    assert (row.kind, row.mark, row.chosen) == ("mah_jongg", "weak", "Declare Mah Jongg")


def test_back_changes_nothing(client: Client, lee: Any) -> None:
    game = mistaken_turn(lee)
    html = client.post(
        act_url(game), {"action": "declare_mah_jongg", "version": str(game.version)}, HTTP_HX_REQUEST="true"
    ).content.decode()
    back = reverse("play:game", args=[game.pk])
    assert f'href="{back}#table"' in html
    page = client.get(back).content.decode()
    assert 'id="warning"' not in page and 'data-action="discard"' in page
    game.refresh_from_db()
    assert isinstance(coach.judge(rebuild(game), 0, DeclareMahJongg(0)), coach.Judgement)
