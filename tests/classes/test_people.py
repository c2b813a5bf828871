"""Who is in a class, through the class page's forms: passwords only for accounts the class made,
co-teachers by invitation, removing and adding back students, a new code, closing joining, and
the look-ups that say whether a name or a code exists being rate limited."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.accounts.models import User
from cfmj.classes import services
from cfmj.classes.models import Classroom, CoteacherInvite, Membership
from tests.classes.helpers import a_class, coteacher, person

pytestmark = pytest.mark.django_db


def _messages(response: Any) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def _set_password(client: Client, classroom: Classroom, student: Any, password: str) -> Any:
    url = reverse("classes:student_password", args=[classroom.pk, student.pk])
    return client.post(url, {"password": password}, follow=True)


def test_it_sets_a_password_for_an_account_the_class_made(client: Client) -> None:
    classroom = a_class()
    assert classroom.owner is not None
    max_ = services.student_create(
        classroom=classroom, teacher=classroom.owner, username="max", password="tiles-on-tuesday"
    )
    client.force_login(coteacher(classroom, "cory"))
    response = _set_password(client, classroom, max_, "bamboo-and-dots")
    assert _messages(response) == ["New password set for max."]
    max_.refresh_from_db()
    assert max_.check_password("bamboo-and-dots")


@pytest.mark.parametrize("role", ["learner", "teacher"])
def test_it_refuses_the_takeover_of_an_account_that_joined_by_code(client: Client, role: str) -> None:
    """Anyone can make a teacher account and hand out a code: the accounts that join (a learner, or
    another teacher joining as a student) keep their passwords, and so their own classes."""
    joiner = person("sam", role)
    attacker = person("mal", "teacher")
    classroom = a_class(attacker, joiner)
    client.force_login(attacker)
    page = client.get(reverse("classes:detail", args=[classroom.pk]))
    assert b"New password for sam" not in page.content
    response = _set_password(client, classroom, joiner, "taken-over-now")
    assert _messages(response) == [
        "sam: sam made their own account, so only they can change its password "
        "(in their account, or, if they forgot it, by a reset e-mail or their recovery code)."
    ]
    joiner.refresh_from_db()
    assert joiner.check_password("pw-tiles-123")


def test_it_makes_a_coteacher_only_when_they_accept(client: Client) -> None:
    classroom = a_class()
    assert classroom.owner is not None
    cory = person("cory", "teacher")
    client.force_login(classroom.owner)
    response = client.post(
        reverse("classes:coteacher_invite", args=[classroom.pk]), {"username": "cory"}, follow=True
    )
    assert _messages(response) == [
        "cory is invited. They become a co-teacher when they accept on their Classes page."
    ]
    assert not Membership.objects.filter(user=cory).exists()
    invitee = Client()
    invitee.force_login(cory)
    assert invitee.get(reverse("classes:detail", args=[classroom.pk])).status_code == 404
    index = invitee.get(reverse("classes:index"))
    assert b"tess asks you to teach" in index.content
    invite = CoteacherInvite.objects.get()
    response = invitee.post(reverse("classes:invite_answer", args=[invite.pk]), {"answer": "accept"})
    assert response["Location"] == reverse("classes:detail", args=[classroom.pk])
    assert invitee.get(response["Location"]).templates[0].name == "classes/teacher.html"


def test_it_lets_an_invitee_decline(client: Client) -> None:
    classroom = a_class()
    assert classroom.owner is not None
    cory = person("cory", "teacher")
    invite = services.coteacher_invite(classroom=classroom, owner=classroom.owner, username="cory")
    client.force_login(cory)
    response = client.post(
        reverse("classes:invite_answer", args=[invite.pk]), {"answer": "decline"}, follow=True
    )
    assert _messages(response) == ["You declined to teach Tuesday beginners."]
    assert not Membership.objects.filter(user=cory).exists()


def test_it_hides_an_invitation_from_everyone_but_the_invitee(client: Client) -> None:
    classroom = a_class()
    assert classroom.owner is not None
    person("cory", "teacher")
    invite = services.coteacher_invite(classroom=classroom, owner=classroom.owner, username="cory")
    client.force_login(person("dee", "teacher"))
    response = client.post(reverse("classes:invite_answer", args=[invite.pk]), {"answer": "accept"})
    assert response.status_code == 404
    assert not Membership.objects.filter(user__username="dee").exists()


def test_it_lets_the_owner_remove_a_coteacher_and_hand_the_class_over(client: Client) -> None:
    classroom = a_class()
    assert classroom.owner is not None
    cory, dee = coteacher(classroom, "cory"), coteacher(classroom, "dee")
    client.force_login(classroom.owner)
    response = client.post(reverse("classes:coteacher_remove", args=[classroom.pk, dee.pk]), follow=True)
    assert _messages(response) == ["dee no longer teaches Tuesday beginners."]
    assert not Membership.objects.get(user=dee).active
    response = client.post(
        reverse("classes:hand_over", args=[classroom.pk]), {"user": str(cory.pk)}, follow=True
    )
    assert _messages(response) == ["cory owns Tuesday beginners now. You still teach it with them."]
    classroom.refresh_from_db()
    assert classroom.owner == cory
    assert client.post(reverse("classes:archive", args=[classroom.pk])).status_code == 403


@pytest.mark.parametrize("user", ["", "abc", "99999999999999999999999"])
def test_it_asks_for_a_coteacher_when_handing_over_to_nobody(client: Client, user: str) -> None:
    classroom = a_class()
    assert classroom.owner is not None
    client.force_login(classroom.owner)
    response = client.post(reverse("classes:hand_over", args=[classroom.pk]), {"user": user}, follow=True)
    assert _messages(response) == ["Choose one of the class's co-teachers to hand it to."]


def test_it_stops_the_old_code_when_the_owner_makes_a_new_one(client: Client) -> None:
    classroom = a_class()
    assert classroom.owner is not None
    old = classroom.code
    client.force_login(classroom.owner)
    client.post(reverse("classes:code_renew", args=[classroom.pk]))
    classroom.refresh_from_db()
    student = Client()
    student.force_login(person("sue"))
    response = student.post(reverse("classes:join"), {"code": old})
    assert b"No class has that code" in response.content
    assert not Membership.objects.filter(user__username="sue").exists()
    preview = student.get(reverse("classes:join_code", args=[old]))
    assert b"Tuesday beginners" not in preview.content
    assert b"Tuesday beginners" in student.get(reverse("classes:join_code", args=[classroom.code])).content


def test_it_closes_and_opens_joining(client: Client) -> None:
    classroom = a_class()
    assert classroom.owner is not None
    client.force_login(classroom.owner)
    client.post(reverse("classes:joining", args=[classroom.pk]), {"open": "0"})
    student = Client()
    student.force_login(person("sue"))
    response = student.post(reverse("classes:join"), {"code": classroom.code})
    assert b"not taking new students just now" in response.content
    client.post(reverse("classes:joining", args=[classroom.pk]), {"open": "1"})
    assert student.post(reverse("classes:join"), {"code": classroom.code}).status_code == 302


def test_it_keeps_a_removed_student_out_until_a_teacher_adds_them_back(client: Client) -> None:
    sam = person("sam")
    classroom = a_class(None, sam)
    assert classroom.owner is not None
    client.force_login(classroom.owner)
    client.post(reverse("classes:student_remove", args=[classroom.pk, sam.pk]))
    student = Client()
    student.force_login(sam)
    response = student.post(reverse("classes:join"), {"code": classroom.code})
    assert b"does not bring you back" in response.content
    assert student.get(reverse("classes:detail", args=[classroom.pk])).status_code == 404
    page = client.get(reverse("classes:detail", args=[classroom.pk]))
    assert b"Add sam back" in page.content
    client.post(reverse("classes:student_readd", args=[classroom.pk, sam.pk]))
    assert student.get(reverse("classes:detail", args=[classroom.pk])).status_code == 200


def test_it_limits_the_coteacher_look_up(client: Client, settings: Any) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "lookup": {"ip": 100, "user": 3, "window": 3600}}
    classroom = a_class()
    assert classroom.owner is not None
    client.force_login(classroom.owner)
    url = reverse("classes:coteacher_invite", args=[classroom.pk])
    codes = [client.post(url, {"username": f"guess{n}"}).status_code for n in range(4)]
    assert codes == [302, 302, 302, 429]


def test_it_limits_the_join_preview(client: Client, settings: Any) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "join": {"ip": 100, "user": 3, "window": 3600}}
    client.force_login(person("sue"))
    codes = [client.get(reverse("classes:join_code", args=[f"ABC23{n}"])).status_code for n in range(4)]
    assert codes == [200, 200, 200, 429]


def _managed(classroom: Classroom) -> Any:
    assert classroom.owner is not None
    return services.student_create(
        classroom=classroom, teacher=classroom.owner, username="max", password="tiles-on-tuesday"
    )


def test_it_gives_a_teacher_the_data_of_an_account_the_class_made(client: Client) -> None:
    classroom = a_class()
    max_ = _managed(classroom)
    client.force_login(coteacher(classroom, "cory"))
    response = client.get(reverse("classes:managed_export", args=[classroom.pk, max_.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/json; charset=utf-8"
    assert response.json()["account"]["username"] == "max" and "password" not in response.content.decode()


def test_it_keeps_the_data_of_a_self_registered_student_from_their_teacher(client: Client) -> None:
    sam = person("sam")
    classroom = a_class(None, sam)
    assert classroom.owner is not None
    client.force_login(classroom.owner)
    assert client.get(reverse("classes:managed_export", args=[classroom.pk, sam.pk])).status_code == 404
    assert client.get(reverse("classes:managed_delete", args=[classroom.pk, sam.pk])).status_code == 404
    assert (
        client.post(
            reverse("classes:managed_delete", args=[classroom.pk, sam.pk]), {"username": "sam"}
        ).status_code
        == 404
    )
    assert User.objects.filter(username="sam").exists()


def test_it_keeps_a_managed_account_from_another_classes_teacher(client: Client) -> None:
    classroom = a_class()
    max_ = _managed(classroom)
    client.force_login(person("otto", "teacher"))
    assert client.get(reverse("classes:managed_export", args=[classroom.pk, max_.pk])).status_code == 404
    assert (
        client.post(
            reverse("classes:managed_delete", args=[classroom.pk, max_.pk]), {"username": "max"}
        ).status_code
        == 404
    )
    assert User.objects.filter(username="max").exists()


def test_it_deletes_a_managed_account_once_its_name_is_typed(client: Client) -> None:
    classroom = a_class()
    assert classroom.owner is not None
    max_ = _managed(classroom)
    client.force_login(classroom.owner)
    url = reverse("classes:managed_delete", args=[classroom.pk, max_.pk])
    assert b"Type the username, max, to confirm" in client.get(url).content
    refused = client.post(url, {"username": "ma"})
    assert refused.status_code == 400 and b"That is not max" in refused.content
    assert User.objects.filter(username="max").exists()
    response = client.post(url, {"username": " MAX "}, follow=True)  # read as log-in reads a name
    assert _messages(response) == ["The account max and everything it did are deleted."]
    assert not User.objects.filter(username="max").exists()
    assert Classroom.objects.filter(pk=classroom.pk).exists()


def test_it_says_on_a_dead_join_link_that_it_no_longer_works(client: Client) -> None:
    classroom = a_class()
    old = classroom.code
    services.classroom_code_renew(classroom=classroom)
    client.force_login(person("sue"))
    page = client.get(reverse("classes:join_code", args=[old])).content.decode()
    assert "No class has that code" in page and "changed it" in page and "about to join" not in page


def test_it_says_on_a_join_link_when_joining_is_closed_or_the_student_is_in(client: Client) -> None:
    sam = person("sam")
    classroom = a_class(None, sam)
    services.classroom_joining_set(classroom=classroom, open_=False)
    client.force_login(person("sue"))
    url = reverse("classes:join_code", args=[classroom.code])
    assert "not taking new students just now" in client.get(url).content.decode()
    client.force_login(sam)
    assert "You are in <strong>Tuesday beginners</strong> already" in client.get(url).content.decode()


def test_it_asks_before_handing_the_class_over(client: Client) -> None:
    classroom = a_class()
    assert classroom.owner is not None
    cory = coteacher(classroom, "cory")
    client.force_login(classroom.owner)
    url = reverse("classes:hand_over", args=[classroom.pk])
    page = client.get(url, {"user": cory.pk})
    assert page.status_code == 200 and b"Make cory the owner of Tuesday beginners?" in page.content
    classroom.refresh_from_db()
    assert classroom.owner != cory  # only the confirming POST hands it over
    client.post(url, {"user": cory.pk})
    classroom.refresh_from_db()
    assert classroom.owner == cory
