"""Fault: the server is killed (SIGKILL, master and workers) in the middle of a hand, and a new one
started on the same database; the hand goes on as if nothing happened: a hand survives a server
restart mid-hand.

The site runs as it is served: gunicorn from the project root (so gunicorn.conf.py warms the
engine before forking), two sync workers, DEBUG off, no Redis (sessions in the database, the
cache in each process's memory: lost with the process, as a restart loses it), on a throwaway
PostgreSQL database when a server answers on 127.0.0.1:5432 (as on our CI), else on a SQLite file
in tmp_path: it never skips. Everything the test does goes through HTTP, as a person with a
browser: it signs up, starts a hand, plays through the first Charleston pass with the load test's
player (bench.loadtest_play.choose: legal choices read from the table's forms), and remembers the
table: the rack as drawn, every tile of the learner's section, the status line and the version.
After the kill and the new start, the same table comes back, the next action is accepted (the
version one more, no message), a post carrying the version from before it is refused as stale,
and the hand is played to its end without an error."""

from __future__ import annotations

import contextlib
import http.client
import os
import random
import re
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

import pytest

from bench.loadtest_play import GAME_PATH, choose, forms_of, trouble
from cfmj.play.services import STALE
from tests.play.helpers import TILE_IMG
from tests.services import ROOT, listening, run_python
from tests.stack import NOT_INHERITED, alive, descendants, free_ports

pytestmark = pytest.mark.fault

HOST = "127.0.0.1"
WORKERS = 2
START_SECONDS = 60  # gunicorn builds the engine's tables, then its workers load the site
TIMEOUT = 30  # seconds for one request
BEFORE_KILL = 12  # actions at most before the kill: through the first pass, into play if quick
MAX_ACTIONS = 400  # after it: a hand is a few dozen of the learner's choices
STATUS_LINE = re.compile(r'<p id="status-line"[^>]*>(.*?)</p>', re.S)
VERSION = re.compile(r'name="version" value="(\d+)"')
Pairs = list[tuple[str, str]]


@dataclass
class Answer:
    status: int
    html: str
    location: str = ""


