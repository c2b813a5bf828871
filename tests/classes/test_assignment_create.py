"""/classes/<pk>/homework/new/: a teacher sets homework; what cannot be set is said on the form."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cfmj.classes.models import Assignment
from tests.classes.helpers import a_class, in_days

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("data", "errors"),
    [
        ({"kind": "drills", "drill_kind": "worth", "count": "ten"}, {"count": ["Enter a whole number."]}),
        (
            {"kind": "drills", "drill_kind": "worth", "count": "51"},
            {"count": ["Ensure this value is less than or equal to 50."]},
        ),
        (
            {"kind": "drills", "drill_kind": "", "count": ""},
            {"drill_kind": ["Choose the kind of drill."], "count": ["Say how many puzzles."]},
        ),
        (
            {"kind": "lesson", "lesson": "999"},
            {"lesson": ["Select a valid choice. That choice is not one of the available choices."]},
        ),
        ({"kind": "lesson", "lesson": ""}, {"lesson": ["Choose the lesson to set."]}),
    ],
)
def test_it_gives_each_field_one_clear_message_and_keeps_what_was_typed(
    client, course, data: dict[str, str], errors: dict[str, list[str]]
) -> None:
    data = dict(data)
    classroom = a_class()
    client.force_login(classroom.owner)
    kind = data.pop("kind")
    posted = {"band": "2", "due": in_days(3).isoformat(), **data}
    response = client.post(reverse("classes:assignment_create_kind", args=[classroom.pk, kind]), posted)
    assert response.status_code == 200 and response.context["form"].errors == errors
    assert response.context["form"].data.dict() == posted and not Assignment.objects.exists()
