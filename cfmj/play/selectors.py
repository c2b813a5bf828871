"""Reading games: a learner's games (an account's, or a visitor's), and the engine's game rebuilt
from a row."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Q, QuerySet

from cfmj.accounts.learners import Learner
from cfmj.engine import RuleSet
from cfmj.engine.game import Game as EngineGame
from cfmj.engine.game import action_from_dict
from cfmj.play.models import LEARNER_SEAT, Game, Table


def rules_of(game: Game | Table) -> RuleSet:
    """The rules of a hand, or of a table (every hand of a table is dealt with them)."""
    return RuleSet.make(house_rules=game.house_rules, base=game.base, skill_level=game.skill_level)


def rebuild(game: Game) -> EngineGame:
    """The hand as it stands: dealt from the kept wall, then every recorded action applied again
    (each is checked by the engine as it was the first time)."""
    return rebuild_to(game, len(game.actions))


def rebuild_to(game: Game, count: int) -> EngineGame:
    """The hand as it stood after its first `count` actions (0: as dealt)."""
    engine = EngineGame(game.seed_number, rules_of(game), game.dealer, wall=game.wall)
    for data in game.actions[:count]:
        engine.apply(action_from_dict(data))
    return engine


def hands_of(learner: Learner) -> Q:
    """The filter for a learner's own hands alone: an account's, or a visitor's (no account, no
    table, their session's visitor id); a visitor without an id has none."""
    if learner.user is not None:
        return Q(owner=learner.user)
    if not learner.visitor:
        return Q(pk__in=[])
    return Q(owner__isnull=True, table__isnull=True, visitor=learner.visitor)


def games_in_progress(learner: Learner) -> QuerySet[Game]:
    return Game.objects.filter(hands_of(learner), status=Game.Status.PLAYING).order_by("-updated_at", "-pk")


def hands_unfinished(learner: Learner) -> int:
    """The hands against the bots the learner has started and not finished (a table's hands,
    which the table deals, are not theirs alone)."""
    return Game.objects.filter(hands_of(learner), status=Game.Status.PLAYING, table__isnull=True).count()


def games_over(learner: Learner, limit: int = 10) -> list[Game]:
    return list(
        Game.objects.filter(hands_of(learner), status=Game.Status.OVER).order_by("-updated_at", "-pk")[:limit]
    )


def visitor_hands_dealt_since(since: datetime.datetime) -> int:
    """How many hands visitors were dealt, the whole site together, since then (not counting those
    claimed since by an account): what bounds visitors' play when a bot makes visitor after visitor."""
    return Game.objects.exclude(visitor="").filter(created_at__gte=since).count()


@dataclass(frozen=True)
class Match:
    """A hand's place in its match: its number, the hands played so far (this one too, once it
    is over), the learner's running score over them, and the next hand if it was dealt."""

    number: int
    finished: int
    score: int
    next_hand: Game | None

    @property
    def signed_score(self) -> str:
        return f"{self.score:+d}" if self.score else "0"


def match_of(game: Game, seat: int = LEARNER_SEAT, *, earlier: list[Game] | None = None) -> Match:
    """`seat`'s match so far: the learner alone with the bots, or one person at a table. `earlier`:
    earlier_hands(game), when read already."""
    hands = [game, *(earlier_hands(game) if earlier is None else earlier)]
    payments = [(hand.result or {}).get("payments") for hand in hands if hand.status == Game.Status.OVER]
    score = sum(int(paid[seat]) for paid in payments if paid)
    next_hand = Game.objects.filter(previous=game).first() if game.status == Game.Status.OVER else None
    return Match(game.hand_number, len(payments), score, next_hand)


def earlier_hands(game: Game) -> list[Game]:
    """The match's hands before `game`, latest first: the chain of `previous` read in two queries
    (the owner's links, then the hands on the chain) rather than one query a hand."""
    if game.previous_id is None:
        return []
    same_match: dict[str, object] = {"owner_id": game.owner_id, "visitor": game.visitor}
    if game.table_id is not None:
        same_match = {"table_id": game.table_id}
    links = dict(
        Game.objects.filter(**same_match, hand_number__lt=game.hand_number).values_list("pk", "previous_id")
    )
    chain: list[int] = []
    pk: int | None = game.previous_id
    while pk is not None and pk in links and len(chain) < game.hand_number:
        chain.append(pk)
        pk = links[pk]
    hands = Game.objects.filter(pk__in=chain).only("pk", "status", "result", "hand_number")
    return sorted(hands, key=lambda hand: -hand.hand_number)


def can_undo(game: Game) -> bool:
    """Is there a decision to take back? A practice hand being played where the learner has acted:
    the learner's first action is always a real decision (the first Charleston's pass, compulsory),
    never a call let go for them (services.decision_points tells those apart)."""
    return (
        game.mode == Game.Mode.PRACTICE
        and game.status == Game.Status.PLAYING
        and any(data.get("seat") == LEARNER_SEAT for data in game.actions)
    )
