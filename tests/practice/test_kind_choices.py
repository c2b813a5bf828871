"""Drill kinds reach the models' `choices` from the engine's registry when asked (a callable), so a
new kind needs no migration: makemigrations stays clean with a made-up kind registered, and the
fields take it."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from cfmj.classes.models import Assignment
from cfmj.engine import drills
from practice.models import Puzzle, PuzzleBatch, SkillRating
from tests.engine.drills.test_kinds import TOY


@pytest.mark.django_db
def test_a_made_up_kind_needs_no_migration(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(drills._BY_NAME, TOY.name, TOY)
    out = StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out)  # exits 1 when one is needed
    assert "No changes detected" in out.getvalue()


def test_the_fields_offer_every_registered_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    fields = [
        Puzzle._meta.get_field("kind"),
        PuzzleBatch._meta.get_field("kind"),
        SkillRating._meta.get_field("kind"),
        Assignment._meta.get_field("drill_kind"),
    ]
    assert all(dict(field.choices or ()) == dict(drills.KIND_CHOICES) for field in fields)
    monkeypatch.setitem(drills._BY_NAME, TOY.name, TOY)
    for field in fields:
        assert (TOY.name, TOY.title) in list(field.choices or ())
        field.clean(TOY.name, None)  # valid: no ValidationError
