"""A player that follows the engine's advice: the quick Charleston pass, the stop vote and the
courtesy pass, the best discard, exposure calls that bring the hand closer, and joker exchanges
that cost nothing."""

from __future__ import annotations

from collections.abc import Sequence

from ..charleston import PASS_SIZE, QUICK_SHORTLIST, passes, quick_pass
from ..distance import IMPOSSIBLE
from ..evaluation import KeepScorer, hand_needs, keep_scorer
from ..notation import Hand
from ..tiles import JOKER
from .actions import (
    Action,
    CallExposure,
    CallMahJongg,
    CourtesyAsk,
    CourtesyPass,
    DeclareMahJongg,
    Discard,
    ExchangeJoker,
    NoCall,
    PassTiles,
    StopVote,
)
from .call_bound import bounds_hold, tile_cannot_help
from .players import wins
from .view import PlayerView
from .waits import unseen_tiles

BOT_SHORTLIST = QUICK_SHORTLIST  # a bot's arrangements in view: as its quick pass, so they share one scorer


def _tiles_needed(hand: Hand) -> int:
    return int(hand_needs(hand).min())


def _scorer(hand: Hand) -> KeepScorer:
    return keep_scorer(hand, BOT_SHORTLIST)


class AdvicePlayer:
    """Plays by the advice; deterministic given the view."""

    weighs_draws = True  # a discard weighs the tiles still to come (a study turns it off)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        kinds = {type(a) for a in legal}
        if DeclareMahJongg in kinds and wins(view):
            return next(a for a in legal if isinstance(a, DeclareMahJongg))
        if CallMahJongg in kinds and view.pending_discard and wins(view, (view.pending_discard[1],)):
            return next(a for a in legal if isinstance(a, CallMahJongg))
        if NoCall in kinds:
            return self._call_or_not(view, legal)
        if ExchangeJoker in kinds:
            exchange = self._useful_exchange(view, legal)
            if exchange is not None:
                return exchange
        if Discard in kinds:
            return self._discard(view, legal)
        if PassTiles in kinds:
            return self._pass(view, legal)
        if StopVote in kinds:
            return StopVote(view.seat, self._stop(view))
        if CourtesyAsk in kinds:
            return CourtesyAsk(view.seat, self._courtesy_count(view))
        if CourtesyPass in kinds:
            return self._courtesy_pass(view, legal)
        return legal[0]

    def _pass(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        hand = view.hand()
        best = quick_pass(hand)
        options = [a for a in legal if isinstance(a, PassTiles)]
        if view.blind_allowed:
            now = _scorer(hand).best([()]).tiles_needed
            if best.tiles_needed > now:  # every own pass costs: pass some received tiles blind
                scorer = _scorer(hand)
                for own in (2, 1, 0):
                    pick = scorer.best(passes(hand, own) if own else [()])
                    if pick.tiles_needed <= now or own == 0:
                        blind = [
                            a
                            for a in options
                            if len(a.blind) == PASS_SIZE - own
                            and tuple(sorted(a.tiles)) == tuple(sorted(pick.given))
                        ]
                        if blind:
                            return blind[0]
                        break
        chosen = tuple(sorted(best.given))
        return next(
            (a for a in options if not a.blind and tuple(sorted(a.tiles)) == chosen),
            next(a for a in options if not a.blind),
        )

    def _stop(self, view: PlayerView) -> bool:
        hand = view.hand()
        scorer = _scorer(hand)
        now = scorer.best([()]).tiles_needed
        return quick_pass(hand).tiles_needed > now

    def _courtesy_count(self, view: PlayerView) -> int:
        hand = view.hand()
        scorer = _scorer(hand)
        now = scorer.best([()]).tiles_needed
        for size in (3, 2, 1):
            if scorer.best(passes(hand, size)).tiles_needed <= now:
                return size
        return 0

    def _courtesy_pass(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        options = [a for a in legal if isinstance(a, CourtesyPass)]
        size = len(options[0].tiles)
        best = _scorer(view.hand()).best(passes(view.hand(), size))
        chosen = tuple(sorted(best.given))
        return next((a for a in options if tuple(sorted(a.tiles)) == chosen), options[0])

    def _discard(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        options = [a for a in legal if isinstance(a, Discard)]
        hand = view.hand()
        if _tiles_needed(hand) >= IMPOSSIBLE:  # a dead hand: just keep the tile count right
            return next((a for a in options if a.tile != JOKER), options[0])
        candidates = sorted({(a.tile,) for a in options if a.tile != JOKER}) or [(JOKER,)]
        best = _scorer(hand).best(candidates, draws=unseen_tiles(view) if self.weighs_draws else None)
        return next(a for a in options if a.tile == best.given[0])

    def _call_or_not(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        no_call = next(a for a in legal if isinstance(a, NoCall))
        calls = [a for a in legal if isinstance(a, CallExposure)]
        if not calls or view.pending_discard is None:
            return no_call
        tile = view.pending_discard[1]
        hand = view.hand()
        now = _tiles_needed(hand)
        bounded = bounds_hold(hand)  # see call_bound: what no call can change
        if bounded and tile_cannot_help(hand, tile):
            return no_call
        best: tuple[int, Action] | None = None
        for action in calls:
            if bounded and best is not None:
                break  # one tile nearer already: no call does better
            concealed = list(hand.concealed)
            for used in action.tiles:
                concealed.remove(used)
            block = tuple(sorted((*action.tiles, tile)))
            after = Hand(tuple(sorted(concealed)), tuple(sorted((*hand.exposures, block))))
            nearest = _tiles_needed(after)
            if nearest >= IMPOSSIBLE:
                continue  # no winning hand contains that exposure: it would make the hand dead
            if bounded and nearest >= now:
                continue  # no nearer before the discard, so no nearer after it
            options = sorted({(t,) for t in after.concealed if t != JOKER}) or [(JOKER,)]
            need = _scorer(after).best(options).tiles_needed
            if need < now and (best is None or need < best[0]):
                best = (need, action)
        return best[1] if best else no_call

    def _useful_exchange(self, view: PlayerView, legal: Sequence[Action]) -> Action | None:
        hand = view.hand()
        now = _tiles_needed(hand)
        for action in legal:
            if not isinstance(action, ExchangeJoker):
                continue
            concealed = list(hand.concealed)
            concealed.remove(action.tile)
            exposures = list(hand.exposures)
            if action.owner == view.seat:  # the action counts exposures in table order
                before = tuple(sorted(view.my_exposures[action.exposure].tiles))
                group = list(before)
                group.remove(JOKER)
                exposures[exposures.index(before)] = tuple(sorted((*group, action.tile)))
            after = Hand(tuple(sorted((*concealed, JOKER))), tuple(sorted(exposures)))
            if _tiles_needed(after) <= now:
                return action
        return None
