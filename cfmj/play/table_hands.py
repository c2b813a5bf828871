"""The hands of a table: dealing one with people in some seats and bots in the rest, a person's
action, and the timed choices that end without anyone's click (a call window, a person's time to
act). The engine decides everything the rules decide (whose call wins, what is legal); this module
decides only who is asked and how long the table waits.

With several people at the table every one of them answers every discard (the engine's play_on
with let_go off), whether or not they could call it, within the same window: how long the table
waits never tells anyone who could call. With one person the hand plays as a hand alone does."""

from __future__ import annotations

import datetime
import hashlib
import secrets
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from cfmj.accounts.models import User
from cfmj.engine.coach import level_player, warning
from cfmj.engine.game import (
    CALLS,
    FIRST_CHARLESTON,
    SEATS,
    Action,
    HandStarted,
    Move,
    NoCall,
    Player,
    play_on,
)
from cfmj.engine.game import Game as EngineGame
from cfmj.play import replays, table_seen
from cfmj.play.announce import deadline_set, table_changed
from cfmj.play.models import Game, Seat, Table
from cfmj.play.replays import replayed
from cfmj.play.seating import TableError
from cfmj.play.selectors import rebuild, rules_of
from cfmj.play.services import (
    MAX_BOT_STEPS,
    OVER,
    SEED_BITS,
    PlayError,
    WarnedError,
    decision_keep,
    decision_undo,
    game_record,
)
from cfmj.play.table_run import paused_refusal

AWAY_WHY = "a bot played this seat"
GRACE_SECONDS = 90  # a person's time for a choice at a table without a turn clock
# At a table someone else seated (a class's table time), the first choice of its first hand: time
# to come to the table from the class's page, whatever the turn clock.
SEATING_SECONDS = 300
NOT_SEATED = "You have no seat at this table."
MOVED_ON = (
    "The table had moved on before your choice arrived (its time ran out, or it was made already "
    "on another device): here it is now."
)
NOT_YOURS = "That is not yours to choose now: wait for your turn."
NO_UNDO = (
    "Undo is for a practice table where you play alone with the bots: the others have seen what followed."
)


@dataclass(frozen=True)
class Held:
    """A table under its lock: its current hand (None before play), the table, and its seats by
    number, their people read with them (read once: the checks, the bots and the page use them)."""

    game: Game | None
    table: Table
    seats: list[Seat]

    def seat_of(self, user: User) -> Seat | None:
        return next((seat for seat in self.seats if seat.user_id == user.pk), None)


@dataclass(frozen=True)
class Played:
    """A table's hand after a person's action, the table and seats under the lock it was made
    with, and the engine's game as it now stands (the seat's page is drawn without a replay)."""

    game: Game
    table: Table
    seats: list[Seat]
    engine: EngineGame


def seats_read(table: Table) -> list[Seat]:
    """The table's seats by number, their people read with them."""
    return list(table.seats.select_related("user").order_by("number"))


def people_of(seats: list[Seat]) -> dict[int, Seat]:
    """The seats people play now (a person marked away has a bot playing for them)."""
    return {seat.number: seat for seat in seats if seat.user_id is not None and not seat.away}


def _several(seats: list[Seat]) -> bool:
    """Several people at the table (away or not): then every one of them answers every discard."""
    return sum(1 for seat in seats if seat.user_id is not None) > 1


def _advance(engine: EngineGame, table: Table, seats: list[Seat], seed: int, whys: dict[str, str]) -> None:
    """The bots play (for empty seats and people away) until a person owes a choice or the hand is
    over; each bot's reason for a move is kept in `whys` by the move's first event."""
    people = people_of(seats)
    bots = {seat: level_player(table.bot_level, seed) for seat in range(SEATS) if seat not in people}
    away = {seat.number for seat in seats if seat.user_id is not None and seat.away}

    def note(move: Move) -> None:
        why = bots[move.seat].why(move.view, move.action)
        if move.seat in away:  # everyone, the person away included, is told it was not them
            why = AWAY_WHY + (f"; {why}" if why else "")  # its reason has a colon of its own
        if why:
            whys[str(move.first_event)] = why

    players: list[Player | None] = [bots.get(seat) for seat in range(SEATS)]
    play_on(engine, players, on_move=note, max_steps=MAX_BOT_STEPS, let_go=not _several(seats))


