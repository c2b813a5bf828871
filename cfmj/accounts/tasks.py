"""Celery tasks for accounts: they take plain values, call a service, and are safe to run again."""

from __future__ import annotations

import smtplib

from celery import shared_task

from cfmj.accounts import services


@shared_task(
    name="accounts.password_reset_send",
    ignore_result=True,
    autoretry_for=(smtplib.SMTPException, OSError),  # the mail server away or refusing: try later
    retry_backoff=30,
    retry_backoff_max=600,
    max_retries=5,
)
def password_reset_send(email: str, domain: str, use_https: bool) -> None:
    """Mail a reset link to the accounts with this address. Delivered twice (a worker died, a retry
    after one of several accounts failed), it sends another link, which is harmless: each works."""
    services.password_reset_mail_send(email=email, domain=domain, use_https=use_https)
