"""Queries whose SQL each process builds once: for the busiest reads of the practice and lesson
pages, where building and compiling a query in the ORM cost more than the database took to
answer it (about a fifth of a practice page's time went to compiling SQL).

A Prepared query is written as an ordinary queryset, built by a function of its arguments. The
first time it runs in a process, the function is called with stand-in values (`stand_ins`: a
negative number for an id, a string no one types for a text), the queryset is compiled, and
where the stand-ins sit among the SQL's parameters is noted. Every later run sends the same SQL
with the real arguments in those places, and converts the rows as the ORM would (the compiler's
converters: SQLite's dates, decimals, booleans). So the queryset stays the one definition of
the query, and the results are those of the queryset with the real arguments
(tests/core/test_prepared.py compares them).

Everything in the queryset but its arguments is fixed at that first run, so a date or a time
must be an argument (a date stand-in matches the date or, on SQLite, its ISO text; a number
matches it in psycopg's wrappers, Int2(7) for a small integer field), and its
shape must not depend on the arguments' values, only their places in it: a query that differs
for an account and a visitor is two Prepared queries. Only `values_list` querysets (rows as
tuples, `rows`) and plain model querysets (instances, `instances`: no select_related, no
annotations, no deferred fields) are prepared.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connections
from django.db.models import QuerySet
from django.db.models.sql.compiler import SQLCompiler

ALIAS = "default"  # the site has one database


class PreparedError(ValueError):
    """A queryset that cannot be prepared: a stand-in missing from its parameters, or one of its
    other parameters equal to a stand-in."""


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: tuple[Any, ...]
    places: tuple[int | None, ...]  # for each parameter: which argument goes there, or None
    shapes: tuple[Callable[[Any], Any] | None, ...]  # how each argument goes in (None: as it is)
    compiler: SQLCompiler
    converters: dict[int, Any]
    model: Any  # the model of a queryset of instances, else None
    attnames: tuple[str, ...]  # its fields, in the order of the columns


class Prepared:
    """A values_list query built by `build(*arguments)`, compiled once per process and database
    (see the module's docstring). `stand_ins` has one value per argument, of the type the real
    ones have, that no real argument ever equals."""

    def __init__(self, build: Callable[..., QuerySet[Any, Any]], *stand_ins: Any) -> None:
        self._build = build
        self._stand_ins = stand_ins
        self._compiled: dict[str, _Compiled] = {}

    def rows(self, *arguments: Any) -> list[tuple[Any, ...]]:
        """The queryset's rows for these arguments (as `list(build(*arguments))` gives them)."""
        if len(arguments) != len(self._stand_ins):
            raise TypeError(f"{len(self._stand_ins)} arguments expected, {len(arguments)} given")
        compiled = self._compiled.get(ALIAS)
        if compiled is None:
            compiled = self._compiled[ALIAS] = self._compile(self._build(*self._stand_ins))
        params = [
            value if place is None else arguments[place] if shape is None else shape(arguments[place])
            for value, place, shape in zip(compiled.params, compiled.places, compiled.shapes, strict=True)
        ]
        with connections[ALIAS].cursor() as cursor:
            cursor.execute(compiled.sql, params)
            found = cursor.fetchall()
        if compiled.converters:
            found = compiled.compiler.apply_converters(found, compiled.converters)
        return [tuple(row) for row in found]

    def instances(self, *arguments: Any) -> list[Any]:
        """The queryset's model instances for these arguments, as the ORM makes them (from_db)."""
        rows = self.rows(*arguments)
        compiled = self._compiled[ALIAS]
        if compiled.model is None:
            raise PreparedError("Not a queryset of model instances")
        return [compiled.model.from_db(ALIAS, compiled.attnames, row) for row in rows]

    def _compile(self, queryset: QuerySet[Any, Any]) -> _Compiled:
        if queryset.db != ALIAS:
            raise PreparedError(f"The queryset reads {queryset.db!r}, not {ALIAS!r}")
        compiler = queryset.query.get_compiler(using=ALIAS)
        sql, params = compiler.as_sql()
        places: list[int | None] = []
        shapes: list[Callable[[Any], Any] | None] = []
        for value in params:
            found = [
                (n, shape) for n, stand_in in enumerate(self._stand_ins) if (shape := _shape(value, stand_in))
            ]
            places.append(found[0][0] if found else None)
            shapes.append(found[0][1] if found and found[0][1] is not _as_it_is else None)
        missing = set(range(len(self._stand_ins))) - {p for p in places if p is not None}
        if missing:
            raise PreparedError(f"Stand-ins {sorted(missing)} are not among the query's parameters")
        fields = [column for column, _, _ in compiler.select[: compiler.col_count]]
        converters = compiler.get_converters(fields)
        model, attnames = None, ()
        if not queryset.query.has_select_fields:  # a queryset of instances (not values_list)
            if (compiler.klass_info or {}).get("related_klass_infos") or compiler.annotation_col_map:
                raise PreparedError(
                    "Only plain model querysets are prepared (no select_related, annotations)"
                )
            model = queryset.model
            attnames = tuple(column.target.attname for column in fields)
            concrete = tuple(field.attname for field in model._meta.concrete_fields)
            if attnames != concrete:
                raise PreparedError("Only querysets reading every field are prepared")
        return _Compiled(
            sql, tuple(params), tuple(places), tuple(shapes), compiler, converters, model, attnames
        )

    def forget(self) -> None:
        """Compile again on the next run."""
        self._compiled.clear()


def _as_it_is(value: Any) -> Any:
    return value


def _iso(value: Any) -> Any:
    return value.isoformat()


def _shape(value: Any, stand_in: Any) -> Callable[[Any], Any] | None:
    """How an argument goes where this compiled parameter is, if the parameter is this stand-in:
    as it is, as its ISO text (a date on SQLite), or in the parameter's own type (psycopg's Int2
    for a small integer field); None when it is not this stand-in."""
    if isinstance(stand_in, bool) or isinstance(value, bool):
        return None
    if type(value) is type(stand_in) and value == stand_in:
        return _as_it_is
    if isinstance(stand_in, int) and isinstance(value, int) and value == stand_in:
        return type(value)  # a subclass of int: Int2, Int4, Int8
    if isinstance(stand_in, datetime.date) and value == stand_in.isoformat():
        return _iso
    return None


def flat(rows: Sequence[tuple[Any, ...]]) -> list[Any]:
    """The first column of each row (as values_list(..., flat=True))."""
    return [row[0] for row in rows]
