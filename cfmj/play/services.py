"""Playing a hand: starting one, and the learner's action followed by the bots' until the learner
has a choice to make. Each raises PlayError with a message the learner can act on; a refused
action leaves the game as it was."""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from cfmj.accounts.learners import Learner
from cfmj.accounts.models import User
from cfmj.engine import InputError, RuleSet
from cfmj.engine.coach import LEVELS, Warning, judge, level_player, tiles_to_win, warning
from cfmj.engine.game import (
    SEATS,
    Action,
    HandStarted,
    Move,
    NoCall,
    action_from_dict,
    action_to_dict,
    hand_result,
    nothing_to_call,
    play_on,
)
from cfmj.engine.game import Game as EngineGame
from cfmj.play import holds
from cfmj.play.models import LEARNER_SEAT, Decision, Game
from cfmj.play.selectors import hands_unfinished, rebuild, rules_of, visitor_hands_dealt_since

STALE = "This table changed in another tab or by a double click: here it is as it is now."
OVER = "This hand is over: start a new one from the Play page."
COACH_MODES = "Choose when the coach speaks: hints on request, after each choice, or off."
UNDO_IN_TEST = "A test hand has no undo: it counts as you play it. Undo is for practice hands."
UNDO_OVER = "This hand is over, so its result stands: undo works while a hand is being played."
NOTHING_TO_UNDO = "Nothing to undo yet: this is your first choice of the hand."
NOT_OVER = "Finish this hand first: the next hand of the match is dealt when this one is over."
SEED_BITS = 128  # a seed nobody can find from the tiles they see (a 32-bit one was found)
SHARE_TOKEN_BYTES = 16  # 22 characters of a URL-safe token: Game.share_token holds 32
MAX_BOT_STEPS = 2_000  # far more than a hand has: a guard against a bot that never lets go


class PlayError(Exception):
    """An action or a new game that cannot be, and why."""


class TooManyHandsError(PlayError):
    """A new hand refused: the learner has PLAY_UNFINISHED_MAX hands not finished."""

    def __init__(self, most: int) -> None:
        super().__init__(
            f"You have {most} hands not finished: finish one of them before you start another. "
            "They are listed under “Your hands in progress” on the Play page."
        )


class VisitorHandsError(TooManyHandsError):
    """A visitor's new hand refused: they have PLAY_VISITOR_UNFINISHED_MAX hands not finished."""

    def __init__(self, most: int) -> None:
        PlayError.__init__(
            self,
            f"You have {most} hands not finished: finish one of them before you start another, or "
            f"sign up (free) to keep up to {settings.PLAY_UNFINISHED_MAX} going. They are listed under "
            "“Your hands in progress” on the Play page.",
        )


class VisitorsFullError(PlayError):
    """A visitor's new hand refused: visitors, all together, were dealt PLAY_VISITOR_HANDS_PER_DAY
    hands in the last day."""

    def __init__(self) -> None:
        super().__init__(
            "So many visitors are playing today that we deal no more hands to visitors until "
            "tomorrow. Sign up (free) to play now: your account deals you hands whenever you like."
        )


VISITORS_DAY = datetime.timedelta(days=1)  # the window of PLAY_VISITOR_HANDS_PER_DAY


class WarnedError(PlayError):
    """A legal action held back before it makes a rule mistake, or a dangerous discard in a
    practice hand (coach.warning): the learner may confirm it (game_act with confirmed=True) or
    take it back. Nothing was changed."""

    def __init__(self, warning: Warning, action: Action) -> None:
        super().__init__(warning.title)
        self.warning = warning
        self.action = action


