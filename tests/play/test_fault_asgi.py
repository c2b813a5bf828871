"""Fault: the ASGI process (uvicorn, every seat's stream) SIGKILLed in the middle of a hand at a
table of three people and a bot, under the production stack as `make prod` runs it (tests/stack.py:
nginx with TLS in front of gunicorn and uvicorn's socket, supervisord, PostgreSQL, Redis).

The people are seated through the services (a script on the stack's database: three accounts with
sessions, a table with a 300 s turn clock so that no deadline moves it meanwhile, play started).
Then everything goes through nginx as each seat's page does (static/js/live.js, table.js): each
seat fetches its live part, opens the stream its part names (`data-live`, with its token), and
posts its choices through the part's forms.

- Every stream says the table's version, then the passer's hears its pass (a seat is told only
  of the changes it sees).
- uvicorn SIGKILLed, with supervisord held meanwhile (SIGSTOP, so that the process stays dead while
  the test looks): every stream ends; a stream asked for gets nginx's 502 (live.js then polls
  every 2 s); the seats' parts and actions, served by gunicorn, go on: a pass is accepted, the
  version moves, and the other seats' polls (`/now/?seen=`) answer with the new version.
- supervisord let go: it starts uvicorn again by itself (a new pid); a new stream, from a seat's
  part fetched afresh, says the current version and then hears the next change; a stream asked
  for with the address of a part drawn before the kill is served too (its token outlives the
  process) and says the version that part was drawn at.
- gunicorn, nginx, the worker and beat were not restarted.

It asserts what happened, not how fast, but runs with the timed tests (`make test` runs them alone,
after the rest) so that it shares their production stack (the session's `stack`, tests/conftest.py):
a stack takes a minute or more to start. It comes after them, and leaves the stack as it found it
(uvicorn running again)."""

from __future__ import annotations

import contextlib
import html
import http.client
import json
import os
import re
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

import pytest

from bench.loadtest_tables import DRAWN, PROBLEM, SEEN, choose
from tests.services import run_python
from tests.stack import Stack, alive, descendants

pytestmark = [pytest.mark.fault, pytest.mark.timed, pytest.mark.xdist_group("production_stack")]

CSRF = "a" * 32  # the double-submit cookie's secret: any well-formed value the header repeats
STREAM_LIVE = re.compile(r'data-live="([^"]+)"')
WAIT = 15  # seconds for a stream to say something, or to end
SEAT_PEOPLE = """
import json, django
django.setup()
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore
from cfmj.play import seating, table_hands
def session_of(user):
    session = SessionStore()
    session.update({SESSION_KEY: str(user.pk), HASH_SESSION_KEY: user.get_session_auth_hash(),
                    BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend"})
    session.create()
    return session.session_key
people = [get_user_model().objects.create_user(name) for name in ("ann", "ben", "cy")]
table = seating.table_open(host=people[0], bot_level="steady", call_seconds=30, turn_seconds=300)
for person in people[1:]:
    seating.table_join(table=table, user=person)
table_hands.table_start(table=table, by=people[0], seed=4)
print(json.dumps({"code": table.code, "sessions": [session_of(person) for person in people]}))
"""


