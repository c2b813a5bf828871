"""Next-puzzle and answer views under load (`make bench`; loopback only, bounded in users and
requests): gunicorn with two workers on a throwaway SQLite database seeded with puzzles, and 20
simulated learners, each fetching a puzzle and answering it (htmx POST) in a loop.
Query counts are asserted by the tests (tests/practice/test_drill.py and test_answer.py)."""

from __future__ import annotations

import http.client
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
PORT = 8931
USERS = 20
ROUNDS = 15          # each learner: this many puzzles fetched and answered
KIND = "worth"
SEED_PUZZLES = 200   # per band, 1-3


class Learner(threading.Thread):
    def __init__(self, number: int, results: dict[str, list[float]], errors: list[str]) -> None:
        super().__init__()
        self.number, self.results, self.errors = number, results, errors
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: str | None = None, headers: dict[str, str] | None = None
                ) -> tuple[int, str, float]:
        connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        all_headers = {"Cookie": cookie, **(headers or {})}
        started = time.perf_counter()
        connection.request(method, path, body=body, headers=all_headers)
        response = connection.getresponse()
        text = response.read().decode("utf-8", "replace")
        elapsed = time.perf_counter() - started
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        connection.close()
        return response.status, text, elapsed

    def run(self) -> None:
        for _ in range(ROUNDS):
            status, page, elapsed = self.request("GET", f"/practice/{KIND}/")
            self.results["next puzzle"].append(elapsed)
            if status != 200:
                self.errors.append(f"GET {status}")
                continue
            action = re.search(r'action="(/practice/puzzles/\d+/answer/)"', page)
            token = re.search(r'name="token" value="([^"]+)"', page)
            if not action or not token:
                self.errors.append("no form")
                continue
            body = urlencode({"token": token.group(1), "value": "50", "discarder": "100",
                              "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")})
            status, _, elapsed = self.request("POST", action.group(1), body, {
                "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true",
                "X-CSRFToken": self.cookies.get("csrftoken", ""), "Referer": f"http://127.0.0.1:{PORT}/"})
            self.results["answer"].append(elapsed)
            if status != 200:
                self.errors.append(f"POST {status}")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "SQLITE_PATH": str(Path(folder) / "load.sqlite3"), "DATABASE_URL": "",
               "REDIS_URL": "", "DJANGO_DEBUG": "0", "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost"}
        manage = [sys.executable, "manage.py"]
        subprocess.run([*manage, "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
        for band in (1, 2, 3):
            subprocess.run([*manage, "generate_puzzles", "--kind", KIND, "--count", str(SEED_PUZZLES),
                            "--band", str(band), "--seed", str(band)], cwd=ROOT, env=env, check=True,
                           capture_output=True)
        server = subprocess.Popen([sys.executable, "-m", "gunicorn", "cfmj.wsgi", "-w", "2", "-b",
                                   f"127.0.0.1:{PORT}", "--log-level", "warning"], cwd=ROOT, env=env)
        try:
            for _ in range(100):
                try:
                    http.client.HTTPConnection("127.0.0.1", PORT, timeout=1).request("GET", "/healthz")
                    break
                except OSError:
                    time.sleep(0.1)
            time.sleep(1)
            results: dict[str, list[float]] = {"next puzzle": [], "answer": []}
            errors: list[str] = []
            learners = [Learner(i, results, errors) for i in range(USERS)]
            started = time.perf_counter()
            for learner in learners:
                learner.start()
            for learner in learners:
                learner.join()
            total = time.perf_counter() - started
            flow = _wrk_flow()
        finally:
            server.terminate()
            server.wait(timeout=30)
    requests = sum(len(v) for v in results.values())
    print(f"\nPractice views: gunicorn, 2 workers, SQLite; {USERS} concurrent learners x {ROUNDS} rounds "
          f"({requests} requests in {total:.1f} s, {requests / total:.0f} req/s), {len(errors)} errors")
    for view, times in results.items():
        print(f"  {view:12s} n={len(times):4d}  p50 {percentile(times, 0.5):6.1f} ms  "
              f"p95 {percentile(times, 0.95):6.1f} ms  p99 {percentile(times, 0.99):6.1f} ms  "
              f"mean {statistics.fmean(times) * 1000:6.1f} ms")
    if errors:
        print("  errors:", sorted(set(errors))[:5])
    if flow:
        print("  the same flow driven by wrk (a C load generator: the server gets the cores),\n"
              "  wrk -t2 -c20 -d10s -s bench/practice_flow.lua:")
        print("   ", flow.replace("\n", "\n    "))


def _wrk_flow() -> str:
    """The fetch-and-answer flow under wrk, when wrk is installed (Debian package 'wrk')."""
    if shutil.which("wrk") is None:
        return ""
    script = str(ROOT / "bench" / "practice_flow.lua")
    done = subprocess.run(["wrk", "-t2", "-c20", "-d10s", "--latency", "-s", script, f"http://127.0.0.1:{PORT}"],
                          capture_output=True, text=True, timeout=60, check=False)
    keep = [line.strip() for line in done.stdout.splitlines()
            if line.strip().startswith(("50%", "90%", "99%", "Requests/sec", "Non-2xx"))]
    return "\n".join(keep)


if __name__ == "__main__":
    main()
