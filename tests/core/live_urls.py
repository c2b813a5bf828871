"""A URLconf for tests/core/test_live.py alone: a stream of the push channel at /live/<topic>/,
starting at the version given in ?version=."""

from __future__ import annotations

from django.http import HttpRequest, StreamingHttpResponse
from django.urls import path

from cfmj.core.live import stream_response


async def stream(request: HttpRequest, topic: str) -> StreamingHttpResponse:
    return await stream_response(topic, version=int(request.GET.get("version", "0")))


urlpatterns = [path("live/<str:topic>/", stream)]
