"""What scripts/run-production checks and writes before supervisord starts the site's processes.

1. The settings load (a typo such as DJANGO_SECURE_COOKIES=ture stops here, in one plain line).
2. PostgreSQL answers (the database is created when missing) and Redis answers.
3. The TLS certificate: TLS_CERT / TLS_KEY when given, else a self-signed one for this machine's
   names, made once into the run directory and made again when it nears its end or the names
   change.
4. nginx's configuration, rendered from nginx.conf.template beside this file into the run
   directory and checked with `nginx -t`.

Every problem the operator must fix is one line on standard error and exit status 1. Run by
run-production with its environment; `python scripts/production/prepare.py` from the checkout.
"""

from __future__ import annotations

import grp
import ipaddress
import os
import pwd
import re
import shutil
import stat
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import psycopg
import redis
from django.conf import settings as django_settings
from django.core.exceptions import ImproperlyConfigured
from psycopg import sql
from psycopg.conninfo import make_conninfo

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
TEMPLATE = HERE / "nginx.conf.template"
ERROR_PAGES = HERE / "errors"
MIME_TYPES = Path("/etc/nginx/mime.types")
CERTIFICATE_DAYS = 365
RENEW_BEFORE_SECONDS = 30 * 24 * 3600  # a self-signed certificate is made again a month before its end
PLACEHOLDER = re.compile(r"\{\{([A-Z_]+)\}\}")
# What may stand inside a quoted nginx argument: no quote, variable, escape, block or new line.
SAFE_QUOTED = re.compile(r'[^"$\\{};\r\n]*')
SAFE_WORD = re.compile(r"[A-Za-z0-9_.:\[\]-]+")


class SetupError(Exception):
    """A problem the operator must fix, in plain words."""


def main() -> int:
    try:
        env = os.environ
        run_dir = Path(_required(env, "CFMJ_RUN_DIR"))
        settings = load_settings()
        database_ready(settings.DATABASES["default"])
        redis_ready(settings.REDIS_URL)
        cert, key = Path(_required(env, "TLS_CERT")), Path(_required(env, "TLS_KEY"))
        if env.get("TLS_SELF_SIGNED") == "1":
            names = certificate_names(settings.ALLOWED_HOSTS)
            if self_signed_certificate(cert, key, names):
                print(f"Made a self-signed certificate for {', '.join(names)} into {cert}.")
        elif not (_readable(cert) and _readable(key)):
            raise SetupError(f"TLS_CERT ({cert}) and TLS_KEY ({key}) must both name readable files.")
        nginx = _required(env, "NGINX")
        values = nginx_values(env, settings, run_dir=run_dir, cert=cert, key=key)
        conf = run_dir / "nginx.conf"
        conf.write_text(render(TEMPLATE.read_text(), values))
        nginx_check(nginx, run_dir, conf)
    except SetupError as problem:
        print(f"run-production: {problem}", file=sys.stderr)
        return 1
    return 0


def _required(env: Mapping[str, str], name: str) -> str:
    value = env.get(name, "")
    if not value:
        raise SetupError(f"{name} is not set (scripts/run-production sets it).")
    return value


def _readable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.R_OK)


def load_settings() -> Any:
    """The project's settings, loaded as the processes will load them."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cfmj.settings")
    try:
        django_settings.INSTALLED_APPS  # noqa: B018 - reading one setting loads them all
    except ImproperlyConfigured as error:
        raise SetupError(f"a setting is wrong: {error}") from None
    return django_settings


def database_ready(database: Mapping[str, Any]) -> None:
    """PostgreSQL answers, and the site's database exists (created when missing)."""
    if database["ENGINE"] != "django.db.backends.postgresql":
        raise SetupError("DATABASE_URL must be a PostgreSQL URL in production (postgres://...).")
    where = f"{database['HOST'] or 'the local socket'}:{database['PORT'] or 5432}"
    params = {key: value for key, value in database["OPTIONS"].items() if isinstance(value, str)}
    try:
        conninfo = make_conninfo(
            host=database["HOST"] or None,
            port=database["PORT"] or None,
            user=database["USER"] or None,
            password=database["PASSWORD"] or None,
            dbname="postgres",
            connect_timeout=5,
            **params,
        )
        with psycopg.connect(conninfo, autocommit=True) as connection:
            found = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [database["NAME"]])
            if found.fetchone() is None:
                connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(database["NAME"])))
                print(f"Created the PostgreSQL database {database['NAME']}.")
    except psycopg.Error as error:
        raise SetupError(f"PostgreSQL at {where} did not answer: {str(error).strip()}") from None


