"""The site as an ASGI application, for uvicorn: `uvicorn cfmj.asgi:application` serves every page,
and in production nginx sends it only the push channel's streams under /live/ (cfmj/core/live.py;
scripts/production/). gunicorn's sync workers serve everything else (cfmj/wsgi.py): a sync worker
holding an open stream serves nobody else.

Before uvicorn serves anyone, the URLconf is imported (every view) and its lookups built
(cfmj.site.warm): the first stream after a restart waited about 0.6 s for them, and with it every
page reconnecting at that moment. No templates: streams render none."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cfmj.settings")
application = get_asgi_application()


def _warm() -> None:
    from cfmj.site import warm  # noqa: PLC0415 - needs Django set up, by the line above

    warm.warm_streams()


_warm()
