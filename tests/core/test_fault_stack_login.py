"""Fault: floods from many addresses on the production stack (tests/stack.py), each address within
its own limits, as issue 33's attack ran them:

- 20 addresses each trying a wrong password every 2 s, while a learner browses from another
  address and a class of 30 behind one school address logs in (a student every 0.6 s, as a class
  arrives) and then uses the site: none of the learner's pages fails nor slows to a collapse (the
  aim, p95 at most 100 ms, is measured: docs/measurements.md); each student is logged in or told
  politely to press Log in again, and tries once more; at least two thirds of the class is in
  (the aim, all of them, is not met yet); none of their pages fails; the flood's own tries are
  answered, most with 429 at once (the log-in guard runs one password check at a time and turns
  away untrusted tries finding it busy: cfmj/accounts/login_guard.py).
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterator
from urllib.parse import urlencode

import pytest

from tests.core.test_fault_stack import FLOOD_P95_GUARD
from tests.services import run_python
from tests.stack import Response, Stack, Visitor, flood_process, percentile

pytestmark = [pytest.mark.fault, pytest.mark.timed, pytest.mark.xdist_group("production_stack")]

CSRF = "b" * 32  # the double-submit cookie's secret: any well-formed value the form repeats
FLOOD_ADDRESSES = [f"127.0.1.{n}" for n in range(1, 21)]
LEARNER = "127.0.0.2"
SCHOOL = "127.0.0.3"
CLASS_SIZE = 30
PASSWORD = "tiles-at-school-9"
OTHERS = ("/", "/practice/", "/practice/worth/", "/lessons/", "/rules/")

# Each flooding address, one thread: a wrong password for a made-up name every `every` seconds.
FLOOD = r"""
import http.client, json, ssl, sys, threading, time, urllib.parse
host, port, cafile = sys.argv[1], int(sys.argv[2]), sys.argv[3]
seconds, every, csrf = float(sys.argv[4]), float(sys.argv[5]), sys.argv[6]
sources = json.loads(sys.argv[7])
context = ssl.create_default_context(cafile=cafile)
counts, lock, end = {}, threading.Lock(), time.monotonic() + seconds
origin = f"https://{host}:{port}"

def client(source):
    turn = 0
    while time.monotonic() < end:
        began = time.monotonic()
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": csrf, "username": f"guess{source}x{turn}",
                                       "password": f"wrong-{turn}"})
        try:
            connection = http.client.HTTPSConnection(host, port, timeout=30, context=context,
                                                     source_address=(source, 0))
            connection.request("POST", "/accounts/login/", body=body, headers={
                "Content-Type": "application/x-www-form-urlencoded", "Cookie": f"csrftoken={csrf}",
                "Origin": origin, "Referer": origin + "/accounts/login/"})
            status = connection.getresponse().status
            connection.close()
        except (OSError, http.client.HTTPException):
            status = 0
        with lock:
            counts[status] = counts.get(status, 0) + 1
        turn += 1
        time.sleep(max(0.0, every - (time.monotonic() - began)))

threads = [threading.Thread(target=client, args=(source,)) for source in sources]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(json.dumps(counts))
"""

# A class's accounts, made in the stack's database (the hasher is the production one: each costs a
# third of a second, so they are made before the flood starts).
MAKE_CLASS = """
import django
django.setup()
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
hashed = make_password(%r)
get_user_model().objects.bulk_create(
    [get_user_model()(username=f"pupil{n}", password=hashed) for n in range(%d)])
