from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import AuthenticationForm, SetPasswordMixin, UserCreationForm
from django.core.exceptions import ValidationError
from django.http import QueryDict

from cfmj.accounts import login_guard
from cfmj.accounts.models import User
from cfmj.accounts.names import REAL_NAME_HELP, REAL_NAME_MAX, real_name_normalise, real_name_problem
from cfmj.accounts.recovery import GROUP, LENGTH
from cfmj.accounts.selectors import recovery_account, username_taken
from cfmj.accounts.services import NO_MATCH
from cfmj.core.days import zone_checked, zone_label, zone_names, zone_unknown
from cfmj.core.usernames import username_normalise, username_offered, username_problem

USERNAME_TAKEN = "A user with that username already exists."
USERNAME_HELP = (
    "The name you log in with: letters and numbers, with no spaces (such as margaretsmith). "
    "Your real name goes in “Your name”."
)


def real_name_field(**kwargs: Any) -> forms.CharField:
    """The optional real name (cfmj.accounts.names), as every form asks it."""
    kwargs.setdefault("label", "Your name")
    kwargs.setdefault("help_text", REAL_NAME_HELP)
    return forms.CharField(
        required=False,
        max_length=REAL_NAME_MAX,
        widget=forms.TextInput(attrs={"autocomplete": "name"}),
        error_messages={"max_length": f"A name has at most {REAL_NAME_MAX} characters."},
        **kwargs,
    )


def clean_real_name(value: object) -> str:
    name = real_name_normalise(str(value or ""))
    problem = real_name_problem(name)
    if problem is not None:
        raise ValidationError(problem, code="invalid")
    return name


class SignUpForm(UserCreationForm):  # type: ignore[type-arg]
    """A new account. A username that cannot be one ("Margaret Smith") is refused in plain words,
    with a free one made from it filled in (margaretsmith) and the real name typed there kept in
    "Your name"; on any refusal what was typed stays, the passwords too unless they were the
    problem (a pair that did not match, or one too weak, is typed again)."""

    real_name = real_name_field()
    email = forms.EmailField(required=False, help_text="Optional: only used to reset a forgotten password.")
    role = forms.ChoiceField(
        choices=User.Role.choices, initial=User.Role.LEARNER, widget=forms.RadioSelect, label="I am here as a"
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "real_name", "email", "role")

    def __init__(self, *args: Any, learner: bool = False, **kwargs: Any) -> None:
        """`learner`: the account is a learner's, and the form does not ask (someone joining a
        class by its link is its student)."""
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = USERNAME_HELP
        self.username_refused = ""  # a typed name that cannot be a username, for clean()
        if learner:
            del self.fields["role"]

    def clean_real_name(self) -> str:
        return clean_real_name(self.cleaned_data.get("real_name"))

    def clean_username(self) -> str:
        name = username_normalise(str(self.cleaned_data.get("username") or ""))
        problem = username_problem(name)
        if problem is not None:
            self.username_refused = name
            if any(ch.isspace() for ch in name):
                problem = f"A username has no spaces, so “{name}” cannot be one."
            raise ValidationError(problem, code="invalid")
        if username_taken(name):
            raise ValidationError(USERNAME_TAKEN, code="unique")
        return name

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.username_refused:
            self._username_offer(data)
        return data

    def _username_offer(self, data: dict[str, Any]) -> None:
        """Fill in a free username made from the refused one, and keep a refused name that reads
        as a person's in "Your name" when that was left empty. The whole of it is said at the top
        of the form, in view when the page comes back (a phone in large print shows little more),
        and the username offered under the username too."""
        refused = self.username_refused
        typed = self.data.copy() if isinstance(self.data, QueryDict) else dict(self.data)
        words = [str(error) for error in self.errors.get("username", [])]  # why it was refused
        offered = username_offered(refused, taken=username_taken)
        if offered:
            typed[self.add_prefix("username")] = offered
            words.append(f"We filled in {offered}, which is free: sign up with it, or change it.")
            self.add_error("username", ValidationError(words[-1], code="offered"))
        keep_name = " " in refused and not data.get("real_name") and "real_name" not in self.errors
        if keep_name and real_name_problem(real_name_normalise(refused)) is None:
            typed[self.add_prefix("real_name")] = real_name_normalise(refused)
            words.append(f"Your name, {real_name_normalise(refused)}, is kept in “Your name”.")
        if set(self.errors) - {"username"}:
            words.append("Please also correct what is marked below.")
        self.data = typed
        self.add_error(None, ValidationError(" ".join(words), code="username"))

    def full_clean(self) -> None:
        """Checked; then the passwords are shown again (masked) unless one of them was refused."""
        super().full_clean()
        keep = self.is_bound and not {"password1", "password2"} & set(self.errors)
        for name in ("password1", "password2"):
            widget = self.fields[name].widget
            assert isinstance(widget, forms.PasswordInput)
            widget.render_value = keep


