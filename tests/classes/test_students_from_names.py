"""/classes/<pk>/students/names/: a class's teachers paste a list of names, see the usernames that
would be made, and on confirming get an account for each (a readable username, a first password),
in the class and managed by it; every problem in the list is said and nothing is made. A tab or a
comma ends a line's name (a spreadsheet's rows pasted). Nobody else reaches the page (404)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.accounts.models import User
from cfmj.classes import roster, services
from cfmj.classes.models import Classroom, ManagedAccount, Membership
from tests.classes.helpers import a_class, coteacher, person

pytestmark = pytest.mark.django_db


def _owner(classroom: Classroom) -> User:
    assert classroom.owner is not None
    return classroom.owner


def _url(classroom: Classroom) -> str:
    return reverse("classes:students_from_names", args=[classroom.pk])


def _post(client: Client, classroom: Classroom, text: str, *, confirm: bool = True, **kwargs: Any) -> Any:
    """The list sent with the preview's button (`confirm`: the accounts are made), or with the
    first form's (they are shown first)."""
    data = {"names": text, "confirm": "1"} if confirm else {"names": text}
    return client.post(_url(classroom), data, **kwargs)


def _made(classroom: Classroom) -> list[tuple[str, str]]:
    return sorted(
        ManagedAccount.objects.filter(classroom=classroom).values_list("user__real_name", "user__username")
    )


def _teacher(client: Client) -> Classroom:
    classroom = a_class()
    client.force_login(_owner(classroom))
    return classroom


@pytest.mark.parametrize("who", ["owner", "coteacher"])
def test_a_teacher_makes_accounts_from_a_list(client: Client, who: str) -> None:
    classroom = a_class()
    client.force_login(_owner(classroom) if who == "owner" else coteacher(classroom, "cory"))
    assert client.get(_url(classroom)).status_code == 200
    response = _post(client, classroom, "Zoë Müller\n\n  Sam   Lee \r\nLi Wei\n\n", follow=True)
    assert response.redirect_chain == [(reverse("classes:login_cards", args=[classroom.pk]), 302)]
    assert [str(m) for m in response.context["messages"]] == [
        "3 accounts made and added to Tuesday beginners. 2 blank lines were skipped. "
        "Print the login cards below and hand them out."
    ]
    assert _made(classroom) == [("Li Wei", "liw"), ("Sam Lee", "saml"), ("Zoë Müller", "zoem")]
    students = Membership.objects.filter(classroom=classroom, role="student", left_at__isnull=True)
    assert sorted(students.values_list("user__username", flat=True)) == ["liw", "saml", "zoem"]
    assert set(User.objects.filter(username__in=["liw", "saml", "zoem"]).values_list("role", flat=True)) == {
        "learner"
    }


def test_it_shows_the_usernames_it_would_make_and_makes_nothing_until_confirmed(client: Client) -> None:
    person("zoem")  # taken already: the preview shows the username that would be made
    classroom = _teacher(client)
    response = _post(client, classroom, "Zoë Müller\n\nSam Lee\n", confirm=False)
    html = response.content.decode()
    assert response.status_code == 200
    assert _made(classroom) == [] and User.objects.count() == 2  # the teacher and zoem
    preview = html.split('id="preview"', 1)[1].split("</section>", 1)[0]
    assert "2 accounts will be made in Tuesday beginners" in preview and "1 blank line is skipped" in preview
    rows = re.findall(r'<li>([^<]*), username <strong class="username">([^<]*)</strong></li>', preview)
    assert rows == [("Zoë Müller", "zoem2"), ("Sam Lee", "saml")]
    assert '<input type="hidden" name="confirm" value="1">' in preview
    assert '<input type="hidden" name="names" value="Zoë Müller\n\nSam Lee\n">' in preview
    assert "Make these 2 accounts" in preview
    confirmed = _post(client, classroom, "Zoë Müller\n\nSam Lee\n")
    assert confirmed.status_code == 302
    assert _made(classroom) == [("Sam Lee", "saml"), ("Zoë Müller", "zoem2")]


def test_a_tab_or_a_comma_ends_the_name_on_a_pasted_line(client: Client) -> None:
    classroom = _teacher(client)
    text = "Anne Smith\tYear 3\nBob Jones, Year 4\nCara Diaz\t\tcara@example.org\n\tYear 5\nDee Fox"
    preview = _post(client, classroom, text, confirm=False).content.decode()
    assert (
        "Anne Smith" in preview and "Year 3" not in preview.split('id="preview"', 1)[1].split("<form", 1)[0]
    )
    assert "4 accounts will be made" in preview and "1 blank line is skipped" in preview
    assert _post(client, classroom, text).status_code == 302
    assert _made(classroom) == [
        ("Anne Smith", "annes"),
        ("Bob Jones", "bobj"),
        ("Cara Diaz", "carad"),
        ("Dee Fox", "deef"),
    ]


