"""Phase 6 of the load test (`make loadtest`, or `bench/loadtest.py --only play` alone): 50
signed-in players at the play table (the aim: each learner request, the action and the bots until
the next decision, p95 <= 150 ms with 50 players at human pace).

Each player starts a hand through the site (GET /play/ for the CSRF cookie, POST /play/new/ with
the next bot level in turn: beginner, steady, strong), opens the table (GET /play/<id>/), and then
plays as the site does with htmx: it chooses one of the legal action forms the table offers
(every action form carries data-action), thinks 1-3 s (uniform), posts it with HX-Request and
reads its next choice from the table the post answers with, until the hand is over; then, after a
pause, it starts the next hand. What it chooses, from the page alone (it sees no engine):
- a discard: a random tile of its rack that is not a joker; when the coach holds it back as
  dangerous (a practice hand), it goes ahead anyway;
- a Charleston or courtesy pass: random tiles of its own that are not jokers (never blind);
- the stop vote and the courtesy count: a random button;
- a discard it may call: calls for an exposure one time in three, else lets it go; when the
  coach holds a call back with a warning (it would leave the hand dead), it heeds it and lets go;
- a joker exchange when one is offered: one time in two;
- never a Mah Jongg: the page does not say whether its hand wins, and a false claim kills the
  hand. Its hands end with a bot's Mah Jongg or a wall game.
Timed: every POST of an action ("play action": the learner's action and the bots until the
learner's next decision, the table drawn: the aim), the table page, the home page and the start.
An error is an answer other than 200 (302 for the start), a table without a choice and without
a result, or one with a message (class="message error"): with one tab per player and only legal
choices, none is ever expected (a stale-table refusal would be a bug)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import time
from collections.abc import Awaitable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode

from bench import client
from bench.client import Tally

THINK = (1.0, 3.0)  # seconds, uniform: a person reading the table and tapping a tile
LEVELS = ("beginner", "steady", "strong")
PLAY_PAGES = ("play action", "play table", "play home", "play start")
AIM_P95_MS = 150.0
REQUEST_TIMEOUT = 15.0
FIRST_TIMEOUT = 120.0  # a fresh worker's first request: it may still be loading the site
CALL_SHARE, EXCHANGE_SHARE = 1 / 3, 1 / 2
ERROR_MESSAGE = re.compile(r'class="message error"[^>]*>(.*?)<', re.S)
COURTESY_COUNT = re.compile(r"Choose (\d) tiles? to give across")
GAME_PATH = re.compile(r"^(?:https?://[^/]+)?(/play/\d+/)")

Address = tuple[str, int]
Pairs = list[tuple[str, str]]


@dataclass
class Form:
    action: str  # its data-action: the engine's kind of action
    url: str
    hidden: Pairs = field(default_factory=list)  # csrf token, version, action and any fields
    buttons: Pairs = field(default_factory=list)  # (name, value) of each submit button
    checkboxes: Pairs = field(default_factory=list)


class _Forms(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.forms: list[Form] = []
        self.current: Form | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and "data-action" in a:
            self.current = Form(a["data-action"], a["action"])
            self.forms.append(self.current)
        elif self.current is None or "name" not in a:
            return
        elif tag == "input" and a.get("type") == "hidden":
            self.current.hidden.append((a["name"], a.get("value", "")))
        elif tag == "input" and a.get("type") == "checkbox":
            self.current.checkboxes.append((a["name"], a.get("value", "")))
        elif tag == "button" and a.get("type") == "submit":
            self.current.buttons.append((a["name"], a.get("value", "")))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.current = None


WARNED = 'id="warning"'  # the coach held the call back (it would make the hand dead) or the discard


def forms_of(html: str) -> dict[str, list[Form]]:
    """The page's forms that carry data-action, by their action."""
    parser = _Forms()
    parser.feed(html)
    out: dict[str, list[Form]] = {}
    for form in parser.forms:
        out.setdefault(form.action, []).append(form)
    return out


