"""The review of a finished hand, read from the game row alone: the hand replayed from its seed and
its actions, step by step, and the learner's Decision rows (the advice's mark for each choice).

What the review says is asked of the engine as the hand is replayed, from seat 0's view only:
- every decision the learner made (an automatic "let it go", made for them when they had nothing to
  call, is not one), with the advice's mark and what it preferred;
- the tiles the learner was waiting for: whenever their thirteen tiles were one tile from Mah Jongg
  (the engine's `wins` with that tile added), which tiles, and when one came by (another player
  discarded it and the learner let it go, or the learner drew it);
- where the learner could have won: a discard they could have called for Mah Jongg, a complete
  hand they discarded from instead of declaring;
- the learner's discards that fed the winner (the engine's `fed`, read from the event record): the
  one called for Mah Jongg, and those called for an exposure on the way there.
Another seat's concealed tiles and the wall are never read: only seat 0's view and the events every
player sees (a discard) or seat 0 sees (its own draw)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from cfmj.core.http import sent_number
from cfmj.engine import Hand
from cfmj.engine.coach import describe
from cfmj.engine.game import (
    BY_CALL,
    BY_DEAL,
    CALLS,
    SEATS,
    TURN,
    Action,
    CallExposure,
    CallMahJongg,
    CourtesyAsk,
    CourtesyPass,
    DeclareMahJongg,
    Discard,
    Drew,
    ExchangeJoker,
    Fed,
    NoCall,
    PassTiles,
    PlayerView,
    StopVote,
    action_from_dict,
    complete,
    completing,
    fed,
    nothing_to_call,
    waiting_for,
    wind_of,
)
from cfmj.engine.game import Game as EngineGame
from cfmj.engine.labels import block_label
from cfmj.engine.tiles import code, name
from cfmj.play import moves
from cfmj.play.models import LEARNER_SEAT, Decision, Game
from cfmj.play.selectors import rules_of
from cfmj.play.table import result_facts, seat_facts

# The Decision kind of each of the learner's actions, when no Decision row says it.
KINDS: dict[str, str] = {
    PassTiles.kind: Decision.Kind.PASS,
    StopVote.kind: Decision.Kind.STOP_VOTE,
    CourtesyAsk.kind: Decision.Kind.COURTESY_ASK,
    CourtesyPass.kind: Decision.Kind.COURTESY_PASS,
    Discard.kind: Decision.Kind.DISCARD,
    ExchangeJoker.kind: Decision.Kind.EXCHANGE,
    DeclareMahJongg.kind: Decision.Kind.MAH_JONGG,
    CallMahJongg.kind: Decision.Kind.CALL,
    CallExposure.kind: Decision.Kind.CALL,
    NoCall.kind: Decision.Kind.CALL,
}
# A mark read without colour: its word and a shape.
STEP_DIGITS = 6
MARK_SIGNS: dict[str, str] = {Decision.Mark.BEST: "★", Decision.Mark.GOOD: "●", Decision.Mark.WEAK: "▲"}
FED_SIGN = "◆"  # a discard that fed the winner: this shape and its words, never colour alone


@dataclass(frozen=True)
class Feed:
    """One of the learner's discards that the hand's winner called."""

    step: int  # the review step of the discard
    turn: int
    tile: str  # its code
    mah_jongg: bool  # called for (or completing) the winner's Mah Jongg; else for an exposure
    label: str  # the mark's words: "Fed South's Mah Jongg", "Fed West's Kong of 5 Dot"
    words: str  # "South called your 1 Bam for Mah Jongg: as its discarder, you paid double."

    @property
    def sign(self) -> str:
        return FED_SIGN


@dataclass(frozen=True)
class Step:
    """One of the learner's decisions: step `number` of the review (1 is the first decision)."""

    number: int
    index: int  # its position in Game.actions
    kind: str  # a Decision.Kind value
    chosen: str
    mark: str  # a Decision.Mark value, or "" where the advice left no mark
    preferred: str
    why: str
    turn: int  # the turn of play it was made on (0: before play began)
    feed: Feed | None = None  # a discard the hand's winner called

    @property
    def kind_label(self) -> str:
        return str(Decision.Kind(self.kind).label)

    @property
    def mark_label(self) -> str:
        return str(Decision.Mark(self.mark).label) if self.mark else "Not marked"

    @property
    def mark_sign(self) -> str:
        return MARK_SIGNS.get(self.mark, "–") if self.mark else "–"


