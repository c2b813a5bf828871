"""The class's deal as homework: set from the homework pages (the bots and the mode), done by each
student on the deal's page, counted done when their hand is finished; changed, duplicated (a new
deal) and deleted like any homework."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.classes import deals, selectors
from cfmj.classes.gradebook import gradebook_rows
from cfmj.classes.models import Assignment, ClassDeal, DealHand
from tests.classes.deal_helpers import a_class_of, play
from tests.classes.helpers import in_days

pytestmark = pytest.mark.django_db


def _as(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _set(classroom: Any, **data: str) -> Assignment:
    url = reverse("classes:assignment_create_kind", args=[classroom.pk, "deal"])
    form = {"bot_level": "strong", "play_mode": "test", "due": in_days(3).isoformat(), **data}
    response = _as(classroom.owner).post(url, form)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Assignment.objects.latest("pk")


def test_it_is_offered_and_set_with_its_bots_and_mode() -> None:
    classroom, _ = a_class_of(2)
    teacher = _as(classroom.owner)
    chooser = teacher.get(reverse("classes:assignment_create", args=[classroom.pk])).content.decode()
    url = reverse("classes:assignment_create_kind", args=[classroom.pk, "deal"])
    assert url in chooser and "The class&#x27;s deal" in chooser
    fields = set(teacher.get(url).context["form"].fields)
    assert fields == {"due", "students", "bot_level", "play_mode", "name"}
    refused = teacher.post(url, {"bot_level": "genius", "play_mode": "test", "due": in_days(3).isoformat()})
    assert refused.status_code == 200 and not Assignment.objects.exists()
    work = _set(classroom)
    deal = ClassDeal.objects.get(assignment=work)
    assert (deal.bot_level, deal.mode, work.title) == (
        "strong",
        "test",
        "Play the class's deal (strong bots, test mode)",
    )
    edit = teacher.get(reverse("classes:assignment_edit", args=[classroom.pk, work.pk]))
    assert set(edit.context["form"].fields) == {"due", "students", "name"}
    page = teacher.get(reverse("classes:assignment", args=[classroom.pk, work.pk])).content.decode()
    assert reverse("classes:deal", args=[classroom.pk, deal.pk]) in page


def test_a_student_does_it_on_the_deal_page_and_it_is_done_when_finished() -> None:
    classroom, (ann, bob) = a_class_of(2)
    work = _set(classroom)
    deal = ClassDeal.objects.get(assignment=work)
    student = _as(ann)
    response = student.get(reverse("classes:assignment", args=[classroom.pk, work.pk]))
    assert response["Location"] == reverse("classes:deal", args=[classroom.pk, deal.pk])
    assert "Play the class's deal" in student.get(response["Location"]).content.decode()
    assert [item.assignment for item in selectors.due_for(ann)] == [work]
    student.post(reverse("classes:deal_play", args=[classroom.pk, deal.pk]))
    game = DealHand.objects.get(deal=deal, student=ann).game
    found = selectors.statuses(work, [ann, bob])
    assert (found[ann.pk].done, found[ann.pk].answered, found[ann.pk].needed) == (False, 0, 1)
    play(game)
    found = selectors.statuses(work, [ann, bob])
    assert found[ann.pk].done and not found[bob.pk].done and found[ann.pk].score is None
    assert selectors.due_for(ann) == []
    rows = gradebook_rows(classroom)
    column = rows[0].index(f"{work.title}, due {work.due.isoformat()}: progress")
    assert {r[1]: r[column] for r in rows[1:3]} == {"pupil0": "done", "pupil1": "not started"}
    # The home page's card is for deals dealt in class: this one is in the homework list.
    assert (
        reverse("classes:deal_play", args=[classroom.pk, deal.pk])
        not in _as(bob).get(reverse("home")).content.decode()
    )


def test_a_copy_is_a_new_deal_and_deleting_it_keeps_the_hands() -> None:
    classroom, (ann, _) = a_class_of(2)
    work = _set(classroom)
    deal = ClassDeal.objects.get(assignment=work)
    game = play(deals.deal_hand_start(deal=deal, student=ann))
    teacher = _as(classroom.owner)
    response = teacher.post(
        reverse("classes:assignment_copy", args=[classroom.pk, work.pk]), {"due": in_days(5).isoformat()}
    )
    assert response.status_code == 302
    copy = Assignment.objects.exclude(pk=work.pk).get()
    second = ClassDeal.objects.get(assignment=copy)
    assert (second.bot_level, second.mode) == ("strong", "test") and second.seed != deal.seed
    assert _as(ann).get(reverse("play:review", args=[game.pk])).status_code == 404  # held
    teacher.post(reverse("classes:assignment_delete", args=[classroom.pk, work.pk]))
    assert not ClassDeal.objects.filter(pk=deal.pk).exists()
    # The hand stays hers, no longer held by a deal that is gone.
    assert _as(ann).get(reverse("play:review", args=[game.pk])).status_code == 200
