"""How many login cards wait to be printed for a class, for its page's link to them."""

from __future__ import annotations

from typing import Any

from django import template

from cfmj.classes import roster
from cfmj.classes.models import Classroom

register = template.Library()


@register.simple_tag(takes_context=True)
def login_cards_waiting(context: dict[str, Any], classroom: Classroom) -> int:
    return len(roster.cards_of(session=context["request"].session, classroom=classroom))