@dataclass(frozen=True)
class CameBy:
    """A tile the learner was waiting for, as it came by."""

    tile: str  # its code
    turn: int
    step: int  # the review step that shows it (the learner's answer)
    words: str  # "3 Bam: West discarded it on turn 14, you let it go"


@dataclass
class Wait:
    """A stretch of the hand in which the learner was one tile from Mah Jongg, waiting for `tiles`."""

    tiles: tuple[str, ...]
    from_turn: int
    step: int  # the review step where it began
    to_turn: int | None = None  # None: still waiting when the hand ended
    came_by: list[CameBy] = field(default_factory=list)


@dataclass(frozen=True)
class Chance:
    """A moment the learner could have won and did not."""

    turn: int
    step: int
    tile: str
    words: str


@dataclass(frozen=True)
class Review:
    steps: tuple[Step, ...]
    waits: tuple[Wait, ...]
    chances: tuple[Chance, ...]
    feeds: tuple[Feed, ...]  # the learner's discards the winner called, in order
    # For step n (0 is the deal, n the table after the learner's n-th decision): how many actions
    # to replay to show it, and from which event on its moves are listed.
    ends: tuple[int, ...]
    starts: tuple[int, ...]
    engine: EngineGame  # the hand replayed to its end

    @property
    def last_step(self) -> int:
        return len(self.steps)

    def step(self, number: int) -> Step | None:
        return self.steps[number - 1] if 1 <= number <= len(self.steps) else None

    def tally(self) -> dict[str, int]:
        """How many decisions got each mark ("none": no mark)."""
        counts = {mark: 0 for mark in (*Decision.Mark.values, "none")}
        for step in self.steps:
            counts[step.mark or "none"] += 1
        return counts


