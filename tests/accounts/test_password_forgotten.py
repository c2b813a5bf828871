"""/accounts/password/forgotten/: a forgotten password set again with the username and the
account's recovery code (cfmj/accounts/recovery.py), for an account with no e-mail.

A code works once and is replaced by a new one, shown once; whatever does not match (a wrong code,
a name no account has, an account with no code, such as one a teacher made) gets the same words and
the same work, so the page tells nothing of who has an account; tries are limited per address and
per account, from any address."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from django.contrib.auth import hashers
from django.test import Client
from django.urls import reverse

from cfmj.accounts import selectors
from cfmj.accounts.models import User
from cfmj.accounts.recovery import ALPHABET, GROUP, LENGTH, code_read
from cfmj.accounts.services import NO_MATCH, AccountError, password_recover, recovery_code_renew
from cfmj.classes import services as class_services
from tests.accounts.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

URL = reverse("accounts:password_forgotten")
CODE_PAGE = reverse("accounts:recovery_code")
NEW_PASSWORD = "harbour-lantern-moon-91"


def _recover(client: Client, username: str, code: str, password: str = NEW_PASSWORD, **extra: Any) -> Any:
    data = {"username": username, "code": code, "new_password1": password, "new_password2": password}
    return client.post(URL, data, **extra)


def _ruth() -> tuple[User, str]:
    ruth = UserFactory(username="ruth", email="")
    return ruth, recovery_code_renew(user=ruth)


def test_it_shows_the_form_and_what_to_do_without_a_code(client) -> None:
    page = client.get(URL)
    assert page.status_code == 200
    html = page.content.decode()
    for name in ("username", "code", "new_password1", "new_password2"):
        assert f'name="{name}"' in html
    assert reverse("accounts:password_reset") in html  # an e-mail address: a link
    assert "ask a teacher of that class to set a new password" in html


def test_a_code_is_16_unmistakable_characters_in_groups_kept_only_as_a_hash() -> None:
    ruth, code = _ruth()
    groups = code.split("-")
    assert [len(g) for g in groups] == [GROUP] * (LENGTH // GROUP)
    assert set("".join(groups)) <= set(ALPHABET) and not set("01OI") & set(ALPHABET)
    assert ruth.recovery_code.startswith("md5$") and code_read(code) not in ruth.recovery_code
    assert hashers.check_password(code_read(code), ruth.recovery_code)


def test_it_sets_a_new_password_with_the_code_once_and_shows_the_new_code_once(client) -> None:
    ruth, code = _ruth()
    response = _recover(client, "Ruth", code.lower().replace("-", " "))  # as typed on a phone
    assert response.status_code == 302 and response["Location"] == CODE_PAGE
    ruth.refresh_from_db()
    assert ruth.check_password(NEW_PASSWORD) and client.session["_auth_user_id"] == str(ruth.pk)
    shown = client.get(CODE_PAGE)
    new_code = shown.context["code"]
    assert new_code and new_code != code and new_code in shown.content.decode()
    assert "Your recovery code is used up" in shown.content.decode()
    assert not client.get(CODE_PAGE).context["code"]  # shown once
    client.logout()

    again = _recover(Client(), "ruth", code, "another-lantern-moon-92")  # the old code: used up
    assert again.status_code == 400 and again.context["form"].non_field_errors() == [NO_MATCH]
    ruth.refresh_from_db()
    assert ruth.check_password(NEW_PASSWORD)
    assert _recover(Client(), "ruth", new_code, "another-lantern-moon-92").status_code == 302


def _refusal(response: Any) -> tuple[int, dict[str, list[str]]]:
    return response.status_code, dict(response.context["form"].errors)


def test_it_refuses_whatever_does_not_match_in_the_same_words(client) -> None:
    ruth, code = _ruth()
    nocode = UserFactory(username="nocode")
    teacher = UserFactory(username="tess", role="teacher")
    classroom = class_services.classroom_create(teacher=teacher, name="Tuesday beginners")
    class_services.student_create(classroom=classroom, teacher=teacher, username="max", password=PASSWORD)
    gone = UserFactory(username="gone", is_active=False)
    recovery_code_renew(user=gone)
    wrong = "ABCD-EFGH-JKLM-NPQR"
    refusals = {
        "a wrong code": _refusal(_recover(client, "ruth", wrong)),
        "nobody by that name": _refusal(_recover(client, "nobody-here", code)),
        "an account with no code": _refusal(_recover(client, "nocode", wrong)),
        "an account a teacher made": _refusal(_recover(client, "max", wrong)),
        "an account closed": _refusal(_recover(client, "gone", wrong)),
    }
    assert all(refusal == (400, {"__all__": [NO_MATCH]}) for refusal in refusals.values()), refusals
    for user in (ruth, nocode, gone, User.objects.get(username="max")):
        user.refresh_from_db()
        assert not user.check_password(NEW_PASSWORD)
    assert "_auth_user_id" not in client.session


def test_it_does_the_same_work_whoever_is_named(client) -> None:
    """A hash is made or checked for every try, so the time taken tells nothing either."""
    _ruth()
    for username in ("ruth", "nobody-here"):
        with (
            mock.patch.object(selectors, "make_password", wraps=hashers.make_password) as made,
            mock.patch.object(selectors, "check_password", wraps=hashers.check_password) as checked,
        ):
            _recover(client, username, "ABCD-EFGH-JKLM-NPQR")
        assert made.call_count + checked.call_count == 1, username


def test_it_checks_the_new_password_only_once_the_code_is_right_and_keeps_the_code(client) -> None:
    _, code = _ruth()
    weak = _recover(client, "ruth", code, "123")
    assert weak.status_code == 400 and weak.context["form"].errors["new_password2"]
    assert NO_MATCH not in weak.content.decode()
    mismatch = client.post(
        URL,
        {"username": "ruth", "code": code, "new_password1": NEW_PASSWORD, "new_password2": "other-one-77"},
    )
    assert mismatch.status_code == 400 and mismatch.context["form"].errors["new_password2"]
    assert _recover(client, "ruth", code).status_code == 302  # the code still works


def test_a_code_checked_twice_at_once_opens_the_account_once() -> None:
    """Two forms sent at the same moment both pass the check; only the first sets a password."""
    ruth, _ = _ruth()
    checked = ruth.recovery_code
    assert password_recover(user=ruth, checked=checked, password=NEW_PASSWORD)
    with pytest.raises(AccountError):
        password_recover(user=ruth, checked=checked, password="another-lantern-moon-92")
    ruth.refresh_from_db()
    assert ruth.check_password(NEW_PASSWORD)


@pytest.fixture
def small(settings) -> None:
    settings.RATE_LIMITS = {
        **settings.RATE_LIMITS,
        "password_recover": {"ip": 6, "ip_username": 100, "username": 3, "window": 3600},
    }


def test_it_limits_tries_per_account_from_any_address(small) -> None:
    ruth, code = _ruth()
    client = Client()
    tries = [_recover(client, "ruth", "ABCD-EFGH-JKLM-NPQR", REMOTE_ADDR=f"10.0.0.{n}") for n in range(3)]
    assert [r.status_code for r in tries] == [400] * 3
    refused = _recover(client, "RUTH", code, REMOTE_ADDR="10.0.0.9")  # any spelling, a new address
    assert refused.status_code == 429 and "Please wait" in refused.content.decode()
    ruth.refresh_from_db()
    assert not ruth.check_password(NEW_PASSWORD)
    # a name nobody has is limited the same way: the limit tells nothing of who exists
    for n in range(3):
        _recover(client, "nobody-here", code, REMOTE_ADDR=f"10.0.1.{n}")
    assert _recover(client, "nobody-here", code, REMOTE_ADDR="10.0.1.9").status_code == 429
    assert client.get(URL, REMOTE_ADDR="10.0.0.9").status_code == 200  # the form is never limited


def test_it_limits_tries_per_address(small) -> None:
    client = Client()
    codes = [
        _recover(client, f"name{n}", "ABCD-EFGH-JKLM-NPQR", REMOTE_ADDR="10.0.2.1").status_code
        for n in range(7)
    ]
    assert codes == [400] * 6 + [429]
    assert _recover(client, "name9", "ABCD-EFGH-JKLM-NPQR", REMOTE_ADDR="10.0.2.2").status_code == 400
