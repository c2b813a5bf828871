"""What the play tests share: Lee, a learner signed in on the test client."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.classes.helpers import person


@pytest.fixture
def lee(client: Client) -> Any:
    user = person("lee")
    client.force_login(user)
    return user
