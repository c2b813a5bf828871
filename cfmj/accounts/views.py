from __future__ import annotations

from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods, require_POST

from cfmj.accounts.forms import SignUpForm
from cfmj.accounts.services import display_large_print_set, user_sign_up
from cfmj.core.ratelimit import rate_limited


def _next_url(request: HttpRequest, default: str = "/") -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                       require_https=request.is_secure()):
        return target
    return default


@require_http_methods(["GET", "POST"])
@rate_limited("signup")
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect(_next_url(request))
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = user_sign_up(form_user=form.save(commit=False), session=request.session)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(_next_url(request))
    return render(request, "accounts/signup.html", {"form": form, "next": _next_url(request, "")})


@require_POST
def large_print(request: HttpRequest) -> HttpResponse:
    display_large_print_set(user=request.user, session=request.session,
                            on=request.POST.get("large_print") == "on")
    return redirect(_next_url(request))
