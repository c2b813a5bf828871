"""/accounts/delete/: deleting your own account, confirmed with your password, carried out a week
later unless you log in again or press "Keep my account". The last teacher of a class that made
accounts for students chooses first what becomes of them."""

from __future__ import annotations

import datetime

import pytest
from django.db.models import Exists, OuterRef
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from cfmj.accounts.models import User
from cfmj.classes import services as class_services
from cfmj.classes.models import Classroom, ManagedAccount, Membership
from cfmj.site.tasks import delete_due_accounts as delete_due
from tests.accounts.factories import PASSWORD, UserFactory
from tests.accounts.world import world

URL = reverse("accounts:delete")
CANCEL = reverse("accounts:delete_cancel")
ACCOUNT = reverse("accounts:account")
pytestmark = pytest.mark.django_db


def test_it_shows_what_goes_and_asks_for_the_password(client):
    client.force_login(UserFactory())
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Delete your account" in html
    assert 'name="password"' in html
    assert "Nothing is deleted for 7 days" in html
    assert reverse("accounts:data_export") in html


def test_it_tells_a_teacher_what_becomes_of_each_class(client):
    w = world()
    client.force_login(w.tess)
    html = client.get(URL).content.decode()
    assert "You own 2 classes" in html
    assert "<strong>Tuesday beginners</strong>: passes to its co-teacher" in html
    assert "<strong>Library hall</strong>: is archived" in html


def test_it_schedules_the_deletion_a_week_ahead(client):
    user = UserFactory()
    client.force_login(user)
    before = timezone.now()
    response = client.post(URL, {"password": PASSWORD}, follow=True)
    assert response.redirect_chain == [(ACCOUNT + "#main", 302)]
    user.refresh_from_db()
    assert user.deletion_due_at is not None
    assert (
        before + datetime.timedelta(days=7)
        <= user.deletion_due_at
        <= timezone.now() + datetime.timedelta(days=7)
    )
    html = response.content.decode()
    assert f"Your account will be deleted on {user.deletion_due_at:%-d %B %Y}" in html
    assert "Keep my account" in html
    assert client.session["_auth_user_id"] == str(user.pk)  # still logged in, and nothing deleted yet


def test_it_refuses_a_wrong_password(client):
    user = UserFactory()
    client.force_login(user)
    response = client.post(URL, {"password": "not-my-password"})
    assert response.status_code == 200
    assert "That is not your password" in response.content.decode()
    user.refresh_from_db()
    assert user.deletion_due_at is None


def test_it_refuses_no_password(client):
    user = UserFactory()
    client.force_login(user)
    response = client.post(URL, {})
    assert "Type your password to confirm." in response.content.decode()
    user.refresh_from_db()
    assert user.deletion_due_at is None


def test_asking_twice_keeps_the_first_date(client):
    user = UserFactory()
    client.force_login(user)
    client.post(URL, {"password": PASSWORD})
    user.refresh_from_db()
    first = user.deletion_due_at
    client.post(URL, {"password": PASSWORD})
    user.refresh_from_db()
    assert user.deletion_due_at == first
    assert "Keep my account" in client.get(URL).content.decode()


def test_keep_my_account_cancels_it(client):
    user = UserFactory(deletion_due_at=timezone.now() + datetime.timedelta(days=3))
    client.force_login(user)
    user.deletion_due_at = timezone.now() + datetime.timedelta(days=3)  # force_login kept it: ask again
    user.save(update_fields=["deletion_due_at"])
    response = client.post(CANCEL, follow=True)
    assert response.redirect_chain == [(ACCOUNT, 302)]
    assert "Your account is kept" in response.content.decode()
    user.refresh_from_db()
    assert user.deletion_due_at is None


def test_logging_in_cancels_it_and_says_so(client):
    user = UserFactory(username="lena", deletion_due_at=timezone.now() + datetime.timedelta(days=2))
    response = client.post(reverse("accounts:login"), {"username": "lena", "password": PASSWORD}, follow=True)
    assert "logging in has kept it" in response.content.decode()
    user.refresh_from_db()
    assert user.deletion_due_at is None


