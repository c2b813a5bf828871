"""Tests that need PostgreSQL or Redis run when the service answers, else skip; on CI (the CI
variable set) they always run, so a service that is down there fails them instead of hiding them."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
POSTGRES_SERVER = os.environ.get("TEST_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/postgres")


def listening(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


def absent(host: str, port: int) -> bool:
    """Skip a test for want of this service: only off CI, where a fresh machine may lack it."""
    return not os.environ.get("CI") and not listening(host, port)


needs_redis = pytest.mark.skipif(absent("127.0.0.1", 6379), reason="no Redis on 127.0.0.1:6379")
needs_postgres = pytest.mark.skipif(
    absent("127.0.0.1", 5432), reason="no PostgreSQL server on 127.0.0.1:5432"
)


@contextmanager
def celery_worker(tmp_path: Path, redis_url: str, **settings: str) -> Iterator[Path]:
    """A migrated throwaway SQLite database and a real Celery worker with beat on `redis_url`
    (its database emptied before and after). Yields the database's path."""
    import redis

    database = tmp_path / "worker.sqlite3"
    env = {
        **os.environ,
        "REDIS_URL": redis_url,
        "SQLITE_PATH": str(database),
        "DATABASE_URL": "",
        "DJANGO_SETTINGS_MODULE": "cfmj.settings",
        **settings,
    }
    redis.Redis.from_url(redis_url).flushdb()
    migrated_sqlite(database)
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "cfmj",
            "worker",
            "-B",
            "--concurrency",
            "2",
            "--schedule",
            str(tmp_path / "beat-schedule"),
            "--loglevel",
            "WARNING",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        yield database
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=30)
        except subprocess.TimeoutExpired:
            worker.kill()
        redis.Redis.from_url(redis_url).flushdb()


TEMPLATE_PREFIX = "cfmj_migrated_"
TEMPLATE_LOCK = 70_420_001  # a PostgreSQL advisory lock: one test process builds the template


def migrations_stamp() -> str:
    """A digest of every migration file (and the Django version): a migrated template made from
    other migrations is never used."""
    import hashlib

    import django

    digest = hashlib.sha256(django.__version__.encode())
    for path in sorted(ROOT.glob("**/migrations/[0-9]*.py")):
        if ".venv" not in path.parts:
            digest.update(str(path.relative_to(ROOT)).encode() + path.read_bytes())
    return digest.hexdigest()[:16]


def migrated_template() -> str:
    """The name of a PostgreSQL database migrated to the current migrations, made once (on its
    first use by any test process, under an advisory lock) and kept between runs while the
    migrations stay the same. Cloning it (CREATE DATABASE ... TEMPLATE) takes a quarter of a
    second where migrating an empty database takes 8-15 s on this machine; tests/core/test_postgres.py
    still migrates an empty one, so the migrations are proved to apply."""
    import psycopg

    name = TEMPLATE_PREFIX + migrations_stamp()
    with psycopg.connect(POSTGRES_SERVER, autocommit=True) as admin:
        admin.execute("SELECT pg_advisory_lock(%s)", (TEMPLATE_LOCK,))
        try:
            names = [row[0] for row in admin.execute("SELECT datname FROM pg_database")]
            if name not in names:
                for stale in names:  # templates of other migrations, and a build left half done
                    if stale.startswith(TEMPLATE_PREFIX):
                        admin.execute(f'DROP DATABASE IF EXISTS "{stale}" WITH (FORCE)')
                building = name + "_building"
                admin.execute(f'CREATE DATABASE "{building}"')
                env = site_env(_url_of(building))
                run_python(env, "manage.py", "migrate", "--noinput", "-v0", timeout=240)
                admin.execute(f'ALTER DATABASE "{building}" RENAME TO "{name}"')
        finally:
            admin.execute("SELECT pg_advisory_unlock(%s)", (TEMPLATE_LOCK,))
    return name


def migrated_sqlite(path: Path) -> None:
    """Put a SQLite database migrated to the current migrations at `path`: a copy of one made once
    per set of migrations (var/test-templates/, under a file lock shared by the test processes)
    instead of a migrate of 4-7 s for each test that starts the site in a process of its own."""
    import fcntl

    place = ROOT / "var" / "test-templates"
    place.mkdir(parents=True, exist_ok=True)
    template = place / f"migrated-{migrations_stamp()}.sqlite3"
    with (place / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not template.exists():
            for stale in place.glob("migrated-*.sqlite3*"):
                stale.unlink()
            building = place / "building.sqlite3"
            building.unlink(missing_ok=True)
            env = {**os.environ, "DATABASE_URL": "", "SQLITE_PATH": str(building), "REDIS_URL": ""}
            env["DJANGO_SETTINGS_MODULE"] = "cfmj.settings"
            run_python(env, "manage.py", "migrate", "--noinput", "-v0")
            building.rename(template)
    shutil.copyfile(template, path)


def _url_of(name: str) -> str:
    return POSTGRES_SERVER.rsplit("/", 1)[0] + "/" + name


@contextmanager
def throwaway_database(*, migrated: bool) -> Iterator[str]:
    """A PostgreSQL database of its own (migrated: a clone of migrated_template(); else empty),
    dropped afterwards whatever happened; its DATABASE_URL."""
    import psycopg

    name = f"cfmj_test_{uuid.uuid4().hex[:10]}"
    template = f' TEMPLATE "{migrated_template()}"' if migrated else ""
    with psycopg.connect(POSTGRES_SERVER, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"{template}')
    try:
        yield _url_of(name)
    finally:
        with psycopg.connect(POSTGRES_SERVER, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def database_url() -> Iterator[str]:
    """A throw-away PostgreSQL database (empty; dropped afterwards), as a DATABASE_URL."""
    with throwaway_database(migrated=False) as url:
        yield url


@pytest.fixture
def migrated_database_url() -> Iterator[str]:
    """A throw-away PostgreSQL database already migrated (a clone of migrated_template())."""
    with throwaway_database(migrated=True) as url:
        yield url


def site_env(database_url: str, **settings: str) -> dict[str, str]:
    """The environment of a child process running the site on `database_url` (no Redis)."""
    return {
        **os.environ,
        "DATABASE_URL": database_url,
        "DJANGO_SETTINGS_MODULE": "cfmj.settings",
        "REDIS_URL": "",
        **settings,
    }


def run_python(env: dict[str, str], *args: str, timeout: int = 180) -> str:
    """`python *args` in the checkout with `env` (manage.py commands, or -c SCRIPT); its standard
    output. Fails the test, showing its errors, when it fails."""
    done = subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout
