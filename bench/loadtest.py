"""Load benchmark (`make loadtest`): 50 simulated learners against the site as deployed, compared
with a bare Django view on the same server. Loopback only; bounded in users, requests and time.

The server is gunicorn with 2 sync workers per core, DEBUG off, on a throwaway PostgreSQL
database when a server answers on 127.0.0.1:5432 (else a throwaway SQLite file), with Redis as
the cache when one answers on 127.0.0.1:6379 (database 13, emptied before and after). It is
seeded like bench/practice_views.py: the lessons loaded, puzzles of every kind and band, and
signed-in users with sessions (half the learners; the other half are visitors keeping their
session cookie).

Each learner first chooses to practise everything (POST /practice/range/: a fresh learner's
lessons open only the first drill kinds, and the drill below picks any kind), then, in a loop,
picks one of three activities at random:
- daily set: GET /practice/daily/ and answer its puzzle (htmx POST) while any is left;
- drill: GET /practice/<kind>/ (next puzzle) and answer it (htmx POST);
- lesson: GET a step page of lesson 1 and POST its check (htmx).
Think time: a random 0.5-1.5 s after every page and every verdict.

Phases, all with the same asyncio client (its own CPU use is printed: it shares the two cores):
1. learners: 50 users with think time, 15 s warm-up then 30 s measured (the aim is about this);
2. learners at saturation: the same 50 users with no think time, 5 s warm-up, 15 s measured;
3. bare view at saturation: 50 connections looping GET /bench/bare/ (HttpResponse("ok"), routed
   only because the server starts with CFMJ_BENCH_BARE=1), 5 s warm-up, 15 s measured;
4. floor view at saturation: the 50 learners' cookies looping GET /bench/floor/, the site's layout
   with nothing in it (the session and signed-in user read, navigation rendered), routed likewise.
5. learners under a flood: the 50 learners with think time again (as in 1) while 20 more clients
   loop GET /check/ with the slowest hands bench/worst.py found (bench/worst_check.json), at the
   site's own /check/ rate limits (RATE_LIMIT_CHECK_PER_IP and _SLOW_PER_IP stay as configured):
   the learners' p95 must stay under 100 ms.
6. players at the play table: the 50 signed-in users each play hands against the bots, the bot
   levels in turn, thinking 1-3 s before each action (bench/loadtest_play.py says how they choose),
   15 s warm-up then 45 s measured: each action's p95 must stay under 150 ms. Before
   anything else, as many players as workers take the first steps of a hand at once, timed: each
   worker's first play request (the engine's tables must be built before a worker serves).
7. tables of four people playing together, each on its own stream from uvicorn (started beside
   gunicorn for this phase: `--asgi 2` starts two, the streams alternating between them), acting
   2-5 s after their turn comes (bench/loadtest_tables.py), `--tables N` of them (200, the aim),
   30 s warm-up then 60 s measured: each action's p95 under 150 ms and publish to receipt p95
   under 250 ms, no errors.
`--users 200` runs the same phases with a club of 200 (a club at 9 a.m.); `--only play`
runs only the first play requests and phase 6, `--only first` the first play requests alone,
`--only tables` phase 7 alone, `--only saturation` phases 2 to 4 alone (the throughput ratios,
about a minute and a half).
The ratio of (2) to (3) is how much of the bare Django stack's throughput the real pages keep (the
first aim); (2) to (4) is how much of the cheapest possible page of this site they keep, which
separates what the pages' own work costs from what any page with a session and a layout costs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any, TypedDict
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench import client, loadtest_play, loadtest_tables  # noqa: E402 - after the path is set
from bench.client import UNTHROTTLED, Tally, form_of, line, listening, percentile  # noqa: E402
from bench.practice_views import SEED_SCRIPT  # noqa: E402

HOST, PORT = "127.0.0.1", 8932
USERS = 50  # `--users N` (at most MAX_USERS) for a bigger club
MAX_USERS = 400
THINK = (0.5, 1.5)  # seconds, uniform, after every page and verdict
WARM_UP, MEASURE = 15.0, 30.0  # the learners with think time
SAT_WARM_UP, SAT_MEASURE = 5.0, 15.0  # each saturation phase
SATURATION = f"{SAT_MEASURE:.0f} s measured after {SAT_WARM_UP:.0f} s warm-up"
PLAY_WARM_UP, PLAY_MEASURE = 15.0, 45.0  # the players at the play table
PLAY_THINK = f"{loadtest_play.THINK[0]:.0f}-{loadtest_play.THINK[1]:.0f} s"
PLAY_AIM_MS = loadtest_play.AIM_P95_MS
ONLY = ""  # `--only play`: the play phase alone; `--only saturation`: phases 2 to 4
TABLES, ASGI = 200, 1  # phase 7: `--tables N` tables of four, `--asgi 2` uvicorn processes
REQUEST_TIMEOUT = 15.0
PUZZLES_PER_BAND = 100
AIM_P95_MS, AIM_RATIO = 100.0, 0.40
AIM_FLOOR_RATIO = 0.60  # the practice pages' throughput at saturation over the floor view's
FLOODERS = 20  # phase 5's clients on /check/
WORST_HANDS = ROOT / "bench" / "worst_check.json"
PAGES = ("daily page", "daily answer", "drill page", "drill answer", "lesson step", "lesson check")
YARDSTICKS = ("bare view", "floor view")
ANSWER_ACTION = r"/practice/puzzles/\d+/answer/"

LESSON_SCRIPT = """
import json, django
django.setup()
from lessons.models import Lesson
lesson = Lesson.objects.filter(active=True).order_by("number").first()
print(json.dumps({"slug": lesson.slug, "steps": lesson.steps.count()}))
"""


class Setup(TypedDict):
    """What the seed and lesson scripts print: the signed-in learners' session cookies, the drill
    kinds, and the lesson the learners walk through."""

    sessions: list[str]
    kinds: list[str]
    slug: str
    steps: int


def fetch(
    method: str, path: str, cookies: dict[str, str], body: str = "", headers: dict[str, str] | None = None
) -> Coroutine[Any, Any, tuple[int, str]]:
    return client.fetch((HOST, PORT), method, path, cookies, body, headers)


async def timed(
    tally: Tally, page: str, call: Awaitable[tuple[int, str]], ok: Callable[[int, str], bool]
) -> tuple[int, str] | None:
    started = time.perf_counter()
    try:
        status, text = await asyncio.wait_for(call, REQUEST_TIMEOUT)
    except (TimeoutError, OSError, IndexError, ValueError) as error:
        tally.record(page, started, time.perf_counter() - started, type(error).__name__)
        return None
    good = ok(status, text)
    tally.record(page, started, time.perf_counter() - started, None if good else f"HTTP {status}")
    return (status, text) if good else None


def post_headers(cookies: dict[str, str]) -> dict[str, str]:
    return {
        "HX-Request": "true",
        "X-CSRFToken": cookies.get("csrftoken", ""),
        "Referer": f"http://{HOST}:{PORT}/",
    }


def is_200(status: int, _: str) -> bool:
    return status == 200


def has_answer_form(status: int, text: str) -> bool:
    return status == 200 and form_of(text, ANSWER_ACTION) is not None


def cookies_of(number: int, setup: Setup) -> dict[str, str]:
    """Learner `number`'s cookies at the start: the even ones are signed in, the odd ones are
    visitors (who keep the session cookie the site gives them)."""
    sessions = setup["sessions"]
    return {"sessionid": sessions[number]} if number % 2 == 0 else {}


async def practise_everything(cookies: dict[str, str]) -> None:
    """Choose to practise everything, as the practice page's button does (not timed): without it
    most drill kinds answer "not open yet" to a learner who has taken no lesson."""
    await fetch("GET", "/practice/", cookies)  # the session and CSRF cookies
    body = urlencode({"everything": "on", "csrfmiddlewaretoken": cookies.get("csrftoken", "")})
    headers = {"X-CSRFToken": cookies.get("csrftoken", ""), "Referer": f"http://{HOST}:{PORT}/"}
    status, _ = await fetch("POST", "/practice/range/", cookies, body, headers)
    if status != 302:
        raise SystemExit(f"Choosing to practise everything answered HTTP {status}")


async def learner(number: int, setup: Setup, think: bool, tally: Tally) -> None:
    kinds = setup["kinds"]
    slug, steps = str(setup["slug"]), int(setup["steps"])
    cookies = cookies_of(number, setup)
    rng = random.Random(number)
    await asyncio.wait_for(practise_everything(cookies), REQUEST_TIMEOUT * 4)

    async def pause() -> None:
        if think:
            await asyncio.sleep(rng.uniform(*THINK))

    if think:
        await asyncio.sleep(rng.uniform(0, THINK[1]))  # learners do not all start on the same beat
    while time.perf_counter() < tally.deadline:
        activity = rng.choice(("daily", "drill", "lesson"))
        if activity == "lesson":
            path = f"/lessons/{slug}/{rng.randint(1, steps)}/"
            got = await timed(
                tally,
                "lesson step",
                fetch("GET", path, cookies),
                lambda s, t: s == 200 and form_of(t, r"/lessons/[^\"]+/\d+/") is not None,
            )
            action = r"/lessons/[^\"]+/\d+/"
            check_page = "lesson check"
        else:
            path = "/practice/daily/" if activity == "daily" else f"/practice/{rng.choice(kinds)}/"
            page = f"{activity} page"
            # A finished daily set has no form; a drill page always has one.
            action = ANSWER_ACTION
            got = await timed(
                tally, page, fetch("GET", path, cookies), is_200 if activity == "daily" else has_answer_form
            )
            check_page = f"{activity} answer"
        await pause()
        form = form_of(got[1], action) if got else None
        if form is None:
            continue
        target, data = form
        data["csrfmiddlewaretoken"] = cookies.get("csrftoken", "")
        await timed(
            tally, check_page, fetch("POST", target, cookies, urlencode(data), post_headers(cookies)), is_200
        )
        await pause()


async def bare(tally: Tally) -> None:
    while time.perf_counter() < tally.deadline:
        await timed(tally, "bare view", fetch("GET", "/bench/bare/", {}), lambda s, t: s == 200 and t == "ok")


async def floor(number: int, setup: Setup, tally: Tally) -> None:
    cookies = cookies_of(number, setup)  # as the learners
    while time.perf_counter() < tally.deadline:
        await timed(
            tally,
            "floor view",
            fetch("GET", "/bench/floor/", cookies),
            lambda s, t: s == 200 and "Load test yardstick" in t,
        )


async def flooder(number: int, tally: Tally) -> None:
    """Loop GET /check/ with the slowest hands known, as fast as answers come (refusals too)."""
    hands = [case["hand"] for case in json.loads(WORST_HANDS.read_text())]
    index = number
    while time.perf_counter() < tally.deadline:
        path = "/check/?" + urlencode({"hand": hands[index % len(hands)]})
        index += 1
        await timed(tally, "check flood", fetch("GET", path, {}), lambda s, t: s in (200, 429))


async def under_flood(setup: Setup) -> tuple[Tally, Tally, float, float]:
    start = time.perf_counter()
    learners = Tally(counting_from=start + WARM_UP, deadline=start + WARM_UP + MEASURE)
    flood = Tally(counting_from=start + WARM_UP, deadline=start + WARM_UP + MEASURE)
    cpu = time.process_time()
    await asyncio.gather(
        *(learner(i, setup, True, learners) for i in range(USERS)),
        *(flooder(i, flood) for i in range(FLOODERS)),
    )
    return learners, flood, MEASURE, time.process_time() - cpu


async def prime(setup: Setup, connections: int) -> float:
    """Every page type a few times on every worker before anything is timed: a worker's first
    request of a kind loads the engine's tables (about a second of CPU), as after any deploy."""
    started = time.perf_counter()
    kinds = setup["kinds"]
    paths = [
        "/practice/daily/",
        *(f"/practice/{kind}/" for kind in kinds),
        *(f"/lessons/{setup['slug']}/{n}/" for n in range(1, int(setup["steps"]) + 1)),
    ]

    async def visit() -> None:
        for path in paths:
            with contextlib.suppress(TimeoutError, OSError, IndexError, ValueError):
                await asyncio.wait_for(fetch("GET", path, {}), 120)

    await asyncio.gather(*(visit() for _ in range(connections)))
    return time.perf_counter() - started