def redis_ready(url: str) -> None:
    if not url:
        raise SetupError("REDIS_URL must be set in production (the Celery broker and the cache).")
    try:
        redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3).ping()
    except redis.RedisError as error:
        raise SetupError(f"Redis at {url} did not answer: {error}") from None


def certificate_names(allowed_hosts: Iterable[str]) -> list[str]:
    """The subjectAltName entries of a self-signed certificate: loopback, and every exact name in
    DJANGO_ALLOWED_HOSTS (".example.org" covers the name and its subdomains; "*" names nothing)."""
    names = ["DNS:localhost", "IP:127.0.0.1", "IP:::1"]
    for written in allowed_hosts:
        host = written.strip().strip("[]")
        if not host or "*" in host:
            continue
        try:
            entry = f"IP:{ipaddress.ip_address(host)}"
        except ValueError:
            if not re.fullmatch(r"\.?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*", host):
                continue
            entry = f"DNS:*{host}" if host.startswith(".") else f"DNS:{host}"
            if host.startswith("."):
                names.append(f"DNS:{host[1:]}")
        names.append(entry)
    return list(dict.fromkeys(names))


def self_signed_certificate(cert: Path, key: Path, names: list[str]) -> bool:
    """Make the certificate unless one for the same names is there and not near its end. True
    when it was made."""
    if shutil.which("openssl") is None:
        raise SetupError(
            "openssl is needed to make a self-signed certificate (apt-get install openssl), "
            "or set TLS_CERT and TLS_KEY."
        )
    record = cert.with_suffix(".names")
    wanted = ",".join(names)
    if cert.is_file() and key.is_file() and record.is_file() and record.read_text() == wanted:
        fresh = subprocess.run(
            ["openssl", "x509", "-checkend", str(RENEW_BEFORE_SECONDS), "-noout", "-in", str(cert)],
            capture_output=True,
            check=False,
        )
        if fresh.returncode == 0:
            return False
    cert.parent.mkdir(parents=True, exist_ok=True)
    common_name = next(name.split(":", 1)[1] for name in names if name.startswith("DNS:"))
    command = ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"]
    command += [
        "-nodes",
        "-sha256",
        "-days",
        str(CERTIFICATE_DAYS),
        "-subj",
        f"/CN={common_name}/O=Card Free Mah Jongg trial",
    ]
    command += ["-addext", f"subjectAltName={wanted}", "-addext", "basicConstraints=critical,CA:FALSE"]
    command += ["-addext", "extendedKeyUsage=serverAuth", "-keyout", str(key), "-out", str(cert)]
    private = os.umask(0o077)  # the key is never readable by others, not even for a moment
    try:
        made = subprocess.run(command, capture_output=True, text=True, check=False, timeout=60)
    finally:
        os.umask(private)
    if made.returncode != 0:
        raise SetupError(f"openssl could not make a certificate: {made.stderr.strip()}")
    key.chmod(0o600)
    record.write_text(wanted)
    return True