@dataclass
class Person:
    """One seat's page, as far as the site can tell: its session, and the live part it shows."""

    stack: Stack
    code: str
    session: str
    part: str = ""

    def headers(self) -> dict[str, str]:
        return {"Cookie": f"sessionid={self.session}; csrftoken={CSRF}", "HX-Request": "true"}

    def fetch(self) -> int:
        """Its part drawn afresh (as on a page load); the version it was drawn at."""
        answer = self.stack.request("GET", f"/play/tables/{self.code}/now/", headers=self.headers())
        assert answer.status == 200, (answer.status, answer.body[:2000])
        self.part = answer.body
        return drawn(self.part)

    def poll(self) -> int:
        """What live.js asks every 2 s without a stream: the table's version, from a fresh part
        (something this seat sees changed) or a 204 that says it."""
        seen = SEEN.search(self.part)
        assert seen, self.part[:2000]
        path = f"/play/tables/{self.code}/now/?seen={seen[1]}"
        answer = self.stack.request("GET", path, headers=self.headers())
        if answer.status == 204:
            return int(answer.headers["x-table-version"])
        assert answer.status == 200, (answer.status, answer.body[:2000])
        self.part = answer.body
        return drawn(self.part)

    def act(self) -> int:
        """The choice its part offers, posted through its form; the version of the part answered."""
        choice = choose(self.part)
        assert choice is not None, f"seat owes no choice:\n{self.part[:3000]}"
        kind, url, fields = choice
        origin = self.stack.base
        headers = self.headers() | {
            "Content-Type": "application/x-www-form-urlencoded",
            "X-CSRFToken": CSRF,
            "Origin": origin,
            "Referer": f"{origin}/play/tables/{self.code}/",
        }
        answer = self.stack.request("POST", url, body=urlencode(fields).encode(), headers=headers)
        problem = PROBLEM.search(answer.body)
        assert answer.status == 200 and problem is None, (kind, answer.status, answer.body[:2000])
        self.part = answer.body
        return drawn(self.part)

    def stream(self) -> str:
        found = STREAM_LIVE.search(self.part)
        assert found, "the part names no stream"
        return html.unescape(found[1])


def drawn(part: str) -> int:
    found = DRAWN.search(part)
    assert found, part[:2000]
    return int(found[1])


@dataclass
class Listener:
    """One stream, read in a thread of its own as EventSource reads it: its status, each version
    it says, and how it ended ("" while open)."""

    stack: Stack
    path: str
    status: int = 0
    versions: list[int] = field(default_factory=list)
    ended: str = ""
    _changed: threading.Condition = field(default_factory=threading.Condition)
    _connection: http.client.HTTPSConnection | None = None
    _thread: threading.Thread | None = None

    def start(self) -> Listener:
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()
        return self

    def _read(self) -> None:
        connection = http.client.HTTPSConnection(
            self.stack.host, self.stack.https_port, timeout=60, context=self.stack.tls()
        )
        self._connection = connection
        ending = "ended"
        try:
            connection.request("GET", self.path, headers={"Accept": "text/event-stream"})
            response = connection.getresponse()
            self._note(status=response.status)
            while response.status == 200 and (line := response.readline()):
                if line.startswith(b"data: "):
                    self._note(version=int(line[6:]))
        except (OSError, http.client.HTTPException) as error:
            ending = type(error).__name__
        self._note(ended=ending)

    def _note(self, *, status: int = 0, version: int | None = None, ended: str = "") -> None:
        with self._changed:
            self.status = status or self.status
            self.versions += [] if version is None else [version]
            self.ended = ended or self.ended
            self._changed.notify_all()

    def wait(self, condition: Callable[[Listener], bool], what: str) -> None:
        with self._changed:
            met = self._changed.wait_for(lambda: condition(self), WAIT)
        assert met, f"{what} within {WAIT} s: status {self.status}, {self.versions}, ended {self.ended!r}"

    def close(self) -> None:
        sock = self._connection.sock if self._connection is not None else None
        if sock is not None:
            with contextlib.suppress(OSError):
                socket.socket.shutdown(sock, socket.SHUT_RDWR)  # the reader's readline returns
        if self._thread is not None:
            self._thread.join(timeout=WAIT)


@contextlib.contextmanager
def streams(stack: Stack, paths: list[str]) -> Iterator[list[Listener]]:
    opened = [Listener(stack, path).start() for path in paths]
    try:
        yield opened
    finally:
        for listener in opened:
            listener.close()


def said(version: int) -> Callable[[Listener], bool]:
    return lambda listener: version in listener.versions


def first_said(listener: Listener) -> int:
    listener.wait(lambda it: bool(it.versions) or bool(it.ended), "no first version")
    assert listener.status == 200 and listener.versions, (listener.status, listener.ended)
    return listener.versions[0]


@contextlib.contextmanager
def supervisor_held(stack: Stack) -> Iterator[None]:
    """supervisord stopped (SIGSTOP) meanwhile, so that a program killed stays dead; let go
    (SIGCONT) on leaving, whatever happened: it then reaps and restarts what died."""
    pid = stack.process.pid  # run-production execs supervisord
    assert "supervisord" in Path(f"/proc/{pid}/cmdline").read_text(errors="replace")
    os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(pid, signal.SIGCONT)


