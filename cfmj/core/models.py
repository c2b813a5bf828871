from django.db import models


class WorkerHeartbeat(models.Model):
    """The last time a Celery worker ran the periodic heartbeat task (one row per worker host)."""

    hostname = models.CharField(max_length=255, unique=True)
    beat_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.hostname} at {self.beat_at:%Y-%m-%d %H:%M:%S}"
