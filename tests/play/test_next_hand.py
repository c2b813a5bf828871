"""play:next: a finished hand's match goes on, the deal passed to the right (RULES §6), dealt once
however often it is asked for; the table shows the hand's number, the learner's wind and the
match's running score. Only the owner's, only once the hand is over."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.play import services
from cfmj.play.models import Game
from cfmj.play.selectors import match_of
from tests.classes.helpers import person
from tests.play.helpers import forms_of, play_out

pytestmark = pytest.mark.django_db


def url(game: Game) -> str:
    return reverse("play:next", args=[game.pk])


def table_url(game: Game) -> str:
    return reverse("play:game", args=[game.pk])


def finished(game: Game, learner_paid: int = 0) -> Game:
    """The hand marked over (its play is not what these tests are about), the learner paid
    `learner_paid` and East (or the learner, if East) the opposite."""
    payments = [learner_paid, 0, 0, 0]
    payments[game.dealer or 1] -= learner_paid
    result = {"winner": None, "payments": payments, "won_by": None, "hand": None}
    Game.objects.filter(pk=game.pk).update(status=Game.Status.OVER, result=result)
    game.refresh_from_db()
    return game


def a_hand(owner: Any, **settings: Any) -> Game:
    return services.game_start(owner=owner, bot_level="beginner", seed=7, **settings)


def test_it_deals_the_next_hand_of_the_match_with_the_same_table(client: Client, lee: Any) -> None:
    first = a_hand(lee, house_rules=[1, 2], base=20, skill_level=3, mode=Game.Mode.TEST)
    Game.objects.filter(pk=first.pk).update(coach=Game.Coach.AFTER)
    first = finished(first)
    response = client.post(url(first))
    second = Game.objects.get(previous=first)
    assert response.status_code == 302 and response["Location"] == table_url(second) + "#table"
    settings = ("owner", "bot_level", "house_rules", "base", "skill_level", "mode", "coach")
    assert [getattr(second, name) for name in settings] == [getattr(first, name) for name in settings]
    assert second.hand_number == 2 and second.dealer == (first.dealer + 1) % 4
    assert second.status == Game.Status.PLAYING and second.version == 0 and second.wall != first.wall
    html = client.get(table_url(second)).content.decode()
    assert "Hand 2 of your match · you are " in html and "pass_tiles" in forms_of(html)


def test_a_double_post_deals_one_next_hand(client: Client, lee: Any) -> None:
    first = finished(a_hand(lee))
    answers = [client.post(url(first))["Location"] for _ in range(3)]
    second = Game.objects.get(previous=first)
    assert answers == [table_url(second) + "#table"] * 3 and Game.objects.count() == 2


def test_a_next_hand_dealt_at_the_same_moment_is_the_one_returned(
    lee: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = finished(a_hand(lee))
    dealt = services._dealt

    def racing(**kwargs: Any) -> Game:  # another request saves its next hand meanwhile
        hand = dealt(**kwargs)
        rival = dealt(**kwargs)
        rival.previous, rival.hand_number = first, 2
        rival.save()
        return hand

    monkeypatch.setattr(services, "_dealt", racing)
    second = services.game_next(game=first)
    assert second == Game.objects.get(previous=first) and Game.objects.count() == 2


def test_the_deal_passes_right_over_five_hands(lee: Any) -> None:
    hand = finished(services.game_start(owner=lee, bot_level="beginner", seed=7, dealer=2))
    dealers, numbers = [hand.dealer], [hand.hand_number]
    for _ in range(4):
        hand = finished(services.game_next(game=hand))
        dealers.append(hand.dealer)
        numbers.append(hand.hand_number)
    assert dealers == [2, 3, 0, 1, 2] and numbers == [1, 2, 3, 4, 5]


def test_the_table_shows_the_running_score_of_the_match(client: Client, lee: Any) -> None:
    one = finished(a_hand(lee), learner_paid=50)
    two = finished(services.game_next(game=one), learner_paid=-25)
    three = services.game_next(game=two)
    other = finished(a_hand(lee), learner_paid=400)  # another match: not counted
    assert match_of(three) == match_of(three).__class__(3, 2, 25, None)
    assert match_of(other).score == 400 and match_of(one).next_hand == two
    html = client.get(table_url(three)).content.decode()
    wind = ("East", "South", "West", "North")[(0 - three.dealer) % 4]
    assert f"Hand 3 of your match · you are {wind}" in html and "Match score so far: +25" in html
    three = finished(three, learner_paid=-75)
    assert (match_of(three).score, match_of(three).finished, match_of(three).signed_score) == (-50, 3, "-50")


def test_a_played_hand_offers_the_next_and_then_links_to_it(client: Client, lee: Any) -> None:
    game = play_out(services.game_start(owner=lee, bot_level="strong", seed=3))
    html = client.get(table_url(game)).content.decode()
    assert 'id="hand-result"' in html and "Play the next hand" in html
    assert f"Your match so far: {match_of(game).signed_score} after 1 hand." in html
    form = forms_of(html)["next_hand"][0]
    assert form.url == url(game)
    response = client.post(form.url, form.data())
    second = Game.objects.get(previous=game)
    assert response["Location"] == table_url(second) + "#table"
    html = client.get(table_url(game)).content.decode()
    assert "next_hand" not in forms_of(html)
    assert f'href="{table_url(second)}#table">Go on to hand 2</a>' in html
    assert game.result is not None and match_of(second).score == game.result["payments"][0]


def test_a_hand_still_being_played_has_no_next_hand_yet(client: Client, lee: Any) -> None:
    game = a_hand(lee)
    page = client.post(url(game), follow=True).content.decode()
    assert "Finish this hand first" in page and Game.objects.count() == 1
    assert "next_hand" not in forms_of(client.get(table_url(game)).content.decode())


def test_another_users_hand_is_a_404(client: Client, lee: Any) -> None:
    game = finished(a_hand(person("eve")))
    assert client.post(url(game)).status_code == 404
    assert Game.objects.count() == 1


def test_a_visitor_gets_a_404_on_an_accounts_hand_and_a_get_deals_nothing(client: Client) -> None:
    game = finished(a_hand(person("eve")))
    assert Client().post(url(game)).status_code == 404
    assert Game.objects.count() == 1
    assert game.owner is not None
    client.force_login(game.owner)
    assert client.get(url(game)).status_code == 405 and Game.objects.count() == 1


def test_a_hand_dealt_from_the_play_page_begins_a_new_match(client: Client, lee: Any) -> None:
    first = finished(a_hand(lee))
    services.game_next(game=first)
    client.post(reverse("play:start"), {"bot_level": "beginner"})
    fresh = Game.objects.latest("pk")
    assert fresh.previous is None and fresh.hand_number == 1 and match_of(fresh).score == 0
    html = client.get(reverse("play:home")).content.decode()
    assert "(hand 2 of a match)" in html and "begins a new match" in html


def test_a_dealer_outside_the_table_is_refused(lee: Any) -> None:
    with pytest.raises(services.PlayError, match="one of the four seats"):
        a_hand(lee, dealer=4)
