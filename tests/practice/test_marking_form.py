"""Answering through the form: a part left blank or a number that cannot be
read is asked for again, in words, with nothing recorded and the answer not shown; numbers in
words are read; a No needs its reason."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.engine import drills
from practice import answering
from practice.models import Attempt, Puzzle
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def _served(client: Client, kind: str, made: drills.Puzzle) -> tuple[Puzzle, str]:
    """Serve this one puzzle (the pool holds only it), and the token served with it."""
    PuzzleFactory(kind=kind, made=made)
    page = client.get(reverse("practice:drill", args=[kind]))
    assert page.status_code == 200
    return page.context["puzzle"], str(page.context["token"])


def _post(client: Client, puzzle: Puzzle, data: dict[str, str], token: str, **headers: Any) -> str:
    response = client.post(reverse("practice:answer", args=[puzzle.pk]), {"token": token, **data}, **headers)
    assert response.status_code == 200
    return response.content.decode()


def _on_a_discard() -> drills.Puzzle:
    return drills.generate("worth", seed=3, band=2, focus="discard")


@pytest.mark.parametrize("headers", [HTMX, {}])
def test_it_asks_again_for_the_discarders_payment_left_blank(client, headers: dict[str, str]) -> None:
    puzzle, token = _served(client, "worth", _on_a_discard())
    value = str(puzzle.answer["value"])
    page = _post(client, puzzle, {"value": value, "discarder": " "}, token, **headers)
    assert "Write what the discarder pays as a number too." in page
    assert "not ''" not in page and puzzle.answer["expected"] not in page
    assert not Attempt.objects.exists()
    if not headers:  # asked again with the value kept
        assert f'value="{value}"' in page and 'name="discarder" required' in page


@pytest.mark.parametrize("headers", [HTMX, {}])
def test_it_asks_again_for_points_it_cannot_read_without_revealing_them(
    client, headers: dict[str, str]
) -> None:
    puzzle, token = _served(client, "worth", _on_a_discard())
    pays = str(puzzle.answer["discarder"])
    page = _post(client, puzzle, {"value": "lots", "discarder": pays}, token, **headers)
    assert "Write the points as a number, e.g. 80." in page
    assert puzzle.answer["expected"] not in page and "The answer:" not in page
    assert not Attempt.objects.exists()


def test_it_takes_points_written_in_words_or_with_the_word_points(client) -> None:
    puzzle, token = _served(client, "worth", _on_a_discard())
    value, pays = puzzle.answer["value"], puzzle.answer["discarder"]
    page = _post(client, puzzle, {"value": f"{value} points", "discarder": f"{pays} points"}, token, **HTMX)
    assert "Right" in page
    assert Attempt.objects.get().correct


def test_it_asks_a_no_for_its_reason(client) -> None:
    made = next(
        drills.generate("winning_hand", seed=seed, band=1)
        for seed in range(50)
        if not drills.generate("winning_hand", seed=seed, band=1).answer["valid"]
    )
    puzzle, token = _served(client, "winning_hand", made)
    page = _post(client, puzzle, {"valid": "no"}, token, **HTMX)
    assert "You answered No: choose the main problem too." in page
    assert not Attempt.objects.exists()
    page = _post(client, puzzle, {"valid": "no", "reason": puzzle.answer["reason_ids"][0]}, token, **HTMX)
    assert "Right" in page and Attempt.objects.get().correct


def test_the_blank_error_says_what_to_write_for_each_part() -> None:
    puzzle = _on_a_discard()
    with pytest.raises(answering.BlankAnswerError) as left:
        answering.answer_fields("worth", {"value": "lots", "discarder": ""}, puzzle.question)
    assert left.value.fields == ("value", "discarder")
    assert left.value.asks == (
        "Write the points as a number, e.g. 80.",
        "Write what the discarder pays as a number too.",
    )
