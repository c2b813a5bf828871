"""Homework due, for the home page and the dashboard; the class at the tables, for the home page,
the class page and the board page; the class's deals, to play or to run."""

from __future__ import annotations

from typing import Any

from django import template

from cfmj.accounts.models import User
from cfmj.classes import deals, selectors, table_selectors
from cfmj.classes.models import Classroom
from cfmj.classes.table_ready import ready_context
from cfmj.engine.coach import DEFAULT_LEVEL, LEVELS
from cfmj.play.models import Game

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


@register.inclusion_tag("classes/_deals_student.html", takes_context=True)
def deals_to_play(context: dict[str, Any], classroom: Classroom | None = None) -> dict[str, Any]:
    """The class's deals a student may play now, dealt in class (a deal set as homework is in their
    homework); on a class's page, also their hands of its closed deals, to review."""
    user = context["request"].user
    if not isinstance(user, User):
        return {"deals": [], "closed": []}
    return {
        "deals": [
            (d, game) for d, game in deals.deals_for_student(user, classroom) if d.assignment_id is None
        ],
        "closed": deals.closed_hands_of(user, classroom) if classroom is not None else [],
        "show_class": classroom is None,
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("classes/_deals_teacher.html", takes_context=True)
def deals_to_run(context: dict[str, Any], classroom: Classroom) -> dict[str, Any]:
    """On a class's page for its teachers: the form that deals the class a hand, and its deals."""
    return {
        "classroom": classroom,
        "deals": [(d, deals.deal_progress(d)) for d in deals.deals_of(classroom)[: deals.DEALS_LISTED]],
        "levels": list(LEVELS.items()),
        "default_level": DEFAULT_LEVEL,
        "modes": Game.Mode.choices,
        "csrf_token": context.get("csrf_token"),
    }
