"""What a table's requests cost the database: the three a table makes most (bench/table_requests.py
measures them in CPU too). A check that nothing changed reads the session, the person and the
table with its seats; a part drawn reads the hand too; an action locks the hand and its table in
one query and writes the decision in one. (Sessions here are the database's: with Redis they are
read from the cache, one query fewer each.)"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.engine.game import PassTiles
from cfmj.engine.tiles import code
from cfmj.play import seating, table_hands
from cfmj.play.selectors import rebuild
from tests.classes.helpers import person

pytestmark = pytest.mark.django_db
SEEN = re.compile(r"seen=([0-9a-f]+)")


def test_a_check_a_part_and_an_action_read_what_they_need_once(
    django_assert_num_queries: Any, django_capture_on_commit_callbacks: Any
) -> None:
    ann, ben = person("ann"), person("ben")
    table = seating.table_open(host=ann, bot_level="steady")
    seating.table_join(table=table, user=ben)
    with django_capture_on_commit_callbacks(execute=True):
        game = table_hands.table_start(table=table, by=ann, seed=7)
    annc, benc = Client(), Client()
    annc.force_login(ann)
    benc.force_login(ben)
    now = reverse("play:table_now", args=[table.code])
    with django_assert_num_queries(4):  # the session, the person, the table and its seats, the hand
        part = benc.get(now, {"seen": ""}, HTTP_HX_REQUEST="true")
    found = SEEN.search(part.content.decode())
    assert part.status_code == 200 and found is not None
    with django_assert_num_queries(3):  # kept: no hand read, no replay
        assert benc.get(now, {"seen": found[1]}, HTTP_HX_REQUEST="true").status_code == 204
    engine = rebuild(game)
    action = engine.legal_actions(0)[0]
    assert isinstance(action, PassTiles)
    fields = {"action": "pass_tiles", "version": table_hands.moment_token(engine), "confirm": "1"}
    # The session, the person, the hand's number with the person's seat; under the lock (a
    # savepoint here): the hand with its table, the seats, the decision, the hand and the table.
    with django_assert_num_queries(10):
        acted = annc.post(
            reverse("play:table_act", args=[table.code]),
            {**fields, "tiles": [code(t) for t in action.tiles]},
            HTTP_HX_REQUEST="true",
        )
    assert acted.status_code == 200 and b"message error" not in acted.content
