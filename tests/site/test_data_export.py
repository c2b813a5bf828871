"""/accounts/data.json: everything the site holds about the person asking, as one JSON file;
about anyone else, only the names of classes and their teachers."""

from __future__ import annotations

import json
import uuid
from typing import TYPE_CHECKING, Any

import pytest
from django.apps import apps
from django.conf import settings as django_settings
from django.db import models
from django.urls import reverse

from cfmj.accounts.recovery import code_read
from cfmj.accounts.services import recovery_code_renew
from cfmj.site.selectors import account_data
from lessons.models import CheckAnswer, ReadAhead
from practice.tables import LESSON
from tests.accounts.world import world
from tests.practice.factories import PuzzleFactory

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as TestResponse

URL = reverse("accounts:data_export")
pytestmark = pytest.mark.django_db


def _download(client, user) -> tuple[TestResponse, dict[str, Any]]:
    client.force_login(user)
    response = client.get(URL)
    assert response.status_code == 200
    return response, json.loads(response.content)


def test_it_is_a_private_json_attachment(client):
    w = world()
    response, data = _download(client, w.lena)
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="card-free-mah-jongg-lena-')
    assert response["Cache-Control"] == "no-store"
    assert data["format"] == "card-free-mah-jongg-account/1"


def test_it_holds_a_learners_account_practice_and_lessons(client):
    w = world()
    _, data = _download(client, w.lena)
    account = data["account"]
    assert account["username"] == "lena"
    assert account["email"] == "lena@example.com"
    assert account["role"] == "learner"
    assert account["time_zone"] == ""  # none chosen or told yet
    assert account["made_for_class"] is None
    practice = data["practice"]
    assert [(a["kind"], a["correct"], a["response"]) for a in practice["attempts"]] == [
        ("rules_quiz", True, {"answer": "2"})
    ]
    assert [(r["kind"], r["rating"]) for r in practice["ratings"]] == [("rules_quiz", 1612.5)]
    assert len(practice["reviews"]) == 1
    assert practice["streak"]["best"] == 5
    assert practice["practise_everything"] is False
    assert [(p["lesson_number"], p["lesson_title"], p["step_reached"]) for p in data["lessons"]] == [
        (1, "The tiles", 2)
    ]


def test_it_holds_a_learners_classes_homework_and_session_answers(client):
    w = world()
    _, data = _download(client, w.lena)
    assert [(c["class"], c["role"], c["owner"], c["teachers"]) for c in data["classes"]] == [
        ("Tuesday beginners", "student", False, ["tess", "cora"])
    ]
    assert [(h["class"], h["homework"], h["done"], h["answered"], h["needed"]) for h in data["homework"]] == [
        ("Tuesday beginners", "Lesson 1: The tiles", False, 2, w.lesson.steps.count())
    ]
    assert [(a["class"], a["kind"], a["correct"]) for a in data["class_sessions"]["answers"]] == [
        ("Tuesday beginners", "rules_quiz", True)
    ]


def test_it_names_no_other_student_and_holds_no_password(client):
    w = world()
    code = recovery_code_renew(user=w.lena)
    response, data = _download(client, w.lena)
    body = response.content.decode()
    for other in ("otto", "kid1", "1400", "1300"):
        assert other not in body
    assert "password" not in json.dumps(data)
    assert w.lena.password not in body
    assert "md5$" not in body and "pbkdf2" not in body
    # when the recovery code was made, but neither the code nor its hash
    assert data["account"]["recovery_code_made_at"] is not None
    assert code not in body and code_read(code) not in body and w.lena.recovery_code not in body


def test_it_holds_a_teachers_classes_homework_and_invitations(client):
    w = world()
    response, data = _download(client, w.tess)
    assert sorted((c["class"], c["role"], c["owner"]) for c in data["classes"]) == [
        ("Library hall", "teacher", True),
        ("Tuesday beginners", "teacher", True),
    ]
    assert [(h["class"], h["homework"]) for h in data["homework_set"]] == [
        ("Tuesday beginners", "Lesson 1: The tiles")
    ]
    assert [(i["class"], i["invitee"], i["status"]) for i in data["invitations"]["sent"]] == [
        ("Tuesday beginners", "cora", "accepted"),
        ("Library hall", "tom", "pending"),
    ]
    assert [s["class"] for s in data["class_sessions"]["started"]] == ["Tuesday beginners"]
    body = response.content.decode()
    for student in ("lena", "otto", "kid1"):
        assert student not in body  # a teacher's own data, not their students'


def test_a_coteacher_sees_the_invitation_they_answered(client):
    w = world()
    _, data = _download(client, w.cora)
    assert [(i["class"], i["invited_by"], i["status"]) for i in data["invitations"]["received"]] == [
        ("Tuesday beginners", "tess", "accepted")
    ]


def test_a_managed_account_says_which_class_made_it(client):
    w = world()
    _, data = _download(client, w.kid)
    assert data["account"]["made_for_class"]["class"] == "Tuesday beginners"
    assert data["account"]["made_for_class"]["made_by"] == "tess"
    assert [r["rating"] for r in data["practice"]["ratings"]] == [1300.0]


def test_it_needs_a_login(client):
    response = client.get(URL)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login"))


def test_it_refuses_post(client):
    w = world()
    client.force_login(w.lena)
    assert client.post(URL).status_code == 405


def test_it_is_rate_limited_per_user(client, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "account_export": {"user": 2, "window": 3600}}
    w = world()
    client.force_login(w.lena)
    assert [client.get(URL).status_code for _ in range(3)] == [200, 200, 429]


