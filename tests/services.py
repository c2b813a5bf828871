"""Tests that need PostgreSQL or Redis run when the service answers, else skip; on CI (the CI
variable set) they always run, so a service that is down there fails them instead of hiding them."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
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
COURSE_PREFIX = "cfmj_course_"
TEMPLATE_LOCK = 70_420_001  # a PostgreSQL advisory lock: one test process builds a template


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


def course_stamp() -> str:
    """migrations_stamp() and a digest of every file of the course (lessons and rules) and of the
    code that reads and loads it: load_lessons leaves lessons whose files are unchanged as they
    are, so a template loaded by another reader would keep what that reader made of them."""
    import hashlib

    digest = hashlib.sha256(migrations_stamp().encode())
    sources = [ROOT / "lessons" / "content.py", ROOT / "lessons" / "services.py"]
    for path in [*sources, *sorted((ROOT / "lessons" / "content").glob("**/*"))]:
        if path.is_file():
            digest.update(str(path.relative_to(ROOT)).encode() + path.read_bytes())
    return digest.hexdigest()[:16]


def migrated_template() -> str:
    """The name of a PostgreSQL database migrated to the current migrations, made once (on its
    first use by any test process, under an advisory lock) and kept between runs while the
    migrations stay the same. Cloning it (CREATE DATABASE ... TEMPLATE) takes a quarter of a
    second where migrating an empty database takes 8-15 s on this machine; tests/core/test_postgres.py
    still migrates an empty one, so the migrations are proved to apply."""
    migrate = ("migrate", "--noinput", "-v0")
    return _template(TEMPLATE_PREFIX + migrations_stamp(), TEMPLATE_PREFIX, "", migrate)


def course_template() -> str:
    """migrated_template() with the course loaded (manage.py load_lessons), made and kept the same
    way while the migrations and the course's files stay the same. The production stack starts
    from it (tests/stack.py): its load_lessons then finds every lesson loaded, as a restart does,
    in seconds, where a first load checks that every check can be asked (20-40 s here). A first
    load is still tested: the course's reader in tests/lessons/test_content.py, and the command
    itself whenever this template or course_sqlite's is made."""
    return _template(COURSE_PREFIX + course_stamp(), COURSE_PREFIX, migrated_template(), ("load_lessons",))


def _template(name: str, prefix: str, source: str, command: tuple[str, ...]) -> str:
    """The template database `name`: when missing, other templates of `prefix` are dropped and it
    is made from `source` (a template; "" for an empty database) by `manage.py *command`."""
    import psycopg

    with psycopg.connect(POSTGRES_SERVER, autocommit=True) as admin:
        admin.execute("SELECT pg_advisory_lock(%s)", (TEMPLATE_LOCK,))
        try:
            names = [row[0] for row in admin.execute("SELECT datname FROM pg_database")]
            if name not in names:
                for stale in names:  # templates of other sources, and a build left half done
                    if stale.startswith(prefix):
                        admin.execute(f'DROP DATABASE IF EXISTS "{stale}" WITH (FORCE)')
                building = name + "_building"
                admin.execute(f'CREATE DATABASE "{building}"' + (f' TEMPLATE "{source}"' if source else ""))
                run_python(site_env(_url_of(building)), "manage.py", *command, timeout=240)
                admin.execute(f'ALTER DATABASE "{building}" RENAME TO "{name}"')
        finally:
            admin.execute("SELECT pg_advisory_unlock(%s)", (TEMPLATE_LOCK,))
    return name


def migrated_sqlite(path: Path) -> None:
    """Put a SQLite database migrated to the current migrations at `path`: a copy of one made once
    per set of migrations (var/test-templates/, under a file lock shared by the test processes)
    instead of a migrate of 4-7 s for each test that starts the site in a process of its own."""
    _sqlite_template(path, f"migrated-{migrations_stamp()}", None, ("migrate", "--noinput", "-v0"))


def course_sqlite(path: Path) -> None:
    """migrated_sqlite with the course loaded (manage.py load_lessons, 20-40 s here), made once
    per set of migrations and course files: see course_template."""
    _sqlite_template(path, f"course-{course_stamp()}", migrated_sqlite, ("load_lessons",))


def _sqlite_template(
    path: Path, name: str, source: Callable[[Path], None] | None, command: tuple[str, ...]
) -> None:
    """Copy the template `name` (var/test-templates/NAME.sqlite3) to `path`. When it is missing,
    the others of its kind (the name up to its stamp) are removed and it is made: `source` puts a
    database to start from, then `manage.py *command` runs on it."""
    import fcntl

    place = ROOT / "var" / "test-templates"
    place.mkdir(parents=True, exist_ok=True)
    template = place / f"{name}.sqlite3"
    kind = name.split("-", 1)[0]
    with (place / f"{kind}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not template.exists():
            for stale in place.glob(f"{kind}-*.sqlite3*"):
                stale.unlink()
            building = place / f"building-{kind}.sqlite3"
            building.unlink(missing_ok=True)
            if source is not None:
                source(building)
            env = {**os.environ, "DATABASE_URL": "", "SQLITE_PATH": str(building), "REDIS_URL": ""}
            env["DJANGO_SETTINGS_MODULE"] = "cfmj.settings"
            run_python(env, "manage.py", *command, timeout=240)
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