def game_start(
    *,
    owner: User | None = None,
    visitor: str = "",
    bot_level: str,
    house_rules: Iterable[int | str] = (),
    base: int | str | None = None,
    skill_level: int | str | None = None,
    mode: str = Game.Mode.PRACTICE,
    coach: str = Game.Coach.ON_REQUEST,
    seed: int | None = None,
    dealer: int | None = None,
    limited: bool = True,
) -> Game:
    """A new hand with the learner in seat 0, dealt and played by the bots up to the learner's
    first choice (the first Charleston pass). The learner: an account (`owner`), or a visitor (the
    visitor id of their session). `dealer`: the dealer's seat (by default the seed chooses it). A
    hand started here begins a new match (game_next deals its later hands). TooManyHandsError when
    the learner has PLAY_UNFINISHED_MAX hands not finished (one account held 259), unless not
    `limited`: a class's deal, one hand a student per deal, is always dealt (it still counts among
    their hands). A visitor is always limited (_room_for_a_hand)."""
    learner = _learner(owner, visitor)
    if mode not in Game.Mode.values:
        raise PlayError("Choose practice or test.")
    if dealer is not None and dealer not in range(SEATS):
        raise PlayError("The dealer sits at one of the four seats (0 to 3).")
    if coach not in Game.Coach.values:
        raise PlayError(COACH_MODES)
    rules = table_rules_checked(
        bot_level=bot_level, house_rules=house_rules, base=base, skill_level=skill_level
    )
    limited = limited or owner is None
    if limited:
        _room_for_a_hand(learner)  # before dealing, which plays the bots: a refusal costs little
    game = _dealt(
        owner_id=owner.pk if owner is not None else None,
        rules=rules,
        bot_level=bot_level,
        mode=mode,
        seed=seed,
        dealer=dealer,
    )
    game.coach, game.visitor = coach, learner.visitor if owner is None else ""
    with transaction.atomic():
        if owner is not None:
            # One start at a time per learner, so that two at once cannot both take the last place.
            # (A visitor has no row to lock: two starts at the same moment may both pass, a few
            # over at most; RATE_LIMITS["play_visitor"] bounds how many an address sends.)
            list(User.objects.select_for_update().filter(pk=owner.pk).values_list("pk"))
        if limited:
            _room_for_a_hand(learner)
        game.save()
    return game


def _learner(owner: User | None, visitor: str) -> Learner:
    """Whose hand: an account's, or a visitor's by their id (exactly one of them)."""
    if (owner is None) == (not visitor):
        raise ValueError("A hand is an account's or a visitor's: give one of owner and visitor.")
    return Learner(owner, "" if owner is not None else visitor)


def _room_for_a_hand(learner: Learner) -> None:
    """Refuse a new hand past the learner's bound: PLAY_UNFINISHED_MAX hands not finished for an
    account; for a visitor PLAY_VISITOR_UNFINISHED_MAX, and, since a bot can make visitor after
    visitor, PLAY_VISITOR_HANDS_PER_DAY dealt to all visitors together in the last day."""
    if learner.user is not None:
        if hands_unfinished(learner) >= settings.PLAY_UNFINISHED_MAX:
            raise TooManyHandsError(settings.PLAY_UNFINISHED_MAX)
        return
    if hands_unfinished(learner) >= settings.PLAY_VISITOR_UNFINISHED_MAX:
        raise VisitorHandsError(settings.PLAY_VISITOR_UNFINISHED_MAX)
    if visitors_full():
        raise VisitorsFullError


def visitors_full() -> bool:
    """Have visitors, all together, been dealt their hands for the day?"""
    return visitor_hands_dealt_since(timezone.now() - VISITORS_DAY) >= settings.PLAY_VISITOR_HANDS_PER_DAY


def visitor_hands_claim(*, user: User, visitor: str) -> int:
    """A visitor who signs up or logs in keeps the hands they played, finished or not: they become
    the account's (their decisions and matches with them; none is refused for the account's own
    bound, which counts from its next hand). Returns how many moved."""
    if not visitor:
        return 0
    return Game.objects.filter(owner__isnull=True, table__isnull=True, visitor=visitor).update(
        owner=user, visitor=""
    )


def table_rules_checked(
    *, bot_level: str, house_rules: Iterable[int | str], base: int | str | None, skill_level: int | str | None
) -> RuleSet:
    """The bots' level checked and the table's rules made, for a hand alone or a table: PlayError
    with the reason when either cannot be."""
    if bot_level not in LEVELS:
        raise PlayError(f"Choose the bots' level: {', '.join(LEVELS)}.")
    try:
        return RuleSet.make(house_rules=",".join(map(str, house_rules)), base=base, skill_level=skill_level)
    except InputError as problem:
        raise PlayError(str(problem)) from problem


def _dealt(
    *, owner_id: int | None, rules: RuleSet, bot_level: str, mode: str, seed: int | None, dealer: int | None
) -> Game:
    """A new hand (unsaved), dealt and played by the bots up to the learner's first choice."""
    seed = secrets.randbits(SEED_BITS) if seed is None else seed
    if dealer is None:
        dealer = seed % SEATS  # the learner sits at every wind in turn, as seeds come
    engine = EngineGame(seed, rules, dealer)
    first = engine.events[0]
    assert isinstance(first, HandStarted)
    whys: dict[str, str] = {}
    _play_on(engine, bot_level, seed, whys)
    game = Game(
        owner_id=owner_id,
        seed=str(seed),
        wall=list(first.wall),
        house_rules=sorted(rules.house_rules),
        base=rules.base,
        skill_level=rules.skill_level,
        dealer=dealer,
        bot_level=bot_level,
        mode=mode,
        bot_whys=whys,
    )
    game_record(game=game, engine=engine)
    return game


