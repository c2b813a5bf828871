"""The class's deal through its pages: the teacher deals it from the class page, students play it
from their class page or home page, the teacher follows it and closes it, and the board steps
through it (Previous and Next as links; htmx swaps the board alone)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.classes import deals
from cfmj.classes.models import ClassDeal, DealHand
from cfmj.play.models import Game
from tests.classes.deal_helpers import a_class_of, a_deal, first, last, play
from tests.play.helpers import tiles_drawn

pytestmark = pytest.mark.django_db


def _as(user: object) -> Client:
    client = Client()
    client.force_login(user)  # type: ignore[arg-type]
    return client


def test_the_teacher_deals_from_the_class_page() -> None:
    classroom, _ = a_class_of(1)
    teacher = _as(classroom.owner)
    page = teacher.get(reverse("classes:detail", args=[classroom.pk])).content.decode()
    start = reverse("classes:deal_start", args=[classroom.pk])
    assert f'action="{start}"' in page and "The same deal for everyone" in page
    assert 'name="bot_level" value="steady" checked' in page and 'name="mode" value="test" checked' in page
    response = teacher.post(start, {"bot_level": "beginner", "mode": "practice"}, follow=True)
    deal = ClassDeal.objects.get()
    assert response.redirect_chain == [(reverse("classes:deal", args=[classroom.pk, deal.pk]), 302)]
    html = unescape(response.content.decode())
    assert "Play the class's deal" in html and "0 of 1" in html and "Close the deal" in html
    assert (deal.bot_level, deal.mode, deal.started_by) == ("beginner", "practice", classroom.owner)
    refused = teacher.post(start, {"bot_level": "genius", "mode": "test"}, follow=True)
    assert "Choose the bots' level" in unescape(refused.content.decode()) and ClassDeal.objects.count() == 1


def test_a_student_plays_it_from_the_class_page_and_home_once() -> None:
    classroom, (ann,) = a_class_of(1)
    deal = a_deal(classroom)
    student = _as(ann)
    play_url = reverse("classes:deal_play", args=[classroom.pk, deal.pk])
    for page in (reverse("classes:detail", args=[classroom.pk]), reverse("home")):
        html = student.get(page).content.decode()
        assert f'action="{play_url}"' in html and "Play the class's deal" in html
    response = student.post(play_url)
    game = DealHand.objects.get(student=ann).game
    assert response["Location"] == reverse("play:game", args=[game.pk]) + "#table"
    assert student.post(play_url)["Location"] == response["Location"]  # the same hand again
    html = student.get(reverse("classes:detail", args=[classroom.pk])).content.decode()
    assert "Go on with the class's deal" in html and f'action="{play_url}"' not in html
    play(game)
    html = student.get(reverse("home")).content.decode()
    assert "Its review opens when your teacher closes the deal" in html
    deals.deal_close(deal=deal)
    assert "Play the class's deal" not in student.get(reverse("home")).content.decode()
    html = student.get(reverse("classes:detail", args=[classroom.pk])).content.decode()
    assert reverse("play:review", args=[game.pk]) in html  # its review, from the class page


def test_the_student_page_of_a_deal_follows_their_hand() -> None:
    classroom, (ann,) = a_class_of(1)
    deal = a_deal(classroom)
    page = reverse("classes:deal", args=[classroom.pk, deal.pk])
    student = _as(ann)
    assert "Play the class's deal" in student.get(page).content.decode()
    game = play(deals.deal_hand_start(deal=deal, student=ann), decisions=2)
    assert "Go on with the class's deal" in student.get(page).content.decode()
    play(game)
    html = student.get(page).content.decode()
    assert "Its review opens when your teacher closes the deal" in html
    assert reverse("play:review", args=[game.pk]) not in html
    deals.deal_close(deal=deal)
    assert reverse("play:review", args=[game.pk]) in student.get(page).content.decode()


def test_the_teacher_page_lists_who_played_and_closes_it() -> None:
    classroom, (ann, bob, _) = a_class_of(3)
    deal = a_deal(classroom)
    finished = play(deals.deal_hand_start(deal=deal, student=ann))
    deals.deal_hand_start(deal=deal, student=bob)
    teacher = _as(classroom.owner)
    page = reverse("classes:deal", args=[classroom.pk, deal.pk])
    html = teacher.get(page).content.decode()
    assert "<strong>1 of 3</strong> students finished, 1 still playing" in html
    assert html.count("Not started") == 1 and html.count("Playing") == 1
    assert reverse("play:review", args=[finished.pk]) not in html  # held until closed
    close = reverse("classes:deal_close", args=[classroom.pk, deal.pk])
    response = teacher.post(close, follow=True)
    assert response.redirect_chain == [(page, 302)]
    html = response.content.decode()
    assert "The deal is closed" in html and reverse("play:review", args=[finished.pk]) in html
    board = teacher.post(close, {"back": "board"})  # again, from the board: to its first step
    assert board["Location"] == reverse("classes:deal_board", args=[classroom.pk, deal.pk]) + "?step=1"


def test_the_board_shows_only_a_count_until_the_deal_closes() -> None:
    classroom, students = a_class_of(3)
    deal = a_deal(classroom)
    play(deals.deal_hand_start(deal=deal, student=students[0]))
    board = reverse("classes:deal_board", args=[classroom.pk, deal.pk])
    teacher = _as(classroom.owner)
    html = teacher.get(board).content.decode()
    assert "<strong>1</strong> of 3 finished" in html and 'hx-trigger="every 2s"' in html
    assert tiles_drawn(html) == set() and "Step 1" not in html and '<meta http-equiv="refresh"' in html
    for step in ("1", "3"):  # asking for a step shows nothing more
        assert tiles_drawn(teacher.get(f"{board}?step={step}").content.decode()) == set()
    key = re.search(r"seen=([\w-]+)", html)
    assert key is not None
    assert teacher.get(f"{board}?seen={key[1]}", HTTP_HX_REQUEST="true").status_code == 204
    play(deals.deal_hand_start(deal=deal, student=students[1]))
    fresh = teacher.get(f"{board}?seen={key[1]}", HTTP_HX_REQUEST="true")
    assert fresh.status_code == 200 and "<strong>2</strong> of 3 finished" in fresh.content.decode()
    assert "<html" not in fresh.content.decode()  # the board alone


def test_once_closed_the_board_steps_through_the_split() -> None:
    classroom, students = a_class_of(4)
    deal = a_deal(classroom)
    for student, pick in zip(students, [None, None, first, last], strict=True):
        play(deals.deal_hand_start(deal=deal, student=student), pick)
    deals.deal_close(deal=deal)
    board = reverse("classes:deal_board", args=[classroom.pk, deal.pk])
    teacher = _as(classroom.owner)
    html = teacher.get(board).content.decode()
    assert "Step 1 of" in html and "4 students · Charleston pass" in html and "★ The coach:" in html
    assert 'rel="next"' in html and f'href="{board}?step=2"' in html and 'rel="prev"' not in html
    assert "★ the coach's choice" in html and 'class="deal-coach"' in html
    assert not re.search(r">\s*[1-9][BCD]\b", html)  # tiles named in words, never "3C"
    assert tiles_drawn(html)  # the rack and the passes, drawn
    nine = teacher.get(f"{board}?step=9").content.decode()
    assert 'rel="prev"' in nine and f'href="{board}?step=8"' in nine
    fragment = teacher.get(f"{board}?step=9", HTTP_HX_REQUEST="true").content.decode()
    assert fragment.lstrip().startswith('<div id="board"') and "<html" not in fragment
    too_far = teacher.get(f"{board}?step=999").content.decode()
    assert "here is the last" in too_far and 'rel="next"' not in too_far


def test_the_board_of_a_deal_nobody_played() -> None:
    classroom, _ = a_class_of(2)
    deal = deals.deal_close(deal=a_deal(classroom))
    html = (
        _as(classroom.owner).get(reverse("classes:deal_board", args=[classroom.pk, deal.pk])).content.decode()
    )
    assert "Nobody played this deal" in html


def test_a_deal_of_another_class_is_not_found() -> None:
    classroom, (ann,) = a_class_of(1)
    other, _ = a_class_of(1, prefix="other", teacher="otto")
    deal = a_deal(other)
    for name in ("classes:deal", "classes:deal_board"):
        assert _as(classroom.owner).get(reverse(name, args=[classroom.pk, deal.pk])).status_code == 404
    assert _as(ann).post(reverse("classes:deal_play", args=[classroom.pk, deal.pk])).status_code == 404
    assert not Game.objects.exists()
