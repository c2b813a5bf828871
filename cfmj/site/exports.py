"""A person's data as a JSON download (their own, or a managed account's for its class's teacher)."""

from __future__ import annotations

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse
from django.utils import timezone
from django.utils.http import content_disposition_header

from cfmj.accounts.models import User
from cfmj.site.selectors import account_data


def account_data_response(*, user: User) -> HttpResponse:
    """account_data(user) as a JSON file to save (never cached: it is private)."""
    body = json.dumps(account_data(user=user), cls=DjangoJSONEncoder, indent=2, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    name = f"card-free-mah-jongg-{user.username}-{timezone.localdate():%Y-%m-%d}.json"
    response["Content-Disposition"] = content_disposition_header(True, name)
    response["Cache-Control"] = "no-store"
    return response
