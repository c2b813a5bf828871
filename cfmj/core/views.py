from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from cfmj.core.health import health_report

EXAMPLE_HAND = "4B 4B 4B 6B 6B 6B 8B 8B 8B RD RD RD F F"


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"example_hand": EXAMPLE_HAND})


@require_GET
@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    report = health_report()
    return JsonResponse(report, status=200 if report["status"] == "ok" else 503)
