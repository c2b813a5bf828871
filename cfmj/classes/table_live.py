"""The class's tables on the push channel (cfmj/core/live.py): one topic per class, "class-tables-N",
at the sum of its table times' versions (each goes up when the class's pages must show something
new: the tables made, someone seated, a pause, the end), and one stream per page over the topics it
follows: a student's "your table" part follows the class's topic; the teacher's glance at all
tables follows it and every table's own topic (play publishes those); the view over one table's
shoulder follows that table.

As with a seat's stream (play/table_access.py), the stream's address carries a token signed for
the class, the person and the topics with their versions when the page was drawn: the stream checks
only the signature, with no session and no database."""

from __future__ import annotations

from functools import partial

from django.db import transaction
from django.db.models import F, Sum
from django.urls import reverse

from cfmj.accounts.models import User
from cfmj.classes.models import Classroom, TableTime
from cfmj.core import live
from cfmj.core.live import MANY_MAX

STREAM_SALT = "cfmj.classes.table_live.stream"


def class_topic(classroom_id: int) -> str:
    return f"class-tables-{classroom_id}"


def class_version(classroom_id: int) -> int:
    """The class's topic's version: the sum of its table times' versions (each only goes up)."""
    total = TableTime.objects.filter(classroom_id=classroom_id).aggregate(total=Sum("version"))["total"]
    return int(total or 0)


def changed(table_time: TableTime) -> None:
    """Call in the transaction that changed what the class's pages show: the table time's version
    goes up, and once committed the class's topic says its new version."""
    TableTime.objects.filter(pk=table_time.pk).update(version=F("version") + 1)
    table_time.refresh_from_db(fields=["version"])
    transaction.on_commit(partial(_publish, table_time.classroom_id))


def _publish(classroom_id: int) -> None:
    live.publish(class_topic(classroom_id), class_version(classroom_id))


def stream_url(*, classroom: Classroom, user: User, topics: dict[str, int]) -> str:
    """The address of the stream over `topics` (their versions as drawn), for a page of `classroom`
    drawn for `user`; "" when streams are off or there are too many topics (the page then polls)."""
    if not live.live_enabled() or not topics or len(topics) > MANY_MAX:
        return ""
    grant = {"c": classroom.pk, "u": user.pk, "t": topics}
    return live.stream_address(reverse("live:class_tables", args=[classroom.pk]), grant, salt=STREAM_SALT)


def stream_pass(token: str, *, classroom_id: int) -> dict[str, int] | None:
    """The topics `token` grants on the class's stream, with their versions; None when it is forged,
    expired or for another class. Reads no database."""
    granted = live.stream_grant(token, salt=STREAM_SALT)
    if granted is None or granted.get("c") != classroom_id:
        return None
    topics = granted.get("t")
    if not isinstance(topics, dict) or not topics or len(topics) > MANY_MAX:
        return None
    return {str(topic): int(version) for topic, version in topics.items()}
