"""The hands a student played for a class, which the class's teachers may read without a share link:
their hands of the class's deals, the hands that counted for the class's "play N hands" homework,
and the hands they played at the class's tables.

Every other hand a student plays on their own stays theirs: private, unless they share it by a
link. `class_hand_seat` is the reader registered with cfmj.play.holds (play knows no class): it
opens a finished hand to a teacher only when that hand is one of these, of a student in a class
they teach now; a deal's hand stays held back, for everyone, until the deal is closed."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.urls import reverse

from cfmj.accounts.models import User
from cfmj.classes.models import Assignment, Classroom, DealHand, Membership
from cfmj.classes.selectors import for_student
from cfmj.play.models import LEARNER_SEAT, Game, Seat
from cfmj.play.stats import finished_hands


@dataclass(frozen=True)
class ClassHand:
    """One hand a student played for the class."""

    game: Game
    what: str  # "The class's deal", "Homework: Play 3 hands in test mode"
    held: bool = False  # a deal not closed yet: its review opens when it is
    seat: int = LEARNER_SEAT  # whose review a teacher reads (a table's hand has four)

    @property
    def finished(self) -> bool:
        return self.game.status == Game.Status.OVER

    @property
    def when(self) -> datetime.datetime:
        return self.game.finished_at or self.game.created_at

    @property
    def review_url(self) -> str:
        """Its review: a table's hand from the student's seat, a hand alone as it is."""
        if self.game.table_id is not None:
            return reverse("play:review_seat", args=[self.game.pk, self.seat])
        return reverse("play:review", args=[self.game.pk])


def class_hands(classroom: Classroom, student: User) -> list[ClassHand]:
    """The hands `student` played for `classroom`, newest first; a hand that is both a deal's and
    counted for homework is listed once, as the deal's."""
    found: dict[int, ClassHand] = {}
    for hand in [
        *deal_hands(classroom, student),
        *homework_hands(classroom, student),
        *table_hands(classroom, student),
    ]:
        found.setdefault(hand.game.pk, hand)
    return sorted(found.values(), key=lambda hand: (hand.when, hand.game.pk), reverse=True)


def deal_hands(classroom: Classroom, student: User) -> list[ClassHand]:
    rows = DealHand.objects.filter(deal__classroom=classroom, student=student).select_related("deal", "game")
    return [
        ClassHand(
            row.game,
            "The class's deal",
            held=not row.deal.closed,
        )
        for row in rows
    ]


def homework_hands(classroom: Classroom, student: User) -> list[ClassHand]:
    """The hands that counted for the class's homework of hands to play: the first ones finished
    in its mode and at its table after it was set, up to its number (as its progress counts)."""
    out = []
    homework = Assignment.objects.filter(for_student(student), classroom=classroom, kind=Assignment.Kind.PLAY)
    for assignment in homework.distinct().order_by("created_at", "pk"):
        counted = finished_hands(
            [student.pk], mode=assignment.play_mode, table=assignment.table, since=assignment.created_at
        ).get(student.pk, [])[: assignment.count]
        games = Game.objects.in_bulk([pk for pk, _ in counted])
        out += [ClassHand(games[pk], f"Homework: {assignment.title}") for pk, _ in counted if pk in games]
    return out


def table_hands(classroom: Classroom, student: User) -> list[ClassHand]:
    """The hands `student` played at the class's tables (its table times), each with their seat:
    the hands dealt while they sat there (a table's hand is read from a seat: play.access; the
    class's teachers read every seat of it, table_selectors.teaches_table_hand)."""
    seats = Seat.objects.filter(
        user=student, table__class_table__table_time__classroom=classroom
    ).select_related("table__class_table")
    out = []
    for seat in seats:
        number = seat.table.class_table.number
        hands = Game.objects.filter(table_id=seat.table_id, created_at__gte=seat.joined_at)
        out += [
            ClassHand(game, f"Table {number}, hand {game.hand_number}", seat=seat.number) for game in hands
        ]
    return out


def class_hand_seat(user: User, game: Game) -> int | None:
    """The reader registered with cfmj.play.holds: the seat of a finished hand that `user` may read
    as a teacher (now) of a class its player is a student of (now), when the hand was played for
    that class (class_hands); None for any other hand, such as one the student played on their
    own."""
    if game.status != Game.Status.OVER or game.owner_id is None:
        return None
    taught = Membership.objects.active().teachers().filter(user=user).values("classroom_id")
    studied = Membership.objects.active().students().filter(user_id=game.owner_id, classroom_id__in=taught)
    student = game.owner
    assert student is not None
    for membership in studied.select_related("classroom"):
        for hand in class_hands(membership.classroom, student):
            if hand.game.pk == game.pk:
                return hand.seat
    return None