@dataclass
class Visitor:
    """A browser as far as the site can tell: its cookies kept, its posts carrying the CSRF
    token from its cookie (as the site's htmx set-up sends it) and the Referer a browser sends."""

    port: int
    cookies: dict[str, str] = field(default_factory=dict)

    def get(self, path: str) -> Answer:
        return self._request("GET", path)

    def post(self, path: str, data: Pairs, *, htmx: bool = False) -> Answer:
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "X-CSRFToken": self.cookies.get("csrftoken", ""),
            "Referer": f"http://{HOST}:{self.port}{path}",
        }
        if htmx:
            headers["HX-Request"] = "true"
        return self._request("POST", path, urlencode(data).encode(), headers)

    def form(self, fields: dict[str, str]) -> Pairs:
        """A plain form's fields with the CSRF token."""
        return [("csrfmiddlewaretoken", self.cookies.get("csrftoken", "")), *fields.items()]

    def _request(
        self, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None
    ) -> Answer:
        connection = http.client.HTTPConnection(HOST, self.port, timeout=TIMEOUT)
        try:
            sent = dict(headers or {})
            if self.cookies:
                sent["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            html = response.read().decode("utf-8", "replace")
            for header in response.headers.get_all("Set-Cookie") or []:
                jar: SimpleCookie = SimpleCookie()
                jar.load(header)
                self.cookies.update({name: morsel.value for name, morsel in jar.items()})
            return Answer(response.status, html, response.getheader("Location") or "")
        finally:
            connection.close()


@dataclass
class Table:
    """What the learner sees of the hand: the concealed rack as drawn (tile codes in order),
    every tile of the learner's section, the status line and the version the forms carry."""

    rack: list[str]
    yours: list[str]
    status_line: str
    version: int

    @classmethod
    def of(cls, html: str) -> Table:
        yours = _section(html, "play-choice") + _section(html, "play-you")  # the rack, then the rest
        status = STATUS_LINE.search(html)
        versions = set(VERSION.findall(html))
        assert status is not None, html[:3000]
        assert len(versions) == 1, f"one version on the table, not {versions}"
        racks = re.findall(r'<div (?:id="rack" )?class="rack-view">(.*?)</div>', yours, re.S)
        return cls(
            rack=[m["code"] for rack in racks for m in TILE_IMG.finditer(rack)],
            yours=[m["code"] for m in TILE_IMG.finditer(yours)],
            status_line=" ".join(status.group(1).split()),
            version=int(versions.pop()),
        )


class _Sections(HTMLParser):
    """Where the first <section> whose class includes `name` starts and ends (nested sections
    counted)."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name, self.depth, self.start, self.end = name, 0, -1, -1

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "section" or self.end >= 0:
            return
        if self.start >= 0:
            self.depth += 1
        elif self.name in (dict(attrs).get("class") or "").split():
            self.start, self.depth = self._offset(), 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "section" and self.start >= 0 and self.end < 0:
            self.depth -= 1
            if self.depth == 0:
                self.end = self._offset()

    def _offset(self) -> int:
        line, column = self.getpos()
        return sum(len(text) for text in self.rawdata.splitlines(keepends=True)[: line - 1]) + column


def _section(html: str, name: str) -> str:
    parser = _Sections(name)
    parser.feed(html)
    assert 0 <= parser.start < parser.end, f"no {name} section"
    return html[parser.start : parser.end]


@dataclass
class Site:
    """The site's environment (its database among it), port and log; `server` the gunicorn
    master now running, if any."""

    env: dict[str, str]
    port: int
    log: Path
    server: subprocess.Popen[bytes] | None = None
    timings: dict[str, float] = field(default_factory=dict)

    def start(self) -> float:
        """Start gunicorn as it is served and wait until it answers; the seconds that took."""
        assert not listening(HOST, self.port), f"something already listens on {HOST}:{self.port}"
        started = time.monotonic()
        with self.log.open("ab") as output:
            self.server = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "gunicorn",
                    "cfmj.wsgi",
                    "-w",
                    str(WORKERS),
                    "-b",
                    f"{HOST}:{self.port}",
                    "--log-level",
                    "warning",
                ],
                cwd=ROOT,  # where gunicorn.conf.py is
                env=self.env,
                stdin=subprocess.DEVNULL,
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = started + START_SECONDS
        while time.monotonic() < deadline:
            assert self.server.poll() is None, f"gunicorn stopped:\n{self.log_tail()}"
            with contextlib.suppress(OSError, http.client.HTTPException):
                if Visitor(self.port).get("/accounts/login/").status == 200:
                    return time.monotonic() - started
            time.sleep(0.2)
        raise AssertionError(f"gunicorn did not answer within {START_SECONDS} s:\n{self.log_tail()}")

    def kill(self) -> list[int]:
        """SIGKILL the master and every worker, by their ids; wait until all are gone and the port
        is free. The ids killed."""
        assert self.server is not None
        pids = [self.server.pid, *descendants(self.server.pid)]
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        self.server.wait(timeout=10)
        self.server = None
        deadline = time.monotonic() + 10
        while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(alive(pid) for pid in pids), "a gunicorn process outlived SIGKILL"
        assert not listening(HOST, self.port), "the killed server's port still answers"
        return pids

    def log_tail(self, lines: int = 40) -> str:
        with contextlib.suppress(OSError):
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        return "(no log)"


@pytest.fixture
def site(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Site]:
    """A migrated throwaway database (PostgreSQL when it answers, else SQLite) and the settings
    to serve it with; whatever server is left running is killed afterwards."""
    if listening(HOST, 5432):
        database = {"DATABASE_URL": str(request.getfixturevalue("migrated_database_url"))}
    else:
        database = {"DATABASE_URL": "", "SQLITE_PATH": str(tmp_path / "site.sqlite3")}
    env = {key: value for key, value in os.environ.items() if key not in NOT_INHERITED}
    env.update(
        {
            **database,
            "DJANGO_SETTINGS_MODULE": "cfmj.settings",
            "DJANGO_ENV": "development",  # plain HTTP, static files from the finders
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": uuid.uuid4().hex * 2,  # the same for both servers, as in a restart
            "DJANGO_ALLOWED_HOSTS": HOST,
            "REDIS_URL": "",
            "LOG_LEVEL": "WARNING",
            "PYTHONUNBUFFERED": "1",
        }
    )
    started = time.monotonic()
    run_python(env, "manage.py", "migrate", "--noinput", "-v0")
    served = Site(env, free_ports(1)[0], tmp_path / "gunicorn.log")
    served.timings["migrate"] = time.monotonic() - started
    try:
        yield served
    finally:
        if served.server is not None:
            served.kill()


def _act(visitor: Visitor, url: str, data: Pairs) -> Answer:
    """Post one action as htmx does; it must be answered with the table and no message."""
    answer = visitor.post(url, data, htmx=True)
    assert trouble(answer.status, answer.html) is None, (data, answer.status, answer.html[:3000])
    return answer


def _held(html: str) -> bool:
    """The coach held a call back (it would make the hand dead): nothing was played."""
    return 'id="warning"' in html


def test_a_hand_survives_the_server_killed_mid_hand(site: Site) -> None:
    rng = random.Random(18)
    site.timings["first start"] = site.start()
    me = Visitor(site.port)

    # Sign up through the site, then start a hand from the Play page's form.
    assert me.get("/accounts/signup/").status == 200
    password = uuid.uuid4().hex
    signed_up = me.post(
        "/accounts/signup/",
        me.form({"username": "restart", "role": "learner", "password1": password, "password2": password}),
    )
    assert signed_up.status == 302, signed_up.html[:3000]
    assert me.get("/play/").status == 200
    started = me.post("/play/new/", me.form({"bot_level": "steady", "mode": "practice"}))
    assert started.status == 302, started.html[:3000]
    found = GAME_PATH.match(started.location)
    assert found is not None, started.location
    table_path = found.group(1)

    # Through the first Charleston pass, and on into play when it comes quickly.
    page = me.get(table_path)
    assert page.status == 200
    assert "pass_tiles" in forms_of(page.html)
    html, passes = page.html, 0
    for _ in range(BEFORE_KILL):
        forms = forms_of(html)
        if passes and ("discard" in forms or "no_call" in forms):
            break
        choice = choose(html, rng)
        assert choice is not None, "the hand ended before the kill"
        version = Table.of(html).version
        html = _act(me, *choice).html
        passes += "pass_tiles" in forms
        assert Table.of(html).version == version + (0 if _held(html) else 1)
    assert passes >= 1
    before = me.get(table_path)
    assert before.status == 200
    remembered = Table.of(before.html)
    assert len(remembered.rack) >= 13, remembered

    # The whole server killed at once, as a power cut or an OOM kill would; a new one started.
    killed = time.monotonic()
    pids = site.kill()
    assert len(pids) == 1 + WORKERS
    site.timings["second start"] = site.start()
    site.timings["kill to serving"] = time.monotonic() - killed

    # The same table, for the same signed-in learner (the session survived too).
    after = me.get(table_path)
    assert after.status == 200, (after.status, after.location)
    assert Table.of(after.html) == remembered

    # The next action is accepted: a calm one (let a discard go; never a call the coach holds).
    forms = forms_of(after.html)
    if "no_call" in forms:
        calm = forms["no_call"][0]
        url, data = calm.url, calm.hidden
    else:
        choice = choose(after.html, rng)
        assert choice is not None
        url, data = choice
    html = _act(me, url, data).html
    assert not _held(html) and 'id="hand-result"' not in html  # a bot winning at once: vanishingly rare
    assert Table.of(html).version == remembered.version + 1

    # The version survived as well: the same post again, from the table before it, is stale.
    again = me.post(url, data, htmx=True)
    assert again.status == 200
    assert trouble(again.status, again.html) == f"message: {STALE}"
    assert Table.of(again.html).version == remembered.version + 1  # the table as it is now
    assert Table.of(me.get(table_path).html).version == remembered.version + 1

    # And the hand plays on to its end.
    played = 1  # the action above
    for _ in range(MAX_ACTIONS):
        choice = choose(html, rng)
        if choice is None:
            break
        version = Table.of(html).version
        html = _act(me, *choice).html
        played += 1
        if 'id="hand-result"' not in html:
            assert Table.of(html).version == version + (0 if _held(html) else 1)
    assert 'id="hand-result"' in html, "the hand did not end"
    final = me.get(table_path)
    assert final.status == 200 and 'id="hand-result"' in final.html
    timings = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in site.timings.items())
    print(f"\n{remembered.version} changes before the kill, {played} actions after it; {timings}")