def choose(html: str, rng: random.Random) -> tuple[str, Pairs] | None:
    """The url and fields of the action this player chooses from the table (see the module's
    docstring), or None when the table offers none (the hand is over)."""
    forms = forms_of(html)
    if WARNED in html and "no_call" in forms:
        return forms["no_call"][0].url, forms["no_call"][0].hidden  # heeds the coach: lets it go
    if "no_call" in forms:
        calls = forms.get("call_exposure", [])
        form = rng.choice(calls) if calls and rng.random() < CALL_SHARE else forms["no_call"][0]
        return form.url, form.hidden
    if "exchange_joker" in forms and rng.random() < EXCHANGE_SHARE:
        form = rng.choice(forms["exchange_joker"])
        return form.url, form.hidden
    confirm = [f for f in forms.get("discard", []) if ("confirm", "1") in f.hidden]
    if WARNED in html and confirm:
        return confirm[0].url, confirm[0].hidden  # a dangerous discard: it goes ahead anyway
    if "discard" in forms:
        form = forms["discard"][0]
        return form.url, [*form.hidden, rng.choice([b for b in form.buttons if b[1] != "J"] or form.buttons)]
    for kind in ("pass_tiles", "courtesy_pass"):
        if kind in forms:
            form = forms[kind][0]
            wanted = COURTESY_COUNT.search(html) if kind == "courtesy_pass" else None
            count = int(wanted.group(1)) if wanted else 3
            own = [box for box in form.checkboxes if box[0] == "tiles" and box[1] != "J"]
            return form.url, [*form.hidden, *rng.sample(own, min(count, len(own)))]
    for kind in ("stop_vote", "courtesy_ask"):
        if kind in forms:
            form = forms[kind][0]
            return form.url, [*form.hidden, rng.choice(form.buttons)]
    return None


def trouble(status: int, html: str, wanted: int = 200) -> str | None:
    """Why an answer is an error, or None when it is not."""
    if status != wanted:
        return f"HTTP {status}"
    message = ERROR_MESSAGE.search(html)
    if message:
        return "message: " + " ".join(message.group(1).split())[:120]
    return None


async def timed(
    tally: Tally,
    page: str,
    call: Awaitable[tuple[int, str]],
    wanted: int = 200,
    timeout: float = REQUEST_TIMEOUT,
) -> tuple[int, str] | None:
    """The answer when it is not an error; every request recorded with its time."""
    started = time.perf_counter()
    try:
        status, html = await asyncio.wait_for(call, timeout)
    except (TimeoutError, OSError, IndexError, ValueError) as error:
        tally.record(page, started, time.perf_counter() - started, type(error).__name__)
        return None
    problem = trouble(status, html, wanted)
    tally.record(page, started, time.perf_counter() - started, problem)
    return None if problem else (status, html)


def post_headers(address: Address, cookies: dict[str, str], htmx: bool) -> dict[str, str]:
    headers = {"X-CSRFToken": cookies.get("csrftoken", ""), "Referer": f"http://{address[0]}:{address[1]}/"}
    return {"HX-Request": "true", **headers} if htmx else headers


async def start_hand(
    address: Address, cookies: dict[str, str], level: str, tally: Tally, timeout: float = REQUEST_TIMEOUT
) -> str | None:
    """A new hand through the site, as a person starts one: the Play page, then its form. The
    table's path, or None when the site refused."""
    got = await timed(tally, "play home", client.fetch(address, "GET", "/play/", cookies), timeout=timeout)
    if got is None:
        return None
    data = {"csrfmiddlewaretoken": cookies.get("csrftoken", ""), "bot_level": level, "mode": "practice"}
    headers: dict[str, str] = {}
    post = client.fetch(
        address,
        "POST",
        "/play/new/",
        cookies,
        urlencode(data),
        post_headers(address, cookies, False),
        headers,
    )
    if await timed(tally, "play start", post, wanted=302, timeout=timeout) is None:
        return None
    found = GAME_PATH.match(headers.get("location", ""))
    if found is None:
        tally.fail("play start", f"no table in Location {headers.get('location')!r}")
        return None
    return found.group(1)


