from __future__ import annotations

from functools import partial
from typing import Any
from urllib.parse import urlsplit

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from kombu.exceptions import OperationalError as QueueDown

from cfmj.accounts.exports import account_data_response
from cfmj.accounts.forms import DeleteForm, EmailForm, NameForm, RoleForm, SignUpForm, TimeZoneForm
from cfmj.accounts.limits import signup_scope
from cfmj.accounts.models import User
from cfmj.accounts.redirects import local_next
from cfmj.accounts.selectors import classes_owned
from cfmj.accounts.services import (
    DELETION_DELAY,
    LARGE_PRINT_KEY,
    AccountError,
    account_deletion_cancel,
    account_deletion_schedule,
    account_email_set,
    account_name_set,
    account_role_set,
    display_large_print_set,
    time_zone_set,
    user_sign_up,
)
from cfmj.accounts.tasks import password_reset_send
from cfmj.classes import joining
from cfmj.classes.models import ManagedAccount
from cfmj.core.days import zone_label
from cfmj.core.learners import learner_of
from cfmj.core.ratelimit import rate_limited


class LoginView(auth_views.LoginView):
    """Django's log-in, with `next` read like everywhere else on the site (a relative "abc" or an
    absolute address falls back to the home page instead of being followed)."""

    template_name = "accounts/login.html"
    redirect_authenticated_user = True  # a log-in page left open in a tab: on to where it led

    def get_redirect_url(self, request: HttpRequest | None = None) -> str:
        request = request or self.request
        target = local_next(request, "")
        return "" if urlsplit(target).path == request.path else target  # never back to log-in

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {**super().get_context_data(**kwargs), "joining": joining.join_target(self.request)}

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        """Logged in; from a join link's log-in page (which named the class), into the class."""
        response = super().form_valid(form)
        classroom = joining.join_after_sign_in(request=self.request, user=form.get_user())
        if classroom is None:
            return response
        messages.success(self.request, f"You are in {classroom.name}.")
        return redirect("classes:detail", pk=classroom.pk)


