"""/practice/safe_discard/: "Is this discard safe?" served from an empty pool at once (its puzzles
come from the library of positions, not from bot play in the request), the table drawn, and an
answer marked and kept."""

from __future__ import annotations

import re
import time

import pytest
from django.urls import reverse

from cfmj.engine.labels import tile_alt
from practice.models import Attempt, Puzzle
from tests.accounts.factories import UserFactory
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db
KIND = "safe_discard"
APOSTROPHE = "'"
CPU_SECONDS = 3.0  # an empty pool is filled in the request: it must not hang (CPU time: a busy
# machine stretches the clock, not the work)


def test_it_serves_the_drill_from_an_empty_pool_quickly_with_the_table_drawn(client) -> None:
    started = time.process_time()
    page = client.get(reverse("practice:drill", args=[KIND]))
    assert time.process_time() - started < CPU_SECONDS
    assert page.status_code == 200
    assert Puzzle.objects.filter(kind=KIND).count() >= 2
    question = page.context["puzzle"].question
    html = page.content.decode()
    assert question["prompt"] in html
    assert f"Tiles left in the wall: {question['wall']}." in html
    assert "The tile you would discard: " in html and f'alt="{tile_alt(question["tile"])}"' in html
    for seat in question["opponents"]:
        wind = seat["seat"]
        assert f'aria-label="{wind}{APOSTROPHE}s discards"' in html
        if seat["exposures"]:
            assert f'aria-label="{wind}{APOSTROPHE}s exposures"' in html
    assert 'name="safe" value="yes"' in html and 'name="safe" value="no"' in html


def test_it_draws_your_own_discards_as_tiles_named_in_words(client) -> None:
    """The answer may turn on your own discards (the fourth East you threw closes every NEWS hand):
    they are drawn under "You", each tile with its text alternative; your exposures are on your
    rack, not drawn twice."""
    PuzzleFactory(kind=KIND, band=3, seed=0)  # 14 discards of yours, two exposures on your rack
    page = client.get(reverse("practice:drill", args=[KIND]))
    question = page.context["puzzle"].question
    yours = question["yours"]
    assert yours["seat"] == question["seat"] and yours["discards"] and yours["exposures"]
    html = page.content.decode()
    assert f"You ({yours['seat']})" in html
    assert f"<strong>Your hand ({question['seat']})</strong>" in html  # the rack above is yours
    row = re.search(
        r'<div class="play-discards" role="group" aria-label="Your discards">(.*?)</div>', html, re.S
    )
    assert row is not None
    assert re.findall(r'alt="([^"]+)"', row[1]) == [tile_alt(code) for code in yours["discards"]]
    assert 'aria-label="Your exposures"' not in html and "No exposures" not in html.split("You (")[1]


def test_a_puzzle_stored_before_your_discards_were_shown_is_still_drawn(client) -> None:
    puzzle = PuzzleFactory(kind=KIND, band=3, seed=0)
    puzzle.question = {key: value for key, value in puzzle.question.items() if key != "yours"}
    puzzle.save()
    page = client.get(reverse("practice:drill", args=[KIND]))
    assert page.status_code == 200 and page.context["puzzle"].pk == puzzle.pk
    html = page.content.decode()
    assert puzzle.question["prompt"] in html and "Your discards" not in html
    for seat in puzzle.question["opponents"]:
        assert f'aria-label="{seat["seat"]}{APOSTROPHE}s discards"' in html
    said = "yes" if puzzle.answer["safe"] else "no"
    token = str(page.context["token"])
    response = client.post(
        reverse("practice:answer", args=[puzzle.pk]), {"token": token, "safe": said}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200 and b"Right" in response.content


@pytest.mark.parametrize("right", [True, False])
def test_it_marks_an_answer_and_keeps_it(client, right: bool) -> None:
    user = UserFactory(username="sal")
    client.force_login(user)
    page = client.get(reverse("practice:drill", args=[KIND]))
    puzzle, token = page.context["puzzle"], str(page.context["token"])
    said = "yes" if puzzle.answer["safe"] == right else "no"
    response = client.post(
        reverse("practice:answer", args=[puzzle.pk]), {"token": token, "safe": said}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    attempt = Attempt.objects.get(user=user, puzzle=puzzle)
    assert attempt.correct is right
    assert (b"Right" in response.content) is right
    assert puzzle.answer["explanation"].split(".")[0].encode() in response.content.replace(b"&#x27;", b"'")


def test_a_garbage_answer_is_a_clear_message_not_an_error(client) -> None:
    page = client.get(reverse("practice:drill", args=[KIND]))
    puzzle, token = page.context["puzzle"], str(page.context["token"])
    data = {"token": token, "safe": "x" * 500}
    response = client.post(reverse("practice:answer", args=[puzzle.pk]), data, HTTP_HX_REQUEST="true")
    assert response.status_code in (200, 400)
    assert Attempt.objects.filter(correct=True).count() == 0
