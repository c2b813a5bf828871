"""A learner's statistics at the table, for their dashboard and their teachers: the hands they
finished (won, wall games, hands won on their discard, how far from Mah Jongg they ended), and how
often their decisions matched the advice, per kind of decision.

Only finished hands count. Test hands are the statistics; practice hands (which can be undone) are
counted apart and never mixed in. Two queries, whatever the number of hands: one grouped by mode
and final distance, one grouped by kind and mark of decision."""

from __future__ import annotations

import datetime
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Count, F, Max, Q

from cfmj.accounts.models import User
from cfmj.engine.labels import HOUSE_RULE_LABELS, SKILL_LEVEL_LABELS
from cfmj.play.models import LEARNER_SEAT, Decision, Game


@dataclass(frozen=True)
class Hands:
    """One mode's finished hands."""

    played: int = 0
    won: int = 0
    wall: int = 0  # wall games: nobody won
    dead: int = 0  # the learner's hand was dead at the end (Game.final_distance is null)
    fed: int = 0  # an opponent won on the learner's discard (the discard that fed a Mah Jongg)
    # (tiles from Mah Jongg at the end, hands), fewest tiles first; dead hands are not in it
    distances: tuple[tuple[int, int], ...] = ()

    @property
    def average_distance(self) -> float | None:
        """The mean tiles from Mah Jongg at the end, over the hands not dead (a win is 0)."""
        hands = sum(n for _, n in self.distances)
        return sum(d * n for d, n in self.distances) / hands if hands else None


@dataclass(frozen=True)
class KindMarks:
    """The marks the advice gave one kind of decision."""

    kind: str
    title: str
    best: int
    good: int
    weak: int

    @property
    def made(self) -> int:
        return self.best + self.good + self.weak

    @property
    def matched_percent(self) -> int:
        """How often the decision was the advice's own choice (marked best)."""
        return round(100 * self.best / self.made)


@dataclass(frozen=True)
class PlayStats:
    test: Hands
    practice: Hands
    decisions: tuple[KindMarks, ...]  # kinds with a decision in a finished test hand, in Kind order

    @classmethod
    def none(cls) -> PlayStats:
        """A visitor's: no hands (playing needs an account)."""
        return cls(Hands(), Hands(), ())

    @property
    def any_hand(self) -> bool:
        return bool(self.test.played or self.practice.played)

    @property
    def decisions_made(self) -> int:
        return sum(k.made for k in self.decisions)

    @property
    def matched_percent(self) -> int | None:
        made = self.decisions_made
        return round(100 * sum(k.best for k in self.decisions) / made) if made else None


def play_stats(user: User) -> PlayStats:
    rows = (
        Game.objects.filter(owner=user, status=Game.Status.OVER)
        .order_by()
        .values_list("mode", "final_distance")
        .annotate(
            hands=Count("pk"),
            won=Count("pk", filter=Q(result__winner=LEARNER_SEAT)),
            wall=Count("pk", filter=Q(result__winner=None)),
            fed=Count("pk", filter=Q(result__discarder=LEARNER_SEAT)),
        )
    )
    by_mode: dict[str, list[Row]] = defaultdict(list)
    for mode, distance, hands, won, wall, fed in rows:
        by_mode[mode].append((distance, hands, won, wall, fed))
    marks = (
        Decision.objects.filter(game__owner=user, game__mode=Game.Mode.TEST, game__status=Game.Status.OVER)
        .order_by()
        .values_list("kind", "mark")
        .annotate(n=Count("pk"))
    )
    return PlayStats(
        test=_hands(by_mode[Game.Mode.TEST]),
        practice=_hands(by_mode[Game.Mode.PRACTICE]),
        decisions=_kinds(marks),
    )


Row = tuple[int | None, int, int, int, int]  # final distance, hands, won, wall games, fed


def _hands(rows: list[Row]) -> Hands:
    distances = sorted((row[0], row[1]) for row in rows if row[0] is not None)
    return Hands(
        played=sum(row[1] for row in rows),
        won=sum(row[2] for row in rows),
        wall=sum(row[3] for row in rows),
        dead=sum(row[1] for row in rows if row[0] is None),
        fed=sum(row[4] for row in rows),
        distances=tuple(distances),
    )


