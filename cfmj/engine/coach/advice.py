"""The coach beside a player, for the decision they owe now: the advice in plain words (`hint`) and
the advice's mark for the choice they make (`judge`, before it is applied). The advice for each
kind of decision is worked out in passes.py (the Charleston, the stop vote, the courtesy pass) and
turn.py (a turn of play, a discard to call); the rule-mistake warning is warnings.py.

The advised choice is always the one the strong bots make (the engine's AdvicePlayer): the coach
asks it, then explains it with the figures of figures.py, which scores every choice with the bots'
own scorer. Marks are the drills' (best: as good as the advice; good: your nearest hand stays as
near; weak: it moves away, or a rule mistake); figures.py says how."""

from __future__ import annotations

from ..charleston import BEST
from ..game.actions import (
    Action,
    CallMahJongg,
    CourtesyAsk,
    CourtesyPass,
    DeclareMahJongg,
    ExchangeJoker,
    NoCall,
    PassTiles,
    StopVote,
)
from ..game.advice_player import AdvicePlayer
from ..game.core import Game
from . import choices, figures
from .hints import DISCARD, EXCHANGE, MAH_JONGG, Advice, Hint, Judgement
from .passes import courtesy_ask_advice, keep_advice, stop_advice
from .turn import call_advice, turn_advice


def hint(game: Game, seat: int) -> Hint | None:
    """The advice for `seat`'s decision now (None when they owe none)."""
    advice = _advise(game, seat, full=True)
    return advice.hint if advice else None


def judge(game: Game, seat: int, action: Action) -> Judgement:
    """The advice's mark for `action` (a legal choice of `seat`'s), before it is applied."""
    advice = _advise(game, seat, full=False)
    assert advice is not None, "the seat owes no decision"
    mark, words = advice.mark_of(action)
    if choices.same_choice(action, advice.hint.advised):
        mark = BEST
    kind = advice.hint.kind
    if isinstance(action, (DeclareMahJongg, CallMahJongg)):
        kind = MAH_JONGG
    elif isinstance(action, ExchangeJoker):
        kind = EXCHANGE
    elif kind == EXCHANGE:
        kind = DISCARD  # a discard without the advised exchange: marked as a discard
    why = advice.hint.why if mark == BEST else f"{words} The advice: {advice.hint.why}".strip()
    return Judgement(kind, choices.describe(game.view(seat), action), mark, advice.hint.advice, why)


def _advise(game: Game, seat: int, *, full: bool) -> Advice | None:
    """The decision's advice; `full`: with the alternatives to a pass ranked (a hint shows them,
    a judgement does not need them)."""
    legal = game.legal_actions(seat)
    if not legal:
        return None
    view = game.view(seat)
    advised = AdvicePlayer().choose(view, legal)
    kinds = {type(a) for a in legal}
    if PassTiles in kinds or CourtesyPass in kinds:
        assert isinstance(advised, (PassTiles, CourtesyPass))
        size = len(advised.tiles) + len(getattr(advised, "blind", ()))
        ranking = figures.all_passes(view.hand(), size) if full else []
        return keep_advice(view, advised, ranking)
    if StopVote in kinds:
        return stop_advice(view, advised)
    if CourtesyAsk in kinds:
        return courtesy_ask_advice(view, advised)
    if NoCall in kinds:
        return call_advice(view, legal, advised)
    return turn_advice(view, legal, advised)
