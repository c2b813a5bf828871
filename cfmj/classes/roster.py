"""Students' names and accounts made from a list: a teacher names an account their class made,
pastes a list of names to make an account for each (a readable username and a first password
each), and prints login cards for them.

A password is shown on a card only to the teacher who made the account (or set its password on the
class page), in that teacher's own session (kept server-side, in the database; gone at log-out),
and only while the account still has that password (its stored hash is compared): the card
disappears once the student or another teacher changes it. Nothing else keeps a password readable:
after that, a teacher sets a new one."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.password_validation import validate_password
from django.contrib.sessions.backends.base import SessionBase
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from cfmj.accounts.models import User
from cfmj.accounts.names import real_name_normalise, real_name_problem
from cfmj.accounts.selectors import username_taken
from cfmj.classes.models import Classroom, ManagedAccount, Membership
from cfmj.classes.services import ClassError, is_managed_by, student_create
from cfmj.core.usernames import username_folded, username_key, username_problem

MAX_NAMES = 30  # accounts made from one list: a club class (each password takes a moment to hash)
CARDS_KEY = "login_cards"
CARDS_KEPT = 200  # per class, in one teacher's session
USERNAME_PART = 12  # letters taken from the first name

# Short words that are easy to read aloud and type on a phone (no look-alikes such as l/1, O/0).
_WORDS = """
apple bamboo banjo basil beach berry bison cabin camel candle canoe carrot castle cedar cherry
cloud clover cobalt comet coral cotton crane daisy delta dolphin dragon eagle ember falcon fern
fiddle forest fox garden ginger goose grape harbor hazel heron honey island ivory jasmine
jungle kettle kiwi koala lantern lemon lily lotus mango maple meadow melon mint moon narrow
nectar nutmeg ocean olive orange otter owl panda parrot peach pebble pepper pine planet plum
pony poppy quartz quiet rabbit raven river robin rocket saddle salmon sandy sparrow spruce
squash stone summer sunny swan teapot thistle tiger timber tomato topaz tulip turtle velvet
violet walnut willow winter yellow zebra
"""
WORDS = tuple(_WORDS.split())


class NamesError(ClassError):
    """A pasted list that cannot be made into accounts: every problem, one line each."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(" ".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class Card:
    """What a student needs to log in the first time."""

    user: User
    password: str


def student_name_set(*, classroom: Classroom, student: User, name: str) -> None:
    """A teacher names an account their class made (others name themselves on their account page)."""
    if not is_managed_by(classroom, student):
        raise ClassError(f"{student.username} made their own account, so only they can set its name.")
    name = real_name_normalise(name)
    problem = real_name_problem(name)
    if problem is not None:
        raise ClassError(problem)
    User.objects.filter(pk=student.pk).update(real_name=name)
    student.real_name = name


@dataclass(frozen=True)
class NameList:
    names: list[str]
    blank_lines: int


@dataclass(frozen=True)
class NewAccount:
    """A name of a pasted list and the username its account would have."""

    name: str
    username: str


def name_of_line(line: str) -> str:
    """What of a pasted line is the name: what comes before its first tab or comma, so that rows
    pasted from a spreadsheet ("Anne Smith<TAB>Year 3") or a list with notes ("Bob Jones, Year 4")
    give the name alone."""
    return real_name_normalise(re.split(r"[\t,]", line, maxsplit=1)[0])


def names_read(*, classroom: Classroom, text: str) -> NameList:
    """The names of a pasted list, one a line (each line's name_of_line); NamesError lists every
    problem (too many, a name twice, a name already in the class, a name that cannot be one)."""
    problems: list[str] = []
    names: list[str] = []
    lines: dict[str, list[int]] = {}
    blank = 0
    for number, line in enumerate(text.splitlines(), 1):
        name = name_of_line(line)
        if not name:
            blank += 1
            continue
        problem = real_name_problem(name)
        if problem is not None:
            problems.append(f"Line {number}: {problem}")
            continue
        names.append(name)
        lines.setdefault(name.casefold(), []).append(number)
    if not names and not problems:
        raise NamesError(["Paste at least one name, one name a line."])
    if len(names) > MAX_NAMES:
        problems.append(
            f"That is {len(names)} names: at most {MAX_NAMES} at a time. Make the first {MAX_NAMES} "
            "now and the rest afterwards."
        )
    first = {name.casefold(): name for name in reversed(names)}  # each name as first written
    for key, numbers in lines.items():
        name = first[key]
        if len(numbers) > 1:
            where = ", ".join(str(n) for n in numbers[:-1]) + f" and {numbers[-1]}"
            problems.append(
                f"{name} is on lines {where}. If they are different students, tell them apart "
                f"(for example {name} B)."
            )
    problems += _already_in(classroom, names)
    if problems:
        raise NamesError(problems)
    return NameList(names, blank)


