"""Bring the course in the database in step with lessons/content (part of set-up: `make dev`)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from lessons.content import ContentError
from lessons.services import lessons_load


class Command(BaseCommand):
    help = "Load the lessons from lessons/content into the database (safe to run again)."

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = lessons_load()
        except ContentError as error:
            raise CommandError(f"The course files need fixing: {error}") from None
        self.stdout.write(
            f"Lessons: {report.created} new, {report.updated} updated, "
            f"{report.unchanged} unchanged, {report.retired} retired."
        )
