"""A drill kind's definition in templates: `{% with kind=puzzle.kind|drill_kind %}` gives its
answer partial (kind.template) and what its question shows (kind.shown_tile, kind.says_how_won)."""

from __future__ import annotations

from typing import Any

from django import template

from cfmj.engine import drills

register = template.Library()


@register.filter
def drill_kind(kind: str) -> drills.DrillKind[Any, Any]:
    """The definition of the kind of that name (a stored puzzle's kind is always one)."""
    return drills.definition(kind)
