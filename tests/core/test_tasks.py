"""The heartbeat task, run eagerly (no broker), as in development and in these tests.

No test here publishes to a broker: before calling .delay(), each checks that the task is bound
to the project's Celery app in eager mode."""

from __future__ import annotations

import socket

import pytest

from cfmj.core.models import WorkerHeartbeat
from cfmj.core.tasks import heartbeat


@pytest.fixture
def eager():
    """Eager mode, whatever REDIS_URL the environment sets; refuses to go on otherwise."""
    app = heartbeat.app
    assert app.main == "cfmj", "tasks must bind to the project's Celery app, not Celery's default"
    was = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield app
    app.conf.task_always_eager = was


def test_it_binds_to_the_project_app_in_eager_mode(settings):
    # Django's start-up (CoreConfig.ready) loads cfmj.celery; without Redis, tasks run eagerly.
    assert heartbeat.app.main == "cfmj"
    assert heartbeat.app.conf.task_always_eager is settings.CELERY_TASK_ALWAYS_EAGER
    assert heartbeat.app.conf.broker_url == settings.CELERY_BROKER_URL


def test_it_records_a_heartbeat(db, eager):
    heartbeat.delay()
    beat = WorkerHeartbeat.objects.get()
    assert beat.hostname == socket.gethostname()


def test_it_keeps_one_row_per_host(db, eager):
    heartbeat.delay()
    first = WorkerHeartbeat.objects.get().beat_at
    heartbeat.delay()
    assert WorkerHeartbeat.objects.count() == 1
    assert WorkerHeartbeat.objects.get().beat_at > first


def test_it_leaves_other_hosts_alone(db, eager):
    WorkerHeartbeat.objects.create(hostname="another-host", beat_at="2020-01-01T00:00:00Z")
    heartbeat.delay()
    assert WorkerHeartbeat.objects.count() == 2
    assert str(WorkerHeartbeat.objects.get(hostname="another-host").beat_at) == "2020-01-01 00:00:00+00:00"


def test_it_is_scheduled_by_beat(settings):
    schedule = settings.CELERY_BEAT_SCHEDULE["worker-heartbeat"]
    assert schedule["task"] == heartbeat.name == "cfmj.core.tasks.heartbeat"
    assert schedule["schedule"] == float(settings.HEARTBEAT_SECONDS)
