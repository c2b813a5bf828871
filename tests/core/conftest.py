"""The production stack (tests/stack.py), started once for every fault test of this package that
asks for it: it takes about half a minute to start."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.stack import Stack, production_stack


@pytest.fixture(scope="package")
def stack() -> Iterator[Stack]:
    with production_stack() as running:
        yield running