def test_a_failed_log_in_does_not_cancel_it(client):
    due = timezone.now() + datetime.timedelta(days=2)
    user = UserFactory(username="lena", deletion_due_at=due)
    client.post(reverse("accounts:login"), {"username": "lena", "password": "wrong"})
    user.refresh_from_db()
    assert user.deletion_due_at == due


def test_it_leaves_other_accounts_alone(client):
    user, other = UserFactory(), UserFactory()
    client.force_login(user)
    client.post(URL, {"password": PASSWORD})
    other.refresh_from_db()
    assert other.deletion_due_at is None


def test_a_visitor_is_sent_to_log_in(client):
    for response in (client.get(URL), client.post(URL, {"password": PASSWORD}), client.post(CANCEL)):
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("accounts:login"))


def test_it_needs_a_csrf_token():
    user = UserFactory()
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    assert client.post(URL, {"password": PASSWORD}).status_code == 403
    user.refresh_from_db()
    assert user.deletion_due_at is None


def test_password_tries_are_limited(client, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "account_password": {"user": 3, "window": 900}}
    user = UserFactory()
    client.force_login(user)
    codes = [client.post(URL, {"password": f"guess-{n}"}).status_code for n in range(4)]
    assert codes == [200, 200, 200, 429]
    assert client.post(URL, {"password": PASSWORD}).status_code == 429
    user.refresh_from_db()
    assert user.deletion_due_at is None


def test_cancel_refuses_get(client):
    client.force_login(UserFactory())
    assert client.get(CANCEL).status_code == 405


def test_every_page_reminds_of_a_scheduled_deletion(client):
    user = UserFactory(username="nan")
    client.force_login(user)
    assert "to be deleted" not in client.get("/").content.decode()
    client.post(URL, {"password": PASSWORD})
    user.refresh_from_db()
    day = timezone.localtime(user.deletion_due_at).strftime("%-d %B %Y")
    assert f"Your account is to be deleted on {day}." in client.get("/lessons/").content.decode()
    assert "Your account is to be deleted on" not in client.get(reverse("accounts:account")).content.decode()


# The last teacher of a class that made accounts for students (managed accounts).


def _sole_teacher_with_accounts() -> tuple[User, Classroom, list[User], User]:
    """Mia teaches Friday club alone: two accounts she made for it, and a student of her own."""
    mia = UserFactory(username="mia", role="teacher")
    friday = class_services.classroom_create(teacher=mia, name="Friday club")
    kids = [
        class_services.student_create(classroom=friday, teacher=mia, username=f"kid{n}", password=PASSWORD)
        for n in (1, 2)
    ]
    sam = UserFactory(username="sam")
    class_services.classroom_join(user=sam, code=friday.code)
    return mia, friday, kids, sam


def _carry_out(user: User) -> int:
    """Make the deletion asked for due now, and run the task; how many it deleted."""
    User.objects.filter(pk=user.pk, deletion_due_at__isnull=False).update(
        deletion_due_at=timezone.now() - datetime.timedelta(minutes=1)
    )
    deleted: int = delete_due.apply().get()
    return deleted


def _accounts_without_a_teacher() -> list[str]:
    teacher = Membership.objects.active().teachers().filter(classroom=OuterRef("classroom"))
    return list(ManagedAccount.objects.exclude(Exists(teacher)).values_list("user__username", flat=True))


def test_it_asks_the_last_teacher_what_happens_to_the_accounts_made_for_the_class(client):
    mia, friday, _, _ = _sole_teacher_with_accounts()
    client.force_login(mia)
    page = client.get(URL)
    html = page.content.decode()
    assert page.status_code == 200
    assert "<strong>Friday club</strong> (2 accounts made for it)" in html
    assert "<strong>Friday club</strong>: is archived; for the accounts made for it, see below" in html
    assert f'href="{reverse("classes:detail", args=[friday.pk])}#teachers"' in html
    assert 'name="class_accounts"' in html


def test_nothing_is_asked_for_until_the_teacher_chose(client):
    mia, _, kids, _ = _sole_teacher_with_accounts()
    client.force_login(mia)
    response = client.post(URL, {"password": PASSWORD})
    assert response.status_code == 200
    assert "Choose what happens to the accounts made for your class." in response.content.decode()
    mia.refresh_from_db()
    assert mia.deletion_due_at is None and not mia.deletion_takes_class_accounts
    assert _carry_out(mia) == 0
    assert User.objects.filter(pk__in=[kid.pk for kid in kids]).count() == 2


