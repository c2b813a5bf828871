from __future__ import annotations

from django import forms

from cfmj.accounts.names import REAL_NAME_MAX
from cfmj.classes.roster import MAX_NAMES
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


STUDENT_NAME_HELP = "Optional: the teachers of the class see it beside the username; nobody else does."


class StudentForm(forms.Form):
    real_name = forms.CharField(
        required=False,
        max_length=REAL_NAME_MAX,
        label="Student's name",
        help_text=STUDENT_NAME_HELP,
        error_messages={"max_length": f"A name has at most {REAL_NAME_MAX} characters."},
    )
    username = forms.CharField(
        max_length=150,
        error_messages={"required": "Give the student a username.", "max_length": USERNAME_TOO_LONG},
    )
    password = forms.CharField(
        max_length=128,
        help_text="Write it down for the student: at least 8 characters, not only numbers, not too common.",
        error_messages={"required": "Give the student a password.", "max_length": PASSWORD_TOO_LONG},
    )


class StudentNameForm(forms.Form):
    real_name = forms.CharField(
        required=False,
        max_length=REAL_NAME_MAX,
        error_messages={"max_length": f"A name has at most {REAL_NAME_MAX} characters."},
    )


class NamesForm(forms.Form):
    names = forms.CharField(
        label="Students' names, one a line",
        max_length=MAX_NAMES * (REAL_NAME_MAX + 2) * 2,
        widget=forms.Textarea(attrs={"rows": 10, "autocomplete": "off", "spellcheck": "false"}),
        help_text=(
            f"Paste or type up to {MAX_NAMES} names, such as Zoë Müller. Each gets an account with a "
            "username made from the name and a first password; blank lines are skipped. Pasted from a "
            "spreadsheet? A tab or a comma ends the name: Anne Smith, Year 3 makes Anne Smith. Only "
            "the class's teachers see the names."
        ),
        error_messages={
            "required": "Paste at least one name, one name a line.",
            "max_length": f"That list is too long: at most {MAX_NAMES} names at a time.",
        },
        strip=False,
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
