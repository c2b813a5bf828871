"""The fields a homework form adds for one kind of homework (cfmj.classes.homework_kinds names
which): a lesson; drill puzzles (their drill, number and difficulty); hands to play (their
number and mode); the class's deal (its bots and mode). The due date and who it is for are on
every form (homework_forms)."""

from __future__ import annotations

from django import forms

from cfmj.classes.services import MAX_HANDS, MAX_PUZZLES
from cfmj.engine.coach import DEFAULT_LEVEL, LEVELS
from cfmj.engine.drills import BANDS, KIND_TITLES, KINDS
from cfmj.play.models import Game
from lessons.models import Lesson


def lesson_field(form: forms.Form) -> None:
    form.fields["lesson"] = forms.ModelChoiceField(
        queryset=Lesson.objects.filter(active=True).order_by("number"),
        label="Lesson",
        empty_label="Choose…",  # as the drill picker says, not Django's "---------"
        error_messages={"required": "Choose the lesson to set."},
    )
    form.order_fields(["lesson"])


def puzzle_fields(form: forms.Form, *, kind: bool) -> None:
    """The number and difficulty of puzzles, and (`kind`) which drill they are."""
    if kind:
        form.fields["drill_kind"] = forms.ChoiceField(
            choices=[("", "Choose…")] + [(k, KIND_TITLES[k]) for k in KINDS],
            label="Drill",
            error_messages={"required": "Choose the kind of drill."},
        )
    form.fields["count"] = count_field(MAX_PUZZLES, 10, "puzzles")
    form.fields["band"] = forms.TypedChoiceField(
        coerce=int,
        choices=[(b, str(b)) for b in BANDS],
        initial=2,
        label="Difficulty (1 = first steps, 5 = hardest)",
    )
    form.order_fields(["drill_kind", "count", "band"])


def count_field(most: int, initial: int, what: str, more: str = "") -> forms.IntegerField:
    """How many puzzles or hands (`what`) a homework asks for, from 1 to `most`."""
    return forms.IntegerField(
        min_value=1,
        max_value=most,
        initial=initial,
        label=f"Number of {what}",
        help_text=f"From 1 to {most}.{more}",
        error_messages={"required": f"Say how many {what}."},
    )


def play_fields(form: forms.Form) -> None:
    form.fields["count"] = count_field(MAX_HANDS, 3, "hands", " Only hands started after you set it count.")
    form.fields["play_mode"] = forms.ChoiceField(
        choices=Game.Mode.choices,
        initial=Game.Mode.PRACTICE,
        widget=forms.RadioSelect,
        label="Which hands count",
        help_text="Practice: hints and undo. Test: no undo, as in a real game.",
        error_messages={"required": "Choose which hands count: practice or test."},
    )
    form.order_fields(["count", "play_mode"])


def deal_fields(form: forms.Form) -> None:
    form.fields["bot_level"] = forms.ChoiceField(
        choices=list(LEVELS.items()),
        initial=DEFAULT_LEVEL,
        widget=forms.RadioSelect,
        label="The bots",
        error_messages={"required": "Choose the bots' level."},
    )
    form.fields["play_mode"] = forms.ChoiceField(
        choices=Game.Mode.choices,
        initial=Game.Mode.TEST,
        widget=forms.RadioSelect,
        label="Practice or test",
        help_text="Test: no hints and no undo, so the board compares each student's own choices. "
        "Practice: hints and undo.",
        error_messages={"required": "Choose practice or test."},
    )
    form.order_fields(["bot_level", "play_mode"])
