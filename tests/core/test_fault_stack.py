"""Fault: the production stack as `make prod` runs it (tests/stack.py: nginx in front, supervisord,
gunicorn with make prod's 2 sync workers per core, a Celery worker and beat, PostgreSQL and Redis), once
for the module.

- The Celery worker SIGKILLed while a client keeps loading pages: every page 200, the worker back
  by itself (a new pid, heartbeats again), nothing else restarted, its pool child gone.
- gunicorn's master and beat SIGKILLed: each back by itself, alone.
- Slow clients (slowloris: a header line every 5 s; and a body a byte every 5 s) through nginx
  while every page answers in under a second; the same sockets straight at gunicorn do block it.
- The front itself: a 30 MB body refused by nginx with a page in plain words, the body limits of
  nginx and Django agreeing, plain HTTP sent to HTTPS, Secure cookies, static files from nginx,
  Django reading the client's address from nginx; its own pages (413, "one moment") in a browser.
- 20 addresses hammering /check/ with a thousand of the slowest hands while others' p95 stays under
  100 ms (nginx turns away most of the flood per address; Django limits the full hands it reads per
  address, gives each a time budget, and runs one long search at a time across the site).
"""

from __future__ import annotations

import os
import random
import signal
import socket
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from cfmj.site.views import EXAMPLE_HAND
from tests.stack import PAGES, Stack, Visitor, alive, children, hammer, percentile

pytestmark = [pytest.mark.fault, pytest.mark.timed, pytest.mark.xdist_group("production_stack")]

# Pages a visitor loads (no worker needed for any of them). The drill page serves puzzles from
# the small pool run-production made before start.
SLOW_LINE_SECONDS = 5  # the report's slowloris: one header line every 5 s
FAST_ENOUGH = 1.0  # seconds, for every page while slow clients hold sockets
GUNICORN_WORKERS = 2 * len(os.sched_getaffinity(0))  # as scripts/run-production starts them (2 x nproc)


def _heartbeat_after(stack: Stack, moment: float) -> bool:
    worker = stack.health().get("worker", {})
    last = worker.get("last_heartbeat")
    return bool(worker.get("ok") and last and datetime.fromisoformat(last).timestamp() > moment)


def test_it_serves_every_page_while_the_worker_is_killed_and_the_worker_comes_back(stack: Stack) -> None:
    before = stack.states()
    assert {name: state for name, (state, _) in before.items()} == dict.fromkeys(before, "RUNNING")
    worker_pid = before["worker"][1]
    pool = children(worker_pid)
    assert pool, "the worker has no pool process"
    with Visitor(stack) as visitor:
        time.sleep(2)
        killed_at = time.time()
        os.kill(worker_pid, signal.SIGKILL)
        stack.wait_for(
            lambda: stack.states()["worker"][1] not in (0, worker_pid),
            30,
            "supervisord did not start the worker again",
        )
        restarted = time.time() - killed_at
        stack.wait_for(lambda: stack.states()["worker"][0] == "RUNNING", 30, "the new worker did not stay up")
        # The new worker consumes: a heartbeat beat queued after the kill has been recorded.
        stack.wait_for(lambda: _heartbeat_after(stack, killed_at), 30, "no heartbeat from the new worker")
        beating = time.time() - killed_at
        time.sleep(2)
    assert len(visitor.results) >= 20, visitor.results
    assert visitor.failures() == []
    after = stack.states()
    for name in ("gunicorn", "beat", "nginx"):
        assert after[name] == before[name], f"{name} was restarted too"
    stack.wait_for(lambda: not any(alive(pid) for pid in pool), 15, "the dead worker's pool process lives on")
    print(
        f"\nworker killed: {len(visitor.results)} pages, all 200, slowest "
        f"{max(r.seconds for _, r in visitor.results):.2f} s; a new worker {restarted:.1f} s after the kill, "
        f"its first heartbeat after {beating:.1f} s"
    )


