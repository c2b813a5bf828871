"""What a person's "ready" part says of the class's table time (classes/table_ready.html#ready):
their table and a way to it, a seat to take for a latecomer, the tables being made, or for a
teacher the way to the tables; with the class's topic's version and the stream that follows it."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from cfmj.accounts.learners import user_of
from cfmj.classes import table_live, table_selectors
from cfmj.classes.models import Classroom, Membership, TableTime


def ready_context(request: HttpRequest, classroom: Classroom) -> dict[str, Any]:
    user = user_of(request)
    version = table_live.class_version(classroom.pk)
    current = table_selectors.table_time_of(classroom)
    found = table_selectors.ready_for(user, classroom)
    topics = {table_live.class_topic(classroom.pk): version}
    return {
        "classroom": classroom,
        "ready": found[0] if found else None,
        "arranging": current is not None and current.status == TableTime.Status.ARRANGING,
        "ready_version": version,
        "ready_live_url": table_live.stream_url(classroom=classroom, user=user, topics=topics),
        "ready_teaching": Membership.objects.active()
        .teachers()
        .filter(classroom=classroom, user=user)
        .exists(),
    }