def nginx_values(
    env: Mapping[str, str], settings: Any, *, run_dir: Path, cert: Path, key: Path
) -> dict[str, str]:
    """The template's values, each checked so that nothing can change the configuration's shape."""
    address = env.get("LISTEN_ADDRESS", "127.0.0.1")
    http_port, https_port = _port(env, "HTTP_PORT", 8000), _port(env, "HTTPS_PORT", 8443)
    if http_port == https_port:
        raise SetupError("HTTP_PORT and HTTPS_PORT must differ.")
    workers = env.get("NGINX_WORKERS", "auto")
    if workers != "auto" and not (workers.isdigit() and 0 < int(workers) <= 64):
        raise SetupError(f"NGINX_WORKERS must be 'auto' or a number from 1 to 64, not {workers!r}.")
    static_url = "/" + str(settings.STATIC_URL).strip("/") + "/"
    static_root = Path(settings.STATIC_ROOT)
    values = {
        "USER": "",
        "WORKERS": workers,
        "RUN_DIR": str(run_dir),
        "LISTEN_ADDRESS": address,
        "HTTP_PORT": str(http_port),
        "HTTPS_PORT": str(https_port),
        "HTTPS_SUFFIX": "" if https_port == 443 else f":{https_port}",
        "TLS_CERT": str(cert),
        "TLS_KEY": str(key),
        "BODY_MAX": str(int(settings.REQUEST_MAX_BYTES)),
        "CONNECTIONS_PER_ADDRESS": str(_positive(env, "NGINX_CONNECTIONS_PER_ADDRESS", 256)),
        # Requests to /check/ per second from one address, and the burst held: the first CHECK_RATE
        # beyond the rate go straight through, the rest of the burst wait their turn. A class of 30
        # behind one router building hands (a request a tile tapped, a few taps a second at most
        # for the class) stays within; 20 addresses each at the rate are about as much as two
        # cores serve while a learner's pages keep p95 near 100 ms (docs/measurements.md).
        "CHECK_RATE": str(_positive(env, "NGINX_CHECK_PER_SECOND", 10)),
        "CHECK_BURST": str(_positive(env, "NGINX_CHECK_BURST", 120)),
        # nginx never gives up a stream within its lifetime (cfmj/core/live.py).
        "LIVE_READ_TIMEOUT": f"{int(settings.LIVE_STREAM_SECONDS) + 60}s",
        "STATIC_URL": static_url,
        "STATIC_ROOT": str(static_root),
        "ERROR_PAGES": str(ERROR_PAGES),
        "MIME_TYPES": str(MIME_TYPES),
    }
    words = (
        "WORKERS",
        "LISTEN_ADDRESS",
        "HTTP_PORT",
        "HTTPS_PORT",
        "HTTPS_SUFFIX",
        "BODY_MAX",
        "CONNECTIONS_PER_ADDRESS",
        "CHECK_RATE",
        "CHECK_BURST",
        "LIVE_READ_TIMEOUT",
    )
    for name, value in values.items():
        if name == "USER":  # made above from a checked account name
            continue
        pattern = SAFE_WORD if name in words else SAFE_QUOTED
        if value and not pattern.fullmatch(value):
            raise SetupError(f"{name} cannot be used in nginx's configuration: {value!r}.")
    if os.geteuid() == 0:
        # nginx's master starts as root only to bind and read the key; its workers, which talk to
        # the network, run as an unprivileged account and must reach the files they serve.
        account = env.get("NGINX_USER", "www-data")
        if not SAFE_WORD.fullmatch(account):
            raise SetupError(f"NGINX_USER must be an account name, not {account!r}.")
        worker_can_reach(account, [static_root, run_dir, ERROR_PAGES])
        values["USER"] = f"user {account};"
    return values


def _port(env: Mapping[str, str], name: str, default: int) -> int:
    port = _positive(env, name, default)
    if port > 65535:
        raise SetupError(f"{name} must be a port number (1 to 65535), not {port}.")
    return port


def _positive(env: Mapping[str, str], name: str, default: int) -> int:
    value = env.get(name, "").strip() or str(default)
    if not value.isdigit() or int(value) < 1:
        raise SetupError(f"{name} must be a whole number above 0, not {value!r}.")
    return int(value)


def worker_can_reach(account: str, paths: Iterable[Path]) -> None:
    """Every directory on the way to each path lets `account` through (search permission)."""
    try:
        user = pwd.getpwnam(account)
    except KeyError:
        raise SetupError(
            f"nginx's workers run as {account!r}, which does not exist on this machine; "
            "set NGINX_USER to an unprivileged account."
        ) from None
    groups = {user.pw_gid} | {group.gr_gid for group in grp.getgrall() if account in group.gr_mem}
    for path in paths:
        for directory in [path, *path.parents]:
            if not directory.exists():
                continue
            mode = directory.stat()
            if mode.st_uid == user.pw_uid:
                allowed = mode.st_mode & stat.S_IXUSR
            elif mode.st_gid in groups:
                allowed = mode.st_mode & stat.S_IXGRP
            else:
                allowed = mode.st_mode & stat.S_IXOTH
            if not allowed:
                raise SetupError(
                    f"nginx's workers run as {account} and cannot enter {directory} (on the way to "
                    f"{path}): give it search permission (chmod o+x {directory}) or move the "
                    "checkout or CFMJ_RUN_DIR."
                )


def render(template: str, values: Mapping[str, str]) -> str:
    """{{NAME}} placeholders replaced; a placeholder without a value (or a value without a
    placeholder) is a mistake in this script, not in the operator's settings."""
    used = set(PLACEHOLDER.findall(template))
    if used != set(values):
        raise RuntimeError(f"template and values differ: {sorted(used ^ set(values))}")
    return PLACEHOLDER.sub(lambda match: values[match.group(1)], template)


def nginx_check(nginx: str, run_dir: Path, conf: Path) -> None:
    prefix = run_dir / "nginx"
    prefix.mkdir(parents=True, exist_ok=True)
    checked = subprocess.run(
        [nginx, "-t", "-q", "-p", f"{prefix}/", "-c", str(conf), "-e", "stderr"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    if checked.returncode != 0:
        raise SetupError(f"nginx refused its configuration ({conf}): {checked.stderr.strip()}")


if __name__ == "__main__":
    sys.exit(main())
