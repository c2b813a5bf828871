"""Fault: 50 answers at once on PostgreSQL, each thread with its own connection.

One signed-in learner answers a dozen drill puzzles and the whole daily set, and sends many of
those answers twice (the same token: a double submit, a retry); five other learners answer two
of the same puzzles. Every attempt is counted once, the skill ratings and the puzzles' counters
match the attempts stored, and the daily set makes a one-day streak.

Runs on a throwaway database whenever a PostgreSQL server answers on 127.0.0.1:5432 (as on our
CI); skips otherwise."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.services import needs_postgres, site_env

pytestmark = [needs_postgres, pytest.mark.fault]
ROOT = Path(__file__).resolve().parents[2]
SCRIPT = r"""
import django, json, random, threading, uuid
django.setup()
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Count
from django.utils import timezone
from practice import making, services
from cfmj.accounts.learners import Learner
from practice.models import Attempt, Puzzle, SkillRating, Streak

User = get_user_model()
pat = User.objects.create_user("pat", password="pw-tiles-123")
others = [User.objects.create_user(f"learner{i}", password="pw-tiles-123") for i in range(5)]
batch = making.puzzle_batch_generate(kind="worth", band=2, count=12, seed=11)
drill = list(Puzzle.objects.filter(batch=batch).order_by("pk"))
today = timezone.localdate()
daily = [entry.puzzle for entry in making.daily_set_build(day=today).entries.order_by("position")]

first = [(pat, puzzle, uuid.uuid4(), None) for puzzle in drill]
first += [(pat, puzzle, uuid.uuid4(), today) for puzzle in daily]
first += [(user, puzzle, uuid.uuid4(), None) for user in others for puzzle in drill[:2]]
again = first[:12] + first[12:17] + first[17:23]        # the same tokens sent a second time
jobs = first + again
assert len(jobs) == 50 and len({job[2] for job in jobs}) == len(first)
random.Random(5).shuffle(jobs)

# Some answer in every kind's fields (a blank is no answer, and is not recorded).
ANSWER = {"value": "1", "valid": "yes", "category": "x", "pattern": "y", "call": "none", "take": "none",
          "tile": "1B", "pass": "1B 2B 3B", "tiles_needed": "1", "choice": "a", "discarder": "1"}
start = threading.Barrier(len(jobs))
results, errors = {}, []

def answer(job):
    user, puzzle, token, day = job
    try:
        start.wait()
        attempt, _ = services.attempt_record(learner=Learner(user, ""), puzzle_id=puzzle.pk, token=token,
                                             response=ANSWER, daily_date=day)
        results.setdefault(token, set()).add(attempt.pk)
    except Exception as error:
        errors.append(f"{type(error).__name__}: {error}"[:300])
    finally:
        connection.close()

threads = [threading.Thread(target=answer, args=(job,)) for job in jobs]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join(120)

ratings_wrong = [
    (s.user.username, s.kind, s.attempts, Attempt.objects.filter(user=s.user, puzzle__kind=s.kind).count())
    for s in SkillRating.objects.select_related("user")
    if s.attempts != Attempt.objects.filter(user=s.user, puzzle__kind=s.kind).count()]
rated_kinds = {(u, k) for u, k in Attempt.objects.values_list("user__username", "puzzle__kind").distinct()}
counters_wrong = [(p.pk, p.attempts, p.n) for p in Puzzle.objects.annotate(n=Count("attempt_set"))
                  if p.attempts != p.n]
streak = Streak.objects.filter(user=pat).first()
print(json.dumps({
    "errors": errors, "answered": len(results), "tokens": len(first),
    "one_attempt_per_token": all(len(pks) == 1 for pks in results.values()),
    "attempts": Attempt.objects.count(), "pat_attempts": Attempt.objects.filter(user=pat).count(),
    "ratings_wrong": ratings_wrong,
    "ratings_missing": sorted(rated_kinds - {(s.user.username, s.kind)
                                             for s in SkillRating.objects.select_related("user")}),
    "counters_wrong": counters_wrong,
    "streak": [streak.current, streak.best, str(streak.last_day)] if streak else None,
    "today": str(today)}))
"""


def test_it_counts_fifty_parallel_answers_once_each(migrated_database_url: str) -> None:
    env = site_env(migrated_database_url)
    began = time.monotonic()
    run = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=150,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["errors"] == [], report
    assert report["answered"] == report["tokens"] == 27 and report["one_attempt_per_token"], report
    assert report["attempts"] == 27 and report["pat_attempts"] == 17, report
    assert report["ratings_wrong"] == [] and report["ratings_missing"] == [], report
    assert report["counters_wrong"] == [], report
    assert report["streak"] == [1, 1, report["today"]], report
    assert time.monotonic() - began < 120
