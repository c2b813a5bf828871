"""The push channel under load (cfmj/core/live.py): how long a published version takes to reach
every open stream.

Starts uvicorn (one process, or `--processes 2` with the streams split between them) on free
loopback ports below 32768 with CFMJ_BENCH_BARE=1, which routes the bench stream
/live/bench/<topic>/ (cfmj/urls.py). Opens `--streams` streams (200) on one topic, so that each
version goes to every stream, with a small asyncio client of raw sockets; then publishes
`--versions` versions (50), one every `--gap` seconds (0.1), straight to Redis as
`cfmj.core.live.publish` does, and times each from the publish to its arrival on each stream.

Reported: the time to open the streams; publish-to-receipt p50 / p95 / max over every version on
every stream; versions a stream never saw (a stream whose queue overflowed gets only the newest:
by design, but counted); errors (a stream refused, ended or broken); each server's memory at the
end and CPU from when it listened; the client's own CPU (it shares the cores). Loopback only;
streams are closed at the end.

    python bench/live.py [--streams 200] [--processes 1] [--versions 50] [--gap 0.1]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import redis.asyncio as aioredis

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.client import listening, percentile  # noqa: E402 - after the path is set
from cfmj.core.live_hub import channel  # noqa: E402

HOST = "127.0.0.1"
REDIS_URL = "redis://127.0.0.1:6379/0"  # pub/sub channels belong to no database: nothing is written
OPEN_TIMEOUT = 30.0  # seconds for every stream to say its first version
SETTLE = 2.0  # seconds after the last publish for stragglers


@dataclass
class Stream:
    """One client's stream: when each version arrived (perf_counter), and what went wrong."""

    port: int
    arrived: dict[int, float] = field(default_factory=dict)
    error: str = ""
    opened: asyncio.Event = field(default_factory=asyncio.Event)


def free_port(taken: set[int]) -> int:
    while True:
        port = random.randrange(20000, 32000)
        if port not in taken and not listening(HOST, port):
            return port


def start_server(port: int, streams: int) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "cfmj.settings",
        "DJANGO_DEBUG": "0",
        "CFMJ_BENCH_BARE": "1",
        "REDIS_URL": REDIS_URL,
        "LIVE_MAX_STREAMS": str(streams + 10),
    }
    command = [sys.executable, "-m", "uvicorn", "cfmj.asgi:application", "--host", HOST, "--port", str(port)]
    command += ["--workers", "1", "--lifespan", "off", "--no-access-log", "--log-level", "warning"]
    command += ["--timeout-graceful-shutdown", "2"]
    server = subprocess.Popen(command, cwd=ROOT, env=env)
    deadline = time.monotonic() + 30
    while not listening(HOST, port):
        if server.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"uvicorn did not start on port {port}")
        time.sleep(0.1)
    return server


async def follow(stream: Stream, topic: str) -> None:
    """Reads the stream's events until cancelled; `data: N` lines are the versions (the lines of
    HTTP's chunk sizes never start so)."""
    try:
        reader, writer = await asyncio.open_connection(HOST, stream.port)
    except OSError as error:
        stream.error = f"connect: {error}"
        stream.opened.set()
        return
    try:
        request = f"GET /live/bench/{topic}/ HTTP/1.1\r\nHost: {HOST}\r\nAccept: text/event-stream\r\n\r\n"
        writer.write(request.encode())
        status = (await reader.readline()).decode("latin-1").split()
        if len(status) < 2 or status[1] != "200":
            stream.error = f"HTTP {' '.join(status[1:2]) or 'nothing'}"
            return
        while line := await reader.readline():
            if line.startswith(b"data: "):
                stream.arrived[int(line[6:])] = time.perf_counter()
                stream.opened.set()
        stream.error = "ended"
    except (OSError, ValueError) as error:
        stream.error = f"{type(error).__name__}: {error}"
    finally:
        stream.opened.set()
        writer.close()


