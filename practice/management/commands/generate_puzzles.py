"""Generate puzzles now: `manage.py generate_puzzles --kind worth --count 50 --band 2`, or
`--fill` to top up every pool (what the periodic task does) and build today's daily set."""

from __future__ import annotations

import random
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from cfmj.engine.drills import BANDS, KINDS
from practice import making
from practice.selectors import pool_shortfalls


class Command(BaseCommand):
    help = "Generate practice puzzles with the rules engine."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--kind", choices=KINDS)
        parser.add_argument("--count", type=int, default=20)
        parser.add_argument("--band", type=int, default=2, choices=list(BANDS))
        parser.add_argument("--seed", type=int, default=None)
        parser.add_argument(
            "--fill",
            type=int,
            default=None,
            metavar="N",
            help="top every pool (each kind and band, and each live class's table) up to N unseen "
            "puzzles, and build today's set",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["fill"] is not None:
            made = 0
            for pool, missing in pool_shortfalls(target=options["fill"]):
                made += making.puzzle_batch_generate(
                    kind=pool.kind,
                    band=pool.band,
                    count=missing,
                    seed=random.SystemRandom().randrange(2**62),
                    table=pool.table,
                ).created
            daily = making.daily_set_build(day=timezone.localdate())
            self.stdout.write(f"Made {made} puzzles; today's daily set is #{daily.pk}.")
            return
        if not options["kind"]:
            raise CommandError("Say which --kind to make, or --fill N.")
        if not 1 <= options["count"] <= 10_000:
            raise CommandError("--count runs from 1 to 10,000.")
        seed = options["seed"] if options["seed"] is not None else random.SystemRandom().randrange(2**62)
        batch = making.puzzle_batch_generate(
            kind=options["kind"], band=options["band"], count=options["count"], seed=seed
        )
        self.stdout.write(f"Batch #{batch.pk}: {batch.created} new puzzles, {batch.duplicates} duplicates.")
