"""Homework due, for the home page and the dashboard; the class at the tables, for the home page,
the class page and the board page."""

from __future__ import annotations

from typing import Any

from django import template

from cfmj.accounts.models import User
from cfmj.classes import selectors, table_selectors
from cfmj.classes.models import Classroom
from cfmj.classes.table_ready import ready_context

register = template.Library()


@register.inclusion_tag("classes/_due_card.html", takes_context=True)
def homework_due(context: dict[str, Any]) -> dict[str, Any]:
    user = context["request"].user
    return {"due": selectors.due_for(user) if isinstance(user, User) else []}


@register.inclusion_tag("classes/_tables_ready_card.html", takes_context=True)
def tables_ready(context: dict[str, Any]) -> dict[str, Any]:
    """On the home page: each class at the tables now, with the person's table or a seat to take."""
    user = context["request"].user
    return {"found": table_selectors.ready_for(user) if isinstance(user, User) else [], **_form(context)}


@register.inclusion_tag("classes/table_ready.html#ready", takes_context=True)
def table_ready(context: dict[str, Any], classroom: Classroom) -> dict[str, Any]:
    """The live "ready" part of one class (its table time), for the class page and the board page."""
    return {**ready_context(context["request"], classroom), **_form(context)}


def _form(context: dict[str, Any]) -> dict[str, Any]:
    return {"request": context["request"], "csrf_token": context.get("csrf_token")}
