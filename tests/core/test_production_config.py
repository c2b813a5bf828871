"""scripts/production/prepare.py: what run-production checks and writes before it starts the
processes (the settings, the self-signed certificate, nginx's configuration)."""

from __future__ import annotations

import configparser
import os
import secrets
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path
from types import SimpleNamespace

import pytest

from scripts.production import prepare
from scripts.production.prepare import SetupError
from tests.services import ROOT
from tests.stack import nginx_binary, require

SETTINGS = SimpleNamespace(
    STATIC_URL="static/",
    STATIC_ROOT="/srv/cfmj/staticfiles",
    REQUEST_MAX_BYTES=65536,
    LIVE_STREAM_SECONDS=600,
)


def values(tmp_path: Path, **env: str) -> dict[str, str]:
    return prepare.nginx_values(
        {"NGINX_USER": "root", **env},
        SETTINGS,
        run_dir=tmp_path,
        cert=tmp_path / "c.pem",
        key=tmp_path / "k.pem",
    )


def test_it_renders_every_placeholder(tmp_path: Path) -> None:
    conf = prepare.render(prepare.TEMPLATE.read_text(), values(tmp_path, HTTPS_PORT="9443", HTTP_PORT="9080"))
    assert "{{" not in conf
    assert "listen 127.0.0.1:9443 ssl default_server;" in conf
    assert "return 301 https://$host:9443$request_uri;" in conf
    assert "client_max_body_size 65536;" in conf
    assert 'alias "/srv/cfmj/staticfiles/";' in conf
    assert f'server "unix:{tmp_path}/gunicorn.sock"' in conf


def test_it_sends_the_streams_to_uvicorn_unbuffered_for_their_whole_lifetime(tmp_path: Path) -> None:
    conf = prepare.render(prepare.TEMPLATE.read_text(), values(tmp_path))
    live = conf.split("location /live/ {", 1)[1].split("}", 1)[0]
    assert "proxy_pass http://live;" in live
    assert "proxy_http_version 1.1;" in live
    assert "proxy_buffering off;" in live
    assert "proxy_read_timeout 660s;" in live  # LIVE_STREAM_SECONDS and a minute
    assert "proxy_set_header" not in live  # one here would drop the server's Host and X-Forwarded-*
    assert f'server "unix:{tmp_path}/uvicorn.sock"' in conf
    assert "http2" not in conf


def test_supervisord_runs_one_uvicorn_on_the_socket_nginx_uses() -> None:
    conf = configparser.ConfigParser(interpolation=None)
    conf.read(prepare.HERE / "supervisord.conf")
    command = conf["program:uvicorn"]["command"].split()
    assert command[2:4] == ["uvicorn", "cfmj.asgi:application"]
    assert command[command.index("--uds") + 1] == "%(ENV_CFMJ_RUN_DIR)s/uvicorn.sock"
    assert command[command.index("--workers") + 1] == "1"
    assert "--timeout-graceful-shutdown" in command  # open streams would hold a stop up for ever
    assert conf["program:uvicorn"]["environment"] == 'DATABASE_CONN_MAX_AGE="0"'


def test_it_leaves_the_port_out_of_the_redirect_on_443(tmp_path: Path) -> None:
    conf = prepare.render(prepare.TEMPLATE.read_text(), values(tmp_path, HTTPS_PORT="443", HTTP_PORT="80"))
    assert "return 301 https://$host$request_uri;" in conf


def test_it_refuses_a_template_and_values_that_differ() -> None:
    with pytest.raises(RuntimeError, match="MISSING"):
        prepare.render("listen {{PORT}}; {{MISSING}}", {"PORT": "1"})
    with pytest.raises(RuntimeError, match="EXTRA"):
        prepare.render("listen {{PORT}};", {"PORT": "1", "EXTRA": "2"})


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"HTTPS_PORT": "84x3"}, "HTTPS_PORT must be a whole number"),
        ({"HTTPS_PORT": "0"}, "HTTPS_PORT must be a whole number above 0"),
        ({"HTTP_PORT": "70000"}, "HTTP_PORT must be a port number"),
        ({"HTTP_PORT": "8443"}, "HTTP_PORT and HTTPS_PORT must differ"),
        ({"NGINX_WORKERS": "many"}, "NGINX_WORKERS must be 'auto' or a number"),
        ({"LISTEN_ADDRESS": "127.0.0.1; include /etc/passwd"}, "LISTEN_ADDRESS cannot be used"),
        ({"NGINX_CONNECTIONS_PER_ADDRESS": "-1"}, "NGINX_CONNECTIONS_PER_ADDRESS must be a whole number"),
    ],
)
def test_it_refuses_values_that_would_break_the_configuration(tmp_path: Path, env, message) -> None:
    with pytest.raises(SetupError, match=message):
        values(tmp_path, **env)


@pytest.mark.parametrize("path", ['/srv/a"b', "/srv/$uri", "/srv/a;b", "/srv/a\nb", "/srv/{a}"])
def test_it_refuses_a_path_that_would_break_a_quoted_argument(tmp_path: Path, path: str) -> None:
    settings = SimpleNamespace(
        STATIC_URL="static/", STATIC_ROOT=path, REQUEST_MAX_BYTES=65536, LIVE_STREAM_SECONDS=1
    )
    with pytest.raises(SetupError, match="STATIC_ROOT cannot be used"):
        prepare.nginx_values(
            {"NGINX_USER": "root"}, settings, run_dir=tmp_path, cert=tmp_path / "c", key=tmp_path / "k"
        )


