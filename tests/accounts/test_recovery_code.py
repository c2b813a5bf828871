"""/accounts/recovery-code/: a recovery code just made, shown once to its own account, printable
like a login card; asked for again, the page says how to make a new one."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cfmj.accounts.services import recovery_code_keep, recovery_code_renew, recovery_code_take
from tests.accounts.factories import UserFactory

pytestmark = pytest.mark.django_db

URL = reverse("accounts:recovery_code")


def test_it_shows_a_code_once_as_a_card_to_print_and_never_to_a_cache(client) -> None:
    ruth = UserFactory(username="ruth", real_name="Ruth Baker")
    client.force_login(ruth)
    session = client.session
    code = recovery_code_renew(user=ruth)
    recovery_code_keep(session=session, user=ruth, code=code, then="/classes/")
    session.save()
    page = client.get(URL)
    assert page.status_code == 200
    html = page.content.decode()
    assert code in html and "ruth" in html and "Ruth Baker" in html
    assert 'class="login-card"' in html and "data-print" in html
    assert "http://testserver" + reverse("accounts:password_forgotten") in html
    assert 'href="/classes/"' in html  # on to where the sign-up was going
    assert "no-store" in page["Cache-Control"]
    again = client.get(URL)
    assert again.status_code == 200 and code not in again.content.decode()
    assert "shown only once" in again.content.decode()
    assert reverse("accounts:account") + "#recovery" in again.content.decode()


def test_it_shows_a_code_only_to_the_account_it_was_made_for(client) -> None:
    ruth, other = UserFactory(), UserFactory()
    session = client.session
    recovery_code_keep(session=session, user=ruth, code="ABCD-EFGH-JKLM-NPQR", then="/")
    assert recovery_code_take(session=session, user=other) is None
    assert "recovery_code_to_show" not in session  # taken out all the same


def test_it_leads_only_to_a_path_on_this_site(client) -> None:
    ruth = UserFactory()
    client.force_login(ruth)
    session = client.session
    recovery_code_keep(session=session, user=ruth, code="ABCD-EFGH-JKLM-NPQR", then="https://evil.example/")
    session.save()
    assert client.get(URL).context["then"] == reverse("accounts:account")