async def player(address: Address, number: int, session: str, tally: Tally, think: bool = True) -> None:
    """One signed-in player, hand after hand, until the tally's deadline."""
    cookies = {"sessionid": session}
    rng = random.Random(number)
    hands = 0

    async def pause() -> None:
        if think:
            await asyncio.sleep(rng.uniform(*THINK))

    if think:
        await asyncio.sleep(rng.uniform(0, THINK[1]))  # players do not all start on the same beat
    while time.perf_counter() < tally.deadline:
        level = LEVELS[(number + hands) % len(LEVELS)]
        hands += 1
        path = await start_hand(address, cookies, level, tally)
        got = await timed(tally, "play table", client.fetch(address, "GET", path, cookies)) if path else None
        while got is not None and time.perf_counter() < tally.deadline:
            choice = choose(got[1], rng)
            if choice is None:
                if 'id="hand-result"' not in got[1]:
                    tally.fail("play table", "a table with no action and no result")
                break
            await pause()
            url, data = choice
            body = urlencode(data)
            post = client.fetch(address, "POST", url, cookies, body, post_headers(address, cookies, True))
            got = await timed(tally, "play action", post)
        await pause()


async def first_requests(address: Address, sessions: list[str], tally: Tally) -> None:
    """On a fresh server: as many players as workers take each step of a first hand at once (the
    Play page, the start, the table, the first action), so that each worker likely answers one
    of each: a worker's first play request is where anything built lazily shows."""
    rng = random.Random(0)
    cookies = [{"sessionid": session} for session in sessions]
    paths = await asyncio.gather(*(start_hand(address, c, LEVELS[2], tally, FIRST_TIMEOUT) for c in cookies))
    opened = [(p, c) for p, c in zip(paths, cookies, strict=True) if p]
    tables = await asyncio.gather(
        *(
            timed(tally, "play table", client.fetch(address, "GET", p, c), timeout=FIRST_TIMEOUT)
            for p, c in opened
        )
    )
    posts = []
    for got, (_, c) in zip(tables, opened, strict=True):
        choice = choose(got[1], rng) if got else None
        if choice:
            body = urlencode(choice[1])
            posts.append(
                timed(
                    tally,
                    "play action",
                    client.fetch(address, "POST", choice[0], c, body, post_headers(address, c, True)),
                    timeout=FIRST_TIMEOUT,
                )
            )
    await asyncio.gather(*posts)


def first_summary(times: dict[str, list[float]], errors: dict[str, int], workers: int) -> str:
    slowest = ", ".join(f"{page} {1000 * max(times.get(page, [0.0])):.0f} ms" for page in PLAY_PAGES)
    return (
        f"First play requests on the fresh server ({workers} players at once, one step at a time), "
        f"slowest: {slowest}; errors {sum(errors.values())}"
    )


def workers_cpu(server: int) -> float:
    """CPU seconds used so far by the gunicorn master's children (its workers), from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    children = Path(f"/proc/{server}/task/{server}/children").read_text().split()
    total = 0
    for child in children:
        with contextlib.suppress(OSError):  # a worker that just exited
            fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / tick


async def cpu_window(server: int, tally: Tally) -> float:
    """The workers' CPU seconds within the tally's measured window."""
    await asyncio.sleep(max(0.0, tally.counting_from - time.perf_counter()))
    before = workers_cpu(server)
    await asyncio.sleep(max(0.0, tally.deadline - time.perf_counter()))
    return workers_cpu(server) - before


async def play(
    address: Address, sessions: list[str], server: int, warm_up: float, measure: float
) -> tuple[Tally, float, float]:
    """Phase 6: the tally, the load generator's CPU seconds, and the server workers' CPU seconds
    in the measured window."""
    start = time.perf_counter()
    tally = Tally(counting_from=start + warm_up, deadline=start + warm_up + measure)
    cpu = time.process_time()
    window = asyncio.ensure_future(cpu_window(server, tally))
    await asyncio.gather(window, *(player(address, i, s, tally) for i, s in enumerate(sessions)))
    return tally, time.process_time() - cpu, window.result()
