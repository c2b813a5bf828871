"""A class and its deal, and students playing it through the services, each their own way."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cfmj.accounts.models import User
from cfmj.classes import deals
from cfmj.classes.models import ClassDeal, Classroom
from cfmj.engine.game import Action, NoCall
from cfmj.engine.game.advice_player import AdvicePlayer
from cfmj.play import services
from cfmj.play.models import Game
from cfmj.play.selectors import rebuild
from tests.classes.helpers import a_class, person

SHORT = 19  # strong bots: a bot wins in 118 actions; the first player makes 13 decisions
Pick = Callable[[Sequence[Action]], Action]


def a_class_of(count: int, prefix: str = "pupil", teacher: str = "tess") -> tuple[Classroom, list[User]]:
    """A class of `count` students named prefix0, prefix1..., taught by `teacher` (made now)."""
    students = [person(f"{prefix}{i}") for i in range(count)]
    return a_class(person(teacher, "teacher"), *students), students


def a_deal(
    classroom: Classroom, *, seed: int = SHORT, bot_level: str = "strong", mode: str = "test"
) -> ClassDeal:
    assert classroom.owner is not None
    return deals.deal_start(
        classroom=classroom, teacher=classroom.owner, bot_level=bot_level, mode=mode, seed=seed
    )


def first(legal: Sequence[Action]) -> Action:
    """Let every discard go, discard the first tile it may, pass the first tiles offered."""
    plain = [a for a in legal if a.kind not in ("declare_mah_jongg", "call_mah_jongg", "exchange_joker")]
    return next((a for a in legal if isinstance(a, NoCall)), None) or next(
        (a for a in plain if a.kind == "discard"), (plain or list(legal))[0]
    )


def last(legal: Sequence[Action]) -> Action:
    """As `first`, but the last tile it may discard (another position from the first discard on)."""
    discards = [a for a in legal if a.kind == "discard"]
    return discards[-1] if discards else first(legal)


def play(game: Game, pick: Pick | None = None, *, decisions: int | None = None) -> Game:
    """Play the student's choices with `pick` (the advice if None) to the end, or for `decisions`
    choices, past the coach's caution."""
    made = 0
    while game.status != Game.Status.OVER and (decisions is None or made < decisions):
        engine = rebuild(game)
        legal = engine.legal_actions(0)
        choice = pick(legal) if pick is not None else AdvicePlayer().choose(engine.view(0), legal)
        game = services.game_act(game=game, version=game.version, action=choice, confirmed=True)
        made += 1
    return game
