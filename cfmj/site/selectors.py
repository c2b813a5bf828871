"""Everything the site holds about a person, read from every app for their download."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.db.models import F
from django.utils import timezone

from cfmj.accounts.models import User
from cfmj.classes.models import (
    Assignment,
    ClassDeal,
    ClassSession,
    CoteacherInvite,
    DealHand,
    ManagedAccount,
    Membership,
    SessionAnswer,
    TableTime,
)
from cfmj.classes.selectors import statuses
from cfmj.play import holds
from cfmj.play.models import Game, Seat
from lessons.models import CheckAnswer, LessonProgress, ReadAhead
from practice.models import Attempt, PracticeRange, ReviewItem, SkillRating, Streak

EXPORT_FORMAT = "card-free-mah-jongg-account/1"


def _rows(rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    return [dict(row) for row in rows]


def account_data(*, user: User) -> dict[str, Any]:
    """Everything the site holds about `user`, for them to download (or for the teacher of a class
    that made the account). About other people it names only classes and their teachers: never
    students, and never a password (not even its hash)."""
    return {
        "format": EXPORT_FORMAT,
        "exported_at": timezone.now(),
        "account": _account(user),
        "practice": _practice(user),
        "lessons": _lessons(user),
        "lessons_read_ahead": _read_ahead(user),
        "lesson_answers": _lesson_answers(user),
        "classes": _classes(user),
        "homework": _homework(user),
        "homework_set": _homework_set(user),
        "class_sessions": _class_sessions(user),
        "invitations": _invitations(user),
        "play": _play(user),
        "class_deals": _class_deals(user),
    }


def _account(user: User) -> dict[str, Any]:
    managed = ManagedAccount.objects.filter(user=user).select_related("classroom", "made_by").first()
    return {
        "username": user.username,
        "real_name": user.real_name,
        "email": user.email,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "role": user.role,
        "large_print": user.large_print,
        "time_zone": user.time_zone,
        "date_joined": user.date_joined,
        "last_login": user.last_login,
        "deletion_due_at": user.deletion_due_at,
        "deletion_takes_class_accounts": user.deletion_takes_class_accounts,
        "recovery_code_made_at": user.recovery_code_made_at,  # when: never the code, nor its hash
        "made_for_class": None
        if managed is None
        else {
            "class": managed.classroom.name,
            "made_by": managed.made_by.username if managed.made_by else None,
            "made_at": managed.made_at,
        },
    }


def _practice(user: User) -> dict[str, Any]:
    streak = Streak.objects.filter(user=user).values("current", "best", "last_day", "zone").first()
    return {
        "attempts": _rows(
            Attempt.objects.filter(user=user)
            .order_by("answered_at", "pk")
            .values(
                "answered_at",
                "puzzle_id",
                "response",
                "correct",
                "score",
                "rated",
                "rating_before",
                "rating_after",
                "daily_date",
                kind=F("puzzle__kind"),
                band=F("puzzle__band"),
            )
        ),
        "ratings": _rows(
            SkillRating.objects.filter(user=user)
            .order_by("kind")
            .values("kind", "rating", "deviation", "volatility", "attempts", "correct", "updated_at")
        ),
        "reviews": _rows(
            ReviewItem.objects.filter(user=user)
            .order_by("due", "pk")
            .values("puzzle_id", "due", "interval_days", "successes", "retired", kind=F("puzzle__kind"))
        ),
        "streak": streak,
        # The choice to practise everything, ahead of the lessons (practice.reach); False: not made.
        "practise_everything": PracticeRange.objects.filter(user=user, everything=True).exists(),
    }


def _read_ahead(user: User) -> list[dict[str, Any]]:
    """The lessons read ahead of their turn, and the furthest step read of each."""
    return _rows(
        ReadAhead.objects.filter(user=user)
        .order_by("lesson__number")
        .values("step", "read_at", lesson_number=F("lesson__number"), lesson_title=F("lesson__title"))
    )


def _lessons(user: User) -> list[dict[str, Any]]:
    return _rows(
        LessonProgress.objects.filter(user=user)
        .order_by("lesson__number")
        .values(
            "step_reached",
            "checks_right",
            "quiz_last",
            "quiz_best",
            "quiz_size",
            "completed_at",
            "tested_out",
            "updated_at",
            lesson_number=F("lesson__number"),
            lesson_title=F("lesson__title"),
        )
    )


def _lesson_answers(user: User) -> list[dict[str, Any]]:
    """Each step check and quiz answered, with its marks (a step of None is the lesson's quiz) and
    the questions it missed (each kept as a puzzle to review: its kind and question)."""
    answers = CheckAnswer.objects.filter(user=user)
    missed: dict[int, list[dict[str, Any]]] = {}
    through = CheckAnswer.missed.through.objects.filter(checkanswer__in=answers).order_by("pk")
    fields = ("checkanswer_id", "puzzle__kind", "puzzle__question")
    for answer_id, kind, question in through.values_list(*fields):
        missed.setdefault(answer_id, []).append({"kind": kind, "question": question})
    rows = _rows(
        answers.order_by("answered_at", "pk").values(
            "pk",
            "answered_at",
            "step",
            "responses",
            "score",
            "size",
            lesson_number=F("lesson__number"),
            lesson_title=F("lesson__title"),
        )
    )
    for row in rows:
        row["missed"] = missed.get(row.pop("pk"), [])
    return rows


def _classes(user: User) -> list[dict[str, Any]]:
    out = []
    for membership in Membership.objects.filter(user=user).select_related("classroom").order_by("joined_at"):
        classroom = membership.classroom
        teachers = Membership.objects.active().teachers().filter(classroom=classroom).order_by("joined_at")
        out.append(
            {
                "class": classroom.name,
                "role": membership.role,
                "owner": classroom.owner_id == user.pk,
                "joined_at": membership.joined_at,
                "left_at": membership.left_at,
                "removed_by_a_teacher": membership.removed,
                "archived": classroom.archived,
                "teachers": [m.user.username for m in teachers.select_related("user")],
            }
        )
    return out


def _homework(user: User) -> list[dict[str, Any]]:
    """Homework of every class the user is or was a student in, with how far they are."""
    studied = Membership.objects.filter(user=user, role=Membership.Role.STUDENT).values("classroom_id")
    out = []
    for assignment in (
        Assignment.objects.filter(classroom_id__in=studied)
        .select_related("classroom", "lesson")
        .order_by("due", "pk")
    ):
        status = statuses(assignment, [user])[user.pk]
        out.append(
            {
                "class": assignment.classroom.name,
                "homework": assignment.title,
                "due": assignment.due,
                "done": status.done,
                "late": status.late,
                "answered": status.answered,
                "needed": status.needed,
                "score": status.score,
                "finished_at": status.finished_at,
            }
        )
    return out


def _homework_set(user: User) -> list[dict[str, Any]]:
    return [
        {"class": a.classroom.name, "homework": a.title, "due": a.due, "set_at": a.created_at}
        for a in Assignment.objects.filter(created_by=user)
        .select_related("classroom", "lesson")
        .order_by("pk")
    ]


def _class_sessions(user: User) -> dict[str, list[dict[str, Any]]]:
    return {
        "answers": _rows(
            SessionAnswer.objects.filter(user=user)
            .order_by("answered_at", "pk")
            .values(
                "response",
                "correct",
                "score",
                "answered_at",
                **{"class": F("session__classroom__name")},
                puzzle_id=F("session__puzzle_id"),
                kind=F("session__puzzle__kind"),
            )
        ),
        "started": _rows(
            ClassSession.objects.filter(started_by=user)
            .order_by("started_at", "pk")
            .values("puzzle_id", "started_at", "revealed_at", "closed_at", **{"class": F("classroom__name")})
        ),
        "table_times": _rows(
            TableTime.objects.filter(started_by=user)
            .order_by("created_at", "pk")
            .values("status", "created_at", "started_at", "ended_at", **{"class": F("classroom__name")})
        ),
    }


def _play(user: User) -> dict[str, list[dict[str, Any]]]:
    """The hands played against the bots. A finished hand comes whole (seed, every action, the
    result); a hand in progress without its seed and actions, which would tell the wall and the
    bots' tiles to someone still playing it; and so does a finished hand held back (a class's deal
    before the teacher closes it: its draws would tell the others what is coming), with why."""
    table = ("created_at", "updated_at", "status", "mode", "bot_level", "house_rules", "base", "skill_level")
    games = Game.objects.filter(owner=user).order_by("created_at", "pk")
    over = games.filter(status=Game.Status.OVER)
    held = holds.held(list(over.values_list("pk", flat=True)))
    return {
        "games": _rows(over.exclude(pk__in=held).values(*table, "dealer", "seed", "actions", "result")),
        "held_back": [
            {**row, "why": held[row.pop("pk")]} for row in over.filter(pk__in=held).values("pk", *table)
        ],
        "in_progress": _rows(games.exclude(status=Game.Status.OVER).values(*table)),
        "tables": _tables(user),
    }


def _class_deals(user: User) -> dict[str, list[dict[str, Any]]]:
    """The class's deals the person played (their hand is in play.games, or play.held_back until
    the deal closes) and the ones they dealt as a teacher: never a deal's seed."""
    deal = ("started_at", "closed_at", "bot_level", "mode", "house_rules", "skill_level")
    return {
        "played": _rows(
            DealHand.objects.filter(student=user)
            .order_by("started_at", "pk")
            .values(
                "started_at",
                **{"class": F("deal__classroom__name")},
                dealt_at=F("deal__started_at"),
                closed_at=F("deal__closed_at"),
                game_status=F("game__status"),
            )
        ),
        "dealt": _rows(
            ClassDeal.objects.filter(started_by=user)
            .order_by("started_at", "pk")
            .values(*deal, **{"class": F("classroom__name")})
        ),
    }


