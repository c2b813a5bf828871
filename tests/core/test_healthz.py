"""/healthz: the database, the broker and the last worker heartbeat."""

from __future__ import annotations

import socket
import time
from datetime import timedelta

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from cfmj.core.models import WorkerHeartbeat
from cfmj.core.services import heartbeat_record
from tests.accounts.factories import UserFactory
from tests.services import needs_redis

URL = reverse("healthz")
CLOSED_REDIS = "redis://127.0.0.1:1/0"
TEST_REDIS = "redis://127.0.0.1:6379/15"  # only ever pinged, never written or flushed
OUTSIDE = "203.0.113.7"  # a documentation address: anyone on the internet


@pytest.fixture
def with_redis(settings):
    settings.REDIS_URL = TEST_REDIS
    settings.HEARTBEAT_SECONDS = 30
    return settings


def test_it_reports_eager_mode(client, db, settings):
    settings.REDIS_URL = ""
    response = client.get(URL)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    report = response.json()
    assert report["status"] == "ok"
    assert report["database"] == {"ok": True, "vendor": "sqlite"}
    assert report["broker"]["ok"] is True
    assert report["broker"]["mode"] == "eager"
    assert report["worker"] == {"ok": True, "mode": "eager", "last_heartbeat": None}


def test_it_shows_the_last_heartbeat_in_eager_mode(client, db, settings):
    settings.REDIS_URL = ""
    beat = heartbeat_record(hostname="worker-1")
    report = client.get(URL).json()
    assert report["worker"]["last_heartbeat"] == beat.beat_at.isoformat()


def test_it_is_never_cached(client, db):
    response = client.get(URL)
    assert "no-cache" in response["Cache-Control"]
    assert "max-age=0" in response["Cache-Control"]


def test_it_refuses_post(client, db):
    assert client.post(URL).status_code == 405


def test_it_reports_a_database_without_the_heartbeat_table(client, db):
    with connection.cursor() as cursor:  # rolled back with the test's transaction
        cursor.execute("DROP TABLE core_workerheartbeat")
    client.raise_request_exception = False
    response = client.get(URL)
    assert response.status_code == 503
    report = response.json()
    assert report["status"] == "degraded"
    assert report["worker"]["ok"] is False


def test_it_answers_503_quickly_when_the_broker_is_down(client, db, settings):
    settings.REDIS_URL = CLOSED_REDIS
    started = time.monotonic()
    response = client.get(URL)
    assert time.monotonic() - started < 3
    assert response.status_code == 503
    report = response.json()
    assert report["status"] == "degraded"
    assert report["database"]["ok"] is True
    assert report["broker"]["ok"] is False
    assert report["broker"]["mode"] == "redis"
    assert report["broker"]["error"]
    assert report["worker"]["ok"] is False


