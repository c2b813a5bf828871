"""The site as an ASGI application, for uvicorn: `uvicorn cfmj.asgi:application` serves every page,
and in production nginx sends it only the push channel's streams under /live/ (cfmj/core/live.py;
scripts/production/). gunicorn's sync workers serve everything else (cfmj/wsgi.py): a sync worker
holding an open stream serves nobody else."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cfmj.settings")
application = get_asgi_application()
