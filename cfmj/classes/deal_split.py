"""How the class split at each decision of a deal, for the board to step through once it is closed.

Every student played the same wall, so at their first decision they all stood at the same place;
after it, positions diverge (another tile passed, another discard, and the bots answer it). Step n
is each student's n-th decision (their Decision rows, seat 0, in order: the "let it go" made for
them when they could call nothing is none). At step n the students are grouped by position:
those whose hands had identical action logs up to that decision (Game.actions, every seat's,
read as the engine reads them: a pass's tiles in any order are one pass). Per group: how many
made each choice, the coach's choice marked, and the coach's reason (Decision.preferred and
Decision.why, the engine's words); the group of the most students first. A group of one is "on
their own": the board folds those.

Only stored rows are read, with one replay of the engine per group the board shows whole (its
rack, and the coach's choice as tiles where nobody made it): the largest few."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, replace
from typing import Any

from cfmj.classes.models import ClassDeal, DealHand
from cfmj.engine import Hand
from cfmj.engine import coach as engine_coach
from cfmj.engine.game import action_to_dict, wind_of
from cfmj.engine.tiles import code
from cfmj.play.models import LEARNER_SEAT, Decision, Game
from cfmj.play.review import MARK_SIGNS
from cfmj.play.selectors import rebuild_to

# Where a Decision's words name the coach's choice after the words on the choice made
# (cfmj.engine.coach.advice.judge): a choice without it was the coach's own.
COACH_SAID = ("As good as the coach's choice: ", "The coach's choice: ")
SORTED_TILES = {"pass_tiles": ("tiles", "blind"), "courtesy_pass": ("tiles",), "call_exposure": ("tiles",)}
SHOWN = 3  # the groups the board shows whole; the others are folded
TILE_CHOICES = {"pass_tiles": "tiles", "courtesy_pass": "tiles", "discard": "tile", "exchange_joker": "tile"}


@dataclass(frozen=True)
class HandLog:
    """One student's hand of the deal: its actions and their own decisions, in order."""

    game: Game
    decisions: tuple[Decision, ...]


@dataclass(frozen=True)
class Row:
    """One choice made at a position: by how many, and whether it is the coach's own."""

    words: str  # the engine's words ("Discard North")
    tiles: tuple[str, ...]  # the tiles it gives, to draw (none for a vote or a call)
    count: int
    coach: bool
    mark: str  # the Decision mark it got ("" for the coach's choice nobody made)

    @property
    def mark_sign(self) -> str:
        return MARK_SIGNS.get(self.mark, "")

    @property
    def mark_label(self) -> str:
        return str(Decision.Mark(self.mark).label).lower() if self.mark else ""


@dataclass(frozen=True)
class Group:
    """The students who stood at the same position at this step, and what they chose there."""

    students: int
    kind: str  # a Decision.Kind value
    rows: tuple[Row, ...]  # most chosen first; the coach's choice is among them
    preferred: str  # the coach's choice in words
    why: str  # the coach's reason
    rack: Hand | None = None  # their tiles at that position (groups of two or more)
    answering: str = ""  # a call: whose discard they answer ("West's discard")
    answering_tile: str = ""
    turn: int = 0
    games: tuple[int, ...] = ()  # the hands (Game ids) that stood here: never shown, for checks

    @property
    def kind_label(self) -> str:
        return str(Decision.Kind(self.kind).label)

    @property
    def coach_row(self) -> Row | None:
        return next((row for row in self.rows if row.coach), None)


@dataclass(frozen=True)
class SplitStep:
    number: int
    last: int
    reached: int  # the students who made a decision at this step
    groups: tuple[Group, ...]  # of two students or more, the most first
    alone: tuple[Group, ...]  # a student alone at their position

    @property
    def previous(self) -> int | None:
        return self.number - 1 if self.number > 1 else None

    @property
    def next(self) -> int | None:
        return self.number + 1 if self.number < self.last else None

    @property
    def shown(self) -> tuple[Group, ...]:
        """The groups the board shows whole: the largest few, a student alone at their position
        only where there is room."""
        return (*self.groups, *self.alone)[:SHOWN]

    @property
    def more(self) -> tuple[Group, ...]:
        """Groups of several students beyond those shown whole (folded on the board)."""
        return self.groups[SHOWN:]

    @property
    def folded(self) -> tuple[Group, ...]:
        """The students alone at their position not shown whole (folded on the board)."""
        return self.alone[max(0, SHOWN - len(self.groups)) :]


def deal_logs(deal: ClassDeal) -> list[HandLog]:
    """Every hand of the deal with its own decisions, oldest first (two queries)."""
    games = [row.game for row in DealHand.objects.filter(deal=deal).select_related("game")]
    decided: dict[int, list[Decision]] = defaultdict(list)
    for decision in Decision.objects.filter(game__in=games, seat=LEARNER_SEAT).order_by("game_id", "index"):
        decided[decision.game_id].append(decision)
    return [HandLog(game, tuple(decided[game.pk])) for game in games]