def _moment(engine: EngineGame) -> tuple[object, ...]:
    """What choice the table is at: a person's answer that leaves it here keeps its deadline."""
    return (engine.phase, engine.stage, engine.turn, len(engine.discards), engine.over)


def _deadline(
    game: Game, engine: EngineGame, held: Held, *, same_moment: bool, now: datetime.datetime
) -> datetime.datetime | None:
    """When the choice now due runs out: none with one person at the table (the hand waits for
    them as a hand alone does) or when no person owes a choice; kept while the table is at the
    same choice; else the call window on a discard, or the turn clock (a grace time without one)."""
    table, people = held.table, people_of(held.seats)
    if engine.over or not _several(held.seats) or not set(engine.waiting_for()) & set(people):
        return None
    if same_moment and game.deadline is not None:
        return game.deadline
    if engine.phase == CALLS:
        return now + datetime.timedelta(seconds=table.call_seconds)
    if table.seats_managed and game.previous_id is None and engine.stage == FIRST_CHARLESTON[0]:
        return now + datetime.timedelta(seconds=max(SEATING_SECONDS, table.turn_seconds or 0))
    return now + datetime.timedelta(seconds=table.turn_seconds or GRACE_SECONDS)


def _seen(held: Held, game: Game, engine: EngineGame) -> tuple[str, ...]:
    """What each seat sees now, as digests (table_seen), by number."""
    return table_seen.seen_all(held.table, held.seats, table_seen.hand_parts(game, engine))


def _save(
    game: Game,
    held: Held,
    engine: EngineGame,
    *,
    before: tuple[object, ...] | None,
    seen: tuple[str, ...] | None,
) -> None:
    """Keep the hand and raise the table's version. The seats whose people see something new are
    told (`seen`: what each saw before the change, _seen; None for a new hand: all are told), and
    each seat's part of the digest is kept for the version. A deadline is scheduled once, when it
    is set (one kept at the same choice has its task already)."""
    now, table, earlier = timezone.now(), held.table, game.deadline
    game_record(game=game, engine=engine)
    game.deadline = _deadline(game, engine, held, same_moment=before == _moment(engine), now=now)
    game.version += 1
    game.save()
    replays.keep(game=game, engine=engine)
    table.version += 1
    table.save()
    hands = table_seen.hand_parts(game, engine)
    after = table_seen.seen_all(table, held.seats, hands)
    people = [seat.number for seat in held.seats if seat.user_id is not None]
    table_changed(table, [n for n in people if seen is None or seen[n] != after[n]])
    table_seen.keep(table=table, deadline=game.deadline, hands=hands)
    if game.deadline is not None and game.deadline != earlier:
        deadline_set(game, game.deadline)


def hand_deal(*, held: Held, previous: Game | None = None, seed: int | None = None) -> Game:
    """The table's next hand (its first when `previous` is None), dealt and played by the bots up
    to the first choice a person owes. The first dealer is drawn at random; the deal then passes
    to the right after every hand (RULES §6). Called under the table's lock."""
    table = held.table
    if previous is not None:
        dealer = (previous.dealer + 1) % SEATS
    else:  # drawn at random; a seed given (tests) fixes it too
        dealer = secrets.randbelow(SEATS) if seed is None else seed % SEATS
    seed = secrets.randbits(SEED_BITS) if seed is None else seed
    rules = rules_of(table)
    engine = EngineGame(seed, rules, dealer)
    first = engine.events[0]
    assert isinstance(first, HandStarted)
    whys: dict[str, str] = {}
    _advance(engine, table, held.seats, seed, whys)
    practice = table.kind == Table.Kind.PRACTICE
    game = Game(
        owner=None,
        table=table,
        seed=str(seed),
        wall=list(first.wall),
        house_rules=table.house_rules,
        base=table.base,
        skill_level=table.skill_level,
        dealer=dealer,
        bot_level=table.bot_level,
        mode=Game.Mode.PRACTICE if practice else Game.Mode.TEST,
        coach=Game.Coach.ON_REQUEST if practice else Game.Coach.OFF,
        bot_whys=whys,
        previous=previous,
        hand_number=previous.hand_number + 1 if previous is not None else 1,
    )
    game.version = -1  # _save counts the deal as the hand's first change: version 0
    _save(game, held, engine, before=None, seen=None)
    return game