def test_a_list_with_a_problem_is_not_previewed(client: Client) -> None:
    classroom = _teacher(client)
    response = _post(client, classroom, "Zoë Müller\nzoë müller", confirm=False)
    assert response.status_code == 400 and 'id="preview"' not in response.content.decode()
    assert "is on lines 1 and 2" in response.content.decode()


def test_usernames_are_free_in_any_case_and_readable(client: Client) -> None:
    person("ZOEM")  # taken in another case
    person("zoem2")
    classroom = _teacher(client)
    _post(client, classroom, "Zoë Müller\nZoe Mason\nAnne-Marie O'Brien\n李小龙\n!!!")
    assert _made(classroom) == [
        ("!!!", "student"),
        ("Anne-Marie O'Brien", "annemarieo"),
        ("Zoe Mason", "zoem4"),
        ("Zoë Müller", "zoem3"),
        ("李小龙", "李小龙"),
    ]


def test_each_account_logs_in_with_its_first_password_in_any_case(client: Client) -> None:
    classroom = _teacher(client)
    _post(client, classroom, "Zoë Müller")
    card = roster.cards_of(session=client.session, classroom=classroom)[0]
    assert card.user.username == "zoem"
    other = Client()
    response = other.post(reverse("accounts:login"), {"username": "ZoeM", "password": card.password})
    assert response.status_code == 302 and other.session["_auth_user_id"] == str(card.user.pk)


def test_first_passwords_are_words_and_digits_each_different() -> None:
    passwords = {roster.first_password(User(username="zoem")) for _ in range(20)}
    assert len(passwords) == 20
    for password in passwords:
        first, second, digits = password.split("-")
        assert first in roster.WORDS and second in roster.WORDS and len(digits) == 4 and digits.isdigit()


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("\n \n", "Paste at least one name, one name a line."),
        (
            "Zoë Müller\nSam Lee\nzoë  müller",
            "Zoë Müller is on lines 1 and 3. If they are different students",
        ),
        ("\n".join(f"Student {n}" for n in range(31)), "That is 31 names: at most 30 at a time."),
        ("Sam Lee\nZoë\u202eX", "Line 2: A name has letters, spaces and punctuation only"),
        ("Sam Lee\n" + "x" * 81, "Line 2: A name has at most 80 characters."),
    ],
)
def test_a_list_with_a_problem_makes_nothing_and_says_why(client: Client, text: str, said: str) -> None:
    classroom = _teacher(client)
    response = _post(client, classroom, text)
    assert response.status_code == 400
    html = response.content.decode().replace("&#x27;", "'")
    assert said in html and html.count(said) == 1
    assert _made(classroom) == [] and User.objects.count() == 1  # the teacher alone
    assert text.split("\n", maxsplit=1)[0] in response.content.decode()  # the list comes back to be mended


def test_the_same_list_sent_twice_makes_nothing_the_second_time(client: Client) -> None:
    classroom = _teacher(client)
    _post(client, classroom, "Zoë Müller\nSam Lee")
    response = _post(client, classroom, "Zoë Müller\nSam Lee")
    assert response.status_code == 400
    html = response.content.decode()
    assert "Zoë Müller (zoem) already has an account in this class" in html
    assert "Sam Lee (saml) already has an account in this class" in html
    assert len(_made(classroom)) == 2


def test_an_archived_class_takes_no_new_accounts(client: Client) -> None:
    classroom = _teacher(client)
    services.classroom_archive(classroom=classroom)
    assert "is archived" in client.get(_url(classroom)).content.decode()
    response = _post(client, classroom, "Zoë Müller")
    assert response.status_code == 400 and "archived" in response.content.decode()
    assert _made(classroom) == []


@pytest.mark.parametrize("who", ["other_teacher", "student", "learner"])
def test_nobody_else_reaches_it(client: Client, who: str) -> None:
    classroom = a_class()
    if who == "other_teacher":
        user = person("mal", "teacher")
        a_class(user, name="Mal's class")
    else:
        user = person("sam")
        if who == "student":
            services.classroom_join(user=user, code=classroom.code)
    client.force_login(user)
    assert client.get(_url(classroom)).status_code == 404
    assert _post(client, classroom, "Zoë Müller").status_code == 404
    assert _made(classroom) == []


def test_a_visitor_is_sent_to_log_in(client: Client) -> None:
    classroom = a_class()
    response = client.get(_url(classroom))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_lists_are_limited_per_teacher(client: Client, settings: Any) -> None:
    """Each list hashes up to 30 passwords: a teacher account (anyone can make one) cannot keep a
    core busy with them."""
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "accounts_made": {"user": 2, "window": 3600}}
    classroom = _teacher(client)
    assert _post(client, classroom, "Zoë Müller").status_code == 302
    assert _post(client, classroom, "Sam Lee").status_code == 302
    assert _post(client, classroom, "Li Wei").status_code == 429
    assert client.get(_url(classroom)).status_code == 200  # the page itself is never counted
    assert len(_made(classroom)) == 2