class Played(NamedTuple):
    """A game after the learner's action, and the engine's game as it now stands (the table is
    drawn from it without a second replay)."""

    game: Game
    engine: EngineGame


def game_act(*, game: Game, version: int | None, action: Action, confirmed: bool = False) -> Game:
    """The learner's `action` (seat 0), then the bots', saved as one change with the advice's mark
    for it (a Decision). Refused with a message, the game unchanged, if the table changed since
    the learner saw it (`version`), the hand is over, or the rules do not allow it now; held back
    (WarnedError) if it would make a rule mistake, or in a practice hand if it is a dangerous
    discard, unless `confirmed`."""
    return game_play(game=game, version=version, action=action, confirmed=confirmed).game


def game_play(*, game: Game, version: int | None, action: Action, confirmed: bool = False) -> Played:
    """game_act, also giving the engine's game after it."""
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        if locked.status == Game.Status.OVER:
            raise PlayError(OVER)
        if version != locked.version:
            raise PlayError(STALE)
        if action.seat != LEARNER_SEAT:
            raise PlayError("You play seat 0 only.")
        engine = rebuild(locked)
        problem = engine.why_illegal(action)
        if problem is not None:
            raise PlayError(problem)
        held = None if confirmed else warning(engine, LEARNER_SEAT, action, careful=locked.coached)
        if held is not None:
            raise WarnedError(held, action)
        decision_keep(game=locked, engine=engine, action=action)
        locked.moves_from = len(engine.events)
        engine.apply(action)
        _play_on(engine, locked.bot_level, locked.seed_number, locked.bot_whys)
        game_record(game=locked, engine=engine)
        locked.version += 1
        locked.save()
    return Played(locked, engine)


def review_share(*, game: Game, sharing: bool) -> Game:
    """Share the hand's review by a link (a new token, or the one it has: a double click makes one
    link), or stop sharing it (the link then finds nothing). Only a finished hand is shared, and
    none held back (cfmj.play.holds: a class's deal before it closes)."""
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        if locked.status != Game.Status.OVER:
            raise PlayError("Only a finished hand can be shared: play it to the end first.")
        held = holds.held_words(locked)
        if held and sharing:
            raise PlayError(held)
        if sharing and not locked.share_token:
            locked.share_token = secrets.token_urlsafe(SHARE_TOKEN_BYTES)
        elif not sharing:
            locked.share_token = ""
        locked.save(update_fields=["share_token"])  # not updated_at: the finished list keeps its order
    return locked


def game_set_coach(*, game: Game, coach_mode: str) -> Game:
    """When the coach speaks in this game: hints on request, the mark after each choice, or not at
    all (off)."""
    if coach_mode not in Game.Coach.values:
        raise PlayError(COACH_MODES)
    game.coach = coach_mode
    game.save(update_fields=["coach", "updated_at"])
    return game


def decision_keep(*, game: Game, engine: EngineGame, action: Action) -> None:
    """A person's choice (the seat of `action`) marked by the advice before it is applied, at its
    place in the log."""
    judgement = judge(engine, action.seat, action)
    decision = Decision(
        game=game,
        index=len(engine.actions),
        seat=action.seat,
        kind=judgement.kind,
        chosen=judgement.chosen[:200],
        mark=judgement.mark,
        preferred=judgement.preferred[:200],
        why=judgement.why,
    )
    # One statement, as a create or an update of the decision kept at that place (INSERT ... ON
    # CONFLICT): update_or_create took six, with its savepoints.
    Decision.objects.bulk_create(
        [decision],
        update_conflicts=True,
        unique_fields=["game", "index"],
        update_fields=["seat", "kind", "chosen", "mark", "preferred", "why"],
    )


def _play_on(engine: EngineGame, level: str, seed: int, whys: dict[str, str]) -> None:
    """The bots choose (the engine's runner, lowest seat first) until the learner owes a choice or
    the hand is over; a discard the learner can neither call nor win on is let go for them. Each
    bot's reason for a move the table lists is kept in `whys`, by the move's first event."""
    bots = {seat: level_player(level, seed) for seat in range(SEATS) if seat != LEARNER_SEAT}

    def note(move: Move) -> None:
        why = bots[move.seat].why(move.view, move.action)
        if why:
            whys[str(move.first_event)] = why

    try:
        play_on(engine, [bots.get(seat) for seat in range(SEATS)], on_move=note, max_steps=MAX_BOT_STEPS)
    except RuntimeError as stuck:
        raise RuntimeError(f"The bots did not let go within {MAX_BOT_STEPS} actions.") from stuck


