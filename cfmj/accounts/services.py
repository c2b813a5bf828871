from __future__ import annotations

import datetime
import smtplib

from django.conf import settings
from django.contrib.auth import password_validation
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.tokens import default_token_generator
from django.contrib.sessions.backends.base import SessionBase
from django.core.cache import cache
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from cfmj.accounts.models import User
from cfmj.accounts.recovery import code_new, code_shown
from cfmj.core.days import ZONE_KEY, zone_checked, zone_unknown

LARGE_PRINT_KEY = "large_print"
RECOVERY_KEY = "recovery_code_to_show"
NO_MATCH = (
    "That username and recovery code do not go together. Check both, as they are on the card you "
    "printed or wrote down, and try again."
)


class AccountError(Exception):
    """Something asked of an account that cannot be done, and why, in words for the user."""


def display_large_print_set(
    *, user: AbstractBaseUser | AnonymousUser, session: SessionBase, on: bool
) -> None:
    """Remember the large-print choice: on the account when signed in, else for the visit."""
    session[LARGE_PRINT_KEY] = on
    if isinstance(user, User):
        user.large_print = on
        user.save(update_fields=["large_print"])


def time_zone_set(*, user: AbstractBaseUser | AnonymousUser, session: SessionBase, zone: str) -> None:
    """Keep the time zone the learner chose: on the account when signed in, else for the visit.
    Raises AccountError for a name that is not a zone."""
    name = zone_checked(zone)
    if name is None:
        raise AccountError(zone_unknown(zone))
    if isinstance(user, User):
        User.objects.filter(pk=user.pk).update(time_zone=name)
        user.time_zone = name
    else:
        session[ZONE_KEY] = name


def time_zone_detected(*, user: AbstractBaseUser | AnonymousUser, visit_zone: str, zone: str) -> str | None:
    """The zone the learner's browser told, kept only where none is known yet (it never undoes a
    choice): on an account, here; for a visitor with no zone for the visit (`visit_zone`), returned,
    for the view to keep in the visit's own cookie (cfmj.core.days.ZONE_COOKIE), else None.
    Raises AccountError for a name that is not a zone."""
    name = zone_checked(zone)
    if name is None:
        raise AccountError(zone_unknown(zone))
    if isinstance(user, User):
        if not user.time_zone:
            User.objects.filter(pk=user.pk).update(time_zone=name)
            user.time_zone = name
        return None
    return None if visit_zone else name


def time_zone_claim(*, user: User, visit_zone: str) -> None:
    """On logging in, an account with no zone yet takes the one the visit found (learners.visit_zone)."""
    name = zone_checked(visit_zone)
    if name is not None and not user.time_zone:
        User.objects.filter(pk=user.pk).update(time_zone=name)
        user.time_zone = name


def user_sign_up(*, form_user: User, session: SessionBase, visit_zone: str) -> User:
    """Save a new account, keeping what the visitor already chose for this visit and the zone it
    found (learners.visit_zone). Raises AccountError when the name was taken (in any case) since
    the form checked it."""
    form_user.large_print = bool(session.get(LARGE_PRINT_KEY, False))
    form_user.time_zone = zone_checked(visit_zone) or ""
    try:
        with transaction.atomic():
            form_user.save()
    except IntegrityError:
        raise AccountError("A user with that username already exists.") from None
    return form_user


RESET_SUBJECT = "accounts/email/password_reset_subject.txt"
RESET_BODY = "accounts/email/password_reset.txt"


def password_reset_mail_send(*, email: str, domain: str, use_https: bool) -> int:
    """Mail a one-use link to choose a new password to every active account with this address (in
    any case) that has a password of its own, at most once per account in
    PASSWORD_RESET_MAIL_QUIET_SECONDS: asked again sooner, nothing more is sent, silently. A
    failure to send is raised (the task retries it), never swallowed, and starts no quiet minutes.
    Returns how many were sent.

    Why a quiet time per account and no limit per address typed: a limit per address typed was
    used up by three requests for someone else's address, and then refused the owner's own
    request for an hour. Now every request is answered alike (the "sent" page), and the owner
    always has a link: a request by anyone sends one to the owner's own inbox, where only the
    owner reads it, and it works until it is used or PASSWORD_RESET_TIMEOUT passes (a newer link
    does not cancel it); asking within the quiet minutes, they use the one just sent (the page
    says so), and after them they are sent another. A stranger asking again and again from many
    addresses makes at most one mail per account per quiet time (the per-address limit,
    RATE_LIMITS["password_reset"], still refuses a flood from one address)."""
    sent = 0
    quiet = settings.PASSWORD_RESET_MAIL_QUIET_SECONDS
    for user in PasswordResetForm().get_users(email):
        mark = f"reset-mailed:{user.pk}"
        if quiet > 0 and not cache.add(mark, True, timeout=quiet):
            continue  # mailed a link moments ago: it still works
        context = {
            "user": user,
            "domain": domain,
            "protocol": "https" if use_https else "http",
            "uid": urlsafe_base64_encode(force_bytes(user.pk)),
            "token": default_token_generator.make_token(user),
        }
        subject = "".join(render_to_string(RESET_SUBJECT, context).splitlines())
        try:
            EmailMessage(subject, render_to_string(RESET_BODY, context), to=[user.email]).send()
        except (smtplib.SMTPException, OSError):  # what the task retries: the retry must send
            cache.delete(mark)
            raise
        sent += 1
    return sent


