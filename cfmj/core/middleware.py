"""htmx plumbing in one place: responses vary on HX-Request, and redirects answering an htmx
request become HX-Redirect so the whole page moves rather than a fragment."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers
from django_htmx.http import HttpResponseClientRedirect

REDIRECTS = (301, 302, 303, 307, 308)


Handler = Callable[[HttpRequest], HttpResponse]


def htmx_plumbing(get_response: Handler) -> Handler:
    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if getattr(request, "htmx", False) and response.status_code in REDIRECTS:
            response = HttpResponseClientRedirect(response["Location"])
        patch_vary_headers(response, ("HX-Request",))
        return response

    return middleware