def steps_of(logs: list[HandLog]) -> int:
    """How many steps the board has: the most decisions any student made."""
    return max((len(log.decisions) for log in logs), default=0)


def split_step(logs: list[HandLog], number: int) -> SplitStep:
    """Step `number` (1 to steps_of(logs)): the students grouped by position, each group's choices."""
    positions: dict[str, list[tuple[HandLog, Decision]]] = defaultdict(list)
    for log in logs:
        if len(log.decisions) >= number:
            decision = log.decisions[number - 1]
            positions[position_key(log.game.actions[: decision.index])].append((log, decision))
    ordered = [members for _, members in sorted(positions.items(), key=_biggest_first)]
    shown = [id(members) for members in ordered[:SHOWN]]  # replayed: rack and all
    groups = [_group(members, replayed=id(members) in shown) for members in ordered]
    return SplitStep(
        number=number,
        last=steps_of(logs),
        reached=sum(len(members) for members in ordered),
        groups=tuple(g for g in groups if g.students > 1),
        alone=tuple(g for g in groups if g.students == 1),
    )


def _biggest_first(item: tuple[str, list[tuple[HandLog, Decision]]]) -> tuple[int, int]:
    _, members = item
    return -len(members), min(log.game.pk for log, _ in members)


def position_key(actions: list[dict[str, Any]]) -> str:
    """A position as the log that led to it: the same text for the same actions in the same order
    (a pass's or a call's tiles in any order are the same choice)."""
    return json.dumps([choice_key(action) for action in actions], sort_keys=True)


def choice_key(action: dict[str, Any]) -> str:
    data = dict(action)
    for field in SORTED_TILES.get(str(data.get("kind")), ()):
        data[field] = sorted(data.get(field) or [])
    return json.dumps(data, sort_keys=True)


def coach_reason(decision: Decision) -> tuple[bool, str]:
    """Was this decision the coach's own choice, and the coach's reason (read from its words)."""
    for lead in COACH_SAID:
        if lead in decision.why:
            return False, decision.why.rsplit(lead, 1)[1]
    return True, decision.why


def tiles_of(action: dict[str, Any]) -> tuple[str, ...]:
    """The tiles a choice gives away, as codes to draw (a pass's own tiles; none for a vote)."""
    field = TILE_CHOICES.get(str(action.get("kind")))
    if field is None:
        return ()
    value = action[field]
    return tuple(code(int(t)) for t in (value if isinstance(value, list) else [value]))


def _group(members: list[tuple[HandLog, Decision]], *, replayed: bool) -> Group:
    chosen: dict[str, list[tuple[HandLog, Decision]]] = defaultdict(list)
    for log, decision in members:
        chosen[choice_key(log.game.actions[decision.index])].append((log, decision))
    rows = []
    why = ""
    for same in chosen.values():
        log, decision = same[0]
        advised, reason = coach_reason(decision)
        why = reason if advised or not why else why  # the coach's own words where one made its choice
        rows.append(
            Row(
                decision.chosen, tiles_of(log.game.actions[decision.index]), len(same), advised, decision.mark
            )
        )
    log, decision = members[0]
    games = tuple(sorted(log.game.pk for log, _ in members))
    group = Group(len(members), decision.kind, (), decision.preferred, why, games=games)
    if replayed:
        group = _at_the_table(group, log, decision, rows)
    elif not any(row.coach for row in rows):
        rows.append(Row(decision.preferred, (), 0, True, ""))
    rows.sort(key=lambda row: (-row.count, not row.coach))
    return replace(group, rows=tuple(rows))


def _at_the_table(group: Group, log: HandLog, decision: Decision, rows: list[Row]) -> Group:
    """The group's position replayed: their rack, the discard they answer, the turn, and the coach's
    choice drawn as tiles when nobody in the group made it (added to `rows`)."""
    engine = rebuild_to(log.game, decision.index)
    view = engine.view(LEARNER_SEAT)
    answering, tile = "", ""
    if view.pending_discard is not None:
        seat, pending = view.pending_discard
        answering, tile = f"{wind_of(seat, view.dealer)}'s discard", code(pending)
    if not any(row.coach for row in rows):
        hint = engine_coach.hint(engine, LEARNER_SEAT)
        tiles = tiles_of(action_to_dict(hint.advised)) if hint is not None else ()
        rows.append(Row(group.preferred, tiles, 0, True, ""))
    return replace(
        group, rack=Hand(view.concealed, ()), answering=answering, answering_tile=tile, turn=engine.turns
    )