@pytest.fixture
def frozen_redis():
    """A port that completes the TCP handshake (the kernel's backlog) but never answers."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    yield f"redis://127.0.0.1:{server.getsockname()[1]}/0"
    server.close()


def test_it_gives_up_on_a_frozen_broker(client, db, settings, frozen_redis):
    settings.REDIS_URL = frozen_redis
    started = time.monotonic()
    response = client.get(URL)
    assert time.monotonic() - started < 3
    assert response.status_code == 503
    report = response.json()
    assert report["broker"]["ok"] is False
    assert report["database"]["ok"] is True


@needs_redis
def test_it_wants_a_heartbeat_when_redis_is_up(client, db, with_redis):
    response = client.get(URL)
    assert response.status_code == 503
    report = response.json()
    assert report["broker"] == {"ok": True, "mode": "redis"}
    assert report["worker"] == {"ok": False, "last_heartbeat": None, "error": "no worker heartbeat yet"}


@needs_redis
def test_it_is_healthy_with_a_fresh_heartbeat(client, db, with_redis):
    heartbeat_record(hostname="worker-1")
    response = client.get(URL)
    assert response.status_code == 200
    report = response.json()
    assert report["status"] == "ok"
    assert report["broker"]["ok"] is True
    assert report["worker"]["ok"] is True
    assert report["worker"]["hostname"] == "worker-1"
    assert report["worker"]["seconds_ago"] < 5


@needs_redis
def test_it_reports_a_stale_heartbeat(client, db, with_redis):
    heartbeat_record(hostname="worker-1")
    WorkerHeartbeat.objects.update(beat_at=timezone.now() - timedelta(seconds=91))
    response = client.get(URL)
    assert response.status_code == 503
    report = response.json()
    assert report["broker"]["ok"] is True
    assert report["worker"]["ok"] is False
    assert report["worker"]["seconds_ago"] >= 91


@needs_redis
def test_it_accepts_a_heartbeat_three_beats_old(client, db, with_redis):
    heartbeat_record(hostname="worker-1")
    WorkerHeartbeat.objects.update(beat_at=timezone.now() - timedelta(seconds=85))
    assert client.get(URL).status_code == 200


@needs_redis
def test_it_reads_the_newest_heartbeat(client, db, with_redis):
    heartbeat_record(hostname="old-worker")
    WorkerHeartbeat.objects.update(beat_at=timezone.now() - timedelta(hours=1))
    heartbeat_record(hostname="new-worker")
    report = client.get(URL).json()
    assert report["worker"]["ok"] is True
    assert report["worker"]["hostname"] == "new-worker"


# ---- Who sees the details ---------------------------------------------------------------------
# Everyone gets the overall status and the HTTP code (a load balancer or an uptime check needs no
# more); error texts, the database vendor and the worker's host name only go to a client on this
# machine (an operator's curl) or to staff.


def _public(response) -> None:
    assert response.json() == {"status": "ok" if response.status_code == 200 else "degraded"}
    body = response.content.decode()
    for secret in ("worker-1", "sqlite", "error", "hostname", "vendor", "127.0.0.1"):
        assert secret not in body


def test_it_shows_only_the_status_to_a_client_elsewhere(client, db, settings):
    settings.REDIS_URL = ""
    heartbeat_record(hostname="worker-1")
    response = client.get(URL, REMOTE_ADDR=OUTSIDE)
    assert response.status_code == 200
    _public(response)


def test_it_hides_error_texts_from_a_client_elsewhere(client, db, settings):
    settings.REDIS_URL = CLOSED_REDIS
    response = client.get(URL, REMOTE_ADDR=OUTSIDE)
    assert response.status_code == 503
    _public(response)


@needs_redis
def test_it_hides_the_worker_host_name_from_a_client_elsewhere(client, db, with_redis):
    heartbeat_record(hostname="worker-1")
    response = client.get(URL, REMOTE_ADDR=OUTSIDE)
    assert response.status_code == 200
    _public(response)


@pytest.mark.parametrize("address", ["127.0.0.1", "127.0.0.53", "::1", "::ffff:127.0.0.1"])
def test_it_shows_the_details_on_this_machine(client, db, settings, address):
    settings.REDIS_URL = CLOSED_REDIS
    report = client.get(URL, REMOTE_ADDR=address).json()
    assert report["database"] == {"ok": True, "vendor": "sqlite"}
    assert report["broker"]["error"]


def test_it_decides_on_the_address_the_proxy_saw(client, db, settings):
    # Behind nginx every request comes from loopback; the client is the proxy's X-Forwarded-For
    # entry, and a client's own claim to be 127.0.0.1 comes before it.
    settings.REDIS_URL = CLOSED_REDIS
    settings.RATE_LIMIT_PROXIES = 1
    response = client.get(URL, REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=f"127.0.0.1, {OUTSIDE}")
    assert response.status_code == 503
    _public(response)
    nearby = client.get(URL, REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=f"{OUTSIDE}, 127.0.0.1")
    assert nearby.json()["broker"]["error"]


@pytest.mark.parametrize("address", ["", "unknown", "not an address", "127.0.0.1x"])
def test_it_treats_an_unreadable_address_as_elsewhere(client, db, settings, address):
    settings.REDIS_URL = ""
    response = client.get(URL, REMOTE_ADDR=address)
    assert response.status_code == 200
    _public(response)


def test_it_shows_the_details_to_staff_anywhere(client, db, settings):
    settings.REDIS_URL = CLOSED_REDIS
    client.force_login(UserFactory(is_staff=True))
    response = client.get(URL, REMOTE_ADDR=OUTSIDE)
    assert response.status_code == 503
    assert response.json()["broker"]["error"]


@pytest.mark.parametrize("fields", [{}, {"role": "teacher"}, {"is_staff": True, "is_active": False}])
def test_it_hides_the_details_from_other_accounts(client, db, settings, fields):
    settings.REDIS_URL = CLOSED_REDIS
    client.force_login(UserFactory(**fields))
    response = client.get(URL, REMOTE_ADDR=OUTSIDE)
    assert response.status_code == 503
    _public(response)