async def warm(port: int) -> None:
    """One stream opened and closed: Django loads before anything is timed."""
    stream = Stream(port)
    task = asyncio.create_task(follow(stream, "warm"))
    await asyncio.wait_for(stream.opened.wait(), OPEN_TIMEOUT)
    task.cancel()


async def measure(
    ports: list[int], count: int, versions: int, gap: float
) -> tuple[list[Stream], dict[int, float], float]:
    for port in ports:
        await warm(port)
    topic = uuid.uuid4().hex[:12]
    streams = [Stream(ports[number % len(ports)]) for number in range(count)]
    started = time.perf_counter()
    tasks = [asyncio.create_task(follow(stream, topic)) for stream in streams]
    await asyncio.wait_for(asyncio.gather(*(stream.opened.wait() for stream in streams)), OPEN_TIMEOUT)
    opening = time.perf_counter() - started
    await asyncio.sleep(1.0)
    published: dict[int, float] = {}
    async with aioredis.Redis.from_url(REDIS_URL) as redis:
        for version in range(1, versions + 1):
            published[version] = time.perf_counter()
            await redis.publish(channel(f"bench:{topic}"), str(version))  # the bench view's topic
            await asyncio.sleep(gap)
    await asyncio.sleep(SETTLE)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return streams, published, opening


def server_use(pid: int) -> tuple[float, float]:
    """(resident memory in MB, CPU seconds so far) of a process, from /proc."""
    status = Path(f"/proc/{pid}/status").read_text()
    rss_kb = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:"))
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return rss_kb / 1024, (int(fields[11]) + int(fields[12])) / ticks


def report(streams: list[Stream], published: dict[int, float], opening: float) -> None:
    delays = [
        stream.arrived[version] - at
        for stream in streams
        if not stream.error
        for version, at in published.items()
        if version in stream.arrived
    ]
    expected = sum(len(published) for stream in streams if not stream.error)
    errors: dict[str, int] = {}
    for stream in streams:
        if stream.error:
            errors[stream.error] = errors.get(stream.error, 0) + 1
    print(f"  {len(streams)} streams open in {opening:.2f} s")
    print(
        f"  publish to receipt: n={len(delays)}  p50 {percentile(delays, 0.5):.1f}  "
        f"p95 {percentile(delays, 0.95):.1f}  max {1000 * max(delays, default=float('nan')):.1f} ms"
    )
    unseen = expected - len(delays)
    print(f"  versions not seen: {unseen} of {expected}; errors: {sum(errors.values())} {errors or ''}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=200)
    parser.add_argument("--processes", type=int, default=1, choices=(1, 2))
    parser.add_argument("--versions", type=int, default=50)
    parser.add_argument("--gap", type=float, default=0.1)
    options = parser.parse_args()
    ports: list[int] = []
    for _ in range(options.processes):
        ports.append(free_port(set(ports)))
    servers = [start_server(port, options.streams) for port in ports]
    try:
        before = [server_use(server.pid) for server in servers]
        client_cpu = time.process_time()
        streams, published, opening = asyncio.run(
            measure(ports, options.streams, options.versions, options.gap)
        )
        client_cpu = time.process_time() - client_cpu
        after = [server_use(server.pid) for server in servers]
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=30)
    print(
        f"Push channel: {options.streams} streams on one topic over {options.processes} uvicorn "
        f"process(es), {options.versions} versions {options.gap} s apart; {os.cpu_count()} cores "
        "shared with the client."
    )
    report(streams, published, opening)
    for number, ((_, cpu_before), (rss, cpu_after)) in enumerate(zip(before, after, strict=True), 1):
        print(f"  uvicorn {number}: {rss:.0f} MB resident, {cpu_after - cpu_before:.1f} s CPU")
    print(f"  the client: {client_cpu:.1f} s CPU")


if __name__ == "__main__":
    main()
