"""`manage.py check --deploy` passes with the production defaults (HTTPS, secure cookies, HSTS)."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys

from tests.services import ROOT

PRODUCTION_ENV = {
    "DJANGO_ENV": "production",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    "DJANGO_ALLOWED_HOSTS": "example.org",
    "DJANGO_SETTINGS_MODULE": "cfmj.settings",
}
LOCAL_TRIAL = (
    "DJANGO_SECURE_SSL_REDIRECT",
    "DJANGO_SECURE_COOKIES",
    "DJANGO_SECURE_HSTS_SECONDS",
    "DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "DJANGO_SECURE_HSTS_PRELOAD",
    "DJANGO_DEBUG",
)


def manage(*args: str, **extra: str) -> subprocess.CompletedProcess[str]:
    # The browser tests' DJANGO_ALLOW_ASYNC_UNSAFE must not leak into a production check.
    env = {k: v for k, v in os.environ.items() if k not in LOCAL_TRIAL and k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        check=False,
        env={**env, **PRODUCTION_ENV, **extra},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_it_passes_the_deploy_check_with_production_defaults() -> None:
    result = manage("check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_it_flags_a_local_trial_without_https() -> None:
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SECURE_SSL_REDIRECT="0",
        DJANGO_SECURE_COOKIES="0",
    )
    assert result.returncode != 0
    assert "security.W008" in result.stderr and "security.W012" in result.stderr


def test_it_refuses_production_without_allowed_hosts() -> None:
    result = manage("check", DJANGO_ALLOWED_HOSTS="")
    assert result.returncode != 0
    assert "DJANGO_ALLOWED_HOSTS" in result.stderr


def test_it_passes_behind_the_shipped_proxy_with_a_real_certificate() -> None:
    # What scripts/run-production sets with TLS_CERT/TLS_KEY given: nginx in front.
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SECURE_PROXY_SSL_HEADER="1",
        RATE_LIMIT_PROXIES="1",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_a_self_signed_trial_is_flagged_for_hsts_only() -> None:
    # `make prod` without a real certificate keeps HSTS off (a browser could not click through
    # the certificate warning otherwise); that is the one thing the deploy check then reports.
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SECURE_PROXY_SSL_HEADER="1",
        RATE_LIMIT_PROXIES="1",
        DJANGO_SECURE_HSTS_SECONDS="0",
    )
    assert result.returncode != 0
    assert "security.W004" in result.stderr
    assert result.stderr.count("security.W") == 1, result.stderr