class _Walk:
    """The hand replayed action by action, noting what the review says on the way."""

    def __init__(self, game: Game, decisions: Iterable[Decision], seat: int) -> None:
        self.game = game
        self.seat = seat
        self.rows = {d.index: d for d in decisions}
        self.engine = EngineGame(game.seed_number, rules_of(game), game.dealer, wall=game.wall)
        self.steps: list[Step] = []
        self.starts = [0]
        self.waits: list[Wait] = []
        self.waiting: Wait | None = None
        self.chances: list[Chance] = []
        self.drawn: tuple[int, int] | None = None  # (tile, turn): a tile waited for, just drawn
        self.known: dict[str, tuple[int, ...]] = {}
        self.discards: dict[int, int] = {}  # the learner's Discarded events: event index -> step

    def run(self) -> Review:
        for index, data in enumerate(self.game.actions):
            action = action_from_dict(data)
            if action.seat == self.seat and (index in self.rows or not self.automatic(action)):
                self.decide(index, action)
            events = self.engine.apply(action)
            if any(isinstance(e, Drew) and e.seat == self.seat for e in events):
                self.note_draw()
            self.follow_waits()
        ends = (*(s.index for s in self.steps), len(self.game.actions))
        feeds = self.feeds()
        at = {f.step: f for f in feeds}
        return Review(
            tuple(replace(s, feed=at[s.number]) if s.number in at else s for s in self.steps),
            tuple(self.waits),
            tuple(self.chances),
            feeds,
            ends,
            tuple(self.starts),
            self.engine,
        )

    def automatic(self, action: Action) -> bool:
        """Was this "let it go" made for the learner (a discard they could neither call nor win on)?"""
        return isinstance(action, NoCall) and nothing_to_call(self.engine, self.seat)

    def decide(self, index: int, action: Action) -> None:
        view = self.engine.view(self.seat)
        number = len(self.steps) + 1
        row = self.rows.get(index)
        self.steps.append(
            Step(
                number=number,
                index=index,
                kind=row.kind if row else KINDS[action.kind],
                chosen=row.chosen if row else describe(view, action),
                mark=row.mark if row else "",
                preferred=row.preferred if row else "",
                why=row.why if row else "",
                turn=self.engine.turns,
            )
        )
        self.starts.append(len(self.engine.events))
        if isinstance(action, Discard):
            self.discards[len(self.engine.events)] = number
        if view.phase == CALLS and view.pending_discard is not None:
            self.answer(view, action, number)
        elif view.phase == TURN and isinstance(action, (Discard, DeclareMahJongg)):
            self.end_turn(view, action, number)

    def answer(self, view: PlayerView, action: Action, number: int) -> None:
        """The learner answers another player's discard: was it a tile they were waiting for?"""
        assert view.pending_discard is not None
        seat, tile = view.pending_discard
        if not complete(view, (tile,)):
            return
        who = moves.who(seat, view.dealer)
        turn = self.engine.turns
        if isinstance(action, CallMahJongg):
            outcome = "you called it for Mah Jongg"
        elif isinstance(action, CallExposure):
            outcome = "you called it for an exposure instead of Mah Jongg"
        else:
            outcome = "you let it go"
        if self.waiting is not None:
            line = f"{name(tile)}: {who} discarded it on turn {turn}, {outcome}"
            self.waiting.came_by.append(CameBy(code(tile), turn, number, line))
        if not isinstance(action, CallMahJongg):
            words = (
                f"Turn {turn}: {who} discarded {name(tile)}, which completed your hand: you could have "
                f"called it for Mah Jongg, but {outcome}."
            )
            self.chances.append(Chance(turn, number, code(tile), words))

    def end_turn(self, view: PlayerView, action: Discard | DeclareMahJongg, number: int) -> None:
        """The learner ends their turn: did they discard from a hand that had won?"""
        turn = self.engine.turns
        drawn = self.drawn
        self.drawn = None
        if drawn is not None and self.waiting is not None:
            tile, when = drawn
            then = (
                "declared Mah Jongg"
                if isinstance(action, DeclareMahJongg)
                else f"discarded {name(action.tile)}"
            )
            line = f"{name(tile)}: you drew it on turn {when} and {then}"
            self.waiting.came_by.append(CameBy(code(tile), when, number, line))
        if isinstance(action, DeclareMahJongg) or not complete(view):
            return
        if view.exchanged:
            how = "after your joker exchange"
        elif view.began == BY_CALL:
            how = "after your call"
        elif view.began == BY_DEAL:
            how = "as play began"
        else:
            how = f"when you drew {name(view.received[0])}" if view.received else "after your draw"
        words = (
            f"Turn {turn}: your hand was complete {how}: you could have declared Mah Jongg, "
            f"but you discarded {name(action.tile)}."
        )
        tile = view.received[0] if view.received else action.tile
        self.chances.append(Chance(turn, number, code(tile), words))

    def note_draw(self) -> None:
        view = self.engine.view(self.seat)
        if self.waiting is not None and view.received and code(view.received[0]) in self.waiting.tiles:
            self.drawn = (view.received[0], self.engine.turns)

    def follow_waits(self) -> None:
        """Whenever the learner holds thirteen tiles in play: what are they waiting for now?"""
        view = self.engine.view(self.seat)
        if view.phase not in (TURN, CALLS) and not self.engine.over:
            return
        if view.phase == TURN and view.turn == self.seat:
            return  # fourteen tiles: the wait is judged again after the discard
        key = str(view.hand())
        if key not in self.known:
            self.known[key] = () if self.engine.over else completing(view)
        known = self.known[key]
        tiles = tuple(code(t) for t in waiting_for(view, known)) if known else ()
        if self.waiting is not None and tiles == self.waiting.tiles:
            return
        if self.waiting is not None and self.waiting.to_turn is None and not self.engine.over:
            self.waiting.to_turn = self.engine.turns
        self.waiting = None
        if tiles:
            self.waiting = Wait(tiles, self.engine.turns, len(self.steps))
            self.waits.append(self.waiting)

    def feeds(self) -> tuple[Feed, ...]:
        """The learner's discards that the winner called, in words (the engine's `fed`)."""
        dealer = self.engine.dealer
        return tuple(
            _feed(f, self.discards[f.event], self.steps[self.discards[f.event] - 1].turn, dealer)
            for f in fed(self.engine.events)
            if f.discarder == self.seat and f.event in self.discards
        )