def _already_in(classroom: Classroom, names: list[str]) -> list[str]:
    """Names a student of the class (or an account it made) already has: most likely the same list
    sent twice."""
    wanted = {name.casefold() for name in names}
    people = User.objects.filter(memberships__classroom=classroom, memberships__role=Membership.Role.STUDENT)
    made = User.objects.filter(managed_account__classroom=classroom)
    found: dict[str, str] = {}
    for user in (people | made).distinct().exclude(real_name=""):
        if user.real_name.casefold() in wanted:
            found.setdefault(user.real_name.casefold(), f"{user.real_name} ({user.username})")
    return [
        f"{who} already has an account in this class: take the name off the list, or tell them apart."
        for who in found.values()
    ]


def username_for(name: str, taken: set[str]) -> str:
    """A readable username for a name ("Zoë Müller": zoem, else zoem2, zoem3...), free on the site
    and not in `taken` (keys of names chosen already in this list)."""
    words = [username_folded(word) for word in name.split()]
    words = [word for word in words if word]
    base = words[0][:USERNAME_PART] + (words[-1][0] if len(words) > 1 else "") if words else "student"
    for number in range(1, 10_000):
        candidate = base if number == 1 else f"{base}{number}"
        free = username_key(candidate) not in taken and username_problem(candidate) is None
        if free and not username_taken(candidate):
            return candidate
    raise ClassError(f"No free username could be found for {name}.")  # pragma: no cover


def first_password(user: User) -> str:
    """Two words and four digits ("mango-river-4821", about 28 bits), easy to copy from a card;
    the site's password rules checked."""
    while True:
        words = "-".join(secrets.choice(WORDS) for _ in range(2))
        password = f"{words}-{secrets.randbelow(10_000):04d}"
        try:
            validate_password(password, user)
        except ValidationError:  # pragma: no cover - too like the username, say
            continue
        return password


def usernames_for(names: Iterable[str]) -> list[str]:
    """A username for each name of a list (username_for), each free and none twice."""
    taken: set[str] = set()
    usernames = []
    for name in names:
        username = username_for(name, taken)
        taken.add(username_key(username))
        usernames.append(username)
    return usernames


def accounts_preview(*, classroom: Classroom, text: str) -> tuple[list[NewAccount], NameList]:
    """The accounts a pasted list would make, each name with its username, for the teacher to check
    before any is made (NamesError, ClassError as students_from_list would raise them)."""
    _not_archived(classroom)
    names = names_read(classroom=classroom, text=text)
    usernames = usernames_for(names.names)
    return [NewAccount(name, username) for name, username in zip(names.names, usernames, strict=True)], names


def students_create(*, classroom: Classroom, teacher: User, names: Iterable[str]) -> list[Card]:
    """An account for each name (read by names_read), all or none, each in the class and managed by
    it, with a readable username and a first password."""
    cards = []
    names = list(names)
    try:
        with transaction.atomic():
            for name, username in zip(names, usernames_for(names), strict=True):
                password = first_password(User(username=username))
                user = student_create(
                    classroom=classroom, teacher=teacher, username=username, password=password, real_name=name
                )
                cards.append(Card(user, password))
    except IntegrityError:  # a name taken by a sign-up at the same moment
        raise ClassError(
            "Someone took one of those usernames just now: please press the button again."
        ) from None
    return cards


def students_from_list(*, classroom: Classroom, teacher: User, text: str) -> tuple[list[Card], NameList]:
    """names_read, then students_create, with the class locked between them: the same list sent
    twice at once (a double tap) makes its accounts once, and the second is told they exist."""
    with transaction.atomic():
        Classroom.objects.select_for_update().filter(pk=classroom.pk).first()
        _not_archived(classroom)
        names = names_read(classroom=classroom, text=text)
        return students_create(classroom=classroom, teacher=teacher, names=names.names), names


def _not_archived(classroom: Classroom) -> None:
    if Classroom.objects.filter(pk=classroom.pk, archived_at__isnull=False).exists():
        raise ClassError("This class is archived: bring it back before adding students.")


def cards_keep(*, session: SessionBase, classroom: Classroom, cards: Iterable[Card]) -> None:
    """Keep the first passwords for this teacher's login cards page (see the module's note)."""
    kept = dict(session.get(CARDS_KEY, {}))
    mine = [entry for entry in kept.get(str(classroom.pk), [])]
    mine += [[card.user.pk, card.password, card.user.password] for card in cards]
    kept[str(classroom.pk)] = mine[-CARDS_KEPT:]
    session[CARDS_KEY] = kept


def cards_of(*, session: SessionBase, classroom: Classroom) -> list[Card]:
    """The cards kept for this class whose account its class made and still has its first password
    (the stored hash unchanged), in the order made."""
    entries = session.get(CARDS_KEY, {}).get(str(classroom.pk), [])
    ids = [user_id for user_id, _, _ in entries]
    made = ManagedAccount.objects.filter(classroom=classroom, user_id__in=ids)
    managed = set(made.values_list("user_id", flat=True))
    users = {user.pk: user for user in User.objects.filter(pk__in=managed)}
    return [
        Card(users[user_id], password)
        for user_id, password, hashed in entries
        if user_id in users and users[user_id].password == hashed
    ]


def cards_forget(*, session: SessionBase, classroom: Classroom) -> None:
    kept = dict(session.get(CARDS_KEY, {}))
    kept.pop(str(classroom.pk), None)
    session[CARDS_KEY] = kept