def _locked(game: Game) -> Held:
    """The hand and its table, locked (one query), and the table's seats."""
    locked = Game.objects.select_for_update().select_related("table").filter(table__isnull=False)
    found = locked.filter(pk=game.pk).first()
    if found is None or found.table is None:
        raise PlayError("This hand is not at a table.")
    return Held(found, found.table, seats_read(found.table))


def moment_token(engine: EngineGame) -> str:
    """What a seat's form carries to say which choice it answers: the same while the others choose
    (passes, answers to a discard), new once the table is at another choice. A form of a moment
    gone by (a double click, a stale tab) is refused; the others' choices never make it stale."""
    return hashlib.sha256(repr(_moment(engine)).encode()).hexdigest()[:16]


def hand_act(*, game: Game, user: User, version: str | None, action: Action, confirmed: bool = False) -> Game:
    """A person's action at a table hand, then the bots' until a person owes a choice. Refused
    with a message, the hand unchanged, when the table is at another choice than the one the person
    saw (`version`: moment_token), the hand is over, the person has no seat or owes no choice, or
    the rules forbid it; held back (WarnedError) at a practice table as for a hand alone, unless
    `confirmed`."""
    return hand_play(game=game, user=user, version=version, action=action, confirmed=confirmed).game


def hand_play(
    *, game: Game, user: User, version: str | None, action: Action, confirmed: bool = False
) -> Played:
    """hand_act, also giving the table, its seats and the engine's game after it."""
    with transaction.atomic():
        held = _locked(game)
        locked, table = held.game, held.table
        assert locked is not None
        _paused_check(table)
        _due_applied(held, now=timezone.now())
        if locked.status == Game.Status.OVER:
            raise PlayError(OVER)
        seat = held.seat_of(user)
        if seat is None:
            raise PlayError(NOT_SEATED)
        engine = replayed(locked)
        if version != moment_token(engine):
            raise PlayError(MOVED_ON)
        seen = _seen(held, locked, engine)
        if action.seat != seat.number or seat.number not in engine.waiting_for() or seat.away:
            raise PlayError(NOT_YOURS)
        problem = engine.why_illegal(action)
        if problem is not None:
            raise PlayError(problem)
        warned = None if confirmed else warning(engine, seat.number, action, careful=locked.coached)
        if warned is not None:
            raise WarnedError(warned, action)
        decision_keep(game=locked, engine=engine, action=action)
        before = _moment(engine)
        engine.apply(action)
        _advance(engine, table, held.seats, locked.seed_number, locked.bot_whys)
        _save(locked, held, engine, before=before, seen=seen)
    return Played(locked, table, held.seats, engine)


def hand_tick(*, game: Game, now: datetime.datetime | None = None) -> bool:
    """Apply the hand's deadline if it has passed: a discard nobody answered in time is let go by
    those who did not answer; a person who let their time to act run out is marked away and a bot
    plays their seat until they come back. True when something changed. Safe to run again, from a
    task and from the next request at once."""
    now = now or timezone.now()
    if game.deadline is None or game.deadline > now:
        return False
    with transaction.atomic():
        return _due_applied(_locked(game), now=now)


def _paused_check(table: Table) -> None:
    """Nothing is done at a paused table (table_run.table_pause)."""
    refused = paused_refusal(table)
    if refused is not None:
        raise PlayError(refused)


def _due_applied(held: Held, *, now: datetime.datetime) -> bool:
    game = held.game
    if (
        game is None
        or game.deadline is None
        or game.deadline > now
        or game.status == Game.Status.OVER
        or held.table.paused_note
    ):
        return False
    engine = replayed(game)
    late = [seat for seat in engine.waiting_for() if seat in people_of(held.seats)]
    before, seen = _moment(engine), _seen(held, game, engine)
    if engine.phase == CALLS:
        for seat in late:
            engine.apply(NoCall(seat))
    else:
        held.table.seats.filter(number__in=late).update(away=True)
        for row in held.seats:  # as the rows now are: the bots play the seats of those away
            row.away = row.away or row.number in late
    _advance(engine, held.table, held.seats, game.seed_number, game.bot_whys)
    _save(game, held, engine, before=before if engine.phase == CALLS else None, seen=seen)
    return True


