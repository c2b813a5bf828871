"""One way for a view to answer htmx: the whole page, or only the partial that htmx swaps in.

Modelled on radiofeed-app's render_partial_response, keyed on any htmx request rather than on its
HX-Target (each of our pages has one partial to swap). The rest of the htmx plumbing (Vary:
HX-Request, redirects as HX-Redirect) is cfmj.core.middleware.htmx_plumbing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import HttpResponse
from django.shortcuts import render

from cfmj.core.http import HtmxHttpRequest


def render_partial_response(
    request: HtmxHttpRequest,
    template_name: str,
    context: Mapping[str, Any] | None = None,
    *,
    partial: str | None,
    status: int = 200,
) -> HttpResponse:
    """`template_name` rendered whole, or only its `partial` (a django-template-partials name) when
    htmx asked. `partial` None: the whole page whoever asks (a view that swaps only on a POST)."""
    if partial is not None and request.htmx:
        template_name = f"{template_name}#{partial}"
    return render(request, template_name, context, status=status)
