"""Phase 7 of the load test (`make loadtest`, or `bench/loadtest.py --only tables` alone): tables
of four people playing together, each on their seat's stream. The aims, with 200 tables
(`--tables N`) on one uvicorn process and on two (`--asgi 2`): each action's p95 <= 150 ms,
publish to receipt p95 <= 250 ms, no errors.

Set-up goes through the services (SETUP_SCRIPT): 4 x N users with sessions, N practice tables
opened (`seating.table_open`), three people joined to each (`seating.table_join`), play started
(`table_hands.table_start`). The call window is 30 s, the longest there is, and nobody takes
more than 5 s to choose, so no deadline comes due: no Celery worker runs.

Each person does what a seat's page does (static/js/live.js, table.js). It opens its seat's stream
/live/tables/<code>/?token=... (the address its page carries, made at set-up; no cookie) on uvicorn
(two processes: the streams alternate between them, as the bench has no nginx), OPEN_RATE streams
a second; play begins once every stream has said its first version (everyone sits down first). On
that first event and on each version newer than its part, it GETs
/play/tables/<code>/now/?seen=<digest> from gunicorn (204: nothing it sees changed). When the part
offers it a choice, it waits 2-5 s (uniform) and POSTs it with confirm=1 (the coach never
holds it back); the answer is its new part, and a newer part with another choice replaces the one
it was thinking about. It chooses (`choose`) Mah Jongg when the button is there, else lets every
discard go, discards the first tile of its rack, passes the first three tiles that are not jokers,
votes to go on, asks for none across, and deals the next hand when one is over.

Measured for MEASURE seconds after WARM_UP (from the start of play), no request allowed more than
REQUEST_TIMEOUT: each POST ("table action", the aim) and GET ("table part"; "table 204"); publish
to receipt (the aim), from each publish of a version to a seat (each seat has a topic of its own,
told of the versions that change what it sees; heard by the client's own Redis subscription) to
that seat's stream saying that version or a newer one, and, as the people see it, from an action's
answer to each other seat told of its version, to that seat's stream saying it (negative: the
stream came first); errors (an answer other than 200 or 204, 302 for the next
hand, or with a message; a stream refused or ended; a version a seat never heard by SETTLE s
after the end); hands finished; the CPU of gunicorn's workers and of each uvicorn process in the
window, and the client's.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import json
import random
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypedDict
from urllib.parse import urlencode

import redis.asyncio as aioredis

from bench import client
from bench.client import Tally, line, listening, percentile
from bench.live import server_use
from bench.loadtest_play import workers_cpu
from cfmj.core.live_hub import channel

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
ASGI_PORTS = (8933, 8934)  # beside loadtest.py's gunicorn on 8932
SEATS = 4
THINK = (2.0, 5.0)  # seconds, uniform, from a choice shown to its post
CALL_SECONDS = 30
WARM_UP, MEASURE = 30.0, 60.0
OPEN_RATE = 80.0  # streams opened a second, one after another (800 in 10 s)
SETTLE = 3.0  # after the measured window, for the last versions to reach every seat
REQUEST_TIMEOUT = 10.0
AIM_ACTION_MS, AIM_RECEIPT_MS = 150.0, 250.0
PAGES = ("table action", "table part", "table 204", "next hand")
CHOICES = "declare_mah_jongg call_mah_jongg no_call discard pass_tiles courtesy_pass stop_vote courtesy_ask"
CHOICES += " next_hand"  # only when nothing else is owed
FORM = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.S)
FIELD = re.compile(r"<(input|button)\b([^>]*)>")
ATTRIBUTE = re.compile(r'([\w-]+)="([^"]*)"')
SEEN = re.compile(r'hx-get="[^"]*\?seen=(\w*)"')
DRAWN = re.compile(r'data-live-topic-version="(\d+)"')
PROBLEM = re.compile(r'class="message error"[^>]*>(.*?)<', re.S)
GIVE = re.compile(r"Choose (\d) tiles? to give across")

Address = tuple[str, int]
Aim = tuple[str, bool]  # what was aimed at and measured, and whether it was met
Pairs = list[tuple[str, str]]

SETUP_SCRIPT = """
import json, django
django.setup()
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore
from cfmj.play import seating, table_access, table_hands
def session_of(user):
    session = SessionStore()
    session.update({{SESSION_KEY: str(user.pk), HASH_SESSION_KEY: user.get_session_auth_hash(),
                    BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend"}})
    session.create()
    return session.session_key
tables = []
for number in range({tables}):
    people = [get_user_model().objects.create_user(f"table{{number}}seat{{n}}") for n in range(4)]
    table = seating.table_open(host=people[0], bot_level="steady", call_seconds={call})
    for person in people[1:]:
        seating.table_join(table=table, user=person)
    table_hands.table_start(table=table, by=people[0])
    tables.append({{"pk": table.pk, "code": table.code, "sessions": [session_of(p) for p in people],
                   "streams": [table_access.stream_url(table=table, user=p, seat=n)
                               for n, p in enumerate(people)]}})
print(json.dumps(tables))
"""


class TableSetup(TypedDict):
    pk: int
    code: str
    sessions: list[str]  # by seat: the host in seat 0, then the three who joined
    streams: list[str]  # by seat: its stream's address, as its page carries it (with its token)


def forms_of(part: str) -> dict[str, tuple[str, list[tuple[str, str, str]]]]:
    """The part's forms that carry data-action (the first of each): their url, and their fields as
    (tag or input type, name, value) of each button, hidden input and checkbox with a name."""
    forms: dict[str, tuple[str, list[tuple[str, str, str]]]] = {}
    for head, body in FORM.findall(part):
        attributes = dict(ATTRIBUTE.findall(head))
        kind = attributes.get("data-action", "")
        if kind and kind not in forms:
            found = [(tag, dict(ATTRIBUTE.findall(inside))) for tag, inside in FIELD.findall(body)]
            fields = [
                (a.get("type", "") if tag == "input" else tag, a["name"], a.get("value", ""))
                for tag, a in found
                if "name" in a
            ]
            forms[kind] = (attributes.get("action", ""), fields)
    return forms


def pairs(found: list[tuple[str, str, str]], what: str, name: str = "") -> Pairs:
    """(name, value) of the fields of a kind (named `name`, if given) among a form's fields."""
    return [(n, value) for w, n, value in found if w == what and name in ("", n)]


def choose(part: str) -> tuple[str, str, Pairs] | None:
    """(its data-action, its url, its fields) of the choice a person makes from a seat's part, or
    None when it owes none (see the module's docstring)."""
    forms = forms_of(part)
    kind = next((kind for kind in CHOICES.split() if kind in forms), None)
    if kind is None:
        return None
    url, found = forms[kind]
    fields = pairs(found, "hidden") + ([] if kind == "next_hand" else [("confirm", "1")])
    if kind == "discard":
        fields += pairs(found, "button", "tile")[:1]
    elif kind in ("pass_tiles", "courtesy_pass"):
        wanted = GIVE.search(part) if kind == "courtesy_pass" else None
        fields += [tile for tile in pairs(found, "checkbox", "tiles") if tile[1] != "J"][
            : int(wanted[1]) if wanted else 3
        ]
    elif kind in ("stop_vote", "courtesy_ask"):
        fields.append(("stop", "no") if kind == "stop_vote" else ("count", "0"))
    return kind, url, fields


@dataclass
class Seat:
    """One simulated person at one seat, and what its stream told it."""

    table: int
    number: int
    code: str
    cookies: dict[str, str]
    stream: str  # its stream's path, with the token its page would carry
    port: int  # its uvicorn process
    rng: random.Random
    drawn: int = -1  # the table's version its part was drawn at
    seen: str = ""  # its part's digest, sent back with the next GET
    over: bool = False  # its part shows a hand's result
    heard: list[int] = field(default_factory=list)  # each newer version its stream said, in order
    heard_at: list[float] = field(default_factory=list)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    sat: asyncio.Event = field(default_factory=asyncio.Event)  # its stream said a first version, or failed
    busy: asyncio.Lock = field(default_factory=asyncio.Lock)  # one request at a time, as a page
    plan: asyncio.Task[None] | None = None
    planned: tuple[str, str] | None = None  # (action, moment token) being thought about

    @property
    def behind(self) -> bool:
        return bool(self.heard) and self.heard[-1] > self.drawn


@dataclass
class Run:
    tally: Tally
    address: Address
    seats: list[Seat] = field(default_factory=list)
    answered: list[tuple[int, int, int, float]] = field(default_factory=list)  # table, seat, version, when
    published: dict[tuple[int, int, int], float] = field(default_factory=dict)  # (table, seat, version): when
    troubles: dict[str, int] = field(default_factory=dict)  # the streams', counted from the start
    opened: int = 0
    opening: float = 0.0  # seconds until every stream had said its first version (or failed)
    hands: int = 0
    stopping: bool = False

    def trouble(self, what: str) -> None:
        if not self.stopping:
            self.troubles[what] = self.troubles.get(what, 0) + 1


async def request(
    run: Run, seat: Seat, page: str, path: str, body: str | None = None, wanted: int = 200
) -> tuple[int, str, dict[str, str]] | None:
    """One GET (POST with a body) of a seat, timed; its answer, or None when it was an error."""
    headers = {"HX-Request": "true"} if wanted == 200 else {}
    if body is not None:
        headers |= {"X-CSRFToken": seat.cookies.get("csrftoken", ""), "Referer": f"http://{HOST}/"}
    answer: dict[str, str] = {}
    call = client.fetch(
        run.address, "GET" if body is None else "POST", path, seat.cookies, body or "", headers, answer
    )
    started = time.perf_counter()
    try:
        status, text = await asyncio.wait_for(call, REQUEST_TIMEOUT)
    except (TimeoutError, OSError, IndexError, ValueError) as failed:
        run.tally.record(page, started, time.perf_counter() - started, type(failed).__name__)
        return None
    problem = PROBLEM.search(text) if status == 200 else None
    wrong = "message: " + " ".join(problem[1].split())[:100] if problem else None
    if status != wanted and not (status == 204 and body is None):
        wrong = f"HTTP {status}"
    run.tally.record("table 204" if status == 204 else page, started, time.perf_counter() - started, wrong)
    return None if wrong else (status, text, answer)


def take(run: Run, seat: Seat, part: str) -> None:
    """A fresh part for the seat: what it shows now, and the choice to think about."""
    seen, drawn = SEEN.search(part), DRAWN.search(part)
    seat.seen = seen[1] if seen else ""
    seat.drawn = max(seat.drawn, int(drawn[1]) if drawn else -1)
    over = 'id="hand-result"' in part
    if over and not seat.over and seat.number == 0 and run.tally.counting_from <= time.perf_counter():
        run.hands += 1
    seat.over = over
    choice = choose(part)
    key = (choice[0], dict(choice[2]).get("version", "")) if choice else None
    if key == seat.planned:
        return  # the same choice: still thinking about it
    if seat.plan is not None:
        seat.plan.cancel()
    seat.planned = key
    seat.plan = asyncio.create_task(act(run, seat, choice)) if choice else None


async def act(run: Run, seat: Seat, choice: tuple[str, str, Pairs]) -> None:
    kind, url, fields = choice
    await asyncio.sleep(seat.rng.uniform(*THINK))
    async with seat.busy:
        seat.plan = seat.planned = None
        started = time.perf_counter()
        if started >= run.tally.deadline:
            return
        if kind == "next_hand":  # a plain form: its answer sends the page back to the table
            await request(run, seat, "next hand", url, urlencode(fields), wanted=302)
            return
        got = await request(run, seat, "table action", url, urlencode(fields))
        drawn = DRAWN.search(got[1]) if got else None
        if drawn and run.tally.counting_from <= started:
            run.answered.append((seat.table, seat.number, int(drawn[1]), time.perf_counter()))
        if got:
            take(run, seat, got[1])


async def refresh(run: Run, seat: Seat) -> None:
    """GETs the seat's part while its stream has said a newer version than it was drawn at (at most
    three times in a row, then again at the next event or every 2 s, as live.js does)."""
    while not run.stopping:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(seat.wake.wait(), 2.0)
        seat.wake.clear()
        for _ in range(3):
            if not seat.behind or run.stopping:
                break
            async with seat.busy:
                path = f"/play/tables/{seat.code}/now/?seen={seat.seen}"
                got = await request(run, seat, "table part", path)
                if got is None:
                    break
                if got[0] == 204:
                    seat.drawn = max(seat.drawn, int(got[2].get("x-table-version", "-1")))
                else:
                    take(run, seat, got[1])


async def listen(run: Run, seat: Seat, delay: float) -> None:
    """The seat's stream: each newer version is noted with its time and wakes `refresh`."""
    await asyncio.sleep(delay)
    try:
        reader, writer = await asyncio.open_connection(HOST, seat.port)
    except OSError as error:
        run.trouble(f"connect: {type(error).__name__}")
        seat.sat.set()
        return
    try:
        writer.write(
            f"GET {seat.stream} HTTP/1.1\r\nHost: {HOST}\r\nAccept: text/event-stream\r\n\r\n".encode()
        )
        status = (await reader.readline()).decode("latin-1").split()
        if len(status) < 2 or status[1] != "200":
            run.trouble(f"refused: HTTP {' '.join(status[1:2]) or 'nothing'}")
            return
        run.opened += 1
        while text := await reader.readline():
            if text.startswith(b"data: "):  # HTTP's chunk sizes never start so
                version = int(text[6:])
                if not seat.heard or version > seat.heard[-1]:
                    seat.heard.append(version)
                    seat.heard_at.append(time.perf_counter())
                seat.wake.set()
                seat.sat.set()
        run.trouble("ended")
    except (OSError, ValueError) as error:
        run.trouble(f"broken: {type(error).__name__}")
    finally:
        seat.sat.set()
        writer.close()


async def monitor(run: Run, redis_url: str, tables: list[TableSetup]) -> None:
    """The time each version is published to each seat, from a subscription of the client's own."""
    index = {
        channel(f"table-{table['pk']}-{seat}").encode(): (number, seat)
        for number, table in enumerate(tables)
        for seat in range(SEATS)
    }
    async with aioredis.Redis.from_url(redis_url) as redis, redis.pubsub() as pubsub:
        await pubsub.psubscribe(channel("table-*"))
        async for message in pubsub.listen():
            if message["type"] == "pmessage" and message["channel"] in index:
                table, seat = index[message["channel"]]
                run.published[(table, seat, int(message["data"]))] = time.perf_counter()


def receipts(run: Run) -> tuple[list[float], list[float], int]:
    """In seconds: from each publish to a seat in the window to that seat's receipt, and from each
    action's answer in the window to each other seat's told of its version; and how many receipts
    of a publish never came."""
    seats = {(seat.table, seat.number): seat for seat in run.seats}
    published, answered, missed = [], [], 0
    for (table, number, version), when in run.published.items():
        if run.tally.counting_from <= when < run.tally.deadline:
            seat = seats[(table, number)]
            at = bisect.bisect_left(seat.heard, version)  # the first version heard at least as new
            missed += at == len(seat.heard)
            published += [seat.heard_at[at] - when] if at < len(seat.heard) else []
    for table, number, version, when in run.answered:
        for other in (n for n in range(SEATS) if n != number and (table, n, version) in run.published):
            seat = seats[(table, other)]
            at = bisect.bisect_left(seat.heard, version)
            answered += [seat.heard_at[at] - when] if at < len(seat.heard) else []
    return published, answered, missed


async def window(tally: Tally, pids: list[int]) -> list[float]:
    """CPU seconds used in the measured window by gunicorn's workers (the first pid: its master)
    and by each uvicorn process (the others)."""
    await asyncio.sleep(max(0.0, tally.counting_from - time.perf_counter()))
    before = [workers_cpu(pids[0]), *(server_use(pid)[1] for pid in pids[1:])]
    await asyncio.sleep(max(0.0, tally.deadline - time.perf_counter()))
    after = [workers_cpu(pids[0]), *(server_use(pid)[1] for pid in pids[1:])]
    return [b - a for a, b in zip(before, after, strict=True)]


async def play(
    address: Address, redis_url: str, tables: list[TableSetup], ports: list[int], pids: list[int]
) -> tuple[Run, list[float]]:
    """The phase: its run, and the CPU seconds `window` says. Everyone opens their stream first
    (the people sit down), then plays."""
    run = Run(Tally(counting_from=float("inf"), deadline=float("inf")), address)
    for number, table in enumerate(tables):
        for seat, (session, stream) in enumerate(zip(table["sessions"], table["streams"], strict=True)):
            index = SEATS * number + seat
            port = ports[index % len(ports)]
            cookies = {"sessionid": session}
            run.seats.append(Seat(number, seat, table["code"], cookies, stream, port, random.Random(index)))
    tasks = [asyncio.create_task(monitor(run, redis_url, tables))]
    tasks += [asyncio.create_task(listen(run, seat, i / OPEN_RATE)) for i, seat in enumerate(run.seats)]
    start = time.perf_counter()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(
            asyncio.gather(*(seat.sat.wait() for seat in run.seats)), len(run.seats) / OPEN_RATE + 60
        )
    start, run.opening = time.perf_counter(), time.perf_counter() - start
    run.tally = Tally(counting_from=start + WARM_UP, deadline=start + WARM_UP + MEASURE)
    tasks += [asyncio.create_task(refresh(run, seat)) for seat in run.seats]
    used = await window(run.tally, pids)
    await asyncio.sleep(SETTLE)
    run.stopping = True
    for task in [*tasks, *(seat.plan for seat in run.seats if seat.plan)]:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return run, used


def start_asgi(env: dict[str, str], count: int) -> list[subprocess.Popen[bytes]]:
    """`count` uvicorn processes as production runs one (DEBUG off, no persistent database
    connections), each on its own port of ASGI_PORTS."""
    servers = []
    for port in ASGI_PORTS[:count]:
        if listening(HOST, port):
            raise SystemExit(f"Something already listens on {HOST}:{port}: stop it, then run the test again.")
        options = f"--host {HOST} --port {port} --lifespan off --no-access-log --log-level warning"
        command = [sys.executable, "-m", "uvicorn", "cfmj.asgi:application", *options.split()]
        command += ["--timeout-graceful-shutdown", "2"]
        servers.append(subprocess.Popen(command, cwd=ROOT, env={**env, "DATABASE_CONN_MAX_AGE": "0"}))
    for port, server in zip(ASGI_PORTS, servers, strict=False):
        deadline = time.monotonic() + 60
        while not listening(HOST, port):
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"uvicorn did not start on port {port}")
            time.sleep(0.1)
    return servers


def phase(env: dict[str, str], address: Address, gunicorn: int, count: int, asgi: int) -> list[Aim]:
    """Phase 7 beside the running gunicorn (`gunicorn`: its master's pid): its report and aims."""
    if not env.get("REDIS_URL"):
        raise SystemExit("The tables phase needs Redis on 127.0.0.1:6379 (the streams are fed by it).")
    made = time.perf_counter()
    script = [sys.executable, "-c", SETUP_SCRIPT.format(tables=count, call=CALL_SECONDS)]
    setup_env = {**env, "DJANGO_SETTINGS_MODULE": "cfmj.settings"}
    done = subprocess.run(script, cwd=ROOT, env=setup_env, check=True, capture_output=True, text=True)
    tables: list[TableSetup] = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"\nSet up {count} tables of four, play started, in {time.perf_counter() - made:.1f} s.")
    servers = start_asgi(env, asgi)
    try:
        cpu, pids = time.process_time(), [gunicorn, *(server.pid for server in servers)]
        run, used = asyncio.run(play(address, env["REDIS_URL"], tables, list(ASGI_PORTS[:asgi]), pids))
        cpu = time.process_time() - cpu
        held = [
            Path(f"/proc/{server.pid}/status").read_text().split("Threads:")[1].split()[0]
            for server in servers
        ]
        memory = [server_use(server.pid)[0] for server in servers]
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=30)
    print(
        f"7. {count} tables of four people, each on its stream over {asgi} uvicorn process(es), think time "
        f"{THINK[0]:.0f}-{THINK[1]:.0f} s: {MEASURE:.0f} s measured after {WARM_UP:.0f} s warm-up (load "
        f"generator used {100 * cpu / (WARM_UP + MEASURE + SETTLE):.0f}% of one core)"
    )
    aims = report(run, f"{count} tables, {asgi} ASGI", used[0])
    for number, (seconds, rss, threads) in enumerate(zip(used[1:], memory, held, strict=True), 1):
        print(f"  uvicorn {number}: {seconds:.1f} s CPU, {rss:.0f} MB resident, {threads} threads at the end")
    return aims