def hand_next(*, game: Game, user: User) -> Game:
    """The table's next hand once this one is over (asked again, the same next hand)."""
    with transaction.atomic():
        held = _locked(game)
        locked, table = held.game, held.table
        assert locked is not None
        if held.seat_of(user) is None:
            raise PlayError(NOT_SEATED)
        _paused_check(table)
        if table.host_id != user.pk:
            raise PlayError("The host deals the next hand, when everyone has seen this one.")
        existing = Game.objects.filter(previous=locked).first()
        if existing is not None:
            return existing
        if locked.status != Game.Status.OVER:
            raise PlayError("Finish this hand first: the next hand is dealt when this one is over.")
        if table.status != Table.Status.PLAYING:
            raise PlayError("This table is closed.")
        return hand_deal(held=held, previous=locked)


def table_start(*, table: Table, by: User, seed: int | None = None) -> Game:
    """The host starts play: bots take the seats nobody has, joining closes (the host can open a
    seat again), and the first hand is dealt. Started already, it is the hand being played."""
    with transaction.atomic():
        locked = Table.objects.select_for_update().get(pk=table.pk)
        if locked.host_id != by.pk:
            raise TableError("Only the table's host can start play.")
        if locked.status == Table.Status.CLOSED:
            raise TableError("This table is closed.")
        if locked.status == Table.Status.PLAYING:
            current = locked.hands.order_by("-hand_number").first()
            if current is not None:
                return current
        locked.status, locked.joining_open = Table.Status.PLAYING, False
        return hand_deal(held=Held(None, locked, seats_read(locked)), seed=seed)


def hand_undo(*, game: Game, user: User, version: str | None) -> Game:
    """At a practice table where one person plays (the others are bots), that person takes back
    their last choice, as alone with the bots. Where several people play there is no undo: the
    others have seen what followed."""
    with transaction.atomic():
        held = _locked(game)
        locked, table = held.game, held.table
        assert locked is not None
        seat = held.seat_of(user)
        if seat is None:
            raise PlayError(NOT_SEATED)
        _paused_check(table)
        if not can_undo_at(locked, table, seat.number, seats=held.seats):
            raise PlayError(NO_UNDO)
        engine = replayed(locked)
        if version != moment_token(engine):
            raise PlayError(MOVED_ON)
        seen = _seen(held, locked, engine)
        decision_undo(game=locked, seat=seat.number)
        _save(locked, held, rebuild(locked), before=None, seen=seen)
    return locked


def can_undo_at(game: Game, table: Table, seat: int, *, seats: list[Seat] | None = None) -> bool:
    """Undo is offered where one person plays a practice table's hand being played, once they chose.
    `seats`: the table's, when read already."""
    return (
        table.kind == Table.Kind.PRACTICE
        and not _several(seats_read(table) if seats is None else seats)
        and game.status == Game.Status.PLAYING
        and any(data.get("seat") == seat for data in game.actions)
    )


def hand_resume(*, table: Table) -> None:
    """After a person's seat went to a bot (they left, or the host gave it away): the bots play on
    at once instead of waiting for the choice's deadline."""
    with transaction.atomic():
        locked_table = Table.objects.select_for_update().get(pk=table.pk)
        hand = locked_table.hands.select_for_update().order_by("-hand_number").first()
        if hand is None or hand.status != Game.Status.PLAYING or locked_table.paused_note:
            return  # a paused table waits: whoever resumes it calls this again
        held = Held(hand, locked_table, seats_read(locked_table))
        engine = replayed(hand)
        before, done, seen = _moment(engine), len(engine.actions), _seen(held, hand, engine)
        _advance(engine, locked_table, held.seats, hand.seed_number, hand.bot_whys)
        if len(engine.actions) != done:
            _save(hand, held, engine, before=before, seen=seen)
