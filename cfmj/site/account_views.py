"""The account pages that reach into other apps: log-in and sign-up (a join link's class is joined
on the way in, and the new account's recovery code is shown once on the way), the account page (a
managed account's class, the role a teacher still teaching cannot drop, a new recovery code for an
account its owner made), the download of everything the site holds about a person, and deleting an
account (its owner's, or a managed one by its class's teachers)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from cfmj.accounts import login_guard
from cfmj.accounts.forms import (
    DeleteForm,
    EmailForm,
    LoginForm,
    NameForm,
    RecoveryCodeForm,
    RoleForm,
    SignUpForm,
    TimeZoneForm,
)
from cfmj.accounts.learners import learner_of, user_of, visit_zone
from cfmj.accounts.models import User
from cfmj.accounts.redirects import local_next
from cfmj.accounts.services import (
    DELETION_DELAY,
    AccountError,
    account_deletion_cancel,
    account_deletion_schedule,
    account_email_set,
    recovery_code_keep,
    recovery_code_renew,
    user_sign_up,
)
from cfmj.classes import joining
from cfmj.classes.access import managed_or_404, taught_or_404
from cfmj.classes.limits import signup_scope
from cfmj.classes.models import Classroom, ManagedAccount
from cfmj.classes.selectors import class_accounts_left, classes_owned
from cfmj.core.days import zone_label
from cfmj.core.ratelimit import rate_limited
from cfmj.core.usernames import username_key
from cfmj.site.exports import account_data_response
from cfmj.site.services import account_delete_now, account_name_set, account_role_set


class LoginView(auth_views.LoginView):
    """Django's log-in, with `next` read like everywhere else on the site (a relative "abc" or an
    absolute address falls back to the home page instead of being followed)."""

    template_name = "accounts/login.html"
    redirect_authenticated_user = True  # a log-in page left open in a tab: on to where it led
    form_class = LoginForm

    def get_redirect_url(self, request: HttpRequest | None = None) -> str:
        request = request or self.request
        target = local_next(request, "")
        return "" if urlsplit(target).path == request.path else target  # never back to log-in

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {**super().get_context_data(**kwargs), "joining": joining.join_target(self.request)}

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        """Logged in (this browser now knows the account); from a join link's log-in page (which
        named the class), into the class."""
        response = super().form_valid(form)
        classroom = joining.join_after_sign_in(request=self.request, user=form.get_user())
        if classroom is not None:
            messages.success(self.request, f"You are in {classroom.name}.")
            response = redirect("classes:detail", pk=classroom.pk)
        login_guard.known_device_remember(self.request, response, form.get_user().pk)
        return response

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        """The form again; 429 with Retry-After when the try was held back before any check."""
        response = super().form_invalid(form)
        held = getattr(form, "held", None)
        if held is not None:
            response.status_code = 429
            response["Retry-After"] = str(held.seconds)
        return response


@require_http_methods(["GET", "POST"])
@never_cache  # a refused form comes back with the passwords typed in it: kept by no cache
@rate_limited("signup", scope=signup_scope)
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return HttpResponseRedirect(local_next(request))
    # Following a join link, the newcomer is a learner (the class's student): no role is asked.
    form = SignUpForm(
        request.POST if request.method == "POST" else None,
        learner=joining.join_code_of(local_next(request, "")) is not None,
    )
    if request.method == "POST" and form.is_valid():
        try:
            user = user_sign_up(
                form_user=form.save(commit=False), session=request.session, visit_zone=visit_zone(request)
            )
        except AccountError as error:  # the same name signed up a moment ago
            form.add_error("username", str(error))
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            classroom = joining.join_after_sign_in(request=request, user=user)
            messages.success(
                request,
                f"Welcome, {user.username}: "
                + (f"you are in {classroom.name}. Your " if classroom is not None else "your ")
                + "account is made, and what you did before signing up (lessons, answers, hands "
                "played, today's streak) is kept in it.",
            )
            then = (
                reverse("classes:detail", args=[classroom.pk])
                if classroom is not None
                else local_next(request)
            )
            # Its recovery code, shown once on the way there: the way back without e-mail.
            code = recovery_code_renew(user=user)
            recovery_code_keep(session=request.session, user=user, code=code, then=then)
            return redirect("accounts:recovery_code")
    return render(
        request,
        "accounts/signup.html",
        {"form": form, "next": local_next(request, ""), "joining": joining.join_target(request)},
    )


def _account_page(request: HttpRequest, user: User, **forms: Any) -> HttpResponse:
    """The account page, with any bound form that failed in place of its blank one."""
    zone = learner_of(request).zone
    context = {
        "account": user,
        "recovery_form": RecoveryCodeForm(user),
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
    return _account_page(request, user_of(request))


@login_required
@require_POST
@rate_limited("account_password")
def email_change(request: HttpRequest) -> HttpResponse:
    user = user_of(request)
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
@rate_limited("account_password")
def recovery_code_new(request: HttpRequest) -> HttpResponse:
    """A new recovery code, the password typed again: the old code stops working, and the new one
    is shown once. Not for an account a teacher made (404): its class's teachers set its password."""
    user = user_of(request)
    if ManagedAccount.objects.filter(user=user).exists():
        raise Http404("An account a teacher made has no recovery code")
    form = RecoveryCodeForm(user, request.POST)
    if not form.is_valid():
        return _account_page(request, user, recovery_form=form)
    code = recovery_code_renew(user=user)
    recovery_code_keep(
        session=request.session, user=user, code=code, then=reverse("accounts:account") + "#recovery"
    )
    messages.success(request, "Here is your new recovery code. The old one no longer works.")
    return redirect("accounts:recovery_code")


