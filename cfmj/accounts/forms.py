from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm

from cfmj.accounts.models import User


class SignUpForm(UserCreationForm):  # type: ignore[type-arg]
    email = forms.EmailField(required=False, help_text="Optional: only used to reset a forgotten password.")
    role = forms.ChoiceField(choices=User.Role.choices, initial=User.Role.LEARNER,
                             widget=forms.RadioSelect, label="I am here as a")

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email", "role")
