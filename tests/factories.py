"""The base of the test factories: factory_boy's model factory, typed so that calling one gives the
model it makes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from factory.django import DjangoModelFactory

ModelT = TypeVar("ModelT")


class ModelFactory(DjangoModelFactory[ModelT]):
    """`UserFactory()` is a saved `User` (factory_boy's metaclass calls `create`), but factory_boy
    leaves that call untyped, so mypy would take it for a `UserFactory`; this says what it returns."""

    class Meta:
        abstract = True

    if TYPE_CHECKING:
        # mypy wants __new__ to return an instance of the class; here it returns the model instead.
        def __new__(cls, *args: Any, **kwargs: Any) -> ModelT: ...  # type: ignore[misc]