@login_required
@require_POST
def name_change(request: HttpRequest) -> HttpResponse:
    user = user_of(request)
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
    user = user_of(request)
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
    return account_data_response(user=user_of(request))


@login_required
@require_http_methods(["GET", "POST"])
@rate_limited("account_password")
def delete(request: HttpRequest) -> HttpResponse:
    """Confirm with the password; the account is deleted DELETION_DELAY later, unless kept. The last
    teacher of a class that made accounts for students chooses first what becomes of them: they
    go with the account, or the teacher hands the class to a co-teacher first (nothing is asked
    for then)."""
    user = user_of(request)
    left = class_accounts_left(user)
    form = DeleteForm(user, request.POST if request.method == "POST" else None, class_accounts=bool(left))
    if request.method == "POST" and form.is_valid():
        if form.cleaned_data.get("class_accounts") == DeleteForm.HAND_OVER:
            classroom = left[0][0]
            messages.success(request, _hand_over_first(classroom))
            return redirect(reverse("classes:detail", args=[classroom.pk]) + "#teachers")
        due = account_deletion_schedule(user=user, class_accounts=bool(left))
        messages.success(
            request,
            f"Your account will be deleted on {date_format(localtime(due), 'j F Y')}. Changed your mind? "
            "Press “Keep my account” below, or just log in again before then.",
        )
        return HttpResponseRedirect(reverse("accounts:account") + "#main")
    return render(
        request,
        "accounts/delete.html",
        {
            "form": form,
            "owned": classes_owned(user),
            "left": left,
            "left_ids": {classroom.pk for classroom, _ in left},
            "days": DELETION_DELAY.days,
        },
    )


def _hand_over_first(classroom: Classroom) -> str:
    first = "Bring the class back, then invite" if classroom.archived else "Invite"
    return (
        f"Nothing is deleted. {first} a co-teacher for {classroom.name} below: once they accept, the "
        "class and the accounts made for it pass to them when your account goes. Then come back to "
        "delete your account."
    )


@login_required
@require_POST
def delete_cancel(request: HttpRequest) -> HttpResponse:
    if account_deletion_cancel(user=user_of(request)):
        messages.success(request, "Your account is kept: nothing will be deleted.")
    return redirect("accounts:account")


@login_required
@require_GET
def managed_export(request: HttpRequest, pk: int, user_id: int) -> HttpResponse:
    """Everything the site holds about an account the class made, as a JSON file."""
    classroom = taught_or_404(request, pk)
    return account_data_response(user=managed_or_404(classroom, user_id))


@login_required
@require_http_methods(["GET", "POST"])
def managed_delete(request: HttpRequest, pk: int, user_id: int) -> HttpResponse:
    """Delete an account the class made, after a confirming page (at once: nobody else can log in
    to keep it, and the teachers hold its password)."""
    classroom = taught_or_404(request, pk)
    student = managed_or_404(classroom, user_id)
    typed = request.POST.get("username", "")  # read as log-in reads it: any case or width
    if request.method == "POST" and username_key(typed) == username_key(student.username):
        name = student.username
        account_delete_now(user=student)
        messages.success(request, f"The account {name} and everything it did are deleted.")
        return _class_page(classroom)
    mistyped = request.method == "POST"
    return render(
        request,
        "classes/managed_delete.html",
        {"classroom": classroom, "student": student, "mistyped": mistyped},
        status=400 if mistyped else 200,
    )


def _class_page(classroom: Classroom) -> HttpResponse:
    """Back to the class page, at its top, where the message saying what happened is shown."""
    return redirect("classes:detail", pk=classroom.pk)