def test_the_accounts_go_with_the_teacher_who_chose_that(client):
    mia, friday, kids, sam = _sole_teacher_with_accounts()
    client.force_login(mia)
    response = client.post(URL, {"password": PASSWORD, "class_accounts": "delete"})
    assert response.status_code == 302
    mia.refresh_from_db()
    assert mia.deletion_due_at is not None and mia.deletion_takes_class_accounts
    assert "are deleted with it" in client.get(URL).content.decode()
    assert User.objects.filter(pk__in=[kid.pk for kid in kids]).count() == 2  # not before the day

    assert _carry_out(mia) == 1

    assert not User.objects.filter(pk__in=[mia.pk, *(kid.pk for kid in kids)]).exists()
    assert not ManagedAccount.objects.exists() and _accounts_without_a_teacher() == []
    friday.refresh_from_db()
    assert friday.archived and friday.owner is None
    assert User.objects.filter(pk=sam.pk).exists()  # a student with an account of their own stays
    assert Membership.objects.active().filter(classroom=friday, user=sam).exists()


def test_choosing_to_hand_the_class_over_deletes_nothing_and_leads_to_the_class(client):
    mia, friday, _, _ = _sole_teacher_with_accounts()
    client.force_login(mia)
    response = client.post(URL, {"password": PASSWORD, "class_accounts": "hand_over"}, follow=True)
    assert response.redirect_chain == [(reverse("classes:detail", args=[friday.pk]) + "#teachers", 302)]
    assert "Nothing is deleted. Invite a co-teacher for Friday club below" in response.content.decode()
    mia.refresh_from_db()
    assert mia.deletion_due_at is None


def test_once_a_co_teacher_accepts_the_class_and_its_accounts_pass_to_them(client):
    mia, friday, kids, _ = _sole_teacher_with_accounts()
    ned = UserFactory(username="ned", role="teacher")
    invite = class_services.coteacher_invite(classroom=friday, owner=mia, username="ned")
    client.force_login(mia)
    assert 'name="class_accounts"' in client.get(URL).content.decode()  # asked: not accepted yet
    class_services.coteacher_invite_answer(invite=invite, invitee=ned, accept=True)
    page = client.get(URL)
    assert 'name="class_accounts"' not in page.content.decode()
    client.post(URL, {"password": PASSWORD})

    assert _carry_out(mia) == 1

    friday.refresh_from_db()
    assert friday.owner == ned and not friday.archived
    assert set(ManagedAccount.objects.values_list("user_id", flat=True)) == {kid.pk for kid in kids}
    assert _accounts_without_a_teacher() == []
    client.force_login(ned)  # ned looks after them now
    changed = client.post(
        reverse("classes:student_password", args=[friday.pk, kids[0].pk]), {"password": "new-tile-rack-77"}
    )
    assert changed.status_code == 302
    kids[0].refresh_from_db()
    assert kids[0].check_password("new-tile-rack-77")


def test_a_teacher_whose_class_has_another_teacher_is_not_asked(client):
    w = world()  # tess made kid1 for Tuesday beginners, which cora teaches too
    client.force_login(w.tess)
    assert 'name="class_accounts"' not in client.get(URL).content.decode()
    client.post(URL, {"password": PASSWORD})
    w.tess.refresh_from_db()
    assert w.tess.deletion_due_at is not None and not w.tess.deletion_takes_class_accounts
    assert _carry_out(w.tess) == 1
    assert ManagedAccount.objects.get(user=w.kid).classroom.owner == w.cora
    assert _accounts_without_a_teacher() == []


def test_keeping_the_account_forgets_the_choice(client):
    mia, *_ = _sole_teacher_with_accounts()
    client.force_login(mia)
    client.post(URL, {"password": PASSWORD, "class_accounts": "delete"})
    client.post(CANCEL)
    mia.refresh_from_db()
    assert mia.deletion_due_at is None and not mia.deletion_takes_class_accounts