class LogoutView(auth_views.LogoutView):
    """Django's log-out, but large print stays on for the visit that follows: the log-in page comes
    next for whoever needs it."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        large = bool(getattr(request.user, "large_print", False) or request.session.get(LARGE_PRINT_KEY))
        response = super().post(request, *args, **kwargs)
        if large:
            request.session[LARGE_PRINT_KEY] = True
        return response


@require_http_methods(["GET", "POST"])
@rate_limited("signup", scope=signup_scope)
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return HttpResponseRedirect(local_next(request))
    form = SignUpForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            user = user_sign_up(form_user=form.save(commit=False), session=request.session)
        except AccountError as error:  # the same name signed up a moment ago
            form.add_error("username", str(error))
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            classroom = joining.join_after_sign_in(request=request, user=user)
            messages.success(
                request,
                f"Welcome, {user.username}: "
                + (f"you are in {classroom.name}. Your " if classroom is not None else "your ")
                + "account is made, and what you did before signing up (lessons, answers, today's "
                "streak) is kept in it.",
            )
            if classroom is not None:
                return redirect("classes:detail", pk=classroom.pk)
            return HttpResponseRedirect(local_next(request))
    return render(
        request,
        "accounts/signup.html",
        {"form": form, "next": local_next(request, ""), "joining": joining.join_target(request)},
    )


@require_POST
def large_print(request: HttpRequest) -> HttpResponse:
    display_large_print_set(
        user=request.user, session=request.session, on=request.POST.get("large_print") == "on"
    )
    return HttpResponseRedirect(local_next(request))


@require_http_methods(["GET", "POST"])
def time_zone(request: HttpRequest) -> HttpResponse:
    """Where the learner's day turns, for an account or a visitor. The browser posts its own zone
    once (`detected`: kept only when none is known yet, answered with 204); a learner chooses one
    with the form here or on the account page."""
    if request.method == "POST" and request.POST.get("detected"):
        try:
            time_zone_set(
                user=request.user,
                session=request.session,
                zone=request.POST.get("time_zone", ""),
                detected=True,
            )
        except AccountError:
            return HttpResponse(status=400)
        return HttpResponse(status=204)
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
    """Ask for a link by e-mail. The mail is sent by a task; whatever address is typed, the same work
    is queued and the same page follows, so the page never tells whether an account has it."""
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


def _user(request: HttpRequest) -> User:
    """The signed-in user (the views using this are behind login_required)."""
    user = request.user
    if not isinstance(user, User):  # pragma: no cover - login_required comes first
        raise Http404("Log in first")
    return user


def _account_page(request: HttpRequest, user: User, **forms: Any) -> HttpResponse:
    """The account page, with any bound form that failed in place of its blank one."""
    zone = learner_of(request).zone
    context = {
        "account": user,
        "name_form": NameForm(initial={"real_name": user.real_name}),
        "email_form": EmailForm(user, initial={"email": user.email}),
        "role_form": RoleForm(initial={"role": user.role}),
        "time_zone_form": TimeZoneForm(initial={"time_zone": zone}),
        "time_zone_now": zone_label(zone),
        "managed": ManagedAccount.objects.filter(user=user).select_related("classroom").first(),
        "deletion_days": DELETION_DELAY.days,
        **forms,
    }
    return render(request, "accounts/account.html", context)


@login_required
@require_GET
def account(request: HttpRequest) -> HttpResponse:
    return _account_page(request, _user(request))


@login_required
@require_POST
@rate_limited("account_password")
def email_change(request: HttpRequest) -> HttpResponse:
    user = _user(request)
    form = EmailForm(user, request.POST)
    if not form.is_valid():
        return _account_page(request, user, email_form=form)
    account_email_set(user=user, email=form.cleaned_data["email"])
    messages.success(
        request, "Your e-mail address is saved." if user.email else "Your e-mail address is removed."
    )
    return HttpResponseRedirect(reverse("accounts:account") + "#main")


@login_required
@require_POST
def name_change(request: HttpRequest) -> HttpResponse:
    user = _user(request)
    form = NameForm(request.POST)
    if form.is_valid():
        try:
            account_name_set(user=user, name=form.cleaned_data["real_name"])
        except AccountError as error:
            form.add_error("real_name", str(error))
        else:
            said = f"Your name is saved: {user.real_name}." if user.real_name else "Your name is removed."
            messages.success(request, said)
            return HttpResponseRedirect(reverse("accounts:account") + "#main")
    return _account_page(request, user, name_form=form)


@login_required
@require_POST
def role_change(request: HttpRequest) -> HttpResponse:
    user = _user(request)
    form = RoleForm(request.POST)
    if form.is_valid():
        try:
            account_role_set(user=user, role=form.cleaned_data["role"])
        except AccountError as error:
            form.add_error("role", str(error))
        else:
            messages.success(request, f"Your account is now a {user.get_role_display().lower()} account.")
            return HttpResponseRedirect(reverse("accounts:account") + "#main")
    return _account_page(request, user, role_form=form)


@login_required
@require_GET
@rate_limited("account_export", methods=("GET",))
def data_export(request: HttpRequest) -> HttpResponse:
    return account_data_response(user=_user(request))


@login_required
@require_http_methods(["GET", "POST"])
@rate_limited("account_password")
def delete(request: HttpRequest) -> HttpResponse:
    """Confirm with the password; the account is deleted DELETION_DELAY later, unless kept."""
    user = _user(request)
    form = DeleteForm(user, request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        due = account_deletion_schedule(user=user)
        messages.success(
            request,
            f"Your account will be deleted on {date_format(localtime(due), 'j F Y')}. Changed your mind? "
            "Press “Keep my account” below, or just log in again before then.",
        )
        return HttpResponseRedirect(reverse("accounts:account") + "#main")
    return render(
        request,
        "accounts/delete.html",
        {"form": form, "owned": classes_owned(user), "days": DELETION_DELAY.days},
    )


@login_required
@require_POST
def delete_cancel(request: HttpRequest) -> HttpResponse:
    if account_deletion_cancel(user=_user(request)):
        messages.success(request, "Your account is kept: nothing will be deleted.")
    return redirect("accounts:account")
