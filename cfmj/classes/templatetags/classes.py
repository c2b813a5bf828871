"""Homework due, for the home page and the dashboard."""

from __future__ import annotations

from typing import Any

from django import template

from cfmj.accounts.models import User
from cfmj.classes import selectors

register = template.Library()


@register.inclusion_tag("classes/_due_card.html", takes_context=True)
def homework_due(context: dict[str, Any]) -> dict[str, Any]:
    user = context["request"].user
    return {"due": selectors.due_for(user) if isinstance(user, User) else []}
