"""play:start refuses a hand past PLAY_UNFINISHED_MAX unfinished ones (one account held 259), in
words that say what to do, on the Play page at the list of hands in progress; a finished hand, a
table's hand and another person's do not count; a class's deal is always dealt."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from cfmj.classes import deals
from cfmj.play import seating, services, table_hands
from cfmj.play.models import Game
from tests.classes.deal_helpers import a_class_of, a_deal
from tests.classes.helpers import person
from tests.play.helpers import play_out

pytestmark = pytest.mark.django_db
MOST = 3
FULL = "You have 3 hands not finished: finish one of them before you start another."
START = {"bot_level": "beginner", "base": "25", "skill_level": "0"}


@pytest.fixture(autouse=True)
def _three_at_most(settings: Any) -> None:
    settings.PLAY_UNFINISHED_MAX = MOST


def _started(owner: Any, count: int) -> list[Game]:
    return [services.game_start(owner=owner, bot_level="beginner", seed=seed) for seed in range(1, count + 1)]


def test_it_refuses_a_hand_past_the_most_in_words_at_the_list(client: Client) -> None:
    lee = person("lee")
    _started(lee, MOST)
    client.force_login(lee)
    response = client.post(reverse("play:start"), START)
    assert response.status_code == 302 and response["Location"] == reverse("play:home") + "#playing-title"
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert said == [FULL + " They are listed under “Your hands in progress” on the Play page."]
    assert Game.objects.filter(owner=lee).count() == MOST
    page = client.get(reverse("play:home")).content.decode()
    assert FULL in page and 'href="#playing-title"' in page and 'id="playing-title"' in page


def test_it_deals_again_once_one_is_finished(client: Client) -> None:
    lee = person("lee")
    first, *_ = _started(lee, MOST)
    play_out(first)
    client.force_login(lee)
    assert FULL not in client.get(reverse("play:home")).content.decode()
    response = client.post(reverse("play:start"), START)
    assert response.status_code == 302 and response["Location"].endswith("#table")
    assert Game.objects.filter(owner=lee, status=Game.Status.PLAYING).count() == MOST


def test_it_counts_no_one_elses_hands_and_no_tables(client: Client) -> None:
    lee, ann = person("lee"), person("ann")
    _started(ann, MOST)
    table = seating.table_open(host=lee, bot_level="beginner")
    table_hands.table_start(table=table, by=lee)
    _started(lee, MOST - 1)
    client.force_login(lee)
    assert client.post(reverse("play:start"), START)["Location"].endswith("#table")


def test_a_class_deal_is_dealt_whatever_else_the_student_has_begun() -> None:
    classroom, (sam,) = a_class_of(1)
    _started(sam, MOST)
    game = deals.deal_hand_start(deal=a_deal(classroom), student=sam)
    assert game.owner == sam and game.status == Game.Status.PLAYING
    with pytest.raises(services.TooManyHandsError):  # and it counts among their hands
        services.game_start(owner=sam, bot_level="beginner")
