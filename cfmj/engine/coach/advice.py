"""The coach beside a player, for the decision they owe now: the advice in plain words (`hint`) and
the advice's mark for the choice they make (`judge`, before it is applied). The advice for each
kind of decision is worked out in passes.py (the Charleston, the stop vote, the courtesy pass) and
turn.py (a turn of play, a discard to call); the rule-mistake warning is warnings.py.

The advised choice is always the one the strong bots make (levels.coach_choice: the advice, with
the danger of each discard weighed by the defence): the coach asks it, then explains it with the
figures of figures.py, which scores every choice with the bots' own scorer, and the danger of
each discard. Marks are the drills' (best: as good as the advice; good: your nearest hand stays as
near; weak: it moves away, or a rule mistake); figures.py says how."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

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
from ..game.core import Game
from ..game.view import PlayerView
from . import choices, figures
from .hints import DISCARD, EXCHANGE, MAH_JONGG, Advice, Hint, Judgement
from .levels import coach_choice
from .passes import courtesy_ask_advice, keep_advice, stop_advice
from .turn import call_advice, turn_advice

RECENT = 8  # views whose decisions are kept


def decide(view: PlayerView, legal: Sequence[Action]) -> Hint:
    """What the seat of `view` should do now, and why: the one decision per position. The hint
    shows it, the strong bots play it (levels.coach_choice), the caution never stops it, and every
    other choice is marked against it (judge, and the review that reads those marks)."""
    return advise(view, tuple(legal), full=True).hint


def hint(game: Game, seat: int) -> Hint | None:
    """The decision for `seat` now (None when they owe none)."""
    legal = game.legal_actions(seat)
    return decide(game.view(seat), legal) if legal else None


def judge(game: Game, seat: int, action: Action) -> Judgement:
    """The decision's mark for `action` (a legal choice of `seat`'s), before it is applied."""
    legal = game.legal_actions(seat)
    assert legal, "the seat owes no decision"
    view = game.view(seat)
    advice = advise(view, tuple(legal), full=False)
    mark, words = advice.mark_of(action)
    advised = choices.same_choice(action, advice.hint.advised)
    if advised:
        mark = BEST
    kind = advice.hint.kind
    if isinstance(action, (DeclareMahJongg, CallMahJongg)):
        kind = MAH_JONGG
    elif isinstance(action, ExchangeJoker):
        kind = EXCHANGE
    elif kind == EXCHANGE:
        kind = DISCARD  # a discard without the advised exchange: marked as a discard
    # The words say why of the choice made: the coach's reason alone only where it is the coach's
    # choice (a choice as good as it, but another, is said first: its reason named another tile).
    if advised:
        why = advice.hint.why
    elif mark == BEST:
        why = f"{words} As good as the coach's choice: {advice.hint.why}".strip()
    else:
        why = f"{words} The coach's choice: {advice.hint.why}".strip()
    return Judgement(kind, choices.describe(view, action), mark, advice.hint.advice, why)


@lru_cache(maxsize=RECENT)
def advise(view: PlayerView, legal: tuple[Action, ...], *, full: bool) -> Advice:
    """The decision worked out for `view` (kept for the last few: the hint, the caution and the
    mark of one decision ask about the same view); `full`: with the alternatives to a pass ranked
    (a hint shows them, a judgement does not need them)."""
    advised = coach_choice(view, legal)
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
        return call_advice(view, list(legal), advised)
    return turn_advice(view, list(legal), advised)
