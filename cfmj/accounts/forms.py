from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.core.exceptions import ValidationError

from cfmj.accounts.models import User
from cfmj.accounts.selectors import username_taken
from cfmj.accounts.usernames import username_normalise

USERNAME_TAKEN = "A user with that username already exists."


class SignUpForm(UserCreationForm):  # type: ignore[type-arg]
    email = forms.EmailField(required=False, help_text="Optional: only used to reset a forgotten password.")
    role = forms.ChoiceField(
        choices=User.Role.choices, initial=User.Role.LEARNER, widget=forms.RadioSelect, label="I am here as a"
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email", "role")

    def clean_username(self) -> str:
        name = username_normalise(str(self.cleaned_data.get("username") or ""))
        if username_taken(name):
            raise ValidationError(USERNAME_TAKEN, code="unique")
        return name