async def phase(
    make: Callable[[int, Tally], Awaitable[None]], warm_up: float, measure: float
) -> tuple[Tally, float, float]:
    start = time.perf_counter()
    tally = Tally(counting_from=start + warm_up, deadline=start + warm_up + measure)
    cpu = time.process_time()
    await asyncio.gather(*(make(i, tally) for i in range(USERS)))
    return tally, measure, time.process_time() - cpu


def report(title: str, tally: Tally, seconds: float, client_cpu: float) -> tuple[float, float, int]:
    every = [t for times in tally.times.values() for t in times]
    errors = sum(tally.errors.values())
    print(f"\n{title} (load generator used {100 * client_cpu / seconds:.0f}% of one core)")
    print(line("all", every, errors, seconds))
    for page in [*PAGES, *YARDSTICKS, *loadtest_play.PLAY_PAGES]:
        if page in tally.times:
            print(line(page, tally.times[page], tally.errors.get(page, 0), seconds))
    if tally.examples:
        print("  errors, e.g.:", "; ".join(tally.examples))
    return len(every) / seconds, percentile(every, 0.95), errors


def serve(label: str, env: dict[str, str]) -> None:
    python = sys.executable
    subprocess.run([python, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([python, "manage.py", "load_lessons"], cwd=ROOT, env=env, check=True, capture_output=True)
    seed_env = {**env, "DJANGO_SETTINGS_MODULE": "cfmj.settings"}
    puzzles = PUZZLES_PER_BAND if ONLY in ("", "saturation") else 1  # the play phases need none
    seeded = subprocess.run(
        [python, "-c", SEED_SCRIPT.format(count=puzzles, users=USERS)],
        cwd=ROOT,
        env=seed_env,
        check=True,
        capture_output=True,
        text=True,
    )
    setup: Setup = json.loads(seeded.stdout.strip().splitlines()[-1])
    lesson = subprocess.run(
        [python, "-c", LESSON_SCRIPT], cwd=ROOT, env=seed_env, check=True, capture_output=True, text=True
    )
    setup.update(json.loads(lesson.stdout.strip().splitlines()[-1]))
    if listening(HOST, PORT):
        raise SystemExit(f"Something already listens on {HOST}:{PORT}: stop it, then run the test again.")
    workers = 2 * (os.cpu_count() or 1)
    server = subprocess.Popen(
        [
            python,
            "-m",
            "gunicorn",
            "cfmj.wsgi",
            "-w",
            str(workers),
            "-b",
            f"{HOST}:{PORT}",
            "--log-level",
            "warning",
            "--backlog",
            "2048",
        ],
        cwd=ROOT,
        env={**env, "CFMJ_BENCH_BARE": "1"},
    )
    try:
        while not listening(HOST, PORT):
            if server.poll() is not None:
                raise SystemExit("gunicorn did not start")
            time.sleep(0.1)
        print(
            f"Load test on {label}: gunicorn, {workers} sync workers, {USERS} learners (half signed in), "
            f"think time {THINK[0]}-{THINK[1]} s; {os.cpu_count()} cores shared with the load generator."
        )
        print(
            "Mix per learner, at random: daily set (page + answer), drill (next puzzle + answer), "
            "lesson (step page + check)."
        )
        if ONLY not in ("tables", "saturation"):
            first = Tally(counting_from=time.perf_counter(), deadline=float("inf"))
            asyncio.run(loadtest_play.first_requests((HOST, PORT), setup["sessions"][:workers], first))
            print(loadtest_play.first_summary(first.times, first.errors, workers))
        if ONLY == "first":
            return
        if ONLY == "saturation":
            saturation_phases(setup, workers)
            return
        aims = [] if ONLY in ("play", "tables") else practice_phases(setup, workers)
        if ONLY != "tables":
            aims.append(play_phase(setup, server.pid))
        if ONLY in ("", "tables"):
            aims += loadtest_tables.phase(env, (HOST, PORT), server.pid, TABLES, ASGI)
    finally:
        server.terminate()
        server.wait(timeout=30)
    print(
        "Aims (phase 1 for errors and p95; phases 2 and 3 for the ratio, 2 and 4 for the floor's; "
        "phase 6 for play; 7 for tables):"
    )
    for aim, met in aims:
        print(f"  {aim}: {'met' if met else 'NOT MET'}")
    floor_lines = [aim for aim, _ in aims if aim.startswith("practice page / floor")]
    if floor_lines:
        print(floor_lines[0])  # the practice pages' aim, last


def play_phase(setup: Setup, server: int) -> tuple[str, bool]:
    """Phase 6, and its aim."""
    players, cpu, server_cpu = asyncio.run(
        loadtest_play.play((HOST, PORT), setup["sessions"], server, PLAY_WARM_UP, PLAY_MEASURE)
    )
    report(
        f"6. {USERS} players at the play table, bot levels in turn, think time {PLAY_THINK}: "
        f"{PLAY_MEASURE:.0f} s measured after {PLAY_WARM_UP:.0f} s warm-up",
        players,
        PLAY_MEASURE,
        cpu,
    )
    actions = players.times.get("play action", [])
    hands = len(players.times.get("play start", []))
    per_request = 1000 * server_cpu / max(1, sum(len(times) for times in players.times.values()))
    print(
        f"  play action max {1000 * max(actions, default=float('nan')):.1f} ms; {hands} hands started; "
        f"the workers used {server_cpu:.1f} s of CPU, {per_request:.1f} ms a request"
    )
    play_p95, play_errors = percentile(actions, 0.95), sum(players.errors.values())
    return (
        f"play p95 <= {PLAY_AIM_MS:.0f} ms (measured {play_p95:.1f} ms, {play_errors} errors)",
        play_p95 <= PLAY_AIM_MS and play_errors == 0,
    )


def practice_phases(setup: Setup, workers: int) -> list[tuple[str, bool]]:
    """Phases 1 to 5, after priming every worker on every page type; their aims, and whether
    each was met."""
    primed = asyncio.run(prime(setup, 3 * workers))
    print(f"Primed the workers on every page type ({3 * workers} visitors, {primed:.1f} s, not counted).")
    learners, seconds, cpu = asyncio.run(phase(lambda i, t: learner(i, setup, True, t), WARM_UP, MEASURE))
    _, p95, errors = report(
        f"1. {USERS} learners with think time: {MEASURE:.0f} s measured after {WARM_UP:.0f} s warm-up",
        learners,
        seconds,
        cpu,
    )
    site_rps, bare_rps, floor_rps = saturated_phases(setup)
    learners_flooded, flood, seconds, cpu = asyncio.run(under_flood(setup))
    _, flooded_p95, flooded_errors = report(
        f"5. {USERS} learners with think time while {FLOODERS} clients loop GET /check/ with the "
        f"slowest hands known: {MEASURE:.0f} s measured after {WARM_UP:.0f} s warm-up",
        learners_flooded,
        seconds,
        cpu,
    )
    flood_times = flood.times.get("check flood", [])
    print(line("check flood", flood_times, flood.errors.get("check flood", 0), seconds))
    ratio, floor_line = ratios(site_rps, bare_rps, floor_rps)
    print(floor_line)
    return [
        (f"zero errors at {USERS} users", errors == 0),
        (f"p95 < {AIM_P95_MS:.0f} ms (measured {p95:.1f} ms)", p95 < AIM_P95_MS),
        (f">= {100 * AIM_RATIO:.0f}% of bare throughput (measured {100 * ratio:.0f}%)", ratio >= AIM_RATIO),
        (
            f"under the /check/ flood, learners' p95 < {AIM_P95_MS:.0f} ms (measured {flooded_p95:.1f} ms, "
            f"{flooded_errors} errors)",
            flooded_p95 < AIM_P95_MS and flooded_errors == 0,
        ),
        (floor_line, bool(floor_rps) and site_rps / floor_rps >= AIM_FLOOR_RATIO),
    ]


def saturation_phases(setup: Setup, workers: int) -> None:
    """`--only saturation`: phases 2 to 4 alone, after priming, and their ratios."""
    primed = asyncio.run(prime(setup, 3 * workers))
    print(f"Primed the workers on every page type ({3 * workers} visitors, {primed:.1f} s, not counted).")
    print(ratios(*saturated_phases(setup))[1])


def saturated_phases(setup: Setup) -> tuple[float, float, float]:
    """Phases 2 to 4: the learners, the bare view and the floor view at saturation; each one's
    requests a second."""
    saturated, seconds, cpu = asyncio.run(
        phase(lambda i, t: learner(i, setup, False, t), SAT_WARM_UP, SAT_MEASURE)
    )
    site_rps, _, _ = report(
        f"2. the same {USERS} learners, no think time (saturation): {SATURATION}",
        saturated,
        seconds,
        cpu,
    )
    bare_tally, seconds, cpu = asyncio.run(phase(lambda i, t: bare(t), SAT_WARM_UP, SAT_MEASURE))
    bare_rps, _, _ = report(
        f"3. bare Django view, {USERS} connections, no think time: {SATURATION}",
        bare_tally,
        seconds,
        cpu,
    )
    floor_tally, seconds, cpu = asyncio.run(phase(lambda i, t: floor(i, setup, t), SAT_WARM_UP, SAT_MEASURE))
    floor_rps, _, _ = report(
        f"4. floor view (session, user, layout), {USERS} learners' cookies, no think time: {SATURATION}",
        floor_tally,
        seconds,
        cpu,
    )
    return site_rps, bare_rps, floor_rps


def ratios(site_rps: float, bare_rps: float, floor_rps: float) -> tuple[float, str]:
    """Print the learners' throughput over the bare view's and over the floor view's; return the
    first ratio and the line that states the second with its aim."""
    ratio = site_rps / bare_rps if bare_rps else float("nan")
    print(f"\nSite throughput / bare throughput: {site_rps:.0f} / {bare_rps:.0f} req/s = {100 * ratio:.0f}%")
    if not floor_rps:
        return ratio, "practice page / floor: no floor throughput measured"
    print(
        f"Site throughput / floor throughput: {site_rps:.0f} / {floor_rps:.0f} req/s "
        f"(floor / bare = {100 * floor_rps / bare_rps:.0f}%)"
    )
    aim = f"aim ≥ {100 * AIM_FLOOR_RATIO:.0f} %"
    return ratio, f"practice page / floor: {100 * site_rps / floor_rps:.0f} % ({aim})"


def main() -> None:
    global USERS, ONLY, TABLES, ASGI  # noqa: PLW0603 - settings for the whole run, read by every phase
    parser = argparse.ArgumentParser(description="Load benchmark: simulated learners vs a bare view.")
    parser.add_argument(
        "--users",
        type=int,
        default=USERS,
        help=f"simulated learners (1-{MAX_USERS}; default {USERS}, the aim)",
    )
    parser.add_argument(
        "--only",
        choices=("play", "first", "tables", "saturation"),
        default="",
        help="play: only the first play requests and phase 6; first: only the first play requests; "
        "tables: only phase 7; saturation: only phases 2 to 4 (the throughput ratios)",
    )
    parser.add_argument(
        "--tables", type=int, default=TABLES, help=f"phase 7's tables of four (default {TABLES})"
    )
    parser.add_argument("--asgi", type=int, choices=(1, 2), default=ASGI, help="phase 7's uvicorn processes")
    arguments = parser.parse_args()
    users, ONLY, TABLES, ASGI = arguments.users, arguments.only, arguments.tables, arguments.asgi
    if TABLES < 1:
        parser.error("--tables must be at least 1")
    if not 1 <= users <= MAX_USERS:
        parser.error(f"--users must be between 1 and {MAX_USERS}")
    USERS = users
    env = {
        **os.environ,
        "DJANGO_DEBUG": "0",
        "DJANGO_ALLOWED_HOSTS": f"{HOST},localhost",
        "LOG_LEVEL": "WARNING",
        **UNTHROTTLED,
    }
    with (
        tempfile.TemporaryDirectory() as folder,
        client.throwaway_services(env, name="load", folder=Path(folder)) as (label, served),
    ):
        serve(label, served)


if __name__ == "__main__":
    main()
