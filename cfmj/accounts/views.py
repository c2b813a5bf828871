from __future__ import annotations

from functools import partial

from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordResetForm
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST
from kombu.exceptions import OperationalError as QueueDown

from cfmj.accounts.forms import SignUpForm
from cfmj.accounts.limits import signup_scope
from cfmj.accounts.redirects import local_next
from cfmj.accounts.services import AccountError, display_large_print_set, user_sign_up
from cfmj.accounts.tasks import password_reset_send
from cfmj.core.ratelimit import rate_limited


class LoginView(auth_views.LoginView):
    """Django's log-in, with `next` read like everywhere else on the site (a relative "abc" or an
    absolute address falls back to the home page instead of being followed)."""

    template_name = "accounts/login.html"

    def get_redirect_url(self, request: HttpRequest | None = None) -> str:
        return local_next(request or self.request, "")


@require_http_methods(["GET", "POST"])
@rate_limited("signup", scope=signup_scope)
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return HttpResponseRedirect(local_next(request))
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = user_sign_up(form_user=form.save(commit=False), session=request.session)
        except AccountError as error:  # the same name signed up a moment ago
            form.add_error("username", str(error))
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return HttpResponseRedirect(local_next(request))
    return render(request, "accounts/signup.html", {"form": form, "next": local_next(request, "")})


@require_POST
def large_print(request: HttpRequest) -> HttpResponse:
    display_large_print_set(
        user=request.user, session=request.session, on=request.POST.get("large_print") == "on"
    )
    return HttpResponseRedirect(local_next(request))


@require_http_methods(["GET", "POST"])
@rate_limited("password_reset")
def password_reset(request: HttpRequest) -> HttpResponse:
    """Ask for a link by e-mail. The mail is sent by a task; whatever address is typed, the same work
    is queued and the same page follows, so the page never tells whether an account has it."""
    form = PasswordResetForm(request.POST or None)
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
