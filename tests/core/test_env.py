"""cfmj/env.py: settings read from environment variables."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from cfmj.env import database_from_url, env_bool, env_int, env_list, env_str

DEFAULT = Path("/srv/cfmj/db.sqlite3")


def test_it_uses_the_default_sqlite_file_for_an_empty_url():
    config = database_from_url("", sqlite_default=DEFAULT)
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == str(DEFAULT)
    assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in config["OPTIONS"]["init_command"]


def test_it_reads_a_sqlite_url():
    config = database_from_url("sqlite:///tmp/x.db", sqlite_default=DEFAULT)
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == "/tmp/x.db"


def test_it_falls_back_to_the_default_file_for_a_sqlite_url_without_a_path():
    assert database_from_url("sqlite://", sqlite_default=DEFAULT)["NAME"] == str(DEFAULT)
    assert database_from_url("sqlite:///", sqlite_default=DEFAULT)["NAME"] == str(DEFAULT)


def test_it_reads_a_postgres_url(monkeypatch):
    monkeypatch.delenv("DATABASE_CONN_MAX_AGE", raising=False)
    config = database_from_url(
        "postgres://u:p%40ss@db.example:5433/name?sslmode=require", sqlite_default=DEFAULT
    )
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert config["NAME"] == "name"
    assert config["USER"] == "u"
    assert config["PASSWORD"] == "p@ss"
    assert config["HOST"] == "db.example"
    assert config["PORT"] == "5433"
    assert config["OPTIONS"] == {"sslmode": "require"}
    assert config["CONN_MAX_AGE"] == 60
    assert config["CONN_HEALTH_CHECKS"] is True


@pytest.mark.parametrize(
    ("url", "host", "port"),
    [
        ("postgres://app@%2Fvar%2Frun%2Fpostgresql/cfmj", "/var/run/postgresql", ""),
        ("postgres://app:secret@%2Fvar%2Frun%2Fpostgresql:5433/cfmj", "/var/run/postgresql", "5433"),
        ("postgresql://%2Fsrv%2FSockets%20Dir/cfmj", "/srv/Sockets Dir", ""),
        ("postgres://u@[::1]:5433/cfmj", "::1", "5433"),
    ],
)
def test_it_decodes_a_percent_encoded_host(url, host, port):
    # libpq's way to name a Unix socket directory in a URL: the host, percent-encoded.
    config = database_from_url(url, sqlite_default=DEFAULT)
    assert (config["HOST"], config["PORT"]) == (host, port)
    assert config["NAME"] == "cfmj"


@pytest.mark.parametrize(
    "url",
    [
        "postgres://u@db.example:port/n",
        "postgres://u@db.example:99999/n",
        "postgres://u@[%3A%3A1]/n",
        "postgres://u@[::1/n",
    ],
)
def test_it_refuses_a_malformed_address(url):
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL"):
        database_from_url(url, sqlite_default=DEFAULT)


def test_it_reads_a_postgresql_url_without_port_or_password():
    config = database_from_url("postgresql://app@localhost/cfmj", sqlite_default=DEFAULT)
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["USER"], config["PASSWORD"]) == ("app", "")
    assert (config["HOST"], config["PORT"]) == ("localhost", "")
    assert config["OPTIONS"] == {}


def test_it_reads_the_connection_age_from_the_environment(monkeypatch):
    monkeypatch.setenv("DATABASE_CONN_MAX_AGE", "0")
    config = database_from_url("postgres://u@h/n", sqlite_default=DEFAULT)
    assert config["CONN_MAX_AGE"] == 0


@pytest.mark.parametrize("url", ["mysql://u:p@h/n", "redis://127.0.0.1:6379/0", "db.sqlite3"])
def test_it_refuses_an_unsupported_scheme(url):
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL must be postgres"):
        database_from_url(url, sqlite_default=DEFAULT)


def test_env_str(monkeypatch):
    monkeypatch.delenv("CFMJ_TEST_STR", raising=False)
    assert env_str("CFMJ_TEST_STR", "fallback") == "fallback"
    monkeypatch.setenv("CFMJ_TEST_STR", "value")
    assert env_str("CFMJ_TEST_STR", "fallback") == "value"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("1", True),
        ("true", True),
        ("TRUE", True),
        (" yes ", True),
        ("on", True),
        ("0", False),
        ("false", False),
        ("no", False),
        ("off", False),
        (" Off ", False),
    ],
)
def test_env_bool(monkeypatch, value, expected):
    monkeypatch.setenv("CFMJ_TEST_BOOL", value)
    assert env_bool("CFMJ_TEST_BOOL", not expected) is expected


@pytest.mark.parametrize("value", ["ture", "maybe", "2", "enabled", "y", "tru e", "1.0"])
def test_env_bool_refuses_a_word_it_does_not_know(monkeypatch, value):
    # DJANGO_SECURE_COOKIES=ture once turned Secure cookies off without a word.
    monkeypatch.setenv("CFMJ_TEST_BOOL", value)
    for default in (True, False):
        with pytest.raises(ImproperlyConfigured) as refused:
            env_bool("CFMJ_TEST_BOOL", default)
        message = str(refused.value)
        assert message.startswith("CFMJ_TEST_BOOL must be")
        assert repr(value) in message
        assert "1" in message and "0" in message


def test_a_settings_typo_stops_start_up_with_the_setting_named():
    import os
    import subprocess
    import sys

    from tests.services import ROOT

    env = {
        **os.environ,
        "DJANGO_ENV": "production",
        "DJANGO_SECRET_KEY": "x" * 50,
        "DJANGO_ALLOWED_HOSTS": "example.org",
        "DJANGO_SECURE_COOKIES": "ture",
        "DJANGO_SETTINGS_MODULE": "cfmj.settings",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode != 0
    assert "DJANGO_SECURE_COOKIES must be 1 or 0" in result.stderr
    assert "'ture'" in result.stderr


@pytest.mark.parametrize("value", [None, "", "   "])
def test_env_bool_default(monkeypatch, value):
    if value is None:
        monkeypatch.delenv("CFMJ_TEST_BOOL", raising=False)
    else:
        monkeypatch.setenv("CFMJ_TEST_BOOL", value)
    assert env_bool("CFMJ_TEST_BOOL", True) is True
    assert env_bool("CFMJ_TEST_BOOL", False) is False


def test_env_int(monkeypatch):
    monkeypatch.delenv("CFMJ_TEST_INT", raising=False)
    assert env_int("CFMJ_TEST_INT", 30) == 30
    monkeypatch.setenv("CFMJ_TEST_INT", " ")
    assert env_int("CFMJ_TEST_INT", 30) == 30
    monkeypatch.setenv("CFMJ_TEST_INT", " 45 ")
    assert env_int("CFMJ_TEST_INT", 30) == 45


@pytest.mark.parametrize("value", ["thirty", "1.5", "0x10"])
def test_env_int_refuses_what_is_not_a_whole_number(monkeypatch, value):
    monkeypatch.setenv("CFMJ_TEST_INT", value)
    with pytest.raises(ImproperlyConfigured, match="CFMJ_TEST_INT must be a whole number"):
        env_int("CFMJ_TEST_INT", 30)


def test_env_list(monkeypatch):
    monkeypatch.delenv("CFMJ_TEST_LIST", raising=False)
    assert env_list("CFMJ_TEST_LIST", ["localhost"]) == ["localhost"]
    monkeypatch.setenv("CFMJ_TEST_LIST", "a.example, b.example,,  ,c.example ")
    assert env_list("CFMJ_TEST_LIST", ["localhost"]) == ["a.example", "b.example", "c.example"]
    monkeypatch.setenv("CFMJ_TEST_LIST", "")
    assert env_list("CFMJ_TEST_LIST", ["localhost"]) == []


@pytest.mark.parametrize(
    "url", ["postgres://u:hunter2@db.example:port/n", "mysql://u:hunter2@h/n", "postgres://u:hunter2@[::1/n"]
)
def test_it_never_shows_the_password_in_its_message(url):
    with pytest.raises(ImproperlyConfigured) as refused:
        database_from_url(url, sqlite_default=DEFAULT)
    assert "hunter2" not in str(refused.value)
    assert "u:***@" in str(refused.value)