def game_record(*, game: Game, engine: EngineGame) -> None:
    """Keep the engine's actions on the row, and the result once the hand is over."""
    game.actions = [action_to_dict(a) for a in engine.actions]
    if engine.over:
        game.status = Game.Status.OVER
        outcome = hand_result(engine)
        result = outcome.to_dict()
        result.pop("events")  # they hold the wall: the log and the seed rebuild them
        game.result = result
        game.final_distance = final_distance(engine, outcome.winner)
        game.finished_at = timezone.now()


def final_distance(engine: EngineGame, winner: int | None) -> int | None:
    """Tiles the learner still needed for Mah Jongg as the hand ended: 0 if they won, None if
    their hand was dead (or could no longer win)."""
    if winner == LEARNER_SEAT:
        return 0
    view = engine.view(LEARNER_SEAT)
    if view.dead[LEARNER_SEAT]:
        return None
    return tiles_to_win(view.hand())


def game_undo(*, game: Game, version: int | None) -> Game:
    """Practice only: the hand taken back to just before the learner's last decision, as the
    learner saw it then (the bots' moves since the decision before it listed again). The bots'
    choices are seeded by the seed and the step, so choosing the same again plays on the same way.
    Refused in a test hand (it counts as played), once the hand is over (its result stands, and
    the match's next hand and the review read it), on a stale version, or before any decision."""
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        if locked.mode != Game.Mode.PRACTICE:
            raise PlayError(UNDO_IN_TEST)
        if locked.status == Game.Status.OVER:
            raise PlayError(UNDO_OVER)
        if version != locked.version:
            raise PlayError(STALE)
        decision_undo(game=locked, seat=LEARNER_SEAT)
        locked.version += 1
        locked.save()
    return locked


def decision_undo(*, game: Game, seat: int) -> None:
    """Take `game` (locked, saved by the caller) back to just before `seat`'s last decision: where
    one person plays, alone or at a table of bots. Refused before any decision."""
    points = decision_points(game, seat)
    if not points:
        raise PlayError(NOTHING_TO_UNDO)
    cut = points[-1].index
    game.actions = game.actions[:cut]
    game.moves_from = points[-2].events_before if len(points) > 1 else 0
    kept = points[-1].events_before  # the bots' moves after it are gone, and their whys
    game.bot_whys = {k: v for k, v in game.bot_whys.items() if int(k) < kept}
    Decision.objects.filter(game=game, index__gte=cut).delete()


@dataclass(frozen=True)
class DecisionPoint:
    """Where the learner chose: the position of its action in Game.actions, and how many of the
    engine's events there were before it."""

    index: int
    events_before: int


def decision_points(game: Game, seat: int = LEARNER_SEAT) -> list[DecisionPoint]:
    """A person's own decisions, by replay: each of `seat`'s actions except the NoCall that play_on
    gives for them when a discard is nothing they could call (they were never asked)."""
    engine = EngineGame(game.seed_number, rules_of(game), game.dealer, wall=game.wall)
    points = []
    for index, data in enumerate(game.actions):
        action = action_from_dict(data)
        if action.seat == seat and not (isinstance(action, NoCall) and nothing_to_call(engine, seat)):
            points.append(DecisionPoint(index, len(engine.events)))
        engine.apply(action)
    return points


def game_next(*, game: Game, seed: int | None = None) -> Game:
    """The match's next hand after `game` (which must be over): the same table, bots, mode and
    coach, a new deal with the deal passed to the right (RULES §6: dealer + 1). Asked again (a
    double click, a retry) it is the same next hand: Game.previous is unique."""
    with transaction.atomic():
        previous = Game.objects.select_for_update().get(pk=game.pk)
        existing = Game.objects.filter(previous=previous).first()
        if existing is not None:
            return existing
        if previous.status != Game.Status.OVER:
            raise PlayError(NOT_OVER)
        if previous.visitor:  # a visitor's next hand counts in their bounds like a new one
            _room_for_a_hand(Learner(None, previous.visitor))
        hand = _dealt(
            owner_id=previous.owner_id,
            rules=rules_of(previous),
            bot_level=previous.bot_level,
            mode=previous.mode,
            seed=seed,
            dealer=(previous.dealer + 1) % SEATS,
        )
        hand.coach, hand.visitor = previous.coach, previous.visitor
        hand.previous = previous
        hand.hand_number = previous.hand_number + 1
        try:
            with transaction.atomic():
                hand.save()
        except IntegrityError:  # dealt at the same moment by another request (SQLite locks no rows)
            return Game.objects.get(previous=previous)
    return hand
