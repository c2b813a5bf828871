"""Test data for accounts. Every user's password is PASSWORD unless given."""

from __future__ import annotations

import factory

from cfmj.accounts.models import User
from tests.factories import ModelFactory

PASSWORD = "tile-rack-lantern-42"


class UserFactory(ModelFactory[User]):
    class Meta:
        model = User

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.com")
    role = "learner"
    large_print = False
    password = factory.django.Password(PASSWORD)
