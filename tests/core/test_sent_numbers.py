"""Every number a view reads from a query or a form (an id, a seat, a version, a step, some
seconds) is read by core.http.sent_number: ASCII digits only, a bounded count of them. '²' (which
str.isdigit() takes and int() refuses), '٣' and '１' (which int() takes), a blank and 30 digits are
each answered as "abc" is (the same status, the same place to go back to, the same words), never
with a 500.

SENT lists every (view, parameter) that reads a number. The table's version (play:table_act,
play:table_undo) and every `seen` are compared as text, never read as numbers; a drill's answer
("how many points?") is read by the engine's read_number; the forms' whole numbers are Django's
fields. test_it_finds_no_digit_test_written_outside_the_one_reader keeps new views on the one
reader: a digit test (`.isdigit()`, `.isnumeric()`, `.isdecimal()`) or `int(request.GET...)` anywhere
else in the site fails it."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

import pytest
from django.contrib.messages import get_messages
from django.db import transaction
from django.test import Client
from django.urls import reverse

from cfmj.classes import deals, table_selectors, table_time
from cfmj.core.http import sent_number
from cfmj.play import seating, services
from tests.classes.deal_helpers import a_class_of, a_deal, play
from tests.classes.helpers import a_class, coteacher, person
from tests.play.helpers import play_out

pytestmark = pytest.mark.django_db
ODD = {
    "superscript two": "²",
    "Arabic-Indic three": "٣",
    "fullwidth one": "１",
    "blank": "",
    "30 digits": "9" * 30,
}
QUOTED = re.compile(r"'[^']*'|“[^”]*”")  # a message may quote what was sent
NEW_TABLE = re.compile(r"/tables/\w+/")
ROOT = Path(__file__).resolve().parents[2]
DIGIT_TESTS = re.compile(r"\.(isdigit|isnumeric|isdecimal)\(|\bint\(\s*request\.(GET|POST)")
# tile_art: a tile code the engine made ("5D"), never sent; http: the one reader (its docstring)
DIGIT_TESTS_ALLOWED = {"cfmj/core/http.py", "cfmj/core/tile_art.py"}


@dataclass
class Sent:
    """A request that reads `name` as a number: the rest of its fields are right."""

    client: Client
    url: str
    name: str
    data: dict[str, Any] = field(default_factory=dict)
    method: str = "post"


def _as(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _home() -> Sent:
    return Sent(_as(person("lee")), reverse("play:home"), "homework", method="get")


def _start(name: str) -> Callable[[], Sent]:
    def made() -> Sent:
        data = {"bot_level": "steady", "base": "25", "skill_level": "0"}
        return Sent(_as(person("lee")), reverse("play:start"), name, data)

    return made


def _table_new(name: str) -> Callable[[], Sent]:
    return lambda: Sent(_as(person("lee")), reverse("play:table_new"), name, {"bot_level": "steady"})


def _table_seat() -> Sent:
    ann = person("ann")
    table = seating.table_open(host=ann, bot_level="steady")
    return Sent(_as(ann), reverse("play:table_seat", args=[table.code]), "seat", {"do": "bot"})


def _game(name: str, action: dict[str, str], *, page: str = "play:act") -> Callable[[], Sent]:
    def made() -> Sent:
        lee = person("lee")
        game = services.game_start(owner=lee, bot_level="beginner", seed=1)
        data = {"version": "0", **action}
        if page == "play:game":
            return Sent(_as(lee), reverse(page, args=[game.pk]), name, {"check": "1", **data}, method="get")
        return Sent(_as(lee), reverse(page, args=[game.pk]), name, data)

    return made


def _review() -> Sent:
    lee = person("lee")
    game = play_out(services.game_start(owner=lee, bot_level="strong", seed=19))
    return Sent(_as(lee), reverse("play:review", args=[game.pk]), "step", method="get")


def _deal_board() -> Sent:
    classroom, students = a_class_of(1)
    deal = a_deal(classroom)
    play(deals.deal_hand_start(deal=deal, student=students[0]))
    deals.deal_close(deal=deal)
    url = reverse("classes:deal_board", args=[classroom.pk, deal.pk])
    return Sent(_as(classroom.owner), url, "step", method="get")


def _arranged(classroom: Any, teacher: Any, people: list[Any]) -> Any:
    return table_time.table_time_arrange(classroom=classroom, teacher=teacher, people=people, rng=Random(2))


def _table_time(
    view: str, name: str, data: Callable[[list[Any]], dict[str, Any]], *, arranged: bool = False
) -> Callable[[], Sent]:
    def made() -> Sent:
        teacher = person("tess", "teacher")
        students = [person(n) for n in ("ann", "ben", "cy", "dee", "eve")]
        classroom = a_class(teacher, *students)
        url = reverse(f"classes:tables_{view}", args=[classroom.pk])
        if arranged:
            table_time.table_time_arrange(
                classroom=classroom, teacher=teacher, people=students[:4], rng=Random(2)
            )
        return Sent(_as(teacher), url, name, data(students))

    return made


def _table_word() -> Sent:
    teacher = person("tess", "teacher")
    students = [person(n) for n in ("ann", "ben", "cy", "dee")]
    classroom = a_class(teacher, *students)
    arranged = table_time.table_time_arrange(
        classroom=classroom, teacher=teacher, people=students, rng=Random(2)
    )
    placed = table_selectors.tables_of(table_time.table_time_start(table_time=arranged))[0]
    url = reverse("classes:table_word", args=[classroom.pk, placed.pk])
    return Sent(_as(teacher), url, "seat", {"phrase": "well"})


def _session_start() -> Sent:
    teacher = person("tess", "teacher")
    classroom = a_class(teacher, person("ann"))
    url = reverse("classes:session_start", args=[classroom.pk])
    return Sent(_as(teacher), url, "band", {"kind": "rules_quiz"})


def _hand_over(method: str) -> Callable[[], Sent]:
    def made() -> Sent:
        teacher = person("tess", "teacher")
        classroom = a_class(teacher)
        coteacher(classroom, "cole")
        return Sent(_as(teacher), reverse("classes:hand_over", args=[classroom.pk]), "user", method=method)

    return made


def _check(name: str) -> Callable[[], Sent]:
    hand = "1C 1C 1C 2C 2C 2C 3C 3C 3C 4C 4C 4C 5C J"
    return lambda: Sent(Client(), reverse("practice:check"), name, {"hand": hand, "base": "25"}, method="get")


SENT: dict[str, Callable[[], Sent]] = {
    "play:home ?homework": _home,
    "play:start base": _start("base"),
    "play:start skill_level": _start("skill_level"),
    "play:table_new call_seconds": _table_new("call_seconds"),
    "play:table_new turn_seconds": _table_new("turn_seconds"),
    "play:table_seat seat": _table_seat,
    "play:game ?version": _game("version", {"action": "stop_vote", "stop": "no"}, page="play:game"),
    "play:act version": _game("version", {"action": "stop_vote", "stop": "no"}),
    "play:act count": _game("count", {"action": "courtesy_ask"}),
    "play:act owner": _game("owner", {"action": "exchange_joker", "tile": "J", "exposure": "0"}),
    "play:act exposure": _game("exposure", {"action": "exchange_joker", "tile": "J", "owner": "1"}),
    "play:undo version": _game("version", {}, page="play:undo"),
    "play:review ?step": _review,
    "classes:deal_board ?step": _deal_board,
    "classes:table_word seat": _table_word,
    "classes:session_start band": _session_start,
    "classes:tables_arrange students": _table_time(
        "arrange", "students", lambda s: {"bot_level": "beginner"}
    ),
    "classes:tables_arrange call_seconds": _table_time(
        "arrange", "call_seconds", lambda s: {"students": [p.pk for p in s[:4]], "bot_level": "beginner"}
    ),
    "classes:tables_arrange turn_seconds": _table_time(
        "arrange", "turn_seconds", lambda s: {"students": [p.pk for p in s[:4]], "bot_level": "beginner"}
    ),
    "classes:tables_move person": _table_time("move", "person", lambda s: {"to": "2"}, arranged=True),
    "classes:tables_move to": _table_time("move", "to", lambda s: {"person": s[0].pk}, arranged=True),
    "classes:tables_latecomers people": _table_time("latecomers", "people", lambda s: {}, arranged=True),
    "classes:hand_over ?user": _hand_over("get"),
    "classes:hand_over user": _hand_over("post"),
    "practice:check ?skill_level": _check("skill_level"),
    "practice:check ?base": _check("base"),
}


def _answer(sent: Sent, value: str) -> tuple[int, str, list[str]]:
    """What the view answers with `value` in its field: the status, where it sends the person
    and the messages it leaves (what they quote masked), all undone afterwards: each value meets
    the same world."""
    with transaction.atomic():
        send = sent.client.get if sent.method == "get" else sent.client.post
        response = send(sent.url, {**sent.data, sent.name: value})
        said = [QUOTED.sub("‘…’", str(message)) for message in get_messages(response.wsgi_request)]
        transaction.set_rollback(True)
    sent.client.cookies.pop("messages", None)  # shown, as the next page would show them
    where = NEW_TABLE.sub("/tables/…/", response.get("Location", ""))  # a new table's code is random
    return response.status_code, where, said


@pytest.mark.parametrize("case", SENT)
def test_it_answers_an_odd_number_as_it_answers_abc(case: str) -> None:
    """The same status, place and words as for "abc"; a blank, which some views take as "not
    given" (play:start's base: the standard one), the same status."""
    sent = SENT[case]()
    baseline = _answer(sent, "abc")
    assert baseline[0] < 500
    answers = {odd: _answer(sent, value) for odd, value in ODD.items()}
    assert answers.pop("blank")[0] == baseline[0]
    assert answers == dict.fromkeys(answers, baseline)


def test_it_reads_ascii_digits_within_their_bound_and_nothing_else() -> None:
    assert sent_number("42") == 42 and sent_number(" 7 ") == 7 and sent_number("007") == 7
    assert sent_number("9" * 18) == 10**18 - 1
    assert sent_number("1234", digits=4) == 1234 and sent_number("12345", digits=4) is None
    for odd in (*ODD.values(), None, "abc", "-1", "+1", "1.0", "1e3", "1 2", "\u00a07", "9" * 19):
        assert sent_number(odd) is None, odd


def test_it_finds_no_digit_test_written_outside_the_one_reader() -> None:
    found = []
    for folder in ("cfmj", "practice", "lessons"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            if where.startswith("cfmj/engine/") or where in DIGIT_TESTS_ALLOWED:
                continue  # the engine reads its own notation and options (numbers.option_number)
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if DIGIT_TESTS.search(line):
                    found.append(f"{where}:{number}: {line.strip()}")
    assert found == [], "read numbers sent in a request with cfmj.core.http.sent_number"