def _feed(fact: Fed, step: int, turn: int, dealer: int) -> Feed:
    winner, tile = wind_of(fact.winner, dealer), name(fact.tile)
    block = block_label(code(fact.tile), len(fact.exposure)) if fact.exposure else ""
    if fact.mah_jongg:
        label = f"Fed {winner}'s Mah Jongg"
        called = f"for a {block} and declared Mah Jongg with it" if block else "for Mah Jongg"
        words = f"{winner} called your {tile} {called}: as its discarder, you paid double."
    else:
        label = f"Fed {winner}'s {block}"
        words = f"{winner} called your {tile} for a {block}, on the way to {winner}'s Mah Jongg."
    return Feed(step, turn, code(fact.tile), fact.mah_jongg, label, words)


def review_of(game: Game, decisions: Iterable[Decision], seat: int = LEARNER_SEAT) -> Review:
    """The review of a hand for one seat (finished or not: the caller decides who may see it);
    `decisions`: that seat's."""
    return _Walk(game, [d for d in decisions if d.seat == seat], seat).run()


def replay_to(game: Game, review: Review, number: int) -> EngineGame:
    """The hand as the learner saw it at step `number` (0: the deal, before their first choice)."""
    if review.ends[number] == len(game.actions):
        return review.engine
    engine = EngineGame(game.seed_number, rules_of(game), game.dealer, wall=game.wall)
    for data in game.actions[: review.ends[number]]:
        engine.apply(action_from_dict(data))
    return engine


def step_facts(
    game: Game, review: Review, number: int, seating: moves.Seating | None = None
) -> dict[str, Any]:
    """What step `number` shows: the learner's decision, then the table as they saw it after it
    (their rack and exposures, everyone's exposures, discards and tile counts, the wall count) and
    the moves since; the hand's result at the last step. Seat 0's view only."""
    engine = replay_to(game, review, number)
    seating = seating or moves.Seating(engine.dealer)
    me = seating.me
    view = engine.view(me)
    others = [(me + k) % SEATS for k in range(1, SEATS)]
    return {
        "number": number,
        "decision": review.step(number),
        "previous": number - 1 if number > 0 else None,
        "next": number + 1 if number < review.last_step else None,
        "view": view,
        "turn": engine.turns,
        "you": seat_facts(view, me, engine.hand_size(me)),
        "opponents": [seat_facts(view, s, engine.hand_size(s), seating) for s in others],
        "concealed_hand": Hand(view.concealed, ()),
        "moves": moves.since(
            engine.events, review.starts[number], view.dealer, game.bot_whys, seating=seating
        ),
        "result": result_facts(game, engine, seating) if engine.over else None,
    }


def read_step(raw: str | None, last: int) -> tuple[int | None, str]:
    """The step asked for in ?step=, kept within 0..last, and a message when it was not one."""
    if raw is None:
        return None, ""
    text = raw.strip()
    digits = sent_number(text.removeprefix("-"), digits=STEP_DIGITS)
    if digits is None:
        return 0, f"“{raw[:20]}” is not a step number: here is the first step."
    number = -digits if text.startswith("-") else digits
    if number < 0:
        return 0, f"There is no step {number}: here is the first step."
    if number > last:
        return last, f"This hand has {last} step{'s' if last != 1 else ''}: here is the last."
    return number, ""