@pytest.mark.skipif(os.geteuid() != 0, reason="nginx's workers change user only under root")
def test_it_refuses_a_directory_nginx_s_workers_cannot_enter(tmp_path: Path) -> None:
    private = tmp_path / "private"
    (private / "static").mkdir(parents=True)
    private.chmod(0o700)
    settings = SimpleNamespace(
        STATIC_URL="static/", STATIC_ROOT=str(private / "static"), REQUEST_MAX_BYTES=1, LIVE_STREAM_SECONDS=1
    )
    with pytest.raises(SetupError, match=f"run as www-data and cannot enter {private}"):
        prepare.nginx_values({}, settings, run_dir=Path("/tmp"), cert=tmp_path / "c", key=tmp_path / "k")
    with pytest.raises(SetupError, match="does not exist"):
        prepare.nginx_values(
            {"NGINX_USER": "no-such-account"}, settings, run_dir=tmp_path, cert=tmp_path, key=tmp_path
        )


@pytest.mark.parametrize(
    ("hosts", "expected"),
    [
        ([], ["DNS:localhost", "IP:127.0.0.1", "IP:::1"]),
        (["127.0.0.1", "localhost"], ["DNS:localhost", "IP:127.0.0.1", "IP:::1"]),
        (
            ["mahjong.example.org", "[2001:db8::1]", "192.0.2.5"],
            [
                "DNS:localhost",
                "IP:127.0.0.1",
                "IP:::1",
                "DNS:mahjong.example.org",
                "IP:2001:db8::1",
                "IP:192.0.2.5",
            ],
        ),
        (
            [".example.org"],
            ["DNS:localhost", "IP:127.0.0.1", "IP:::1", "DNS:example.org", "DNS:*.example.org"],
        ),
        (["*", "bad host", "a,b"], ["DNS:localhost", "IP:127.0.0.1", "IP:::1"]),
    ],
)
def test_it_names_the_allowed_hosts_in_a_self_signed_certificate(hosts, expected) -> None:
    assert prepare.certificate_names(hosts) == expected


def _subject_names(cert: Path) -> str:
    text = subprocess.run(
        ["openssl", "x509", "-in", str(cert), "-noout", "-ext", "subjectAltName"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return text.splitlines()[-1].strip()


def test_it_makes_a_self_signed_certificate_once_and_again_for_new_names(tmp_path: Path) -> None:
    cert, key = tmp_path / "tls" / "cert.pem", tmp_path / "tls" / "key.pem"
    names = prepare.certificate_names(["mahjong.example.org"])
    assert prepare.self_signed_certificate(cert, key, names) is True
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert (
        _subject_names(cert) == "DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1, "
        "DNS:mahjong.example.org"
    )
    made = cert.read_bytes()
    assert prepare.self_signed_certificate(cert, key, names) is False
    assert cert.read_bytes() == made
    assert prepare.self_signed_certificate(cert, key, prepare.certificate_names([])) is True
    assert "mahjong" not in _subject_names(cert)


def test_it_makes_the_certificate_again_near_its_end(tmp_path: Path, monkeypatch) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    names = prepare.certificate_names([])
    monkeypatch.setattr(prepare, "CERTIFICATE_DAYS", 10)  # inside the 30 days before its end
    prepare.self_signed_certificate(cert, key, names)
    monkeypatch.setattr(prepare, "CERTIFICATE_DAYS", 365)
    assert prepare.self_signed_certificate(cert, key, names) is True
    assert prepare.self_signed_certificate(cert, key, names) is False


def test_nginx_accepts_the_rendered_configuration() -> None:
    nginx = nginx_binary()
    require(nginx is not None, "nginx is not installed (scripts/ensure-nginx installs it)")
    assert nginx is not None
    # Not pytest's tmp_path: it is private (0700), and nginx's workers (www-data under root) must
    # reach the static files.
    place = Path(tempfile.mkdtemp(prefix="cfmj-nginx-"))
    try:
        place.chmod(0o755)
        cert, key = place / "cert.pem", place / "key.pem"
        prepare.self_signed_certificate(cert, key, prepare.certificate_names([]))
        settings = SimpleNamespace(
            STATIC_URL="static/",
            STATIC_ROOT=str(place / "static"),
            REQUEST_MAX_BYTES=9,
            LIVE_STREAM_SECONDS=600,
        )
        conf_values = prepare.nginx_values({}, settings, run_dir=place, cert=cert, key=key)
        assert conf_values["USER"] == ("user www-data;" if os.geteuid() == 0 else "")
        conf = place / "nginx.conf"
        conf.write_text(prepare.render(prepare.TEMPLATE.read_text(), conf_values))
        prepare.nginx_check(nginx, place, conf)
        conf.write_text(conf.read_text().replace("client_max_body_size", "client_max_body_sise"))
        with pytest.raises(SetupError, match="nginx refused its configuration"):
            prepare.nginx_check(nginx, place, conf)
    finally:
        shutil.rmtree(place, ignore_errors=True)


def test_a_settings_typo_stops_run_production_in_one_plain_line(tmp_path: Path) -> None:
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "TLS_"))},
        "DJANGO_ENV": "production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_COOKIES": "ture",
        "CFMJ_RUN_DIR": str(tmp_path),
    }
    result = subprocess.run(
        [sys.executable, "scripts/production/prepare.py"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 1
    assert result.stderr == (
        "run-production: a setting is wrong: DJANGO_SECURE_COOKIES must be 1 or 0 (or true/false, yes/no, "
        "on/off), not 'ture'. Unset it to use the default (1).\n"
    )
    assert not (tmp_path / "nginx.conf").exists()
