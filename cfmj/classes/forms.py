from __future__ import annotations

from django import forms

from cfmj.engine.labels import HOUSE_RULE_LABELS, SKILL_LEVEL_LABELS


class ClassroomForm(forms.Form):
    name = forms.CharField(max_length=120, help_text="For example: Tuesday beginners, Library hall")
    description = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 3}), max_length=2000)
    house_rules = forms.TypedMultipleChoiceField(
        required=False,
        coerce=int,
        widget=forms.CheckboxSelectMultiple,
        choices=[(int(number), label) for number, label in HOUSE_RULE_LABELS.items()],
        help_text="The table rules your class plays with.",
    )
    skill_level = forms.TypedChoiceField(
        coerce=int, initial=0, choices=[(int(level), label) for level, label in SKILL_LEVEL_LABELS.items()]
    )


class JoinForm(forms.Form):
    code = forms.CharField(
        max_length=20, label="Class code", help_text="Six letters and numbers, from your teacher."
    )


# The student, password and co-teacher forms post from the class page and come back to it with
# their errors as one message, so each message says which field it is about.
USERNAME_TOO_LONG = "A username has at most 150 characters."
PASSWORD_TOO_LONG = "A password has at most 128 characters."


class StudentForm(forms.Form):
    username = forms.CharField(
        max_length=150,
        error_messages={"required": "Give the student a username.", "max_length": USERNAME_TOO_LONG},
    )
    password = forms.CharField(
        max_length=128,
        help_text="Write it down for the student: at least 8 characters, not only numbers, not too common.",
        error_messages={"required": "Give the student a password.", "max_length": PASSWORD_TOO_LONG},
    )


class PasswordForm(forms.Form):
    password = forms.CharField(
        max_length=128,
        label="New password",
        error_messages={"required": "Type the new password.", "max_length": PASSWORD_TOO_LONG},
    )


class CoteacherForm(forms.Form):
    username = forms.CharField(
        max_length=150,
        label="Their username",
        help_text="They need a teacher account on this site.",
        error_messages={"required": "Type their username.", "max_length": USERNAME_TOO_LONG},
    )


def form_errors(form: forms.Form) -> str:
    """The form's messages in one line."""
    return " ".join(str(error) for errors in form.errors.values() for error in errors)
