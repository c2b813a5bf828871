"""Tables set up for a question: a game in play, a Charleston played through, hands that run the wall out."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from random import Random

from ...game import Action, Game, MatchResult, PlayerView, play_match
from ...game import actions as A
from ...game import events as E
from ...game.state import CALLS, CHARLESTON, COURTESY_ASK, STAGE_NAMES, STOP_VOTE, TURN
from ...game.tileset import EAST_HAND, HAND, SEATS, full_set
from ...ruleset import RuleSet
from ...tiles import JOKER
from .quiz import DEALER, direction

RULES = RuleSet()


def table(
    rng: Random,
    *,
    turn: int,
    held: dict[int, list[int]] | None = None,
    shown: dict[int, list[tuple[int, ...]]] | None = None,
) -> Game | None:
    """A game in play: `turn` holds 14 tiles and acts; each seat holds `held[seat]` and exposes
    `shown[seat]`, topped up with random tiles; the rest is the wall. None if the set is short."""
    held, shown = held or {}, shown or {}
    need = Counter(t for tiles in held.values() for t in tiles)
    need.update(t for blocks in shown.values() for block in blocks for t in block)
    pool = Counter(full_set(RULES))
    if any(n > pool[t] for t, n in need.items()):
        return None
    rest = sorted((pool - need).elements())
    rng.shuffle(rest)
    hands = []
    for seat in range(SEATS):
        mine = list(held.get(seat, ()))
        size = (EAST_HAND if seat == turn else HAND) - sum(len(b) for b in shown.get(seat, ()))
        hands.append(mine + [rest.pop() for _ in range(size - len(mine))])
    return Game.from_position(
        hands, rest, exposures=[shown.get(s, []) for s in range(SEATS)], rules=RULES, dealer=DEALER, turn=turn
    )


def discard_and_answer(game: Game, seat: int, tile: int, calls: dict[int, Action] | None = None) -> None:
    """`seat` discards `tile`; every player who may answer does (no call unless told otherwise)."""
    game.apply(A.Discard(seat, tile))
    if game.phase == CALLS:
        for other in game.waiting_for():
            game.apply((calls or {}).get(other, A.NoCall(other)))


def a_natural(game: Game, seat: int) -> int:
    return next(t for t in game.concealed(seat) if t != JOKER)


def now(game: Game) -> int:
    assert game.turn is not None
    return game.turn


@dataclass(frozen=True)
class Run:
    """A Charleston played to the start of play, with what the game offered along the way."""

    game: Game
    steps: tuple[tuple[str, str | None], ...]  # (phase, stage) in the order they came
    stages: tuple[str, ...]  # the passes played
    offsets: dict[str, int]  # pass -> how far its tiles travelled
    blind: dict[str, frozenset[int]]  # pass -> how many received tiles may go on unseen
    most_courtesy: int


@cache
def charleston_run(
    house_rules: frozenset[int] = frozenset(),
    stoppers: frozenset[int] = frozenset(),
    asks: tuple[int, ...] = (0, 0, 0, 0),
) -> Run:
    game = Game(0, RuleSet(house_rules=house_rules), DEALER)
    steps: list[tuple[str, str | None]] = []
    blind: dict[str, frozenset[int]] = {}
    most = 0
    while game.phase != TURN:
        if not steps or steps[-1] != (game.phase, game.stage):
            steps.append((game.phase, game.stage))
        seat = game.waiting_for()[0]
        legal = game.legal_actions(seat)
        if game.stage is not None:
            passes = [a for a in legal if isinstance(a, A.PassTiles)]
            blind[game.stage] = frozenset(len(a.blind) for a in passes if a.blind)
        most = max([most, *(a.count for a in legal if isinstance(a, A.CourtesyAsk))])
        first = legal[0]  # a pass of the player's own tiles comes first
        if isinstance(first, A.StopVote):
            first = A.StopVote(seat, seat in stoppers)
        elif isinstance(first, A.CourtesyAsk):
            first = A.CourtesyAsk(seat, asks[seat])
        game.apply(first)
    delivered = [e for e in game.events if isinstance(e, E.PassDelivered)]
    return Run(
        game,
        tuple(steps),
        tuple(dict.fromkeys(e.stage for e in delivered)),
        {e.stage: direction(e.giver, e.receiver) for e in delivered},
        blind,
        most,
    )


def step_value(step: tuple[str, str | None]) -> str:
    return step[1] or step[0]


def step_label(step: tuple[str, str | None]) -> str:
    phase, stage = step
    if phase == CHARLESTON and stage is not None:
        return f"The {STAGE_NAMES[stage]} pass"
    return {STOP_VOTE: "A vote on stopping the Charleston", COURTESY_ASK: "The courtesy pass"}.get(
        phase, "Play begins"
    )


class _Quick:
    """A player that ends hands fast: stops the Charleston, never calls, discards its lowest tile."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        first = legal[0]
        if isinstance(first, A.StopVote):
            return A.StopVote(view.seat, True)
        if isinstance(first, A.CourtesyAsk):
            return A.CourtesyAsk(view.seat, 0)
        return first


@cache
def wall_match() -> MatchResult:
    """Hands in which nobody ever declares: each ends when the wall runs out."""
    return play_match(0, [_Quick()] * SEATS, hands=9, rules=RULES, dealer=DEALER)