def seated(stack: Stack) -> list[Person]:
    env = {**stack.env, "DJANGO_ENV": "production", "DJANGO_ALLOWED_HOSTS": "127.0.0.1"}
    table = json.loads(run_python(env, "-c", SEAT_PEOPLE))
    return [Person(stack, table["code"], session) for session in table["sessions"]]


def restarted(stack: Stack, killed: list[int]) -> tuple[str, int] | None:
    """uvicorn's state and pid once supervisord runs a new one."""
    state = stack.states()["uvicorn"]
    return state if state[0] == "RUNNING" and state[1] not in killed else None


def test_the_hand_goes_on_while_the_stream_process_is_killed_and_it_comes_back(stack: Stack) -> None:
    ann, ben, cy = people = seated(stack)
    version = ann.fetch()
    assert [person.fetch() for person in (ben, cy)] == [version, version]
    before = stack.states()
    assert {name: state for name, (state, _) in before.items()} == dict.fromkeys(before, "RUNNING")
    drawn_before = ann.stream()  # the address on a part drawn before the kill

    killed, endings = played_through_the_kill(stack, people, version=version, uvicorn=before["uvicorn"][1])

    let_go = time.monotonic()  # supervisord, let go, starts uvicorn again by itself
    back = stack.wait_for(lambda: restarted(stack, killed), 60, "supervisord did not start uvicorn again")
    probe = f"/live/tables/{ann.code}/?token=forged"
    stack.wait_for(lambda: stack.get(probe, timeout=WAIT).status == 404, 30, "uvicorn does not answer")
    serving = time.monotonic() - let_go

    assert [person.fetch() for person in people] == [version + 3] * 3
    with streams(stack, [*(person.stream() for person in people), drawn_before]) as listening:
        assert [first_said(listener) for listener in listening] == [version + 3] * 3 + [version]
        assert ann.act() == version + 4
        # Each seat is told of the changes it sees: Ann's pass, Ann's streams (the others' parts
        # are unchanged by it, so their streams are not told).
        for listener in (listening[0], listening[3]):
            listener.wait(said(version + 4), "the change after the restart was not heard")

    after = stack.states()
    assert after["uvicorn"] == back
    for name in ("gunicorn", "nginx", "worker", "beat"):
        assert after[name] == before[name], f"{name} was restarted too"
    print(f"\nuvicorn {killed} killed: the streams ended ({', '.join(endings)}); 2 passes and 4 polls")
    print(f"through gunicorn meanwhile; uvicorn {back[1]} serving {serving:.1f} s after supervisord let go")


def played_through_the_kill(
    stack: Stack, people: list[Person], *, version: int, uvicorn: int
) -> tuple[list[int], list[str]]:
    """Every seat on its stream, the passer's hearing its pass; uvicorn is killed (supervisord
    held); the streams end, and the hand goes on through gunicorn, the others polling. The ids
    killed, and how the streams ended."""
    ann, ben, cy = people
    with streams(stack, [person.stream() for person in people]) as listening:
        assert [first_said(listener) for listener in listening] == [version] * 3
        assert ann.act() == version + 1
        listening[0].wait(said(version + 1), "the pass was not heard")  # by Ann's seat, which sees it
        killed = [uvicorn, *descendants(uvicorn)]
        with supervisor_held(stack):
            for pid in killed:
                os.kill(pid, signal.SIGKILL)
            for listener in listening:
                listener.wait(lambda it: bool(it.ended), "the stream did not end")
            assert not any(alive(pid) for pid in killed)
            # A page asking for its stream now is refused by nginx: live.js polls every 2 s.
            assert stack.get(ben.stream(), timeout=WAIT).status == 502
            # gunicorn plays on: passes accepted, and the others' polls find each new version.
            assert ben.act() == version + 2
            assert [ann.poll(), cy.poll()] == [version + 2, version + 2]
            assert cy.act() == version + 3
            assert [ann.poll(), ben.poll()] == [version + 3, version + 3]
            assert "First Across" in ann.part  # the first pass is over: the Charleston goes on
            assert stack.get(cy.stream(), timeout=WAIT).status == 502
    assert [listener.versions[-1] for listener in listening] == [version + 1, version, version]
    return killed, sorted({listener.ended for listener in listening})
