"""A URLconf for tests/core/test_live.py alone: a stream of the push channel at /live/<topic>/,
starting at the version given in ?version=; a stream over several topics at /live-many/?t=topic:7
(repeated), for tests/core/test_live_many.py."""

from __future__ import annotations

from django.http import HttpRequest, StreamingHttpResponse
from django.urls import path

from cfmj.core.live import stream_many_response, stream_response


async def stream(request: HttpRequest, topic: str) -> StreamingHttpResponse:
    return await stream_response(topic, version=int(request.GET.get("version", "0")))


async def stream_many(request: HttpRequest) -> StreamingHttpResponse:
    pairs = (item.rpartition(":") for item in request.GET.getlist("t"))
    return await stream_many_response({topic: int(version) for topic, _, version in pairs})


urlpatterns = [path("live/<str:topic>/", stream), path("live-many/", stream_many)]
