"""practice.serving: a question's token says what was served, where and to whom, and holds only
for that learner and that question, for a few days."""

from __future__ import annotations

import datetime
import time

import pytest
from django.core import signing

from cfmj.accounts.learners import Learner
from practice import serving
from tests.accounts.factories import UserFactory

pytestmark = pytest.mark.django_db
VISITOR = "5d1e0f8c-2b61-4d7e-9c55-3c2f1a8e7b10"


def test_it_gives_back_what_was_served_where() -> None:
    learner = Learner(UserFactory(), "")
    token = serving.serve(learner, serving.puzzle(17), serving.daily(datetime.date(2026, 11, 23)))
    served = serving.take(token, learner, serving.puzzle(17))
    assert served.what == ("p", 17) and served.daily_date == datetime.date(2026, 11, 23)
    assert served.homework is None
    homework = serving.take(
        serving.serve(learner, serving.puzzle(17), serving.homework(4, 9)), learner, serving.puzzle(17)
    )
    assert homework.homework == (4, 9) and homework.daily_date is None


def test_it_serves_each_time_with_a_new_one_time_id() -> None:
    learner = Learner(UserFactory(), "")
    tokens = [serving.serve(learner, serving.puzzle(1), serving.DRILL) for _ in range(3)]
    assert len({serving.take(token, learner, serving.puzzle(1)).once for token in tokens}) == 3


def test_it_matches_a_check_by_its_step_whatever_it_asked() -> None:
    learner = Learner(None, VISITOR)
    spec = ("rules_quiz", "tiles", 1, 12345)
    token = serving.serve(learner, serving.check(3, 2, spec), serving.STEP)
    assert serving.take(token, learner, (serving.CHECK, 3, 2)).what[3] == spec
    for other in ((serving.CHECK, 3, 1), (serving.CHECK, 4, 2), (serving.TEST, 3)):
        with pytest.raises(serving.NotServedError, match="another question"):
            serving.take(token, learner, other)


@pytest.mark.parametrize("token", ["", "x", "a:b:c", "9" * 500, "🀄:🀄"])
def test_it_refuses_what_it_did_not_make(token: str) -> None:
    with pytest.raises(serving.NotServedError, match="could not be read back"):
        serving.take(token, Learner(UserFactory(), ""), serving.puzzle(1))


def test_it_refuses_a_token_signed_for_something_else() -> None:
    learner = Learner(UserFactory(), "")
    assert learner.user is not None
    for forged in (
        signing.dumps([f"u{learner.user.pk}", ["p", 1], "drill", "0" * 32]),  # another salt
        signing.dumps({"u": 1}, salt=serving.SALT),
    ):  # not the shape served
        with pytest.raises(serving.NotServedError, match="could not be read back"):
            serving.take(forged, learner, serving.puzzle(1))


def test_it_holds_only_for_the_learner_it_was_served_to() -> None:
    ann, bob = Learner(UserFactory(), ""), Learner(UserFactory(), "")
    token = serving.serve(ann, serving.puzzle(1), serving.DRILL)
    with pytest.raises(serving.NotServedError, match="another account or visit") as refused:
        serving.take(token, bob, serving.puzzle(1))
    assert refused.value.served is None  # nothing of ann's is handed back
    visitor = serving.serve(Learner(None, VISITOR), serving.puzzle(1), serving.DRILL)
    for other in (Learner(None, "another-visit"), Learner(None, ""), ann):
        with pytest.raises(serving.NotServedError, match="another account or visit"):
            serving.take(visitor, other, serving.puzzle(1))
    with pytest.raises(serving.NotServedError, match="another account or visit"):
        serving.take(token, Learner(None, ""), serving.puzzle(1))  # ann, logged out


def test_it_holds_for_a_visitor_who_has_since_signed_in() -> None:
    token = serving.serve(Learner(None, VISITOR), serving.puzzle(1), serving.DRILL)
    assert serving.take(token, Learner(UserFactory(), VISITOR), serving.puzzle(1)).what == ("p", 1)


def test_it_needs_a_visitor_id_to_serve() -> None:
    with pytest.raises(ValueError, match="learner_of"):
        serving.serve(Learner(None, ""), serving.puzzle(1), serving.DRILL)


def test_it_refuses_a_token_older_than_max_age(monkeypatch) -> None:
    learner = Learner(UserFactory(), "")
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() - serving.MAX_AGE.total_seconds() - 60)
    old = serving.serve(learner, serving.puzzle(1), serving.daily(datetime.date(2026, 11, 20)))
    monkeypatch.setattr(time, "time", lambda: real() - serving.MAX_AGE.total_seconds() + 60)
    recent = serving.serve(learner, serving.puzzle(1), serving.DRILL)
    monkeypatch.setattr(time, "time", real)
    with pytest.raises(serving.NotServedError, match="more than 3 days ago") as expired:
        serving.take(old, learner, serving.puzzle(1))
    assert expired.value.served is not None and expired.value.served.daily_date == datetime.date(2026, 11, 20)
    assert serving.take(recent, learner, serving.puzzle(1)).where == serving.DRILL
