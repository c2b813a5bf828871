"""The same deal for everyone: a teacher starts a deal (one wall, one dealer, the class's rules and
the bots the teacher picks) and every student plays it alone against three bots, so a class of any
size plays the same hand without tables of four; then the class board steps through how the class
split at each decision (cfmj.classes.deal_split).

Nothing of the deal shows its wall until the teacher closes it: a student who finished first must
not be able to tell the others what is coming. Its hands are held back (cfmj.play.holds: no
review, share link or download of them, for anyone), and the board shows only how many finished.
The seed is drawn like a hand's (128 secret bits) and never leaves the server.

Each function raises ClassError with a message a teacher or student can act on."""

from __future__ import annotations

import secrets
from collections.abc import Collection
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from cfmj.accounts.models import User
from cfmj.classes.models import Assignment, ClassDeal, Classroom, DealHand, Membership, active_member
from cfmj.classes.selectors import for_student, is_set_for, students_of
from cfmj.classes.services import ClassError
from cfmj.engine.coach import LEVELS
from cfmj.engine.game import SEATS
from cfmj.play import services as play_services
from cfmj.play.models import Game

CLOSED = (
    "This deal is closed: your teacher has shown how the class played it, so it can no longer be "
    "played for the class."
)
ARCHIVED = "This class is archived: bring it back before dealing a hand."
HELD = (
    "This hand is the class's deal of {name}: its review and share link open when your teacher "
    "closes the deal, so that nobody learns what is coming before everyone has played it."
)
MODES = "Choose practice (hints and undo) or test (no hints, no undo)."
DEALS_LISTED = 5  # the class page lists the latest deals; older ones are on their own pages
CLOSED_LISTED = 3  # a student's hands of the class's closed deals, latest first


def deal_start(
    *,
    classroom: Classroom,
    teacher: User,
    bot_level: str,
    mode: str = Game.Mode.TEST,
    assignment: Assignment | None = None,
    seed: int | None = None,
) -> ClassDeal:
    """A new deal for the class: a secret seed, its dealer, the class's rules as they are now and
    the bots' level; open until the teacher closes it. With `assignment`, the homework it is."""
    if classroom.archived:
        raise ClassError(ARCHIVED)
    if not Membership.objects.active().teachers().filter(classroom=classroom, user=teacher).exists():
        raise ClassError("Only a teacher of the class can deal the class a hand.")
    deal_settings_check(bot_level=bot_level, mode=mode)
    try:
        rules = play_services.table_rules_checked(
            bot_level=bot_level,
            house_rules=classroom.house_rules,
            base=None,
            skill_level=classroom.skill_level,
        )
    except play_services.PlayError as problem:
        raise ClassError(str(problem)) from problem
    seed = secrets.randbits(play_services.SEED_BITS) if seed is None else seed
    return ClassDeal.objects.create(
        classroom=classroom,
        seed=str(seed),
        dealer=seed % SEATS,
        house_rules=sorted(rules.house_rules),
        base=rules.base,
        skill_level=rules.skill_level,
        bot_level=bot_level,
        mode=mode,
        assignment=assignment,
        started_by=teacher,
    )


def deal_settings_check(*, bot_level: str, mode: str) -> None:
    if bot_level not in LEVELS:
        raise ClassError(f"Choose the bots' level: {', '.join(LEVELS)}.")
    if mode not in Game.Mode.values:
        raise ClassError(MODES)


def deal_hand_start(*, deal: ClassDeal, student: User) -> Game:
    """The student's hand of the deal: dealt now from the deal's wall (the same seed, dealer, rules
    and bots as everyone's), or the one they have (a double click, a second tab: one hand each).
    Refused once the deal is closed, in an archived class, and to anyone the deal is not for."""
    found = DealHand.objects.filter(deal=deal, student=student).select_related("game").first()
    if found is not None:
        return found.game
    deal_open_to(deal, student)
    game = play_services.game_start(
        owner=student,
        bot_level=deal.bot_level,
        house_rules=deal.house_rules,
        base=deal.base,
        skill_level=deal.skill_level,
        mode=deal.mode,
        seed=int(deal.seed),
        dealer=deal.dealer,
        limited=False,  # the teacher's deal: one hand each, whatever else the student has begun
    )
    try:
        with transaction.atomic():
            DealHand.objects.create(deal=deal, student=student, game=game)
    except IntegrityError:  # dealt at the same moment by another request: keep that one
        game.delete()
        return DealHand.objects.select_related("game").get(deal=deal, student=student).game
    return game


