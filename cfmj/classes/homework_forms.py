"""The homework forms: one per kind of homework (the kind is chosen first, on a page of its own,
so each form shows only its own fields, which the kind's definition adds, and works without
JavaScript), the form correcting homework
already set, and the one duplicating it."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils import timezone

from cfmj.accounts.models import User
from cfmj.classes.homework_kinds import find, kind_of
from cfmj.classes.models import HOMEWORK_NAME_MAX, Assignment, Classroom
from cfmj.classes.selectors import students_of

if TYPE_CHECKING:
    _Choice = forms.ModelMultipleChoiceField[User]
else:
    _Choice = forms.ModelMultipleChoiceField


class StudentChoice(_Choice):
    def label_from_instance(self, obj: User) -> str:
        return obj.shown_name


class _Homework(forms.Form):
    """Its name, the due date and who it is for, which every homework form has."""

    name = forms.CharField(
        label="Name (optional)",
        required=False,
        max_length=HOMEWORK_NAME_MAX,
        help_text="Such as Week 3: winds. Your students see it instead of the title the site gives it.",
    )
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


class HomeworkForm(_Homework):
    """Setting new homework of one kind: a due date from the teacher's today on."""

    def __init__(
        self, *args: Any, kind: str, classroom: Classroom, today: datetime.date | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, classroom=classroom, **kwargs)
        self.today = today or timezone.localdate()
        self.fields["due"].initial = self.today + datetime.timedelta(days=7)
        definition = find(kind)
        assert definition is not None, kind
        definition.fields(self, True)

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
            "name": assignment.name,
            "due": assignment.due,
            "students": list(assignment.students.all()),
            "lesson": assignment.lesson,
            "count": assignment.count,
            "band": assignment.band,
            "play_mode": assignment.play_mode,
        }
        super().__init__(*args, classroom=assignment.classroom, initial=initial, **kwargs)
        kind_of(assignment).fields(self, False)


class HomeworkCopyForm(_Homework):
    """Duplicating homework: the copy's due date (from today on) and who it is for."""

    def __init__(
        self, *args: Any, classroom: Classroom, today: datetime.date, name: str = "", **kwargs: Any
    ) -> None:
        super().__init__(*args, classroom=classroom, **kwargs)
        self.today = today
        self.fields["due"].initial = today + datetime.timedelta(days=7)
        self.fields["name"].initial = name

    def clean_due(self) -> datetime.date:
        due: datetime.date = self.cleaned_data["due"]
        if due < self.today:
            raise forms.ValidationError("Choose today or a later day.")
        return due
