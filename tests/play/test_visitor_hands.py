"""A visitor (no account) plays a hand against the bots with the coach, on the same pages as an
account: play:start deals it to their visit, and the table, its actions, undo, the coach, the next
hand and the review are theirs alone (another visitor, a visitor with no id and every account get
a 404). Their hands are bounded: per visitor (PLAY_VISITOR_UNFINISHED_MAX), all visitors together
in a day (PLAY_VISITOR_HANDS_PER_DAY) and per address (RATE_LIMITS["play_visitor"]). Signing up
or logging in keeps them, finished or not. (The purge of hands never claimed:
tests/site/test_purges.py.)"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from cfmj.accounts.learners import VISITOR_KEY
from cfmj.accounts.models import User
from cfmj.engine.tiles import code
from cfmj.play import services
from cfmj.play.models import Decision, Game
from cfmj.play.selectors import earlier_hands, rebuild
from tests.classes.helpers import person
from tests.play.helpers import play_out

pytestmark = pytest.mark.django_db

START = {"bot_level": "beginner", "base": "25", "skill_level": "0"}
PASSWORD = "quiet-bamboo-garden-17"


def dealt(client: Client, seed_data: dict[str, str] | None = None) -> Game:
    """A hand dealt to this client's visit through the Play page's form."""
    response = client.post(reverse("play:start"), seed_data or START)
    assert response.status_code == 302 and response["Location"].endswith("#table"), response
    return Game.objects.filter(visitor=client.session[VISITOR_KEY]).latest("pk")


def first_pass(game: Game) -> dict[str, Any]:
    tiles = [code(t) for t in rebuild(game).view(0).concealed[:3]]
    return {"action": "pass_tiles", "version": str(game.version), "tiles": tiles}


def snapshot(game: Game) -> tuple[Any, ...]:
    game.refresh_from_db()
    return (game.version, list(game.actions), game.status, game.coach, game.share_token)


def said(response: Any) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_it_deals_a_visitor_a_hand_they_play_with_the_coach() -> None:
    visitor = Client()
    response = visitor.post(reverse("play:start"), START)
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("play:game", args=[game.pk]) + "#table"
    assert game.owner is None and game.table is None and game.visitor == visitor.session[VISITOR_KEY]
    assert game.mode == Game.Mode.PRACTICE and game.coach == Game.Coach.ON_REQUEST
    table = visitor.get(reverse("play:game", args=[game.pk]))
    assert table.status_code == 200 and "Show a hint" in table.content.decode()
    assert "data-live" not in table.content.decode()  # a hand alone streams nothing: no topic to hear
    hinted = visitor.get(reverse("play:game", args=[game.pk]) + "?hint=1").content.decode()
    assert 'id="hint"' in hinted
    moved = visitor.post(reverse("play:act", args=[game.pk]), first_pass(game))
    assert moved.status_code == 302
    game.refresh_from_db()
    assert game.version == 1 and Decision.objects.filter(game=game).count() == 1
    assert visitor.post(reverse("play:undo", args=[game.pk]), {"version": "1"}).status_code == 302
    game.refresh_from_db()
    assert game.version == 2 and not Decision.objects.filter(game=game).exists()
    visitor.post(reverse("play:coach", args=[game.pk]), {"coach": Game.Coach.AFTER})
    game.refresh_from_db()
    assert game.coach == Game.Coach.AFTER


def test_with_htmx_a_visitors_action_answers_with_the_table() -> None:
    visitor = Client()
    game = dealt(visitor)
    response = visitor.post(reverse("play:act", args=[game.pk]), first_pass(game), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="table"') and "<html" not in html


def test_another_visitor_a_visitor_with_no_id_and_any_account_get_a_404() -> None:
    owner = Client()
    game = dealt(owner)
    finished = play_out(dealt(owner))
    before, done = snapshot(game), snapshot(finished)
    other = Client()
    dealt(other)  # a visitor with an id of their own
    account = Client()
    account.force_login(person("eve"))
    for client in (other, Client(), account):
        assert client.get(reverse("play:game", args=[game.pk])).status_code == 404
        assert client.get(reverse("play:game", args=[game.pk]) + "?hint=1").status_code == 404
        assert client.post(reverse("play:act", args=[game.pk]), first_pass(game)).status_code == 404
        assert client.post(reverse("play:undo", args=[game.pk]), {"version": "0"}).status_code == 404
        assert client.post(reverse("play:coach", args=[game.pk]), {"coach": "off"}).status_code == 404
        assert client.post(reverse("play:next", args=[finished.pk])).status_code == 404
        assert client.get(reverse("play:review", args=[finished.pk])).status_code == 404
        assert client.get(reverse("play:review_seat", args=[finished.pk, 0])).status_code == 404
    assert account.post(reverse("play:share", args=[finished.pk]), {"sharing": "on"}).status_code == 404
    assert snapshot(game) == before and snapshot(finished) == done
    assert Game.objects.filter(previous=finished).count() == 0
    listed = other.get(reverse("play:home")).content.decode()
    assert reverse("play:game", args=[game.pk]) not in listed


def test_a_visitor_reads_their_finished_hands_review_and_is_told_sharing_needs_an_account() -> None:
    visitor = Client()
    game = play_out(dealt(visitor))
    result = visitor.get(reverse("play:game", args=[game.pk])).content.decode()
    assert 'id="keep-hand"' in result and reverse("accounts:signup") in result
    response = visitor.get(reverse("play:review", args=[game.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert f"Review of game {game.pk}" in html
    assert 'data-action="share"' not in html and "needs an account" in html
    assert visitor.get(reverse("play:review_seat", args=[game.pk, 1])).status_code == 404  # a bot's seat
    shared = visitor.post(reverse("play:share", args=[game.pk]), {"sharing": "on"})
    assert shared.status_code == 302 and "/accounts/login/" in shared["Location"]
    game.refresh_from_db()
    assert game.share_token == ""


def test_a_visitors_match_goes_on_as_theirs_alone() -> None:
    visitor = Client()
    first = play_out(dealt(visitor))
    response = visitor.post(reverse("play:next", args=[first.pk]))
    second = Game.objects.get(previous=first)
    assert response.status_code == 302
    assert second.owner is None and second.visitor == first.visitor and second.hand_number == 2
    assert earlier_hands(second) == [first]
    assert visitor.get(reverse("play:game", args=[second.pk])).status_code == 200


def test_a_visitor_has_at_most_their_few_hands_not_finished(settings: Any) -> None:
    settings.PLAY_VISITOR_UNFINISHED_MAX = 2
    visitor = Client()
    first, _ = dealt(visitor), dealt(visitor)
    response = visitor.post(reverse("play:start"), START)
    assert response.status_code == 302 and response["Location"] == reverse("play:home") + "#playing-title"
    assert said(response) == [
        "You have 2 hands not finished: finish one of them before you start another, or sign up "
        f"(free) to keep up to {settings.PLAY_UNFINISHED_MAX} going. They are listed under “Your "
        "hands in progress” on the Play page."
    ]
    assert Game.objects.filter(visitor=visitor.session[VISITOR_KEY]).count() == 2
    page = visitor.get(reverse("play:home")).content.decode()
    assert "You have 2 hands not finished" in page and f"{reverse('accounts:signup')}?next=/play/" in page
    play_out(first)  # one finished: room again
    assert visitor.post(reverse("play:start"), START)["Location"].endswith("#table")
    assert dealt(Client()).visitor  # another visitor has room of their own


def test_visitors_together_get_so_many_hands_a_day_and_accounts_are_not_counted(settings: Any) -> None:
    settings.PLAY_VISITOR_HANDS_PER_DAY = 2
    old = services.game_start(visitor="yesterday", bot_level="beginner", seed=1)
    Game.objects.filter(pk=old.pk).update(created_at=timezone.now() - datetime.timedelta(hours=25))
    dealt(Client())
    dealt(Client())
    lee = person("lee")
    services.game_start(owner=lee, bot_level="beginner", seed=2)
    late = Client()
    response = late.post(reverse("play:start"), START)
    assert response.status_code == 302 and response["Location"] == reverse("play:home")
    assert said(response) == [
        "So many visitors are playing today that we deal no more hands to visitors until tomorrow. "
        "Sign up (free) to play now: your account deals you hands whenever you like."
    ]
    assert Game.objects.exclude(visitor="").count() == 3
    page = late.get(reverse("play:home")).content.decode()
    assert "So many visitors are playing today" in page and reverse("accounts:signup") in page
    account = Client()
    account.force_login(lee)
    assert account.post(reverse("play:start"), START)["Location"].endswith("#table")
    assert "So many visitors" not in account.get(reverse("play:home")).content.decode()


def test_a_visitors_next_hand_counts_in_the_days_hands(settings: Any) -> None:
    visitor = Client()
    first = play_out(dealt(visitor))
    settings.PLAY_VISITOR_HANDS_PER_DAY = 1
    response = visitor.post(reverse("play:next", args=[first.pk]))
    assert response.status_code == 302 and not Game.objects.filter(previous=first).exists()
    assert said(response)[0].startswith("So many visitors are playing today")


def test_one_address_deals_visitors_so_many_hands_an_hour(settings: Any) -> None:
    """A bot making visitor after visitor from one address is refused (429) past its share, and
    deals nothing more; a person signed in from the same address is not counted."""
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "play_visitor": {"ip": 2, "window": 3600}}
    dealt(Client())
    dealt(Client())
    response = Client().post(reverse("play:start"), START)
    assert response.status_code == 429 and response["Retry-After"]
    assert Game.objects.count() == 2
    account = Client()
    account.force_login(person("lee"))
    assert account.post(reverse("play:start"), START).status_code == 302
    assert Game.objects.count() == 3


def test_signing_up_keeps_the_visitors_hands_finished_or_not() -> None:
    visitor = Client()
    playing = dealt(visitor)
    finished = play_out(dealt(visitor))
    someone_else = dealt(Client())
    response = visitor.post(
        reverse("accounts:signup"),
        {"username": "margaretsmith", "role": "learner", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    user = User.objects.get(username="margaretsmith")
    for game in (playing, finished):
        game.refresh_from_db()
        assert (game.owner, game.visitor) == (user, "")
    assert Decision.objects.filter(game=finished).exists()  # the choices came with it
    someone_else.refresh_from_db()
    assert someone_else.owner is None and someone_else.visitor
    page = visitor.get(reverse("play:home")).content.decode()
    assert (
        reverse("play:game", args=[playing.pk]) in page and reverse("play:game", args=[finished.pk]) in page
    )
    assert visitor.get(reverse("play:game", args=[playing.pk])).status_code == 200
    assert visitor.get(reverse("play:review", args=[finished.pk])).status_code == 200


def test_logging_in_keeps_the_visitors_hands() -> None:
    lee = person("lee")
    mine = services.game_start(owner=lee, bot_level="beginner", seed=1)
    visitor = Client()
    game = dealt(visitor)
    visitor.post(reverse("play:act", args=[game.pk]), first_pass(game))
    response = visitor.post(reverse("accounts:login"), {"username": "lee", "password": "pw-tiles-123"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.owner, game.visitor, game.version) == (lee, "", 1)
    assert set(Game.objects.filter(owner=lee)) == {mine, game}
    assert visitor.get(reverse("play:game", args=[game.pk])).status_code == 200
    visitor.post(reverse("accounts:logout"))
    assert visitor.get(reverse("play:game", args=[game.pk])).status_code == 404  # the account's now


def test_a_hand_is_an_accounts_or_a_visitors() -> None:
    with pytest.raises(ValueError, match="one of owner and visitor"):
        services.game_start(bot_level="beginner")
    with pytest.raises(ValueError, match="one of owner and visitor"):
        services.game_start(owner=person("lee"), visitor="v-1", bot_level="beginner")
