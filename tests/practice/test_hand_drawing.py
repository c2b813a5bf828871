"""How the drill pages draw a question's hand: a hand shown for Mah Jongg as its blocks, a hand in
play on a rack by suit, and "Which discard?" as one hand whose tiles are the choices."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.engine import parse_hand
from cfmj.engine.drills import hand_groups
from practice.models import Puzzle
from tests.engine.drills.helpers import right_response
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db


def _puzzle_section(html: str) -> str:
    """The puzzle's own section of a drill page (not the verdict below it)."""
    match = re.search(r'<section class="puzzle".*?</section>', html, re.S)
    assert match is not None
    return match.group(0)


def _served(client: Client, kind: str) -> tuple[Puzzle, str, str]:
    PuzzleFactory(kind=kind, band=3)
    page = client.get(reverse("practice:drill", args=[kind]))
    assert page.status_code == 200
    return page.context["puzzle"], str(page.context["token"]), page.content.decode()


def test_which_discard_draws_the_hand_once_and_every_concealed_tile_is_a_choice(client) -> None:
    puzzle, _, html = _served(client, "discard")
    section = _puzzle_section(html)
    hand = parse_hand(puzzle.question["hand"])
    assert section.count('<img class="tile"') == len(hand)  # the hand once, not a second time as choices
    radios = re.findall(
        r'<label class="hand-pick"><input type="radio" name="tile" value="([^"]+)" required>', section
    )
    assert sorted(radios) == sorted(puzzle.question["tiles"])
    assert 'class="rack-view"' in section and "Your hand: tap the tile you would discard" in section
    names = [g.name for g in hand_groups("discard", puzzle.question) if not g.exposed]
    assert re.findall(r'class="hand-group" role="group" aria-label="([^"]+)"', section) == names
    assert "tile-choice" not in section


def test_which_discard_shows_its_exposures_in_the_hand_but_not_as_choices(client) -> None:
    for seed in range(40):
        puzzle = PuzzleFactory.build(kind="discard", band=5, seed=seed)
        if parse_hand(puzzle.question["hand"]).exposures:
            break
    else:  # pragma: no cover - band 5 hands are exposed more often than not
        pytest.fail("no exposed hand")
    puzzle.save()
    page = client.get(reverse("practice:drill", args=["discard"]))
    section = _puzzle_section(page.content.decode())
    exposed = re.findall(r'rack-exposed" role="group" aria-label="(exposed [^"]+)">(.*?)</span>', section)
    assert exposed and all("<input" not in tiles for _, tiles in exposed)


def test_which_discard_shows_the_hand_again_above_the_verdict_without_javascript(client) -> None:
    puzzle, token, _ = _served(client, "discard")
    data = {"token": token, **right_response(puzzle)}
    page = client.post(reverse("practice:answer", args=[puzzle.pk]), data, follow=True)
    section = _puzzle_section(page.content.decode())
    assert "<form" not in section and "<input" not in section
    assert section.count('<img class="tile"') == len(parse_hand(puzzle.question["hand"]))
    assert b"Right" in page.content


@pytest.mark.parametrize("kind", ["worth", "winning_hand"])
def test_a_hand_shown_for_mah_jongg_is_drawn_as_its_blocks(client, kind: str) -> None:
    puzzle, _, html = _served(client, kind)
    section = _puzzle_section(html)
    assert 'class="hand hand-blocks" role="group" aria-label="hand, in blocks"' in section
    names = [g.name for g in hand_groups(kind, puzzle.question)]
    assert (
        re.findall(r'class="hand-group hand-block[^"]*" role="group" aria-label="([^"]+)"', section) == names
    )


@pytest.mark.parametrize("kind", ["charleston", "call", "distance", "name_hand"])
def test_a_hand_in_play_is_drawn_on_a_rack_by_suit(client, kind: str) -> None:
    puzzle, _, html = _served(client, kind)
    section = _puzzle_section(html)
    rack = re.search(r'<div class="rack-view">(.*?)</div>', section, re.S)
    assert rack is not None and "hand-blocks" not in rack.group(1)
    concealed = [g.name for g in hand_groups(kind, puzzle.question) if not g.exposed]
    assert re.findall(r'class="hand-group" role="group" aria-label="([^"]+)"', rack.group(1)) == concealed
    assert set(concealed) <= {"Craks", "Bams", "Dots", "Winds", "Dragons", "Flowers", "Jokers"}


def test_the_exposures_on_the_table_are_each_framed_and_named_as_their_block(client) -> None:
    puzzle, _, html = _served(client, "joker_exchange")
    table = re.search(r'<ul class="table-exposures">(.*?)</ul>', html, re.S)
    assert table is not None
    framed = re.findall(
        r'class="hand-group hand-block rack-exposed" role="group" aria-label="([^"]+)"', table.group(1)
    )
    shown = [group for row in puzzle.question["table"] for group in row["exposures"]]
    assert len(framed) == len(shown) and all(name.startswith("exposed ") for name in framed)
    assert ["J" in group.split() for group in shown] == ["joker" in name for name in framed]


def _shows_an_exposure(question: dict[str, Any]) -> bool:
    seats = [*(question.get("opponents") or []), *(question.get("table") or [])]
    return "[" in str(question.get("hand", "")) or any(seat.get("exposures") for seat in seats)


@pytest.mark.parametrize(
    "kind", ["call", "rules_quiz", "discard", "joker_exchange", "safe_discard", "collecting", "winning_hand"]
)
def test_every_exposed_block_says_exposed_in_words(client, kind: str) -> None:
    """Not a dashed frame alone: each exposed block, in the hand or on the table, is captioned
    "Exposed" by the one piece of markup the tiles tags give (the block's name says it for a screen
    reader)."""
    for seed in range(200):
        puzzle = PuzzleFactory.build(kind=kind, band=5, seed=seed)
        if _shows_an_exposure(puzzle.question):
            break
    else:  # pragma: no cover - band 5 shows exposures more often than not
        pytest.fail(f"no {kind} puzzle with an exposure")
    puzzle.save()
    section = _puzzle_section(client.get(reverse("practice:drill", args=[kind])).content.decode())
    framed = section.count('rack-exposed" role="group" aria-label="exposed ')
    labels = section.count('<span class="exposed-label" aria-hidden="true">Exposed</span>')
    assert framed and labels == framed
    assert "Exposed:" not in section  # a seat's row says it per block, not once before them
