"""How long a learner waits at the play table: one request (rebuild by replay, the
learner's action, the bots until the learner's next choice, the table drawn) and the rebuild alone.

    .venv/bin/python bench/play_speed.py [--hands 4] [--seed 1]

Plays `--hands` whole hands per bot level through the real view (Django's test client on a
throwaway SQLite database: no server, no network), the learner choosing at random among the legal
actions (taking a Mah Jongg it holds). Prints, per level, the request times (p50, p95, max) and
the longest rebuild (replaying the whole log of a finished hand: the longest a rebuild gets), timed
once and as the best of five; and what the coach costs at each of the learner's decisions, from
cold caches: its judge (part of every action's request since the coach records each decision), its
hint, and the hint's own request (GET ?hint=1 with htmx). An action the coach warns about is
confirmed, as "Go ahead anyway" does (both posts are counted)."""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cfmj.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402
from django.urls import reverse  # noqa: E402

from cfmj.accounts.models import User  # noqa: E402
from cfmj.engine import coach  # noqa: E402
from cfmj.engine.coach import LEVELS  # noqa: E402
from cfmj.engine.evaluation import hand_needs, keep_scorer  # noqa: E402
from cfmj.engine.game import Action, RandomPlayer, action_to_dict  # noqa: E402
from cfmj.engine.game import Game as EngineGame  # noqa: E402
from cfmj.engine.tiles import code  # noqa: E402
from cfmj.play import services  # noqa: E402
from cfmj.play.models import Game  # noqa: E402
from cfmj.play.selectors import rebuild  # noqa: E402


def post_data(action: Action, version: int) -> dict[str, object]:
    data: dict[str, object] = {"action": action.kind, "version": str(version)}
    for key, value in action_to_dict(action).items():
        if key in ("tiles", "blind"):
            data[key] = [code(t) for t in value]
        elif key == "tile":
            data[key] = code(value)
        elif key == "stop":
            data[key] = "yes" if value else "no"
        elif key in ("count", "owner", "exposure"):
            data[key] = str(value)
    return data


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    setup_test_environment()
    settings.ALLOWED_HOSTS = ["testserver"]
    connection.creation.create_test_db(verbosity=0)
    user = User.objects.create_user("bench")
    client = Client()
    client.force_login(user)
    started = time.perf_counter()
    _play(client, user, "steady", 0, [])  # the engine's tables are built once per process (see report)
    warm = time.perf_counter() - started
    print(f"warm-up hand (the engine's card tables are built once per process): {warm:.1f} s")
    print(f"{args.hands} hands per level, seeds from {args.seed}; times in ms")
    for level in LEVELS:
        requests: list[float] = []
        coach_times: dict[str, list[float]] = {"judge": [], "hint": [], "hint request": []}
        rebuilds: list[float] = []
        best: list[float] = []
        for hand in range(args.hands):
            game = _play(client, user, level, args.seed + hand, requests, coach_times)
            first = _timed_rebuild(game)  # as a request meets it: once, with whatever is warm
            rebuilds.append(first)
            best.append(min([first] + [_timed_rebuild(game) for _ in range(4)]))
        print(
            f"{level:9} requests {len(requests):4}: p50 {statistics.median(requests):6.1f}  "
            f"p95 {percentile(requests, 0.95):6.1f}  max {max(requests):6.1f} | "
            f"rebuild of a whole hand: longest {max(rebuilds):5.1f} (best of 5: {max(best):4.1f}) "
            f"(hands of {_lengths(user, level)} actions)"
        )
        for name, values in coach_times.items():
            print(
                f"{'':9} coach {name:12} {len(values):4}: p50 {statistics.median(values):6.1f}  "
                f"p95 {percentile(values, 0.95):6.1f}  max {max(values):6.1f}"
            )


def _play(
    client: Client,
    user: User,
    level: str,
    seed: int,
    requests: list[float],
    coach_times: dict[str, list[float]] | None = None,
) -> Game:
    """A whole hand through the view, each learner request timed into `requests`; with
    `coach_times`, also what the coach costs at each decision (see _time_coach)."""
    learner = RandomPlayer(seed)
    game = services.game_start(owner=user, bot_level=level, seed=seed)
    while game.status != Game.Status.OVER:
        engine = rebuild(game)
        action = learner.choose(engine.view(0), engine.legal_actions(0))
        if coach_times is not None:
            _time_coach(client, game, engine, action, coach_times)
        started = time.perf_counter()
        url = reverse("play:act", args=[game.pk])
        response = client.post(url, post_data(action, game.version), HTTP_HX_REQUEST="true")
        requests.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200 and b"message error" not in response.content
        game.refresh_from_db()
        if b'id="warning"' in response.content:  # the coach held a rule mistake back: go ahead
            started = time.perf_counter()
            data = {**post_data(action, game.version), "confirm": "1"}
            response = client.post(url, data, HTTP_HX_REQUEST="true")
            requests.append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200 and b"message error" not in response.content
            game.refresh_from_db()
    return game


def _time_coach(
    client: Client, game: Game, engine: EngineGame, action: Action, times: dict[str, list[float]]
) -> None:
    """The coach at one decision, each from cold caches (no scorer kept for the hand): its judge
    (run inside every action's request) and its hint alone; then the hint as a request (GET
    ?hint=1 with htmx: rebuild, hint, the table drawn), also cold."""
    for name, work in (
        ("judge", lambda: coach.judge(engine, 0, action)),
        ("hint", lambda: coach.hint(engine, 0)),
    ):
        keep_scorer.cache_clear()
        hand_needs.cache_clear()
        started = time.perf_counter()
        work()
        times[name].append((time.perf_counter() - started) * 1000)
    keep_scorer.cache_clear()
    hand_needs.cache_clear()
    started = time.perf_counter()
    response = client.get(reverse("play:game", args=[game.pk]) + "?hint=1", HTTP_HX_REQUEST="true")
    times["hint request"].append((time.perf_counter() - started) * 1000)
    assert response.status_code == 200 and b'id="hint"' in response.content


def _timed_rebuild(game: Game) -> float:
    started = time.perf_counter()
    rebuild(game)
    return (time.perf_counter() - started) * 1000


def _lengths(user: User, level: str) -> str:
    lengths = [len(g.actions) for g in Game.objects.filter(owner=user, bot_level=level, seed__gt=0)]
    return f"{min(lengths)}-{max(lengths)}"


if __name__ == "__main__":
    main()