DELETION_DELAY = datetime.timedelta(days=7)


def account_email_set(*, user: User, email: str) -> None:
    """The address reset links go to ("" for none; the domain is kept in lower case)."""
    email = User.objects.normalize_email(email.strip())
    User.objects.filter(pk=user.pk).update(email=email)
    user.email = email


def account_deletion_schedule(
    *, user: User, now: datetime.datetime | None = None, class_accounts: bool = False
) -> datetime.datetime:
    """Ask for the account to be deleted DELETION_DELAY from now (asking again keeps the first
    date). `class_accounts`: the accounts made for a class the account leaves with no teacher go
    with it (User.deletion_takes_class_accounts). Returns when it will be."""
    due = (now or timezone.now()) + DELETION_DELAY
    if not User.objects.filter(pk=user.pk, deletion_due_at__isnull=True).update(deletion_due_at=due):
        due = User.objects.values_list("deletion_due_at", flat=True).get(pk=user.pk) or due
    User.objects.filter(pk=user.pk).update(deletion_takes_class_accounts=class_accounts)
    user.deletion_due_at, user.deletion_takes_class_accounts = due, class_accounts
    return due


def account_deletion_cancel(*, user: User) -> bool:
    """Keep the account after all. True when a deletion was waiting."""
    cancelled = User.objects.filter(pk=user.pk, deletion_due_at__isnull=False).update(
        deletion_due_at=None, deletion_takes_class_accounts=False
    )
    user.deletion_due_at, user.deletion_takes_class_accounts = None, False
    return bool(cancelled)


def recovery_code_renew(*, user: User, now: datetime.datetime | None = None) -> str:
    """Give the account a new recovery code: the old one stops working at once. Only its hash is
    kept; the code is returned, grouped, to be shown once (recovery_code_keep)."""
    code = code_new()
    hashed, made = make_password(code), now or timezone.now()
    User.objects.filter(pk=user.pk).update(recovery_code=hashed, recovery_code_made_at=made)
    user.recovery_code, user.recovery_code_made_at = hashed, made
    return code_shown(code)


def password_recover(*, user: User, checked: str, password: str) -> str:
    """Set a new password on an account whose recovery code was just checked (`checked`: the hash
    the code matched), and use the code up: a new one replaces it, returned to be shown once.
    Raises AccountError when the code changed since it was checked (used a moment ago, as by a
    form sent twice): a code opens the account once."""
    code = code_new()
    replaced = (
        User.objects.filter(pk=user.pk, recovery_code=checked)
        .exclude(recovery_code="")
        .update(
            password=make_password(password),
            recovery_code=make_password(code),
            recovery_code_made_at=timezone.now(),
        )
    )
    user.refresh_from_db()
    if not replaced:
        raise AccountError(NO_MATCH)
    password_validation.password_changed(password, user)
    return code_shown(code)


def recovery_code_keep(*, session: SessionBase, user: User, code: str, then: str) -> None:
    """Keep a code just made for the page that shows it once (in the session, server-side, for
    this account only), with where that page leads on (`then`, a path on this site)."""
    session[RECOVERY_KEY] = {"user": user.pk, "code": code, "then": then}


def recovery_code_take(*, session: SessionBase, user: User) -> tuple[str, str] | None:
    """The code kept to be shown, and where its page leads on, taken out of the session: shown
    once. None when there is none for this account."""
    kept = session.pop(RECOVERY_KEY, None)
    if not isinstance(kept, dict) or kept.get("user") != user.pk:
        return None
    return str(kept.get("code", "")), str(kept.get("then", ""))
