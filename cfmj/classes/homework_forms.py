"""The homework forms: one per kind of homework (the kind is chosen first, on a page of its own,
so each form shows only its own fields and works without JavaScript), the form correcting homework
already set, and the one duplicating it."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils import timezone

from cfmj.accounts.models import User
from cfmj.classes.models import Assignment, Classroom
from cfmj.classes.selectors import students_of
from cfmj.classes.services import MAX_HANDS, MAX_PUZZLES
from cfmj.engine.drills import BANDS, KIND_TITLES, KINDS
from cfmj.play.models import Game
from lessons.models import Lesson

# What each kind is, in a teacher's words: the chooser shows them, each form repeats its own.
KIND_WORDS = {
    Assignment.Kind.LESSON: "A lesson to read, with its quiz: done once the student passes the quiz.",
    Assignment.Kind.DRILLS: (
        "Drill puzzles: each student answers puzzles of one kind, drawn for them as they go, so "
        "no two students get the same ones. Good for practice between classes."
    ),
    Assignment.Kind.FIXED: (
        "A fixed set: the same puzzles, drawn once now, for every student. Good when you want "
        "to go over the answers together in class."
    ),
    Assignment.Kind.PLAY: (
        "Hands to play: each student plays hands against three bots at the class's table (its house "
        "rules and skill level as they are now). A hand counts once finished, in the mode you choose: "
        "practice (with undo and hints) or test (no undo, the hands their statistics count)."
    ),
}


if TYPE_CHECKING:
    _Choice = forms.ModelMultipleChoiceField[User]
else:
    _Choice = forms.ModelMultipleChoiceField


class StudentChoice(_Choice):
    def label_from_instance(self, obj: User) -> str:
        return obj.shown_name


class _Homework(forms.Form):
    """The due date and who it is for, which every homework form has."""

    due = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"), label="Due on")
    students = StudentChoice(
        queryset=User.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Only for some students?",
        help_text="Tick nobody to set it for the whole class (students who join later too).",
    )

    def __init__(self, *args: Any, classroom: Classroom, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["students"]
        assert isinstance(field, forms.ModelMultipleChoiceField)
        field.queryset = User.objects.filter(pk__in=[u.pk for u in students_of(classroom)]).order_by(
            "username"
        )
        if not field.queryset.exists():
            del self.fields["students"]

    def _lesson_field(self) -> None:
        self.fields["lesson"] = forms.ModelChoiceField(
            queryset=Lesson.objects.filter(active=True).order_by("number"),
            label="Lesson",
            empty_label="Choose…",  # as the drill picker says, not Django's "---------"
            error_messages={"required": "Choose the lesson to set."},
        )
        self.order_fields(["lesson"])

    def _puzzle_fields(self, *, kind: bool) -> None:
        if kind:
            self.fields["drill_kind"] = forms.ChoiceField(
                choices=[("", "Choose…")] + [(k, KIND_TITLES[k]) for k in KINDS],
                label="Drill",
                error_messages={"required": "Choose the kind of drill."},
            )
        self.fields["count"] = forms.IntegerField(
            min_value=1,
            max_value=MAX_PUZZLES,
            initial=10,
            label="Number of puzzles",
            help_text=f"From 1 to {MAX_PUZZLES}.",
            error_messages={"required": "Say how many puzzles."},
        )
        self.fields["band"] = forms.TypedChoiceField(
            coerce=int,
            choices=[(b, str(b)) for b in BANDS],
            initial=2,
            label="Difficulty (1 = first steps, 5 = hardest)",
        )
        self.order_fields(["drill_kind", "count", "band"])

    def _play_fields(self) -> None:
        self.fields["count"] = forms.IntegerField(
            min_value=1,
            max_value=MAX_HANDS,
            initial=3,
            label="Number of hands",
            help_text=f"From 1 to {MAX_HANDS}. Only hands started after you set it count.",
            error_messages={"required": "Say how many hands."},
        )
        self.fields["play_mode"] = forms.ChoiceField(
            choices=Game.Mode.choices,
            initial=Game.Mode.PRACTICE,
            widget=forms.RadioSelect,
            label="Which hands count",
            help_text="Practice: hints and undo. Test: no undo, as in a real game.",
            error_messages={"required": "Choose which hands count: practice or test."},
        )
        self.order_fields(["count", "play_mode"])


class HomeworkForm(_Homework):
    """Setting new homework of one kind: a due date from the teacher's today on."""

    def __init__(
        self, *args: Any, kind: str, classroom: Classroom, today: datetime.date | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, classroom=classroom, **kwargs)
        self.today = today or timezone.localdate()
        self.fields["due"].initial = self.today + datetime.timedelta(days=7)
        if kind == Assignment.Kind.LESSON:
            self._lesson_field()
        elif kind == Assignment.Kind.PLAY:
            self._play_fields()
        else:
            self._puzzle_fields(kind=True)

    def clean_due(self) -> datetime.date:
        due: datetime.date = self.cleaned_data["due"]
        if due < self.today:
            raise forms.ValidationError(
                "Choose today or a later day. (Homework already set can be given a past date, "
                "from its page: Change.)"
            )
        return due


class HomeworkEditForm(_Homework):
    """Correcting homework already set: its due date (past ones too), who it is for, and its lesson,
    number and difficulty of drill puzzles, or number and mode of hands (a fixed set keeps its
    puzzles)."""

    def __init__(self, *args: Any, assignment: Assignment, **kwargs: Any) -> None:
        initial = {
            "due": assignment.due,
            "students": list(assignment.students.all()),
            "lesson": assignment.lesson,
            "count": assignment.count,
            "band": assignment.band,
            "play_mode": assignment.play_mode,
        }
        super().__init__(*args, classroom=assignment.classroom, initial=initial, **kwargs)
        if assignment.kind == Assignment.Kind.LESSON:
            self._lesson_field()
        elif assignment.kind == Assignment.Kind.DRILLS:
            self._puzzle_fields(kind=False)
        elif assignment.kind == Assignment.Kind.PLAY:
            self._play_fields()


class HomeworkCopyForm(_Homework):
    """Duplicating homework: the copy's due date (from today on) and who it is for."""

    def __init__(self, *args: Any, classroom: Classroom, today: datetime.date, **kwargs: Any) -> None:
        super().__init__(*args, classroom=classroom, **kwargs)
        self.today = today
        self.fields["due"].initial = today + datetime.timedelta(days=7)

    def clean_due(self) -> datetime.date:
        due: datetime.date = self.cleaned_data["due"]
        if due < self.today:
            raise forms.ValidationError("Choose today or a later day.")
        return due