@pytest.mark.parametrize("program", ["beat", "gunicorn"])
def test_it_restarts_a_killed_process_alone(stack: Stack, program: str) -> None:
    before = stack.states()
    left = children(before[program][1])  # gunicorn's workers: they notice their master is gone
    killed_at = time.time()
    os.kill(before[program][1], signal.SIGKILL)
    stack.wait_for(
        lambda: stack.states()[program][1] not in (0, before[program][1]),
        30,
        f"supervisord did not start {program} again",
    )
    # A killed gunicorn's workers serve on until they notice their master is gone (about a second),
    # and the new master takes the socket's path over: the pages are asked of the new one.
    stack.wait_for(lambda: not any(alive(pid) for pid in left), 15, f"the dead {program}'s children live on")
    stack.wait_for(lambda: stack.get("/").status == 200, 30, "the pages did not come back")
    stack.wait_for(lambda: _heartbeat_after(stack, killed_at), 30, "no heartbeat after the restart")
    after = stack.states()
    for name in set(before) - {program}:
        assert after[name] == before[name], f"{name} was restarted too"
    answers = {path: stack.get(path) for path in PAGES}
    failed = {path: (r.status, r.body[:120]) for path, r in answers.items() if r.status != 200}
    assert failed == {}


def _slow_header_socket(stack: Stack) -> socket.socket:
    raw = socket.create_connection((stack.host, stack.https_port), timeout=30)
    wrapped = stack.tls().wrap_socket(raw, server_hostname=stack.host)
    wrapped.sendall(f"GET / HTTP/1.1\r\nHost: {stack.host}\r\n".encode())
    return wrapped


def _slow_body_socket(stack: Stack) -> socket.socket:
    raw = socket.create_connection((stack.host, stack.https_port), timeout=30)
    wrapped = stack.tls().wrap_socket(raw, server_hostname=stack.host)
    wrapped.sendall(
        f"POST /accounts/login/ HTTP/1.1\r\nHost: {stack.host}\r\nContent-Type: "
        "application/x-www-form-urlencoded\r\nContent-Length: 60000\r\n\r\nusername=".encode()
    )
    return wrapped


@dataclass
class Slowloris:
    """Holds `count` connections of each kind open, sending one more piece on each every few
    seconds and opening a new one when the server closes one (as an attacker would)."""

    stack: Stack
    count: int
    closed_after: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def __enter__(self) -> Slowloris:
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        assert self._thread is not None
        self._thread.join(timeout=30)

    def _run(self) -> None:
        makers = [_slow_header_socket, _slow_body_socket] * self.count
        held: list[tuple[int, socket.socket, float]] = []
        try:
            held = [(i, makers[i](self.stack), time.monotonic()) for i in range(len(makers))]
            line = 0
            while not self._stop.wait(SLOW_LINE_SECONDS):
                line += 1
                for position, (kind, sock, opened) in enumerate(held):
                    try:
                        piece = f"X-Slow-{line}: {line}\r\n" if kind % 2 == 0 else "a"
                        sock.sendall(piece.encode())
                    except (OSError, ssl.SSLError):
                        self.closed_after.append(time.monotonic() - opened)
                        sock.close()
                        held[position] = (kind, makers[kind](self.stack), time.monotonic())
        except (OSError, ssl.SSLError) as error:  # could not open one: the test must not pass quietly
            self.errors.append(f"{type(error).__name__}: {error}")
        finally:
            for _, sock, _ in held:
                sock.close()


