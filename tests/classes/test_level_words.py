"""A class's skill level in words a beginner knows: level 0, which every new class plays, is "no
extra rules", not "no handicap" (a word the course teaches only in its lesson on skill levels)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cfmj.engine.labels import SKILL_LEVEL_LABELS
from tests.classes.helpers import a_class, person

pytestmark = pytest.mark.django_db


def test_it_says_level_0_in_words_a_beginner_knows(client) -> None:
    assert SKILL_LEVEL_LABELS[0] == "Level 0: no extra rules, the usual game"
    sam = person("sam")
    classroom = a_class(None, sam)
    client.force_login(sam)
    page = client.get(reverse("classes:detail", args=[classroom.pk])).content.decode()
    assert "Level 0: no extra rules, the usual game" in page and "handicap" not in page
    client.force_login(classroom.owner)
    form = client.get(reverse("classes:create")).content.decode()
    assert "Level 0: no extra rules, the usual game" in form and "no handicap" not in form
