from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from cfmj.core.http import HtmxHttpRequest
from cfmj.engine import InputError, check
from cfmj.engine.labels import HOUSE_RULE_LABELS, SKILL_LEVEL_LABELS

EXAMPLES = [
    ("The rulebook's example, won on a discard", "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]"),
    ("A woven hand", "3C 3C 3C 4D 4D 4D 4D 5C 5C 5C 5C RD RD RD"),
    ("A joker in a Pair", "1C 1C 1C 2C 2C 2C 3C 3C 3C 4C 4C 4C 5C J"),
    ("Dragon's Breath", "RD RD GD GD WD WD N N E E W W S S"),
    ("Any Like Numbers with jokers", "5C 5C 5C 5B 5B 5B 5D 5D 5D 5D J J J J"),
]


@require_GET
def check_hand(request: HtmxHttpRequest) -> HttpResponse:
    query = request.GET
    options: dict[str, Any] = {
        "self_drawn": query.get("self_drawn") == "on",
        "house_rules": query.getlist("house_rules"),
        "skill_level": query.get("skill_level") or "0",
        "base": query.get("base") or "25",
    }
    text = query.get("hand", "").strip()
    verdict, error = None, None
    if text:
        try:
            verdict = check(text, **options).as_dict()
        except InputError as problem:
            error = str(problem)
    context = {
        "hand_text": query.get("hand", ""),
        "options": options,
        "verdict": verdict,
        "error": error,
        "house_rules": HOUSE_RULE_LABELS.items(),
        "skill_levels": SKILL_LEVEL_LABELS.items(),
        "examples": EXAMPLES,
    }
    template = "practice/check.html#verdict" if request.htmx else "practice/check.html"
    return render(request, template, context)
