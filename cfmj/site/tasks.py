"""Celery tasks that reach across apps: run by celery beat, they take no arguments, call a
service, and are safe to run again."""

from __future__ import annotations

from celery import shared_task

from cfmj.site.services import accounts_delete_due, visitor_rows_purge


@shared_task(name="cfmj.site.tasks.delete_due_accounts", ignore_result=True)
def delete_due_accounts() -> int:
    """Run by celery beat: delete the accounts whose owners asked for it and whose time has come.
    Safe to run twice or at once on two workers (each account is checked again under a lock)."""
    return accounts_delete_due()


@shared_task(name="cfmj.site.tasks.purge_visitor_rows", ignore_result=True)
def purge_visitor_rows() -> int:
    """Run by celery beat: delete visitors' practice and lesson rows never claimed (safe to repeat)."""
    return visitor_rows_purge()
