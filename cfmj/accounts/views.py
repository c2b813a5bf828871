from __future__ import annotations

from functools import partial
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordResetForm
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from kombu.exceptions import OperationalError as QueueDown

from cfmj.accounts.forms import RecoverForm, TimeZoneForm
from cfmj.accounts.learners import learner_of, user_of, visit_zone
from cfmj.accounts.redirects import is_local_path, local_next
from cfmj.accounts.services import (
    LARGE_PRINT_KEY,
    AccountError,
    display_large_print_set,
    password_recover,
    recovery_code_keep,
    recovery_code_take,
    time_zone_detected,
    time_zone_set,
)
from cfmj.accounts.tasks import password_reset_send
from cfmj.core.days import ZONE_COOKIE, ZONE_COOKIE_SECONDS, zone_label
from cfmj.core.ratelimit import rate_limited


class LogoutView(auth_views.LogoutView):
    """Django's log-out, but large print stays on for the visit that follows: the log-in page comes
    next for whoever needs it."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        large = bool(getattr(request.user, "large_print", False) or request.session.get(LARGE_PRINT_KEY))
        response = super().post(request, *args, **kwargs)
        if large:
            request.session[LARGE_PRINT_KEY] = True
        return response


@require_POST
def large_print(request: HttpRequest) -> HttpResponse:
    display_large_print_set(
        user=request.user, session=request.session, on=request.POST.get("large_print") == "on"
    )
    return HttpResponseRedirect(local_next(request))


@require_http_methods(["GET", "POST"])
def time_zone(request: HttpRequest) -> HttpResponse:
    """Where the learner's day turns, for an account or a visitor. The browser posts its own zone
    once (`detected`: kept only when none is known yet, answered with 204; a visitor's in a cookie,
    cfmj.core.days.ZONE_COOKIE, never in the session); a learner chooses one with the form here or
    on the account page."""
    if request.method == "POST" and request.POST.get("detected"):
        try:
            keep = time_zone_detected(
                user=request.user, visit_zone=visit_zone(request), zone=request.POST.get("time_zone", "")
            )
        except AccountError:
            return HttpResponse(status=400)
        response = HttpResponse(status=204)
        if keep is not None:
            response.set_cookie(
                ZONE_COOKIE,
                keep,
                max_age=ZONE_COOKIE_SECONDS,
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Lax",
            )
        return response
    current = learner_of(request).zone
    form = TimeZoneForm(request.POST if request.method == "POST" else None, initial={"time_zone": current})
    if request.method == "POST" and form.is_valid():
        time_zone_set(user=request.user, session=request.session, zone=form.cleaned_data["time_zone"])
        chosen = zone_label(form.cleaned_data["time_zone"])
        messages.success(request, f"Your day now turns at midnight in {chosen}.")
        return HttpResponseRedirect(local_next(request, reverse("accounts:time_zone")))
    status = 400 if request.method == "POST" else 200
    return render(
        request,
        "accounts/time_zone.html",
        {"form": form, "current": zone_label(current), "next": local_next(request, "")},
        status=status,
    )


@require_http_methods(["GET", "POST"])
@rate_limited("password_reset")
def password_reset(request: HttpRequest) -> HttpResponse:
    """Ask for a link by e-mail. The mail is sent by a task; whatever address is typed and however
    often, the same work is queued and the same page follows, so the page never tells whether an
    account has it, and nobody's requests can refuse its owner's (the mail is capped per account:
    services.password_reset_mail_send)."""
    form = PasswordResetForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        send = partial(
            password_reset_send.delay, form.cleaned_data["email"], request.get_host(), request.is_secure()
        )
        try:
            transaction.on_commit(send)
        except QueueDown:
            form.add_error(None, "The e-mail could not be sent just now. Please try again in a few minutes.")
            return render(request, "accounts/password_reset.html", {"form": form}, status=503)
        return redirect("accounts:password_reset_done")
    return render(request, "accounts/password_reset.html", {"form": form})


@require_http_methods(["GET", "POST"])
@rate_limited("password_recover")
def password_forgotten(request: HttpRequest) -> HttpResponse:
    """A forgotten password set again with the username and the account's recovery code (for an
    account with no e-mail: cfmj/accounts/recovery.py). The code is used up: the person is logged
    in and shown the new one that replaces it, once. Whatever does not match gets the same words,
    so the page never tells whether an account exists or has a code."""
    form = RecoverForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid() and form.user is not None:
        user = form.user
        try:
            code = password_recover(
                user=user, checked=form.checked, password=form.cleaned_data["new_password1"]
            )
        except AccountError as error:  # the same code used a moment ago (a form sent twice)
            form.add_error(None, str(error))
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            recovery_code_keep(session=request.session, user=user, code=code, then=reverse("home"))
            messages.success(
                request,
                "Your new password is set, and you are logged in. Your recovery code is used up: "
                "here is a new one. Keep it in the old one's place.",
            )
            return redirect("accounts:recovery_code")
    status = 400 if request.method == "POST" else 200
    return render(request, "accounts/password_forgotten.html", {"form": form}, status=status)


@never_cache
@login_required
@require_GET
def recovery_code(request: HttpRequest) -> HttpResponse:
    """The recovery code just made (at sign-up, from the account page, or in place of one used),
    shown once, to print like a login card or write down; asked for again, the page says how to
    make a new one. Never cached: the back button does not bring the code back."""
    user = user_of(request)
    kept = recovery_code_take(session=request.session, user=user)
    code, then = kept if kept is not None else ("", "")
    return render(
        request,
        "accounts/recovery_code.html",
        {
            "account": user,
            "code": code,
            "then": then if is_local_path(then, request) else reverse("accounts:account"),
            "recover_url": request.build_absolute_uri(reverse("accounts:password_forgotten")),
        },
    )