class _PasswordCheckForm(forms.Form):
    """A form that asks for the account's password again before a change that matters."""

    password = forms.CharField(
        label="Your password",
        strip=False,
        max_length=128,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        error_messages={"required": "Type your password to confirm."},
    )

    def __init__(self, user: User, *args: Any, **kwargs: Any) -> None:
        self.user = user
        super().__init__(*args, **kwargs)

    def clean_password(self) -> str:
        password = str(self.cleaned_data["password"])
        if not self.user.check_password(password):
            raise ValidationError("That is not your password. Please type it again.", code="wrong")
        return password


class EmailForm(_PasswordCheckForm):
    email = forms.EmailField(
        label="E-mail address",
        required=False,
        max_length=254,
        help_text="Where a link to reset a forgotten password goes. Leave it empty for none.",
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    field_order = ("email", "password")


class NameForm(forms.Form):
    real_name = real_name_field()

    def clean_real_name(self) -> str:
        return clean_real_name(self.cleaned_data.get("real_name"))


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=User.Role.choices, widget=forms.RadioSelect, label="I am here as a")


class DeleteForm(_PasswordCheckForm):
    """The password, and, when the account is the last teacher of a class that made accounts for
    students (`class_accounts`), what becomes of those accounts."""

    DELETE, HAND_OVER = "delete", "hand_over"

    def __init__(self, user: User, *args: Any, class_accounts: bool = False, **kwargs: Any) -> None:
        super().__init__(user, *args, **kwargs)
        if class_accounts:
            self.fields["class_accounts"] = forms.ChoiceField(
                label="What happens to these accounts?",
                choices=[
                    (self.DELETE, "Delete them with my account"),
                    (self.HAND_OVER, "Keep them: I will hand the class to a co-teacher first"),
                ],
                widget=forms.RadioSelect,
                error_messages={"required": "Choose what happens to the accounts made for your class."},
            )
            self.order_fields(["class_accounts", "password"])


class RecoveryCodeForm(_PasswordCheckForm):
    """The password again before a new recovery code is made (whoever made one could set the
    password with it): labelled apart from the e-mail form's on the same page."""

    def __init__(self, user: User, *args: Any, **kwargs: Any) -> None:
        super().__init__(user, *args, prefix="recovery", **kwargs)
        self.fields["password"].label = "Password, to confirm"


class RecoverForm(SetPasswordMixin, forms.Form):  # type: ignore[type-arg]
    """A forgotten password set again with the username and the account's recovery code. Whatever
    does not match (no such account, an account with no code, a wrong code) gets the same words,
    and the new password is checked only once the code is right."""

    username = forms.CharField(
        label="Username",
        max_length=150,
        widget=forms.TextInput(attrs={"autocomplete": "username", "autocapitalize": "none"}),
        error_messages={"required": "Type your username."},
    )
    code = forms.CharField(
        label="Recovery code",
        max_length=LENGTH * 3,
        help_text=f"{LENGTH} letters and numbers, in groups of {GROUP}, such as K7PQ-3MXR-WD9T-H2NB.",
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        ),
        error_messages={"required": "Type the recovery code from your card."},
    )
    new_password1, new_password2 = SetPasswordMixin.create_password_fields(
        label1="New password", label2="New password again"
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user: User | None = None
        self.checked = ""  # the hash the code matched, so that it is used once (password_recover)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if "username" not in data or "code" not in data:
            return data
        user = recovery_account(username=data["username"], code=data["code"])
        if user is None:
            raise ValidationError(NO_MATCH, code="no_match")
        self.user, self.checked = user, user.recovery_code
        self.validate_passwords("new_password1", "new_password2")
        self.validate_password_for_user(user, "new_password2")
        return data


class TimeZoneForm(forms.Form):
    """Where the learner's day turns. A name not in the list gets a message saying so."""

    time_zone = forms.CharField(
        label="Your time zone",
        widget=forms.Select(choices=[(name, zone_label(name)) for name in zone_names()]),
        help_text="Today's five, reviews and your streak start a new day at midnight here.",
        error_messages={"required": "Choose your time zone from the list."},
    )

    def clean_time_zone(self) -> str:
        typed = str(self.cleaned_data["time_zone"])
        name = zone_checked(typed)
        if name is None:
            raise ValidationError(zone_unknown(typed), code="unknown")
        return name


class LoginForm(AuthenticationForm):
    """Django's log-in form, its password check behind the log-in guard (login_guard): `held` is
    set when the try was refused before any check (an account paused after wrong passwords, or
    too many log-ins at once), with the message shown in the form."""

    held: login_guard.LoginHeldError | None = None

    def clean(self) -> dict[str, Any]:
        username, password = self.cleaned_data.get("username"), self.cleaned_data.get("password")
        if not username or not password or self.request is None:
            return super().clean()
        try:
            with login_guard.password_check(request=self.request, username=username) as attempt:
                cleaned = super().clean()
                attempt.ok = True
        except login_guard.LoginHeldError as held:
            self.held = held
            raise ValidationError(str(held), code="held") from None
        return cleaned