def report(run: Run, label: str, gunicorn_cpu: float) -> list[Aim]:
    tally = run.tally
    for page in PAGES:
        if page in tally.times:
            print(line(page, tally.times[page], tally.errors.get(page, 0), MEASURE))
    published, answered, missed = receipts(run)
    for what, delays in (("publish>receipt", published), ("answer>others", answered)):
        shown = "  ".join(f"p{n} {percentile(delays, n / 100):6.1f}" for n in (50, 95, 99))
        print(f"  {what:15s} n={len(delays):6d}  {shown}  max {1000 * max(delays, default=0):6.1f} ms")
    early = sum(1 for delay in answered if delay < 0)
    print(
        f"  the stream came before the action's answer {early} times of {len(answered)}; never heard {missed}"
    )
    print(f"  streams open {run.opened} of {len(run.seats)}, all in {run.opening:.1f} s")
    print(f"  stream troubles {run.troubles}; hands finished {run.hands}")
    if tally.examples:
        print("  errors, e.g.:", "; ".join(tally.examples))
    requests = sum(len(times) for times in tally.times.values())
    each = 1000 * gunicorn_cpu / max(1, requests)
    print(f"  gunicorn's workers: {gunicorn_cpu:.1f} s CPU, {each:.1f} ms a request")
    action, receipt = percentile(tally.times.get("table action", []), 0.95), percentile(published, 0.95)
    errors = sum(tally.errors.values()) + sum(run.troubles.values()) + missed
    return [
        (
            f"{label}: action p95 <= {AIM_ACTION_MS:.0f} ms (measured {action:.1f} ms)",
            action <= AIM_ACTION_MS,
        ),
        (
            f"{label}: publish to receipt p95 <= {AIM_RECEIPT_MS:.0f} ms ({receipt:.1f} ms)",
            receipt <= AIM_RECEIPT_MS,
        ),
        (f"{label}: no errors (measured {errors})", errors == 0),
    ]
