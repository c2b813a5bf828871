"""One spelling of a username: NFKC, trimmed, and compared without case, for log-in, sign-up,
teacher-made accounts and the log-in rate limit."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from cfmj.accounts.models import User
from cfmj.classes import services as class_services
from cfmj.classes.services import ClassError
from cfmj.core.usernames import username_key, username_normalise, username_offered, username_problem
from tests.accounts.factories import UserFactory


def test_it_normalises_width_and_space():
    assert username_normalise("  ａｌｉｃｅ\u3000") == "alice"
    assert username_normalise("ﬁona") == "fiona"  # the ligature is two letters


@pytest.mark.parametrize(
    "spelling", ["alice", "ALICE", "Alice", "ａｌｉｃｅ", "ＡＬＩＣＥ", " alice ", "alıce"]
)
def test_every_spelling_has_one_key(spelling):
    # Dotless ı is upper-cased to I by PostgreSQL's UPPER(), so it must share alice's key too.
    assert username_key(spelling) == username_key("alice")


def test_different_names_keep_different_keys():
    assert username_key("alice") != username_key("alicia")
    assert username_key("straße") == username_key("STRASSE")


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("", "Give a username."),
        ("two words", "letters, numbers and . _ - + @ only"),
        ("a" * 151, "at most 150 characters"),
        ("semi;colon", "letters, numbers and . _ - + @ only"),
    ],
)
def test_it_names_the_problem(name, problem):
    assert problem in (username_problem(name) or "")


def test_a_good_name_has_no_problem():
    assert username_problem("mei.ling-2") is None
    assert username_problem("José") is None


@pytest.mark.django_db
def test_the_database_refuses_the_same_name_in_another_case():
    UserFactory(username="alice")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user("ALICE", password="x")
    assert User.objects.count() == 1


@pytest.mark.django_db
def test_a_teacher_made_account_is_normalised_and_checked():
    teacher = UserFactory(role="teacher")
    classroom = class_services.classroom_create(teacher=teacher, name="Tuesday")
    made = class_services.student_create(
        classroom=classroom, teacher=teacher, username=" ｓａｍ ", password="tiles-on-tuesday"
    )
    assert made.username == "sam"
    with pytest.raises(ClassError, match="taken"):
        class_services.student_create(
            classroom=classroom, teacher=teacher, username="ＳＡＭ", password="tiles-on-tuesday"
        )
    with pytest.raises(ClassError, match="at most 150 characters"):
        class_services.student_create(
            classroom=classroom, teacher=teacher, username="s" * 151, password="tiles-on-tuesday"
        )
    assert User.objects.filter(username__startswith="s").count() == 1


@pytest.mark.parametrize(
    ("typed", "offered"),
    [
        ("Margaret Smith", "margaretsmith"),
        ("  Zoë  Müller ", "zoemuller"),
        ("ＭＡＲＧＡＲＥＴ smith", "margaretsmith"),  # full width, as a phone's keyboard may type
        ("o'brien, pat", "obrienpat"),
        ("!!! ???", ""),  # nothing to make one of
    ],
)
def test_a_username_is_offered_from_what_was_typed(typed, offered):
    assert username_offered(typed, taken=lambda name: False) == offered


def test_the_username_offered_is_free_or_none_is():
    taken = {"margaretsmith", "margaretsmith2"}
    assert username_offered("Margaret Smith", taken=taken.__contains__) == "margaretsmith3"
    assert username_offered("Margaret Smith", taken=lambda name: True) == ""
    assert username_problem(username_offered("a" * 400 + " b", taken=lambda name: False)) is None