def test_slow_clients_through_the_proxy_leave_the_pages_fast(stack: Stack) -> None:
    # Slow sockets of each kind (dribbled headers, dribbled bodies): together at least as many as
    # gunicorn's sync workers, which they would all hold straight at it (the report's two did).
    with Slowloris(stack, count=max(2, GUNICORN_WORKERS // 2)) as slow, Visitor(stack) as visitor:
        time.sleep(32)  # longer than gunicorn's 30 s timeout, the report's 30 s block
    assert slow.errors == []
    assert visitor.failures() == []
    slowest = max(response.seconds for _, response in visitor.results)
    assert slowest < FAST_ENOUGH, sorted((r.seconds, path) for path, r in visitor.results)[-5:]
    assert len(visitor.results) >= 60
    # nginx gives a client 10 s for its headers and 10 s between two parts of a body, so it drops
    # the slowest of them itself (at the next piece sent after that).
    assert slow.closed_after, "nginx never closed a slow connection"
    assert max(slow.closed_after) < 10 + 2 * SLOW_LINE_SECONDS + 2
    print(
        f"\nslowloris x4 through nginx: {len(visitor.results)} pages, all 200, slowest {slowest:.3f} s; "
        f"nginx closed slow sockets after {sorted(round(s, 1) for s in slow.closed_after)} s"
    )


def test_the_same_slow_sockets_straight_at_gunicorn_do_hold_it(stack: Stack) -> None:
    # The control for the test above: what nginx is there for. One socket per sync worker (make
    # prod starts 2 per core) dribbling headers to gunicorn's own socket takes them all, and a page
    # through nginx waits.
    path = str(stack.run_dir / "run" / "gunicorn.sock")
    held = []
    try:
        for _ in range(GUNICORN_WORKERS):
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.connect(path)
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            held.append(sock)
        time.sleep(0.5)
        blocked = stack.get("/", timeout=3)
        assert blocked.status == 0 or blocked.seconds >= FAST_ENOUGH, blocked
        print(
            f"\nslowloris x{GUNICORN_WORKERS} straight at gunicorn: a page waited {blocked.seconds:.1f} s "
            f"({'no answer' if blocked.status == 0 else blocked.status})"
        )
    finally:
        for sock in held:
            sock.close()
    assert stack.wait_for(lambda: stack.get("/").status == 200, 30, "gunicorn did not come free")


def test_nginx_refuses_a_30_mb_body_with_a_page_in_plain_words(stack: Stack) -> None:
    response = stack.request(
        "POST",
        "/practice/puzzles/1/answer/",
        body=b"x" * (30 * 1024 * 1024),
        headers={"Content-Type": "application/octet-stream"},
        timeout=30,
    )
    assert response.status == 413
    assert "That was too much to send" in response.body
    assert response.headers["cache-control"] == "no-store"


def test_django_refuses_what_nginx_lets_through_above_its_limit(stack: Stack) -> None:
    # nginx's client_max_body_size comes from the same setting, so both agree on the limit: a
    # body one byte over it never reaches Django; one at it does (and meets CSRF).
    limit = 64 * 1024
    over = stack.request(
        "POST",
        "/accounts/login/",
        body=b"a" * (limit + 1),
        timeout=30,
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    at = stack.request(
        "POST",
        "/accounts/login/",
        body=b"a" * limit,
        timeout=30,
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert over.status == 413 and "nginx" not in over.body.lower()
    assert at.status == 403  # Django's CSRF refusal: the body reached the site


def test_plain_http_goes_to_https(stack: Stack) -> None:
    response = stack.request("GET", "/lessons/?x=1", tls=False)
    assert response.status == 301
    assert response.headers["location"] == f"https://{stack.host}:{stack.https_port}/lessons/?x=1"


def test_django_sees_https_and_secure_cookies(stack: Stack) -> None:
    response = stack.get("/accounts/login/")
    assert response.status == 200
    cookie = response.headers["set-cookie"]
    assert "csrftoken=" in cookie and "Secure" in cookie
    assert "strict-transport-security" not in response.headers  # self-signed: HSTS stays off


def test_static_files_come_from_nginx_with_long_lives_for_hashed_names(stack: Stack) -> None:
    page = stack.get("/").body
    hashed = page.split('href="/static/css/site.', 1)[1].split('"', 1)[0]
    response = stack.get(f"/static/css/site.{hashed}")
    assert response.status == 200
    assert response.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert response.headers["server"] == "nginx"
    assert response.headers["content-type"] == "text/css; charset=utf-8"
    assert stack.get("/static/css/site.css").headers["cache-control"] == "public, max-age=3600"
    assert stack.get("/static/../cfmj/settings.py").status in (400, 404)


def test_django_reads_the_client_address_nginx_saw(stack: Stack) -> None:
    # Every connection to gunicorn comes through its Unix socket (no address at all); /healthz
    # shows its details to this machine only because Django reads nginx's X-Forwarded-For entry
    # (RATE_LIMIT_PROXIES=1). A client's own X-Forwarded-For comes before it and is not believed.
    here = stack.request("GET", "/healthz", headers={"X-Forwarded-For": "203.0.113.7"})
    assert here.status == 200
    assert "worker" in here.body


# The slowest hands the checker meets (many jokers, many lone tiles): about 0.3 s of engine time
# each on this machine, a thousand times an ordinary hand. The flood sends a thousand different ones
# (six or seven jokers and lone tiles drawn at random), so that no verdict kept helps it.
SLOW_HANDS = (
    "J J J J J J 4B 6C W 4C 2C 9B S 8C",
    "J J J J J J 6D 5B 2C 4C N 7B 5D W",
    "J J J J J J J 2C 6C 4D 3B F 1C GD",
    "J J J J J J 1C 9C 7D N W 9B 3C WD",
)
LONE = [f"{n}{suit}" for suit in "CBD" for n in range(1, 10)] + ["N", "E", "W", "S", "RD", "GD", "WD", "F"]
FLOOD_HANDS = [
    " ".join(["J"] * jokers + random.Random(seed).sample(LONE, 14 - jokers))
    for seed in range(1000)
    for jokers in (6 + seed % 2,)
]
OTHERS = ("/", "/practice/", "/practice/worth/", "/lessons/", "/check/?hand=" + quote(EXAMPLE_HAND))
FLOOD_ADDRESSES = [f"127.0.2.{n}" for n in range(1, 21)]
FLOOD_P95_GUARD = 0.300  # seconds: three times the aim


def test_others_stay_fast_while_20_addresses_hammer_check_with_the_slowest_hands(stack: Stack) -> None:
    # The others come from their own address (127.0.0.2); the 20 clients each from an address of its
    # own (127.0.2.1-20), each within its own limits. The others are a brisk learner (a page every
    # 0.2 s, a hand checked every second), within every limit.
    with Visitor(stack, pages=OTHERS, source="127.0.0.2", pause=0.2) as calm:
        time.sleep(5)
    slow_urls = ["/check/?hand=" + quote(hand) for hand in (*SLOW_HANDS, *FLOOD_HANDS)]
    with (
        hammer(stack, slow_urls, clients=20, seconds=15, sources=FLOOD_ADDRESSES) as counts,
        Visitor(stack, pages=OTHERS, source="127.0.0.2", pause=0.2) as visitor,
    ):
        time.sleep(15)
    alone = [response.seconds for _, response in calm.results]
    loaded = [response.seconds for _, response in visitor.results]
    p50, p95 = percentile(loaded, 0.5), percentile(loaded, 0.95)
    print(
        f"\nothers alone: {len(alone)} pages, p50 {percentile(alone, 0.5) * 1000:.0f} ms, "
        f"p95 {percentile(alone, 0.95) * 1000:.0f} ms; with 20 addresses on /check/ ({counts}): "
        f"{len(loaded)} pages, p50 {p50 * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
        f"failures {len(visitor.failures())}"
    )
    assert visitor.failures() == []
    # A collapse guard, not the aim: the aim (p95 at most 100 ms) is measured and kept in
    # docs/measurements.md, since a timed test cannot hold a speed goal on a shared machine whose
    # pace moves by half from day to day. Before this work the p95 was 202 ms.
    assert p95 < FLOOD_P95_GUARD


VIEWPORTS: dict[str, ViewportSize] = {
    "phone": {"width": 390, "height": 844},
    "tablet": {"width": 820, "height": 1180},
}


def test_the_front_s_own_pages_read_well_on_phones_and_tablets(stack: Stack, browser: Browser) -> None:
    # nginx's 413 and "one moment" pages (scripts/production/errors/), in the browser. They are
    # static, so they cannot know a visitor's large-print choice: checked in both all the same.
    from playwright.sync_api import expect

    from tests.browser.conftest import ARTIFACTS

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shown: dict[str, int] = {}

    def look(kind: str, heading: str, go: Callable[[Page], object]) -> None:
        for size, viewport in VIEWPORTS.items():
            for large in (False, True):
                context = browser.new_context(
                    base_url=stack.base,
                    viewport=viewport,
                    ignore_https_errors=True,
                )
                page = context.new_page()
                response = go(page)
                shown[f"{kind}-{size}"] = getattr(response, "status", 0)
                if large:
                    page.evaluate("document.documentElement.classList.add('large-print')")
                expect(page.get_by_role("heading", name=heading)).to_be_in_viewport()
                assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
                name = f"front-{kind}-{size}-{'large' if large else 'normal'}.png"
                page.screenshot(path=str(ARTIFACTS / name), full_page=True)
                context.close()

    def send_too_much(page: Page) -> object:
        page.goto("/accounts/login/")
        page.evaluate("""() => {
            const form = document.querySelector('main form[method="post"]');
            const extra = document.createElement('input');
            extra.type = 'hidden'; extra.name = 'padding'; extra.value = 'x'.repeat(70 * 1024);
            form.appendChild(extra);
        }""")
        with page.expect_navigation() as sent:
            page.get_by_role("button", name="Log in").click()
        return sent.value

    look("413", "That was too much to send", send_too_much)
    assert "stopped" in stack.ctl("stop", "gunicorn")
    try:
        look("50x", "One moment, please", lambda page: page.goto("/practice/"))
    finally:
        stack.ctl("start", "gunicorn")
    assert set(shown.values()) <= {413, 502}, shown
    stack.wait_for(lambda: stack.get("/").status == 200, 30, "gunicorn did not come back")
