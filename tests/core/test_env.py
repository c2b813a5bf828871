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
    config = database_from_url("postgres://u:p%40ss@db.example:5433/name?sslmode=require",
                               sqlite_default=DEFAULT)
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert config["NAME"] == "name"
    assert config["USER"] == "u"
    assert config["PASSWORD"] == "p@ss"
    assert config["HOST"] == "db.example"
    assert config["PORT"] == "5433"
    assert config["OPTIONS"] == {"sslmode": "require"}
    assert config["CONN_MAX_AGE"] == 60
    assert config["CONN_HEALTH_CHECKS"] is True


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


@pytest.mark.parametrize(("value", "expected"), [
    ("1", True), ("true", True), ("TRUE", True), (" yes ", True), ("on", True),
    ("0", False), ("false", False), ("no", False), ("off", False), ("maybe", False),
])
def test_env_bool(monkeypatch, value, expected):
    monkeypatch.setenv("CFMJ_TEST_BOOL", value)
    assert env_bool("CFMJ_TEST_BOOL", not expected) is expected


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
