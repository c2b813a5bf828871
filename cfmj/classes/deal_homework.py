"""The class's deal as homework: what its kind's definition (cfmj.classes.homework_kinds.DEAL) does.
Setting it deals the class a hand (cfmj.classes.deals) that every student it is set for plays alone
against the bots by the due date; it is done when their hand of it is finished. The teacher closes
the deal from its page (its reviews then open, and the board steps through it), as for a deal
played in class."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import transaction
from django.urls import reverse

from cfmj.classes import deals
from cfmj.classes.models import Assignment, ClassDeal, DealHand
from cfmj.classes.progress import Status
from cfmj.engine.coach import LEVELS
from cfmj.play.models import Game

if TYPE_CHECKING:
    from cfmj.classes.homework_kinds import Setting

WORDS = (
    "The class's deal: every student plays the same hand alone against three bots (the same tiles "
    "dealt, the same bots), by the due date. Once you close the deal, the board shows, decision by "
    "decision, how the class split against the coach's choice, and their reviews open; until then "
    "the site shows nothing of it beyond what each student saw while playing."
)


def deal_title(assignment: Assignment) -> str:
    deal = deal_of(assignment)
    if deal is None:
        return "Play the class's deal"
    mode = Game.Mode(deal.mode).label.lower()
    return f"Play the class's deal ({deal.bot_level} bots, {mode} mode)"


def deal_of(assignment: Assignment) -> ClassDeal | None:
    return ClassDeal.objects.filter(assignment=assignment).first()


def deal_create(setting: Setting) -> Assignment:
    """The homework and its deal, dealt now with the class's rules and the bots chosen."""
    deals.deal_settings_check(bot_level=setting.bot_level, mode=setting.play_mode)
    with transaction.atomic():
        assignment = Assignment.objects.create(
            classroom=setting.classroom,
            kind=Assignment.Kind.DEAL,
            count=1,
            play_mode=setting.play_mode,
            due=setting.due,
            created_by=setting.teacher,
        )
        deals.deal_start(
            classroom=setting.classroom,
            teacher=setting.teacher,
            bot_level=setting.bot_level,
            mode=setting.play_mode,
            assignment=assignment,
        )
    return assignment


def deal_copied(original: Assignment, copy: Assignment) -> None:
    """A copy of deal homework is a new deal (a wall of its own: the first one's may be known by
    now), with the same bots and mode and the class's rules now."""
    deal = deal_of(original)
    teacher = copy.created_by
    if deal is not None and teacher is not None:
        deals.deal_start(
            classroom=copy.classroom,
            teacher=teacher,
            bot_level=deal.bot_level,
            mode=deal.mode,
            assignment=copy,
        )


def deal_statuses(assignment: Assignment, ids: list[int]) -> dict[int, Status]:
    """Done once the student's hand of the deal is finished; no score (the board compares it)."""
    hands = {
        student_id: (status, finished_at)
        for student_id, status, finished_at in DealHand.objects.filter(
            deal__assignment=assignment, student_id__in=ids
        ).values_list("student_id", "game__status", "game__finished_at")
    }
    out = {}
    for pk in ids:
        status, finished_at = hands.get(pk, ("", None))
        done = status == Game.Status.OVER
        out[pk] = Status(done, int(done), 1, None, finished_at if done else None, assignment.due)
    return out


def deal_url(assignment: Assignment) -> str:
    """The deal's page: where a student starts their hand, or goes on with it."""
    deal = deal_of(assignment)
    return reverse("classes:deal", args=[assignment.classroom_id, deal.pk]) if deal is not None else ""


def bot_levels() -> list[tuple[str, str]]:
    return list(LEVELS.items())
