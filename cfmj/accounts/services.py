from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.tokens import default_token_generator
from django.contrib.sessions.backends.base import SessionBase
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from cfmj.accounts.models import User

LARGE_PRINT_KEY = "large_print"


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


def user_sign_up(*, form_user: User, session: SessionBase) -> User:
    """Save a new account, keeping what the visitor already chose for this visit. Raises
    AccountError when the name was taken (in any case) since the form checked it."""
    form_user.large_print = bool(session.get(LARGE_PRINT_KEY, False))
    try:
        with transaction.atomic():
            form_user.save()
    except IntegrityError:
        raise AccountError("A user with that username already exists.") from None
    return form_user


RESET_SUBJECT = "accounts/email/password_reset_subject.txt"
RESET_BODY = "accounts/email/password_reset.txt"


def password_reset_mail_send(*, email: str, domain: str, use_https: bool) -> int:
    """Mail a one-use link to choose a new password to every active account with this address that
    has a password of its own. A failure to send is raised (the task retries it), never swallowed.
    Returns how many were sent."""
    sent = 0
    for user in PasswordResetForm().get_users(email):
        context = {
            "user": user,
            "domain": domain,
            "protocol": "https" if use_https else "http",
            "uid": urlsafe_base64_encode(force_bytes(user.pk)),
            "token": default_token_generator.make_token(user),
        }
        subject = "".join(render_to_string(RESET_SUBJECT, context).splitlines())
        EmailMessage(subject, render_to_string(RESET_BODY, context), to=[user.email]).send()
        sent += 1
    return sent
