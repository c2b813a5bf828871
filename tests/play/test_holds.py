"""cfmj.play.holds: a higher app holds hands back and opens hands to other readers, without play
knowing it. A held hand has no review, share link or download for anyone, its owner included, and
its page says why; a reader opens a finished hand's review to someone else; both through the
access helpers (cfmj.play.access). Here with a toy holder and reader; the class's deal registers the
real ones (tests/classes/test_deal_secrecy.py)."""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.accounts.models import User
from cfmj.play import holds, services
from cfmj.play.models import Game
from cfmj.site.selectors import account_data
from tests.classes.helpers import person
from tests.play.helpers import play_out

pytestmark = pytest.mark.django_db
SHORT = 19  # strong bots: a bot wins in 118 actions
WHY = "Held: the toy holder says so."
HELD: set[int] = set()
READERS: dict[int, int] = {}  # user id -> the game id they may read


def _toy_holder(ids: Collection[int]) -> dict[int, str]:
    return {pk: WHY for pk in ids if pk in HELD}


def _toy_reader(user: User, game: Game) -> int | None:
    return 0 if READERS.get(user.pk) == game.pk else None


@pytest.fixture(autouse=True)
def toys() -> Iterator[None]:
    holds.holder_register("toy", _toy_holder)
    holds.reader_register("toy", _toy_reader)
    yield
    holds.holder_unregister("toy")
    holds.reader_unregister("toy")
    HELD.clear()
    READERS.clear()


@pytest.fixture
def finished(lee: Any) -> Game:
    return play_out(services.game_start(owner=lee, bot_level="strong", seed=SHORT))


def test_a_held_hand_has_no_review_nor_share_for_its_owner(client: Client, finished: Game) -> None:
    HELD.add(finished.pk)
    review = reverse("play:review", args=[finished.pk])
    assert client.get(review).status_code == 404
    assert client.get(review + "?step=2", HTTP_HX_REQUEST="true").status_code == 404  # the fragment
    response = client.post(reverse("play:share", args=[finished.pk]), {"sharing": "on"}, follow=True)
    assert WHY in response.content.decode()
    finished.refresh_from_db()
    assert finished.share_token == ""
    with pytest.raises(services.PlayError, match="toy holder"):
        services.review_share(game=finished, sharing=True)
    # Its own table shows its result, says why, and links no review.
    page = client.get(reverse("play:game", args=[finished.pk])).content.decode()
    assert 'id="hand-result"' in page and WHY in page and review not in page
    home = client.get(reverse("play:home")).content.decode()
    assert review not in home and "its review opens when your teacher closes the class's deal" in home
    # Released: all of it opens.
    HELD.clear()
    assert client.get(review).status_code == 200
    assert review in client.get(reverse("play:game", args=[finished.pk])).content.decode()


def test_a_link_made_before_a_hold_finds_nothing_while_held(client: Client, finished: Game) -> None:
    shared = services.review_share(game=finished, sharing=True)
    link = reverse("play:shared", args=[shared.share_token])
    assert Client().get(link).status_code == 200
    HELD.add(finished.pk)
    assert Client().get(link).status_code == 404
    services.review_share(game=finished, sharing=False)  # stopping a share is never refused


def test_a_held_hand_is_left_out_of_the_download(lee: Any, finished: Game) -> None:
    HELD.add(finished.pk)
    data = account_data(user=lee)["play"]
    assert data["games"] == []
    assert len(data["held_back"]) == 1
    held = data["held_back"][0]
    assert held["why"] == WHY and not {"seed", "actions", "wall", "result", "dealer"} & set(held)
    HELD.clear()
    assert [g["seed"] for g in account_data(user=lee)["play"]["games"]] == [finished.seed]


def test_a_reader_opens_a_finished_hand_to_someone_else(finished: Game, lee: Any) -> None:
    teacher = person("tess", "teacher")
    reader = Client()
    reader.force_login(teacher)
    review = reverse("play:review", args=[finished.pk])
    assert reader.get(review).status_code == 404
    READERS[teacher.pk] = finished.pk
    page = reader.get(review).content.decode()
    assert "You read this review as a teacher" in page and lee.shown_name in page
    assert 'data-action="share"' not in page  # the owner's to share, not the reader's
    assert reader.get(review + "?step=1").status_code == 200
    # Nothing else of the hand: its table, its share form, another hand.
    assert reader.get(reverse("play:game", args=[finished.pk])).status_code == 404
    assert reader.post(reverse("play:share", args=[finished.pk]), {"sharing": "on"}).status_code == 404
    other = services.game_start(owner=lee, bot_level="strong", seed=SHORT)
    assert reader.get(reverse("play:review", args=[other.pk])).status_code == 404
    # A held hand stays held for a reader too.
    HELD.add(finished.pk)
    assert reader.get(review).status_code == 404