"""


@contextlib.contextmanager
def login_flood(stack: Stack, *, seconds: float, every: float = 2.0) -> Iterator[dict[str, int]]:
    """FLOOD_ADDRESSES each posting a wrong password every `every` s, in a process of its own at the
    lowest CPU priority (an attacker's clients run on their own machines); yields the answers'
    counts per status, filled on leaving."""
    with flood_process(
        stack, FLOOD, seconds, str(seconds), str(every), CSRF, json.dumps(FLOOD_ADDRESSES)
    ) as counts:
        yield counts


def log_in(stack: Stack, username: str, password: str, source: str) -> Response:
    origin = stack.base
    return stack.request(
        "POST",
        "/accounts/login/",
        body=urlencode({"csrfmiddlewaretoken": CSRF, "username": username, "password": password}).encode(),
        headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"csrftoken={CSRF}",
            "Origin": origin,
            "Referer": f"{origin}/accounts/login/",
        },
        source=source,
        timeout=15,
    )


def session_of(answer: Response) -> str:
    cookie = answer.headers.get("set-cookie", "")
    start = cookie.find("sessionid=")
    assert answer.status == 302 and start >= 0, (answer.status, answer.body[:300])
    return cookie[start + len("sessionid=") :].split(";")[0]


def _ms(values: list[float], share: float) -> str:
    return f"{percentile(values, share) * 1000:.0f} ms"


def test_a_learner_browses_and_a_class_of_30_logs_in_and_plays_during_a_log_in_flood(stack: Stack) -> None:
    run_python(stack.env, "-c", MAKE_CLASS % (PASSWORD, CLASS_SIZE))
    sessions: dict[str, str] = {}
    refused: list[str] = []
    told: list[str] = []  # turned away twice, politely: not in yet
    again: list[str] = []
    players: list[Visitor] = []

    def arrive(n: int) -> None:
        answer = log_in(stack, f"pupil{n}", PASSWORD, SCHOOL)
        if answer.status == 429 and "press “Log in” again in a few seconds" in answer.body:
            # Told that many are logging in: she presses Log in again after the seconds it said.
            again.append(f"pupil{n}")
            time.sleep(int(answer.headers.get("retry-after", "3")))
            answer = log_in(stack, f"pupil{n}", PASSWORD, SCHOOL)
        if answer.status != 302:
            polite = answer.status == 429 and "press “Log in” again in a few seconds" in answer.body
            (told if polite else refused).append(f"pupil{n}: {answer.status} after {answer.seconds:.2f} s")
            return
        sessions[f"pupil{n}"] = session_of(answer)
        player = Visitor(
            stack,
            pages=OTHERS,
            source=SCHOOL,
            pause=2.0,
            headers={"Cookie": f"sessionid={sessions[f'pupil{n}']}"},
        )
        players.append(player.__enter__())

    with (
        login_flood(stack, seconds=28) as counts,
        Visitor(stack, pages=OTHERS, source=LEARNER, pause=0.2) as learner,
    ):
        time.sleep(3)  # the flood under way
        arrivals = []
        for n in range(CLASS_SIZE):
            arrivals.append(threading.Thread(target=arrive, args=(n,)))
            arrivals[-1].start()
            time.sleep(0.6)
        for thread in arrivals:
            thread.join()
        time.sleep(5)
        for player in players:
            player.__exit__()
    pages = [answer.seconds for player in players for _, answer in player.results]
    loaded = [answer.seconds for _, answer in learner.results]
    print(
        f"\nduring a log-in flood from 20 addresses ({counts}): a learner's {len(loaded)} pages, "
        f"p50 {_ms(loaded, 0.5)}, p95 {_ms(loaded, 0.95)}; a class of {CLASS_SIZE} from one address: "
        f"{len(sessions)} logged in ({len(again)} at the second try), "
        f"{len(pages)} pages, p50 {_ms(pages, 0.5)}, p95 {_ms(pages, 0.95)}"
    )
    # A collapse guard, not the aim (p95 at most 100 ms: measured, docs/measurements.md); before the
    # log-in guard, 5 addresses took the learner's p95 to 1,296 ms.
    assert learner.failures() == [] and percentile(loaded, 0.95) < FLOOD_P95_GUARD
    assert counts.get("0", 0) == 0 and counts.get("500", 0) == 0
    assert counts.get("429", 0) > counts.get("200", 0)  # most tries turned away before a check
    # Every answer a student got is a log-in or the polite "press Log in again"; most of the class
    # is in within two tries. The aim (all of them) is not met on two busy cores: one password
    # check at a time serves the flood's untrusted tries between the class's (docs/measurements.md).
    assert refused == [] and len(sessions) >= CLASS_SIZE * 2 // 3, told
    assert [f for player in players for f in player.failures()] == []
    homes = [answer for player in players for path, answer in player.results if path == "/"]
    assert homes and all("You are signed in as pupil" in answer.body for answer in homes)