# Every model that points at an account, and where the download shows it (or why it does not).
COVERED = {
    ("practice.Attempt", "user"): "practice.attempts",
    ("practice.SkillRating", "user"): "practice.ratings",
    ("practice.Streak", "user"): "practice.streak",
    ("practice.ReviewItem", "user"): "practice.reviews",
    ("practice.PracticeRange", "user"): "practice.practise_everything",
    ("lessons.LessonProgress", "user"): "lessons",
    ("lessons.CheckAnswer", "user"): "lesson_answers",
    ("lessons.ReadAhead", "user"): "lessons_read_ahead",
    ("classes.Membership", "user"): "classes",
    ("classes.Classroom", "owner"): "classes[].owner",
    ("classes.CoteacherInvite", "invitee"): "invitations.received",
    ("classes.CoteacherInvite", "invited_by"): "invitations.sent",
    ("classes.ManagedAccount", "user"): "account.made_for_class",
    ("classes.ManagedAccount", "made_by"): "not shown: the accounts a teacher made are their students'",
    ("classes.Assignment", "created_by"): "homework_set",
    ("classes.ClassSession", "started_by"): "class_sessions.started",
    ("classes.TableTime", "started_by"): "class_sessions.table_times",
    ("classes.SessionAnswer", "user"): "class_sessions.answers",
    ("play.Game", "owner"): "play.games, play.held_back and play.in_progress",
    ("classes.ClassDeal", "started_by"): "class_deals.dealt (never the seed)",
    ("classes.DealHand", "student"): "class_deals.played (the hand itself: play.games or play.held_back)",
    ("play.Seat", "user"): "play.tables (each seat's own choices and the results)",
    ("play.Table", "host"): "play.tables[].hosted",
}


def test_every_model_that_points_at_an_account_is_in_the_download():
    """A new model holding something about a person must be added to account_data (and here)."""
    found = {
        (model._meta.label, field.name)
        for model in apps.get_models()
        for field in model._meta.get_fields()
        if isinstance(field, models.ForeignKey | models.OneToOneField)
        and field.related_model is not None
        and field.related_model._meta.label == django_settings.AUTH_USER_MODEL
        and model._meta.app_label not in ("auth", "contenttypes", "sessions")
    }
    assert found == set(COVERED)


def test_the_selector_serves_a_teacher_exporting_a_managed_account():
    w = world()
    data = account_data(user=w.kid)
    assert data["account"]["username"] == "kid1"
    assert [c["class"] for c in data["classes"]] == ["Tuesday beginners"]


def test_it_holds_the_lesson_checks_and_quizzes_answered(client):
    w = world()
    CheckAnswer.objects.create(
        token=uuid.uuid4(), user=w.lena, lesson=w.lesson, step=2, responses=[{"choice": "b"}], score=1, size=1
    )
    CheckAnswer.objects.create(
        token=uuid.uuid4(), user=w.tess, lesson=w.lesson, step=None, responses=[{}], score=0, size=3
    )
    missed = CheckAnswer.objects.create(
        token=uuid.uuid4(), user=w.lena, lesson=w.lesson, step=3, responses=[{"choice": "a"}], score=0, size=1
    )
    puzzle = PuzzleFactory(kind="worth", band=1, table=LESSON)
    missed.missed.add(puzzle)
    _, data = _download(client, w.lena)
    assert [
        (a["lesson_number"], a["step"], a["score"], a["size"], a["responses"]) for a in data["lesson_answers"]
    ] == [(1, 2, 1, 1, [{"choice": "b"}]), (1, 3, 0, 1, [{"choice": "a"}])]
    assert data["lesson_answers"][0]["missed"] == []
    assert data["lesson_answers"][1]["missed"] == [{"kind": "worth", "question": puzzle.question}]


def test_it_holds_the_lessons_i_read_ahead_and_no_one_elses(client):
    w = world()
    ReadAhead.objects.create(user=w.lena, lesson=w.lesson, step=3)
    ReadAhead.objects.create(user=w.tess, lesson=w.lesson, step=1)
    _, data = _download(client, w.lena)
    assert [(r["lesson_number"], r["lesson_title"], r["step"]) for r in data["lessons_read_ahead"]] == [
        (1, "The tiles", 3)
    ]


def test_it_holds_my_seat_at_a_table_and_my_choices_but_no_one_elses_tiles(client):
    from cfmj.engine.game import PassTiles
    from cfmj.play import seating, table_hands
    from cfmj.play.selectors import rebuild

    w = world()
    table = seating.table_open(host=w.lena, bot_level="steady")
    seating.table_join(table=table, user=w.otto)
    hand = table_hands.table_start(table=table, by=w.lena, seed=3)
    action = rebuild(hand).legal_actions(1)[0]
    assert isinstance(action, PassTiles)
    table_hands.hand_act(game=hand, user=w.otto, version=_token(hand), action=action, confirmed=True)
    mine = account_data(user=w.otto)["play"]["tables"]
    assert [(t["code"], t["seat"], t["hosted"]) for t in mine] == [(table.code, 1, False)]
    assert [c["kind"] for c in mine[0]["hands"][0]["your_choices"]] == ["pass"]
    assert account_data(user=w.lena)["play"]["tables"][0]["hands"][0]["your_choices"] == []
    text = str(mine)
    assert "seed" not in text and "wall" not in text and "actions" not in text


def _token(game: Any) -> str:
    from cfmj.play import table_hands
    from cfmj.play.selectors import rebuild

    return table_hands.moment_token(rebuild(game))


def test_it_holds_the_choice_to_practise_everything(client):
    w = world()
    client.force_login(w.lena)
    client.post(reverse("practice:range"), {"everything": "on"})
    _, data = _download(client, w.lena)
    assert data["practice"]["practise_everything"] is True
