"""The authorization matrix: every URL of the site x every kind of person.

The people: a visitor; a learner in no class; in the class "mine": a student whose account the class
made (managed), a student who signed up themselves, a student a teacher took out, its owner, a
co-teacher who accepted, a teacher invited who has not answered; and the teacher of another class.

Class pages answer members only (404 for everyone else, who must not learn the class exists); the
owner's own powers answer 403 to a co-teacher (who can see the class); visitors are sent to log in,
but for what a visitor may do (practice, lessons, a hand of their own against the bots: here the
learner's hand is a 404 to a visitor as to anyone else).
The site's public pages answer everyone. A URL added without a row here fails the first test."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from cfmj.classes import deals, services, table_time
from cfmj.classes.models import ClassSession, ClassTable, CoteacherInvite, Membership
from cfmj.play import seating, table_hands
from cfmj.play import services as play_services
from practice.models import ReviewItem
from tests.classes.helpers import coteacher, person
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db

ROLES = (
    "visitor",
    "learner",
    "managed",
    "student",
    "removed",
    "owner",
    "coteacher",
    "invited",
    "other_teacher",
)
EVERYONE = frozenset(ROLES)
SIGNED_IN = EVERYONE - {"visitor"}
MEMBERS = frozenset({"managed", "student", "owner", "coteacher"})
TEACHERS = frozenset({"owner", "coteacher"})
LOGIN = "login"  # a visitor is sent to log in


@dataclass(frozen=True)
class Case:
    method: str
    allowed: frozenset[str]
    ok: tuple[int, ...] = (200,)
    data: dict[str, str] = field(default_factory=dict)
    owner_only: bool = False  # a co-teacher gets 403, not 404
    visitor: str | tuple[int, ...] = LOGIN


def owner(data: dict[str, str] | None = None, ok: tuple[int, ...] = (302,)) -> Case:
    return Case("POST", frozenset({"owner"}), ok, data or {}, owner_only=True)


PUBLIC = Case("GET", EVERYONE, visitor=(200,))

# In this order for each person, which keeps the class usable to the end (the hand-over last).
CASES: dict[str, Case] = {
    "home": PUBLIC,
    "healthz": PUBLIC,
    "favicon": Case("GET", EVERYONE, (302,), visitor=(302,)),
    "practice:check": PUBLIC,
    "practice:home": PUBLIC,
    "practice:daily": PUBLIC,
    "practice:dashboard": PUBLIC,
    "practice:drill": PUBLIC,
    # One of the learner's own mistakes, asked again: nobody else's (visitors keep none).
    "practice:mistake": Case("GET", frozenset({"learner"}), visitor=(404,)),
    "lessons:course": PUBLIC,
    "lessons:lesson": PUBLIC,
    "lessons:step": PUBLIC,
    "lessons:quiz": PUBLIC,
    "lessons:rules": PUBLIC,
    # Not served to this person: sent to a fresh question (tests/practice/test_answer.py for the rest).
    "practice:answer": Case("POST", EVERYONE, (302,), visitor=(302,)),
    # The learner's own choice to practise everything: theirs, on their account or for the visit.
    "practice:range": Case("POST", EVERYONE, (302,), {"everything": "on"}, visitor=(302,)),
    # A learner's own hand against the bots: nobody else's (play:act with no action: a message).
    # A visitor plays too (a hand dealt to their visit: tests/play/test_visitor_hands.py), and
    # gets a 404 on anyone else's.
    "play:home": Case("GET", SIGNED_IN, visitor=(200,)),
    "play:start": Case("POST", SIGNED_IN, (302,), {"bot_level": "beginner"}, visitor=(302,)),
    "play:game": Case("GET", frozenset({"learner"}), visitor=(404,)),
    "play:act": Case("POST", frozenset({"learner"}), (302,), visitor=(404,)),
    # Undo (nothing to undo yet: a message) and the match's next hand (this one is not over: a
    # message): the owner's only.
    "play:undo": Case("POST", frozenset({"learner"}), (302,), visitor=(404,)),
    "play:next": Case("POST", frozenset({"learner"}), (302,), visitor=(404,)),
    # When the coach speaks in this hand (no choice posted: a message): the owner's only.
    "play:coach": Case("POST", frozenset({"learner"}), (302,), visitor=(404,)),
    # A hand's review: its owner's (this hand is in progress: sent back to the table, and sharing
    # it is refused with a message; a visitor shares nothing: sent to log in); a shared review by
    # its link, here a link that finds nothing.
    "play:review": Case("GET", frozenset({"learner"}), (302,), visitor=(404,)),
    # A table hand's review from a seat asked for: its own person's (here the learner's hand alone,
    # seat 0: in progress, sent on with a message), or any seat for a class's teachers at its tables
    # (tests/classes/test_table_views.py).
    "play:review_seat": Case("GET", frozenset({"learner"}), (302,), visitor=(404,)),
    "play:share": Case("POST", frozenset({"learner"}), (302,), {"sharing": "on"}),
    "play:shared": Case("GET", frozenset(), visitor=(404,)),
    # Tables: anyone signed in opens one or looks a code up (a wrong code: a message); a table
    # (here the learner's, play started, so it takes nobody new) is its seated people's alone:
    # nobody else learns more than that it takes no players (join: a message; the rest 404).
    "play:tables": Case("GET", SIGNED_IN),
    "play:table_new": Case("POST", SIGNED_IN, (302,), {"bot_level": "beginner"}),
    "play:table_find": Case("POST", SIGNED_IN, (302,), {"code": "ZZZZZZZZ"}),
    "play:table": Case("GET", SIGNED_IN),  # the seated: the table; anyone else: "not taking players"
    "play:table_join": Case("POST", SIGNED_IN, (302,)),
    "play:table_now": Case("GET", frozenset({"learner"})),
    "play:table_act": Case("POST", frozenset({"learner"}), (302,)),
    "play:table_undo": Case("POST", frozenset({"learner"}), (302,)),
    "play:table_start": Case("POST", frozenset({"learner"}), (302,)),
    "play:table_next": Case("POST", frozenset({"learner"}), (302,)),
    "play:table_back": Case("POST", frozenset({"learner"}), (302,)),
    "play:table_seat": Case("POST", frozenset({"learner"}), (302,)),
    "play:table_joining": Case("POST", frozenset({"learner"}), (302,), {"open": "no"}),
    "play:table_say": Case("POST", frozenset({"learner"}), (302,), {"say": "hello"}),
    # The seat's stream opens only with the token its page carries, never on a session (signed for
    # the table and the person: tests/play/test_table_stream.py): without it, 404 for everyone.
    "live:table": Case("GET", frozenset(), visitor=(404,)),
    "play:table_leave": Case("POST", frozenset({"learner"}), (302,)),  # last: the learner leaves
    "accounts:signup": Case("GET", EVERYONE, (200, 302), visitor=(200,)),
    "accounts:login": Case("GET", EVERYONE, (200, 302), visitor=(200,)),  # signed in: sent on
    "accounts:account": Case("GET", SIGNED_IN),
    "accounts:email_change": Case("POST", SIGNED_IN, (200, 302, 400)),
    "accounts:name_change": Case("POST", SIGNED_IN, (200, 302)),
    "accounts:role_change": Case("POST", SIGNED_IN, (200, 302, 400)),
    "accounts:data_export": Case("GET", SIGNED_IN),
    "accounts:delete": Case("GET", SIGNED_IN),
    "accounts:delete_cancel": Case("POST", SIGNED_IN, (302,)),
    "accounts:password_change": Case("GET", SIGNED_IN),
    "accounts:password_change_done": Case("GET", SIGNED_IN),
    "accounts:password_reset": PUBLIC,
    "accounts:password_reset_done": PUBLIC,
    "accounts:password_reset_confirm": PUBLIC,
    "accounts:password_reset_complete": PUBLIC,
    # A forgotten password set with a recovery code: anyone may ask (nothing tells who has a code).
    "accounts:password_forgotten": PUBLIC,
    # A code just made, shown once to its account (here none is waiting: how to make one).
    "accounts:recovery_code": Case("GET", SIGNED_IN),
    # A new code, the password typed again (none typed here: the account page says so); an account
    # a teacher made has none (its class's teachers set its password).
    "accounts:recovery_code_new": Case("POST", SIGNED_IN - {"managed"}),
    "accounts:large_print": Case("POST", EVERYONE, (302,), visitor=(302,)),
    "accounts:time_zone": PUBLIC,  # a visitor's zone is kept in the session
    "classes:index": Case("GET", SIGNED_IN),
    "classes:create": Case("GET", SIGNED_IN, (200, 302)),
    "classes:join": Case("GET", SIGNED_IN),
    # A visitor who follows a join link is told which class it is, and led to sign up or log in.
    "classes:join_code": Case("GET", SIGNED_IN, visitor=(200,)),
    "classes:join_card": Case("GET", TEACHERS),
    "classes:detail": Case("GET", MEMBERS),
    "classes:edit": Case("GET", TEACHERS),
    "classes:student_add": Case("POST", TEACHERS, (302,), {"username": "", "password": ""}),
    "classes:student_password": Case("POST", TEACHERS, (302,), {"password": "short"}),
    "classes:student_name": Case("POST", TEACHERS, (302,), {"real_name": "Max Mustermann"}),
    "classes:students_from_names": Case("GET", TEACHERS),
    "classes:login_cards": Case("GET", TEACHERS),
    "classes:coteacher_invite": owner({"username": "nobody-here"}),
    "classes:assignment_create": Case("GET", TEACHERS),
    "classes:assignment_create_kind": Case("GET", TEACHERS),
    "classes:assignment_edit": Case("GET", TEACHERS),
    "classes:assignment_copy": Case("GET", TEACHERS),
    "classes:assignment_delete": Case("GET", TEACHERS),
    "classes:student": Case("GET", TEACHERS),
    "classes:assignment": Case("GET", MEMBERS, (200, 302)),
    "classes:export_csv": Case("GET", TEACHERS),
    "classes:session_student": Case("GET", MEMBERS),
    "classes:session_control": Case("GET", TEACHERS),
    "classes:session_board": Case("GET", TEACHERS),
    "classes:session_present": Case("GET", TEACHERS),
    "classes:session_tally": Case("GET", TEACHERS),
    "classes:session_reveal": Case("POST", TEACHERS, (200, 302)),
    "classes:session_close": Case("POST", TEACHERS, (200, 302)),
    "classes:session_start": Case("POST", TEACHERS, (200, 302), {"kind": "worth", "band": "1"}),
    # Table time (the class at play tables; the world has it under way, the managed student and the
    # student seated): its pages are the class's teachers', and a student's own table and a seat
    # for a latecomer are its members'. Posting as a teacher refuses with a message what does not
    # apply now (arranging or moving during play, no latecomer ticked). Over the shoulder is the
    # teachers' alone (here its warning, and the view itself); before the seat a teacher takes.
    "classes:tables": Case("GET", TEACHERS),
    "classes:tables_arrange": Case("POST", TEACHERS, (302,)),
    "classes:tables_move": Case("POST", TEACHERS, (302,), {"person": "1", "to": "1"}),
    "classes:tables_start": Case("POST", TEACHERS, (302,)),
    "classes:tables_latecomers": Case("POST", TEACHERS, (302,)),
    "classes:tables_mine": Case("GET", MEMBERS),
    "classes:table_watch": Case("GET", TEACHERS),
    "classes:table_word": Case("GET", TEACHERS),
    "classes:tables_pause": Case("POST", TEACHERS, (302,), {"pause": "yes"}),
    "classes:tables_end": Case("GET", TEACHERS),
    "classes:tables_seat": Case("POST", MEMBERS, (302,)),
    # The class's stream opens only with the token its pages carry (tests/classes/test_table_live.py).
    "live:class_tables": Case("GET", frozenset(), visitor=(404,)),
    # The class's deal: its teachers deal it, follow it on its page and the board, and close it; its
    # students play it (a teacher who presses Play is told, by a message, that students play it).
    "classes:deal_start": Case("POST", TEACHERS, (302,), {"bot_level": "beginner", "mode": "test"}),
    "classes:deal": Case("GET", MEMBERS),
    "classes:deal_play": Case("POST", MEMBERS, (302,)),
    "classes:deal_board": Case("GET", TEACHERS),
    "classes:deal_close": Case("POST", TEACHERS, (302,)),
    "classes:managed_export": Case("GET", TEACHERS),
    "classes:managed_delete": Case("GET", TEACHERS),
    "classes:student_readd": Case("POST", TEACHERS, (302,)),
    "classes:student_remove": Case("POST", TEACHERS, (302,)),
    "classes:invite_answer": Case("POST", frozenset({"invited"}), (302,), {"answer": "decline"}),
    "classes:invite_withdraw": owner(),
    "classes:coteacher_remove": owner(),
    "classes:joining": owner({"open": "0"}),
    "classes:code_renew": owner(),
    "classes:archive": owner(),
    "classes:hand_over": owner(),
    "classes:leave": Case("POST", MEMBERS, (302,)),
    "accounts:logout": Case("POST", EVERYONE, (302,), visitor=(302,)),
}


def _names(patterns: list[URLPattern | URLResolver], prefix: str = "") -> set[str]:
    names = set()
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            names |= _names(pattern.url_patterns, f"{pattern.namespace}:" if pattern.namespace else prefix)
        elif pattern.name:
            names.add(prefix + pattern.name)
    return names


def test_it_covers_every_url_of_the_site() -> None:
    assert _names(get_resolver().url_patterns) == set(CASES)


@pytest.fixture
def world(course: Any) -> dict[str, Any]:
    people = {
        "learner": person("lee"),
        "student": person("sam"),
        "removed": person("rae"),
        "owner": person("tess", "teacher"),
        "invited": person("ivy", "teacher"),
        "other_teacher": person("otto", "teacher"),
    }
    mine = services.classroom_create(teacher=people["owner"], name="Tuesday beginners")
    theirs = services.classroom_create(teacher=people["other_teacher"], name="Library hall")
    people["coteacher"] = coteacher(mine, "cory")
    people["managed"] = services.student_create(
        classroom=mine, teacher=people["owner"], username="max", password="tiles-on-tuesday"
    )
    for who in ("student", "removed"):
        services.classroom_join(user=people[who], code=mine.code)
    services.student_remove(classroom=mine, student=people["removed"])
    services.classroom_join(user=person("ola"), code=theirs.code)
    invite = services.coteacher_invite(classroom=mine, owner=people["owner"], username="ivy")
    homework = services.assignment_create(
        classroom=mine,
        teacher=people["owner"],
        kind="drills",
        drill_kind="worth",
        count=2,
        band=1,
        due=datetime.date.today() + datetime.timedelta(days=3),
    )
    session = ClassSession.objects.create(
        classroom=mine, puzzle=PuzzleFactory(kind="worth", band=1), started_by=people["owner"]
    )
    mistake = ReviewItem.objects.create(
        user=people["learner"], puzzle=PuzzleFactory(kind="worth", band=1), due=datetime.date.today()
    )
    deal = deals.deal_start(classroom=mine, teacher=people["owner"], bot_level="beginner", seed=7)
    game = play_services.game_start(owner=people["learner"], bot_level="beginner", seed=7)
    table = seating.table_open(host=people["learner"], bot_level="beginner")
    table_hands.table_start(table=table, by=people["learner"], seed=7)
    arranged = table_time.table_time_arrange(
        classroom=mine, teacher=people["owner"], people=[people["managed"], people["student"]]
    )
    table_time.table_time_start(table_time=arranged)
    return {
        "class_table": ClassTable.objects.get(table_time=arranged),
        "people": people,
        "game": game,
        "table": table,
        "mistake": mistake,
        "class": mine,
        "homework": homework,
        "session": session,
        "deal": deal,
        "invite": invite,
        "lesson": course[0],
    }


def _url(name: str, world: dict[str, Any]) -> str:
    people, classroom = world["people"], world["class"]
    classroom.refresh_from_db()
    app, _, view = name.rpartition(":")
    kwargs: dict[str, Any] = {}
    if app == "classes" and view not in ("index", "create", "join", "join_code", "invite_answer"):
        kwargs["pk"] = classroom.pk
    targets = {
        "student_password": "managed",
        "student_name": "managed",
        "student_remove": "managed",
        "student_readd": "removed",
        "coteacher_remove": "coteacher",
        "managed_export": "managed",
        "managed_delete": "managed",
        "student": "managed",
    }
    if view in targets:
        kwargs["user_id"] = people[targets[view]].pk
    extra: dict[str, dict[str, Any]] = {
        "join_code": {"code": classroom.code},
        "invite_answer": {"invite_id": world["invite"].pk},
        "invite_withdraw": {"invite_id": world["invite"].pk},
        "assignment": {"assignment_id": world["homework"].pk},
        "assignment_create_kind": {"kind": "drills"},
        "assignment_edit": {"assignment_id": world["homework"].pk},
        "assignment_copy": {"assignment_id": world["homework"].pk},
        "assignment_delete": {"assignment_id": world["homework"].pk},
        "drill": {"kind": "worth"},
        "mistake": {"review_id": world["mistake"].pk},
        "answer": {"puzzle_id": world["session"].puzzle_id},
        "lesson": {"slug": world["lesson"].slug},
        "quiz": {"slug": world["lesson"].slug},
        "step": {"slug": world["lesson"].slug, "number": 1},
        "password_reset_confirm": {"uidb64": "MQ", "token": "set-password"},
        "game": {"game_id": world["game"].pk},
        "act": {"game_id": world["game"].pk},
        "undo": {"game_id": world["game"].pk},
        "next": {"game_id": world["game"].pk},
        "coach": {"game_id": world["game"].pk},
        "review": {"game_id": world["game"].pk},
        "review_seat": {"game_id": world["game"].pk, "seat": 0},
        "share": {"game_id": world["game"].pk},
        "shared": {"token": "no-such-link"},
    }
    if (
        app == "play" and view.startswith("table") and view not in ("tables", "table_new", "table_find")
    ) or name == "live:table":
        kwargs["code"] = world["table"].code
    if name == "live:class_tables":
        kwargs["pk"] = classroom.pk
    if view in ("table_watch", "table_word"):
        kwargs["table_id"] = world["class_table"].pk
    kwargs.update(extra.get(view, {}))
    if view in ("session_control", "session_tally", "session_reveal", "session_close"):
        kwargs["sid"] = world["session"].pk
    if view.startswith("deal") and view != "deal_start":
        kwargs["deal_id"] = world["deal"].pk
    return reverse(name, kwargs=kwargs)


def _data(name: str, case: Case, world: dict[str, Any]) -> dict[str, str]:
    if name == "classes:hand_over":
        return {"user": str(world["people"]["coteacher"].pk)}
    return case.data


@pytest.mark.parametrize("role", ROLES)
def test_it_gives_each_person_the_right_answer_on_every_url(world: dict[str, Any], role: str) -> None:
    people = world["people"]
    for name, case in CASES.items():
        client = Client()
        if role != "visitor":
            client.force_login(people[role])
        url = _url(name, world)
        data = _data(name, case, world)
        response = client.post(url, data) if case.method == "POST" else client.get(url)
        status = response.status_code
        if role == "visitor" and case.visitor == LOGIN:
            assert status == 302 and "/accounts/login/" in response["Location"], (name, role)
        elif role == "visitor":
            assert status in case.visitor, (name, role, status)
        elif role in case.allowed:
            assert status in case.ok, (name, role, status)
        elif case.owner_only and role == "coteacher":
            assert status == 403, (name, role, status)
        else:
            assert status == 404, (name, role, status)


@pytest.mark.parametrize("role", sorted(SIGNED_IN - {"owner"}))
def test_it_lets_nobody_but_the_owner_change_who_teaches_or_joins(world: dict[str, Any], role: str) -> None:
    """Posting every owner's power as someone else changes nothing in the database."""
    people, classroom = world["people"], world["class"]
    client = Client()
    client.force_login(people[role])
    before = (classroom.code, classroom.joining_open, classroom.owner_id, classroom.archived_at)
    for name, case in CASES.items():
        if case.owner_only:
            client.post(_url(name, world), _data(name, case, world) or {"username": "otto"})
    classroom.refresh_from_db()
    assert (classroom.code, classroom.joining_open, classroom.owner_id, classroom.archived_at) == before
    assert Membership.objects.filter(classroom=classroom, role="teacher", left_at__isnull=True).count() == 2
    assert CoteacherInvite.objects.filter(status="pending").count() == 1