def _kinds(marks: Iterable[tuple[str, str, int]]) -> tuple[KindMarks, ...]:
    counts: dict[str, dict[str, int]] = defaultdict(dict)
    for kind, mark, n in marks:
        counts[kind][mark] = n
    return tuple(
        KindMarks(
            kind,
            str(title),
            counts[kind].get(Decision.Mark.BEST, 0),
            counts[kind].get(Decision.Mark.GOOD, 0),
            counts[kind].get(Decision.Mark.WEAK, 0),
        )
        for kind, title in Decision.Kind.choices
        if kind in counts
    )


# A hand's table for homework: its house rules and skill level, as "h13-l2" ("" for the standard
# table). Unlike a drill puzzle's key (practice.tables) no house rule is left out: at the table
# every rule counts, skipping the second Charleston too. The base is not part of it.
TABLE_KEY = re.compile(r"^(?:h(?P<rules>[0-9]+))?-?(?:l(?P<level>[0-9]))?$")


def table_key(house_rules: Iterable[int], skill_level: int) -> str:
    parts = []
    rules = sorted({int(r) for r in house_rules})
    if rules:
        parts.append("h" + "".join(str(rule) for rule in rules))
    if skill_level:
        parts.append(f"l{skill_level}")
    return "-".join(parts)


def table_rules(key: str) -> tuple[list[int], int]:
    """The house rules and skill level a key stands for (the standard table for a key that is not
    one)."""
    found = TABLE_KEY.match(key)
    if found is None:
        return [], 0
    rules = sorted({int(ch) for ch in found["rules"] or ""} & set(HOUSE_RULE_LABELS))
    level = int(found["level"] or 0)
    return rules, level if level in SKILL_LEVEL_LABELS else 0


def table_words(key: str) -> str:
    rules, level = table_rules(key)
    house = "; ".join(HOUSE_RULE_LABELS[r] for r in rules) or "no house rules"
    return f"{house}; {SKILL_LEVEL_LABELS[level]}"


def hands_finished(
    owner_ids: Iterable[int], *, mode: str, table: str, since: datetime.datetime
) -> dict[int, list[datetime.datetime]]:
    """For homework: when each learner's finished hands of this mode and table (house rules and
    skill level; any bots, any base) that they started at `since` or later ended, oldest first.
    `finished_at` is when a hand ended (a later coach switch or share does not move it)."""
    found = finished_hands(owner_ids, mode=mode, table=table, since=since)
    return {owner_id: [ended for _, ended in hands] for owner_id, hands in found.items()}


def finished_hands(
    owner_ids: Iterable[int], *, mode: str, table: str, since: datetime.datetime
) -> dict[int, list[tuple[int, datetime.datetime]]]:
    """hands_finished with each hand's id: (game id, when it ended), oldest first."""
    games = Game.objects.filter(
        owner_id__in=list(owner_ids), status=Game.Status.OVER, mode=mode, created_at__gte=since
    )
    rows = games.order_by("finished_at", "pk").values_list(
        "pk", "owner_id", "house_rules", "skill_level", "finished_at"
    )
    out: dict[int, list[tuple[int, datetime.datetime]]] = defaultdict(list)
    keys: dict[tuple[tuple[int, ...], int], str] = {}  # most hands share a few tables
    for pk, owner_id, house_rules, skill_level, ended in rows:
        seen = (tuple(house_rules), skill_level)
        if seen not in keys:
            keys[seen] = table_key(house_rules, skill_level)
        if keys[seen] == table and ended is not None:
            out[owner_id].append((pk, ended))
    return out


def last_played(user_ids: Iterable[int]) -> dict[int, datetime.datetime]:
    """When each person last played: their latest change to a hand alone (an action, a hand
    dealt), or their latest choice at a table (while they held that seat). For "last active"."""
    ids = list(user_ids)
    out: dict[int, datetime.datetime] = {}
    alone = (
        Game.objects.filter(owner_id__in=ids).order_by().values_list("owner_id").annotate(Max("updated_at"))
    )
    for owner_id, last in alone:
        out[owner_id] = last
    at_tables = (
        Decision.objects.filter(
            game__table__seats__user_id__in=ids,
            game__table__seats__number=F("seat"),
            created_at__gte=F("game__table__seats__joined_at"),
        )
        .order_by()
        .values_list("game__table__seats__user_id")
        .annotate(Max("created_at"))
    )
    for user_id, last in at_tables:
        out[user_id] = max(last, out.get(user_id, last))
    return out
