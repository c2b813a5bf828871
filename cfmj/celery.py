"""The Celery app. Tasks live in each app's tasks.py; settings are the CELERY_* ones."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cfmj.settings")

app = Celery("cfmj")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
