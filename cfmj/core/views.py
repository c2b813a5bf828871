from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from cfmj.core.health import health_details_allowed, health_report, health_summary
from cfmj.core.live import stream_response


@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico whatever the page links: send them the tile (static/favicon.svg)."""
    return redirect(static("favicon.svg"))


@require_GET
@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    report = health_report()
    status = 200 if report["status"] == "ok" else 503
    if not health_details_allowed(request):
        report = health_summary(report)
    return JsonResponse(report, status=status)


def bench_bare(request: HttpRequest) -> HttpResponse:
    """The least a Django view can do: the yardstick for `make loadtest`. Routed only when the
    server starts with CFMJ_BENCH_BARE=1 (cfmj/urls.py)."""
    return HttpResponse("ok", content_type="text/plain")


def bench_floor(request: HttpRequest) -> HttpResponse:
    """What every page of the site does before its own work: the session and the signed-in user
    read, the layout (navigation, large-print switch, messages) rendered. The second yardstick of
    `make loadtest`, routed like bench_bare."""
    return render(request, "bench_floor.html")


async def bench_live(request: HttpRequest, topic: str) -> StreamingHttpResponse:
    """A push-channel stream and nothing else, at version 0 (bench/live.py publishes to it).
    Routed, under /live/ like every stream, only when the server starts with CFMJ_BENCH_BARE=1."""
    return await stream_response(f"bench:{topic}", version=0)