def _tables(user: User) -> list[dict[str, Any]]:
    """The tables the person sits at and what they did there: their own seat's choices and each
    finished hand's result. Never the seed, the wall or every action: those would tell the other
    people's concealed tiles."""
    out = []
    for seat in (
        Seat.objects.filter(user=user).select_related("table", "table__host").order_by("joined_at", "pk")
    ):
        table = seat.table
        hands = table.hands.order_by("hand_number")
        out.append(
            {
                "code": table.code,
                "kind": table.kind,
                "status": table.status,
                "hosted": table.host_id == user.pk,
                "seat": seat.number,
                "joined_at": seat.joined_at,
                "hands": [
                    {
                        "hand": hand.hand_number,
                        "dealer": hand.dealer,
                        "status": hand.status,
                        "result": hand.result,
                        "your_choices": _rows(
                            hand.decisions.filter(seat=seat.number)
                            .order_by("index")
                            .values("kind", "chosen", "mark", "preferred", "why", "created_at")
                        ),
                    }
                    for hand in hands
                ],
            }
        )
    return out


def _invitations(user: User) -> dict[str, list[dict[str, Any]]]:
    def rows(invites: Any, other: str) -> list[dict[str, Any]]:
        return [
            {
                "class": invite.classroom.name,
                other: getattr(invite, other).username if getattr(invite, other) else None,
                "status": invite.status,
                "sent_at": invite.created_at,
                "answered_at": invite.answered_at,
            }
            for invite in invites.select_related("classroom", other).order_by("created_at", "pk")
        ]

    return {
        "received": rows(CoteacherInvite.objects.filter(invitee=user), "invited_by"),
        "sent": rows(CoteacherInvite.objects.filter(invited_by=user), "invitee"),
    }
