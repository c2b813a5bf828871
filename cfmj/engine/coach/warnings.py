"""The coach's warning before a choice that is legal but a mistake: a Mah Jongg that does not win,
a call whose exposure no winning hand holds (either kills the hand, RULES §6), or, in a practice
hand, a dangerous discard (caution.py)."""

from __future__ import annotations

from dataclasses import dataclass

from ..card import exposures_possible
from ..check import check
from ..game.actions import Action, CallExposure, CallMahJongg, DeclareMahJongg, Discard
from ..game.core import Game
from ..game.players import wins
from ..game.state import Exposure
from ..game.view import PlayerView
from ..labels import block_label
from ..rulebook import RULE_LINES
from ..scoring import counts_as_self_drawn
from ..tiles import code
from .advice import advise

MISTAKEN_MAH_JONGG, DEAD_HAND = "6_mistaken_mah_jongg", "6_dead_hand"


@dataclass(frozen=True)
class Warning:
    """A rule mistake about to happen: the rule line it breaks (cfmj.engine.rulebook) and why; or
    a dangerous discard (caution.py: no rule line)."""

    rule_line: str
    section: str
    title: str
    words: str
    go_ahead: str = "Go ahead anyway"


def warning(game: Game, seat: int, action: Action, *, careful: bool = False) -> Warning | None:
    """A rule mistake `action` would make (it is legal, but it would kill `seat`'s hand): a Mah
    Jongg that does not win, or an exposure no winning hand can contain; and, `careful` (a
    practice hand), a discard the decision holds back as dangerous (caution.py)."""
    view = game.view(seat)
    if careful and isinstance(action, Discard):
        found = advise(view, tuple(game.legal_actions(seat)), full=False).caution_of(action)
        return Warning("", "", found.title, found.words, found.go_ahead) if found else None
    if isinstance(action, DeclareMahJongg) and not wins(view):
        return Warning(MISTAKEN_MAH_JONGG, "6", "That is not Mah Jongg", _not_winning(view, ()))
    if (
        isinstance(action, CallMahJongg)
        and view.pending_discard
        and not wins(view, (view.pending_discard[1],))
    ):
        return Warning(
            MISTAKEN_MAH_JONGG, "6", "That is not Mah Jongg", _not_winning(view, (view.pending_discard[1],))
        )
    if isinstance(action, CallExposure) and view.pending_discard and not _possible(view, action):
        tile = view.pending_discard[1]
        block = block_label(code(tile), len(action.tiles) + 1)
        words = (
            f"No winning hand contains a {block} beside your exposures, so this call would make your "
            f"hand dead: it would play on but could never win. The rule: {RULE_LINES[DEAD_HAND].quote}."
        )
        return Warning(DEAD_HAND, "6", "This call would make your hand dead", words)
    return None


def _not_winning(view: PlayerView, extra: tuple[int, ...]) -> str:
    hand = view.hand(extra)
    why = ""
    if len(hand) == len(view.hand()) + len(extra) and len(hand) == 14:
        reasons = check(hand, self_drawn=counts_as_self_drawn(view.won_by()), rules=view.rules).reasons
        why = f" ({reasons[0].message.rstrip('.')})" if reasons else ""
    return (
        f"Your hand does not win{why}. {RULE_LINES[MISTAKEN_MAH_JONGG].quote}: it would play on but "
        "could never win."
    )


def _possible(view: PlayerView, action: CallExposure) -> bool:
    assert view.pending_discard is not None
    tile = view.pending_discard[1]
    new = Exposure(tile, tuple(sorted((tile, *action.tiles))))
    return exposures_possible([*(e.block for e in view.my_exposures), new.block])
