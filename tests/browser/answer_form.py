"""Filling an answer form in the browser as a person would, field by field as its kind defines it."""

from __future__ import annotations

from collections.abc import Mapping

from playwright.sync_api import Locator

from cfmj.engine import drills
from tests.engine.drills.helpers import Asked


def fill(form: Locator, puzzle: Asked, response: Mapping[str, str], prefix: str = "") -> None:
    """Tick, choose or type each field of a response (`prefix`: a quiz question's), by how its
    puzzle's kind asks the field (drills.AnswerField.input); blank fields are left alone."""
    fields = {field.name: field for field in drills.definition(puzzle.kind).fields}
    for name, value in response.items():
        field, posted = fields[name], prefix + name
        if not value:
            continue
        if field.input == "tiles-many":  # the hand's tiles, ticked
            for code in value.split():
                form.locator(
                    f'input[name="{prefix}{field.form_name}"][value="{code}"]:not(:checked)'
                ).first.check()
        elif field.input == "many-choices":  # several boxes, sent as one comma list
            for choice in value.split(","):
                form.locator(f'input[name="{posted}"][value="{choice}"]').check()
        elif form.locator(f'select[name="{posted}"]').count():
            form.locator(f'select[name="{posted}"]').select_option(value)
        elif form.locator(f'input[name="{posted}"][type="radio"]').count():
            form.locator(f'input[name="{posted}"][value="{value}"]').first.check()
        else:
            form.locator(f'input[name="{posted}"]').fill(value)
