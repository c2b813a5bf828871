"""The bots' levels, weakest first. Each is one of the engine's players, asked afresh for every
choice: a bot keeps nothing between choices, and any randomness it uses is seeded from the game's
seed and the number of actions so far (the view's step), so a choice is reproducible.

Weakest first:
- beginner: the engine's RandomPlayer, which always takes a Mah Jongg it holds and otherwise
  chooses at random (calling an exposure now and then);
- steady: the advice player, except that it never calls a discard for an exposure and one
  discard in four is a random tile (not a joker) instead of the advised one;
- strong: the coach's choice in everything (coach_choice: the advice player, with the danger of
  each discard weighed by the defence).

Measured by cfmj.engine.studies.bot_strength (`make strength`; docs/measurements.md): over 2,000
seeded hands per table the order is clear, every adjacent pair's 95% intervals apart, with the engine's
loneliest-tile heuristic (a simple human's play) between beginner and steady. Four-way win rates
on 25 November 2026: beginner 0.0%, heuristic 4.8%, steady 16.4%, strong 63.0% (newer ones, after
the strong bot began to play the coach's choice, are in docs/measurements.md)."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from ..game.actions import Action, CallExposure, CallMahJongg, DeclareMahJongg, Discard, ExchangeJoker
from ..game.advice_player import AdvicePlayer
from ..game.defensive_player import DefensivePlayer
from ..game.players import RandomPlayer, wins
from ..game.view import PlayerView
from ..tiles import JOKER

BEGINNER, STEADY, STRONG = "beginner", "steady", "strong"
LEVELS: dict[str, str] = {
    BEGINNER: "Beginner: plays at random, but never misses a Mah Jongg",
    STEADY: "Steady: follows the advice, but never calls and sometimes discards carelessly",
    STRONG: "Strong: plays what the coach would suggest, safe discards included",
}
DEFAULT_LEVEL = STEADY
CARELESS = 0.25  # the steady bot's share of random discards
# Why a bot discarded as it did, in words about no hidden tile: the steady bot's advice, the strong
# bot's coach's choice.
ADVICE_WHY = "the advice: the tile its nearest hands need least"
COACH_WHY = "the coach's choice: the tile its hand needs least, weighed against the others' exposures"


def _rng(seed: int, step: int, seat: int) -> Random:
    return Random(f"{seed}:{step}:{seat}")


class LevelPlayer:
    """A bot of one level at a game dealt from `seed`: a Player."""

    def __init__(self, level: str, seed: int) -> None:
        if level not in LEVELS:
            raise ValueError(f"No bot level {level!r}: choose from {', '.join(LEVELS)}.")
        self.level, self.seed = level, seed

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return bot_choose(self.level, view, legal, seed=self.seed, step=view.step)

    def why(self, view: PlayerView, action: Action) -> str:
        """Why it chose `action` where `view` was (bot_why)."""
        return bot_why(self.level, view, action, seed=self.seed, step=view.step)


def level_player(level: str, seed: int) -> LevelPlayer:
    """A bot of `level` at a game dealt from `seed`."""
    return LevelPlayer(level, seed)


def bot_choose(level: str, view: PlayerView, legal: Sequence[Action], *, seed: int, step: int) -> Action:
    """The bot's action for `view.seat` (`legal` never empty); `step` is the number of actions
    already in the game, which with `seed` fixes any randomness."""
    if level == BEGINNER:
        return RandomPlayer(_rng(seed, step, view.seat).getrandbits(32)).choose(view, legal)
    if level == STEADY:
        return _steady(view, legal, _rng(seed, step, view.seat))
    return coach_choice(view, legal)


def coach_choice(view: PlayerView, legal: Sequence[Action]) -> Action:
    """What the coach advises and the strong bots play: the advice, with the danger of each discard
    weighed against the hand (cfmj.engine.defence, reading the opponents who have exposed a block)."""
    return DefensivePlayer().choose(view, legal)


def _steady(view: PlayerView, legal: Sequence[Action], rng: Random) -> Action:
    calls = [a for a in legal if not isinstance(a, CallExposure)]  # never calls for an exposure
    choice = AdvicePlayer().choose(view, calls)
    if isinstance(choice, Discard) and rng.random() < CARELESS:
        tiles = sorted({a.tile for a in legal if isinstance(a, Discard) and a.tile != JOKER})
        if tiles:
            return Discard(view.seat, rng.choice(tiles))
    return choice


def bot_why(level: str, view: PlayerView, action: Action, *, seed: int, step: int) -> str:
    """Why the bot chose `action`, for the moves the table lists: how its level chose, in words
    that name no tile the other players cannot see (never what it holds or aims at). "" for an
    action the table does not list (a pass, a vote, a call let go)."""
    if isinstance(action, DeclareMahJongg | CallMahJongg):
        extra = (
            (view.pending_discard[1],) if isinstance(action, CallMahJongg) and view.pending_discard else ()
        )
        return "its hand wins" if wins(view, extra) else "at random: its hand does not win"
    if not isinstance(action, Discard | CallExposure | ExchangeJoker):
        return ""
    if level == BEGINNER:
        return "at random"
    if isinstance(action, CallExposure):
        return "the advice: the call brings its hand nearer to Mah Jongg"
    if isinstance(action, ExchangeJoker):
        return "the advice: a joker for a natural tile costs its hand nothing"
    if level == STEADY and _rng(seed, step, view.seat).random() < CARELESS:
        return "carelessly, a tile at random"  # as _steady chose it: the same draw
    if view.dead[view.seat]:
        return "its hand is dead: any tile will do"
    return COACH_WHY if level == STRONG else ADVICE_WHY
