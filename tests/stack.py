"""The whole production stack for fault tests, started the way `make prod` starts it:
scripts/run-production (settings check, migrate, load_lessons, collectstatic, a small puzzle fill,
then supervisord with nginx, gunicorn, uvicorn, a Celery worker and beat), on a throw-away PostgreSQL
database and Redis database 10 (emptied before and after), on free loopback ports below 32768,
with its own run directory (sockets, pids, nginx.conf, the self-signed certificate) and static
root. It takes a minute or so to start, so a test module starts it once (module fixture)
and keeps its tests in one xdist group, should they run on several workers (`make test` runs the
fault tests alone, one after another).

Skipped when PostgreSQL, Redis, nginx or supervisord are missing, except when CI is set: CI
must run it."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import shutil
import signal
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.services import ROOT, course_template, listening

REDIS_URL = "redis://127.0.0.1:6379/10"
POSTGRES = "postgres://postgres@127.0.0.1:5432"
START_SECONDS = 240  # static files, a small fill (the database is a clone with the course loaded)
PROGRAMS = ("gunicorn", "uvicorn", "worker", "beat", "nginx")
# Settings that must not leak from the test run into the stack (see tests/core/test_deploy_check.py).
NOT_INHERITED = (
    "DJANGO_SECURE_SSL_REDIRECT",
    "DJANGO_SECURE_COOKIES",
    "DJANGO_SECURE_HSTS_SECONDS",
    "DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "DJANGO_SECURE_HSTS_PRELOAD",
    "DJANGO_DEBUG",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
    "DATABASE_URL",
    "REDIS_URL",
    "SQLITE_PATH",
    "TLS_CERT",
    "TLS_KEY",
    "DJANGO_SECRET_KEY",
    "CFMJ_RUN_DIR",
    "DJANGO_STATIC_ROOT",
)


def require(present: bool, what: str) -> None:
    """Skip when a service or tool is missing; on CI (CI set) fail instead: CI must run these."""
    if present:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{what}: CI must run the production-stack fault tests")
    pytest.skip(what)


def nginx_binary() -> str | None:
    found = shutil.which("nginx")
    if found:
        return found
    return "/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None


def free_ports(count: int) -> list[int]:
    ports: list[int] = []
    while len(ports) < count:
        port = random.randrange(20000, 32000)
        if port not in ports and not listening("127.0.0.1", port):
            ports.append(port)
    return ports


@dataclass
class Response:
    status: int
    seconds: float
    body: str
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class Stack:
    host: str
    https_port: int
    http_port: int
    run_dir: Path
    log: Path
    env: dict[str, str]
    database: str
    process: subprocess.Popen[bytes]

    @property
    def base(self) -> str:
        return f"https://{self.host}:{self.https_port}"

    @property
    def cert(self) -> Path:
        return self.run_dir / "run" / "tls" / "cert.pem"

    def tls(self) -> ssl.SSLContext:
        """A client context that trusts the stack's self-signed certificate, and nothing else."""
        return ssl.create_default_context(cafile=str(self.cert))

    def request(
        self,
        method: str,
        path: str,
        *,
        body: bytes | None = None,
        timeout: float = 10,
        headers: dict[str, str] | None = None,
        tls: bool = True,
        source: str = "",
    ) -> Response:
        """One request on its own connection (as a new visitor), from the loopback address
        `source` when given (127.0.0.0/8 is all this machine's: nginx sees a different client);
        failures are a status of 0."""
        started = time.monotonic()
        connection: http.client.HTTPConnection | None = None
        bind = (source, 0) if source else None
        try:
            if tls:  # the certificate is made as the stack starts
                connection = http.client.HTTPSConnection(
                    self.host, self.https_port, timeout=timeout, context=self.tls(), source_address=bind
                )
            else:
                connection = http.client.HTTPConnection(
                    self.host, self.http_port, timeout=timeout, source_address=bind
                )
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
            return Response(
                response.status,
                time.monotonic() - started,
                text,
                {name.lower(): value for name, value in response.getheaders()},
            )
        except (OSError, http.client.HTTPException) as error:
            return Response(0, time.monotonic() - started, f"{type(error).__name__}: {error}")
        finally:
            if connection is not None:
                connection.close()

    def get(self, path: str, *, timeout: float = 10, source: str = "") -> Response:
        return self.request("GET", path, timeout=timeout, source=source)

    def health(self) -> dict[str, Any]:
        response = self.get("/healthz")
        try:
            return dict(json.loads(response.body))
        except ValueError:
            return {"status": f"unreadable ({response.status})"}

    def ctl(self, *args: str) -> str:
        result = subprocess.run(
            [str(ROOT / "scripts" / "supervisorctl"), *args],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        return result.stdout + result.stderr

    def states(self) -> dict[str, tuple[str, int]]:
        """Each program's supervisord state and pid (0 when not running)."""
        states: dict[str, tuple[str, int]] = {}
        for line in self.ctl("status").splitlines():
            parts = line.split()
            if len(parts) >= 2 and parts[0] in PROGRAMS:
                pid = int(parts[3].rstrip(",")) if len(parts) > 3 and parts[2] == "pid" else 0
                states[parts[0]] = (parts[1], pid)
        return states

    def wait_for(
        self, condition: Callable[[], Any], seconds: float, what: str, interval: float = 0.25
    ) -> Any:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            value = condition()
            if value:
                return value
            if self.process.poll() is not None:
                break
            time.sleep(interval)
        value = condition()
        assert value, f"{what} (within {seconds} s); the stack's log ends:\n{self.log_tail()}"
        return value

    def log_tail(self, lines: int = 60) -> str:
        with contextlib.suppress(OSError):
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        return "(no log)"


HAMMER = r"""
import http.client, json, random, ssl, sys, threading, time
host, port, cafile = sys.argv[1], int(sys.argv[2]), sys.argv[3]
seconds, clients = float(sys.argv[4]), int(sys.argv[5])
sources, paths = json.loads(sys.argv[6]), json.loads(sys.argv[7])
context = ssl.create_default_context(cafile=cafile)
counts, lock, end = {}, threading.Lock(), time.monotonic() + seconds

def client(number):
    choose, source = random.Random(number), sources[number % len(sources)]
    while time.monotonic() < end:
        path = paths[choose.randrange(len(paths))]
        try:
            connection = http.client.HTTPSConnection(host, port, timeout=30, context=context,
                                                     source_address=(source, 0) if source else None)
            connection.request("GET", path)
            status = connection.getresponse().status
            connection.close()
        except (OSError, http.client.HTTPException):
            status = 0
        with lock:
            counts[status] = counts.get(status, 0) + 1

threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(json.dumps(counts))
"""


@contextlib.contextmanager
def hammer(
    stack: Stack, paths: list[str], *, clients: int, seconds: float, sources: list[str] | None = None
) -> Iterator[dict[str, int]]:
    """`clients` clients each loading one of `paths` at random, as fast as answers come, for `seconds`, in a
    process of their own (so their threads do not slow the test's own timing). Yields a dict
    filled, on leaving, with the count of answers per status (0: no answer).

    The process runs at the lowest CPU priority: an attacker's clients run on their own machines,
    and here they share the server's two cores, where their own TLS and Python work would otherwise
    be counted against the site."""
    with flood_process(
        stack, HAMMER, seconds, str(seconds), str(clients), json.dumps(sources or [""]), json.dumps(paths)
    ) as counts:
        yield counts


@contextlib.contextmanager
def flood_process(stack: Stack, script: str, seconds: float, *args: str) -> Iterator[dict[str, int]]:
    """`script` run with the stack's host, HTTPS port and certificate, then `args`, in a process of
    its own at the lowest CPU priority (an attacker's clients run on their own machines, and here
    they share the server's cores), for about `seconds`; yields a dict filled, on leaving, with the
    counts per status it prints as JSON."""
    counts: dict[str, int] = {}
    process = subprocess.Popen(
        [
            "nice",
            "-n",
            "19",
            sys.executable,
            "-c",
            script,
            stack.host,
            str(stack.https_port),
            str(stack.cert),
            *args,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        yield counts
    finally:
        output, errors = process.communicate(timeout=seconds + 60)
        assert process.returncode == 0, errors
        counts.update(json.loads(output))


# Pages a visitor loads (no worker needed for any of them). The drill page serves puzzles from
# the small pool run-production made before start.
PAGES = ("/", "/lessons/", "/practice/", "/practice/worth/", "/rules/", "/check/", "/accounts/login/")


@dataclass
class Visitor:
    """Loads `pages` in turn, each on a new connection, `pause` seconds apart, until stopped; keeps
    every result. `headers` go with each request (a signed-in visitor's session cookie)."""

    stack: Stack
    pages: tuple[str, ...] = PAGES
    source: str = ""
    pause: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)
    results: list[tuple[str, Response]] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def __enter__(self) -> Visitor:
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        assert self._thread is not None
        self._thread.join(timeout=30)

    def _run(self) -> None:
        turn = 0
        while not self._stop.is_set():
            path = self.pages[turn % len(self.pages)]
            answer = self.stack.request("GET", path, timeout=15, source=self.source, headers=self.headers)
            self.results.append((path, answer))
            turn += 1
            self._stop.wait(self.pause)

    def failures(self) -> list[str]:
        return [
            f"{path}: {response.status} after {response.seconds:.2f} s {response.body[:120]!r}"
            for path, response in self.results
            if response.status != 200
        ]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def children(pid: int) -> list[int]:
    """The direct children of a process (Linux /proc)."""
    with contextlib.suppress(OSError):
        return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    return []


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


@contextlib.contextmanager
def production_stack(**settings: str) -> Iterator[Stack]:
    """Start the stack; yield it once /healthz says everything (the worker's heartbeat too) is ok;
    stop it, drop its database and empty its Redis database afterwards, whatever happened."""
    require(listening("127.0.0.1", 5432), "no PostgreSQL server on 127.0.0.1:5432")
    require(listening("127.0.0.1", 6379), "no Redis on 127.0.0.1:6379")
    require(nginx_binary() is not None, "nginx is not installed (scripts/ensure-nginx installs it)")
    require((ROOT / ".venv" / "bin" / "supervisord").exists(), "supervisord is not installed in .venv")
    import psycopg
    import redis

    # Not pytest's tmp_path: its directories are private (0700), and nginx's workers (www-data
    # when the tests run as root) must reach the static files and gunicorn's socket.
    place = Path(tempfile.mkdtemp(prefix="cfmj-stack-"))
    place.chmod(0o755)
    https_port, http_port = free_ports(2)
    database = f"cfmj_stack_{uuid.uuid4().hex[:12]}"
    env = {key: value for key, value in os.environ.items() if key not in NOT_INHERITED}
    env.update(
        {
            "DATABASE_URL": f"{POSTGRES}/{database}",
            "REDIS_URL": REDIS_URL,
            "CFMJ_RUN_DIR": str(place / "run"),
            "DJANGO_STATIC_ROOT": str(place / "static"),
            "HTTPS_PORT": str(https_port),
            "HTTP_PORT": str(http_port),
            "LISTEN_ADDRESS": "127.0.0.1",
            # gunicorn's and nginx's workers as make prod starts them (2 x cores, and one per core):
            # the load tests measure the front as it is shipped.
            "CELERY_CONCURRENCY": "1",
            "PUZZLE_FILL": "2",
            "HEARTBEAT_SECONDS": "2",
            "DJANGO_SECRET_KEY": uuid.uuid4().hex * 2,
            "DJANGO_SETTINGS_MODULE": "cfmj.settings",
            "PYTHONUNBUFFERED": "1",
            **settings,
        }
    )
    # Made from the template with the course loaded: run-production's migrate and load_lessons
    # find nothing to do, as on a restart: a start some 35 s shorter (course_template says where
    # a first load is tested).
    template = course_template()
    with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True, connect_timeout=5) as connection:
        connection.execute(f'CREATE DATABASE "{database}" TEMPLATE "{template}"')
    broker = redis.Redis.from_url(REDIS_URL)
    broker.flushdb()
    log = place / "stack.log"
    with log.open("ab") as output:  # appended to by supervisord and every process alike
        process = subprocess.Popen(
            [str(ROOT / "scripts" / "run-production")],
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    stack = Stack("127.0.0.1", https_port, http_port, place, log, env, database, process)
    try:
        stack.wait_for(
            lambda: stack.get("/healthz", timeout=5).status == 200,
            START_SECONDS,
            "the stack did not become healthy",
        )
        yield stack
    finally:
        _stop(process)
        with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True, connect_timeout=5) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        broker.flushdb()
        shutil.rmtree(place, ignore_errors=True)


def descendants(pid: int) -> list[int]:
    found: list[int] = []
    for child in children(pid):
        found += [child, *descendants(child)]
    return found


def _stop(process: subprocess.Popen[bytes]) -> None:
    """supervisord (run-production execs it) stops its programs on TERM. Anything of ours still
    running after that (supervisord puts each program in a process group of its own) is killed
    by its id."""
    ours = descendants(process.pid)
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=90)
    for pid in [process.pid, *ours]:
        if alive(pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=10)