def deal_open_to(deal: ClassDeal, student: User) -> None:
    """Raise ClassError, saying why, when this student may not start a hand of the deal."""
    classroom = deal.classroom
    if deal.closed:
        raise ClassError(CLOSED)
    if classroom.archived:
        raise ClassError(ARCHIVED)
    if not Membership.objects.active().students().filter(classroom=classroom, user=student).exists():
        raise ClassError("Only the students of this class play its deal.")
    if deal.assignment is not None and not is_set_for(deal.assignment, student):
        raise ClassError("This deal is homework for other students of the class.")


def deal_close(*, deal: ClassDeal) -> ClassDeal:
    """Close the deal: its hands' reviews and share links open, and the board steps through how
    the class split. A student still playing may finish. Closing twice changes nothing."""
    now = timezone.now()
    ClassDeal.objects.filter(pk=deal.pk, closed_at__isnull=True).update(closed_at=now)
    deal.refresh_from_db(fields=["closed_at"])
    return deal


# Reading deals.


@dataclass(frozen=True)
class Progress:
    """How far the class is with a deal: its students now, how many started and finished."""

    students: int
    started: int
    finished: int

    @property
    def playing(self) -> int:
        return self.started - self.finished

    @property
    def key(self) -> str:
        """Changes whenever the count changes (a poll that sees the same key swaps nothing)."""
        return f"{self.students}-{self.started}-{self.finished}"


def deal_progress(deal: ClassDeal) -> Progress:
    ids = {u.pk for u in deal_students(deal)}
    hands = deal.hands.filter(student_id__in=ids)
    return Progress(
        students=len(ids),
        started=hands.count(),
        finished=hands.filter(game__status=Game.Status.OVER).count(),
    )


def deal_students(deal: ClassDeal) -> list[User]:
    """The students the deal is for now: the class's, or those its homework names."""
    students = students_of(deal.classroom)
    if deal.assignment is None:
        return students
    named = set(deal.assignment.students.values_list("pk", flat=True))
    return [u for u in students if not named or u.pk in named]


def deal_rows(deal: ClassDeal) -> list[tuple[User, Game | None]]:
    """Each student the deal is for, with their hand of it (None: not started)."""
    games = {h.student_id: h.game for h in deal.hands.select_related("game")}
    return [(student, games.get(student.pk)) for student in deal_students(deal)]


def deal_hand_of(deal: ClassDeal, student: User) -> Game | None:
    found = DealHand.objects.filter(deal=deal, student=student).select_related("game").first()
    return found.game if found is not None else None


def deals_of(classroom: Classroom) -> QuerySet[ClassDeal]:
    """The class's deals, newest first."""
    return ClassDeal.objects.filter(classroom=classroom).select_related("assignment")


def deals_for_student(
    student: User, classroom: Classroom | None = None
) -> list[tuple[ClassDeal, Game | None]]:
    """The deals a student may play now (open, in a class they are in and not archived, for
    them), each with their hand of it; the deals set as homework too. Of one class, if given."""
    deals = ClassDeal.objects.filter(
        active_member(Membership.Role.STUDENT, through="classroom__memberships"),
        classroom__memberships__user=student,
        classroom__archived_at__isnull=True,
        closed_at__isnull=True,
    )
    if classroom is not None:
        deals = deals.filter(classroom=classroom)
    homework = Assignment.objects.filter(for_student(student)).values("pk")
    deals = deals.filter(Q(assignment__isnull=True) | Q(assignment__in=homework))
    found = list(deals.select_related("classroom").distinct().order_by("started_at", "pk"))
    games = {
        h.deal_id: h.game
        for h in DealHand.objects.filter(deal__in=found, student=student).select_related("game")
    }
    return [(deal, games.get(deal.pk)) for deal in found]


def closed_hands_of(student: User, classroom: Classroom) -> list[tuple[ClassDeal, Game]]:
    """The student's hands of the class's closed deals (their reviews are open), latest first."""
    rows = DealHand.objects.filter(deal__classroom=classroom, deal__closed_at__isnull=False, student=student)
    latest = rows.select_related("deal", "game").order_by("-deal__closed_at", "-pk")[:CLOSED_LISTED]
    return [(row.deal, row.game) for row in latest]


def held_deal_hands(game_ids: Collection[int]) -> dict[int, str]:
    """The holder registered with cfmj.play.holds: of these hands, the ones of a deal not yet
    closed, each with the words its page says."""
    rows = DealHand.objects.filter(game_id__in=list(game_ids), deal__closed_at__isnull=True).values_list(
        "game_id", "deal__classroom__name"
    )
    return {game_id: HELD.format(name=name) for game_id, name in rows}
