"""Advice during play (RULES §6): which tile to discard, and whether to call a discard."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import reasons
from .advice_words import aim_words, draws_words, spare_words
from .card import exposures_possible
from .charleston import Grade, grade, summary, target_of
from .errors import InputError
from .evaluation import KeepScore, copies_left, keep_scorer, score_keeps
from .exposures import exposure_block
from .labels import codes_named
from .notation import Hand, read_hand
from .rulebook import rule_ref
from .ruleset import RuleSet
from .tiles import FLOWER, JOKER, WINDS, code, codes, is_wind, name, parse_tile
from .winning import winning_value
from .words import plural

ALTERNATIVES = 4


@dataclass(frozen=True)
class DiscardAdvice:
    hand: Hand
    ranked: tuple[KeepScore, ...]
    why: str
    graded: Grade | None = None

    @property
    def tile(self) -> int:
        return self.ranked[0].given[0]

    def as_dict(self) -> dict[str, Any]:
        best = self.ranked[0]
        return {
            "discard": code(self.tile),
            "tiles_needed": best.tiles_needed,
            "hands_within": best.hands_within,
            "window": best.window,
            "keep_target": target_of(best),
            "why": self.why,
            "alternatives": [
                {
                    "discard": code(s.given[0]),
                    "score": float(s.hands_within),
                    "tiles_needed": s.tiles_needed,
                    "summary": summary(s),
                }
                for s in self.ranked[1 : ALTERNATIVES + 1]
            ],
            "hand": str(self.hand),
            **({"graded": self.graded.as_dict()} if self.graded else {}),
        }


def discard(
    hand: str | Hand, *, proposed: str | int | None = None, rules: RuleSet | None = None
) -> DiscardAdvice:
    """Which tile to discard from 14: the one whose loss keeps the nearest hands nearest, and
    then the one that leaves the most tiles still to come that would help (the hand alone).
    A joker is offered only when nothing else can go (a discarded joker is lost to everyone).
    With `proposed`, also how that discard compares (for the "which discard?" drill)."""
    rules = rules or RuleSet()
    hand = read_hand(hand, sizes=(14,), rules=rules, question="Choosing a discard")
    mine = proposed_discard(hand, proposed) if proposed is not None else None
    options = sorted({(t,) for t in hand.concealed if t != JOKER or mine == JOKER}) or [(JOKER,)]
    ranked = score_keeps(hand, options, draws=copies_left(hand, rules))
    best = ranked[0]
    why = f"Discard {name(best.given[0])}: {spare_words(best)}. {aim_words(hand, best.given, best)}"
    why = f"{why} {draws_words(best, ranked)}".strip()
    graded = grade(tuple(ranked), (mine,)) if mine is not None else None
    return DiscardAdvice(hand, tuple(ranked), why, graded)


def proposed_discard(hand: Hand, proposed: str | int) -> int:
    """The tile a learner proposes to discard; InputError when it cannot be."""
    mine = parse_tile(proposed.strip()) if isinstance(proposed, str) else proposed
    if mine not in hand.concealed:
        raise InputError(f"You cannot discard {code(mine)}: it is not among your concealed tiles.")
    return mine


@dataclass(frozen=True)
class CallOption:
    call: str  # "mah_jongg", "expose" or a kind that may not be called
    legal: bool
    block: tuple[int, ...] = ()
    tiles_needed_after: int | None = None
    rule: str = ""  # why it is not allowed, in plain words

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"call": self.call, "legal": self.legal}
        if self.block:
            out["block"] = f"[{codes(self.block)}]"
        if self.tiles_needed_after is not None:
            out["tiles_needed_after"] = self.tiles_needed_after
        if self.rule:
            out["rule"] = self.rule
        return out


@dataclass(frozen=True)
class CallAdvice:
    tile: int
    options: tuple[CallOption, ...]
    advised: CallOption | None
    tiles_needed_now: int | None
    why: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "tile": code(self.tile),
            "call": self.advised.call if self.advised else None,
            "block": f"[{codes(self.advised.block)}]" if self.advised and self.advised.block else None,
            "tiles_needed_now": self.tiles_needed_now,
            "options": [o.as_dict() for o in self.options],
            "why": self.why,
        }


CALL_ONLY_FOR_MAH_JONGG = f"Pairs, flower Pairs and NEWS tiles are called only for Mah Jongg {rule_ref('6')}."
JOKER_DEAD = f"A discarded joker is dead: it can never be called {rule_ref('6')}."


def call(hand: str | Hand, tile: str | int, *, rules: RuleSet | None = None) -> CallAdvice:
    """Whether to call a discard: for Mah Jongg, to expose a Pung, Kong or Quint, or not at all;
    with the rule that forbids each call that is not allowed."""
    rules = rules or RuleSet()
    hand = read_hand(hand, sizes=(13,), rules=rules, question="Calling a discard")
    called = parse_tile(tile) if isinstance(tile, str) else tile
    now = keep_scorer(hand).best([()]).tiles_needed if _alive(hand) else None
    if called == JOKER:
        option = CallOption("joker", False, rule=JOKER_DEAD)
        return CallAdvice(called, (option,), None, now, JOKER_DEAD)
    options: list[CallOption] = []
    with_tile = Hand(tuple(sorted((*hand.concealed, called))), hand.exposures)
    wins = winning_value(with_tile, rules=rules) is not None
    options.append(
        CallOption(
            "mah_jongg",
            wins,
            rule="" if wins else "Only a call that completes a winning hand is a Mah Jongg call.",
        )
    )
    options += _exposure_options(hand, called, rules)
    advised = next((o for o in options if o.call == "mah_jongg" and o.legal), None)
    if advised:
        why = f"Call {name(called)} for Mah Jongg: it completes your hand."
    else:
        legal = [o for o in options if o.call == "expose" and o.legal and o.tiles_needed_after is not None]
        best = min(legal, key=lambda o: o.tiles_needed_after or 0, default=None)
        if best and now is not None and (best.tiles_needed_after or 0) < now:
            advised = best
            why = (
                f"Call {name(called)} and expose {codes_named(codes(best.block))}: after your discard you "
                f"will be {plural(best.tiles_needed_after or 0, 'tile')} away instead of {now}."
            )
        elif legal:
            why = (
                f"Let {name(called)} go: exposing it would not bring you closer, and it would "
                "cost you the concealed bonus and show your hand."
            )
        else:
            why = f"Let {name(called)} go: you cannot use it to call."
    return CallAdvice(called, tuple(options), advised, now, why)


def _alive(hand: Hand) -> bool:
    return all(not isinstance(exposure_block(i, g), reasons.Reason) for i, g in enumerate(hand.exposures))


def _exposure_options(hand: Hand, called: int, rules: RuleSet) -> list[CallOption]:
    """Calls to expose: a Pung, Kong or Quint of the discard with your own copies and jokers
    (allowed when some winning hand can contain it); a Pair or NEWS only for Mah Jongg."""
    held = hand.concealed.count(called)
    jokers = hand.concealed.count(JOKER)
    options: list[CallOption] = []
    if held >= 1:
        kind = "flower_pair" if called == FLOWER else "pair"
        options.append(CallOption(kind, False, (called, called), rule=CALL_ONLY_FOR_MAH_JONGG))
    if is_wind(called) and all(w in hand.concealed or w == called for w in WINDS):
        options.append(CallOption("news", False, tuple(WINDS), rule=CALL_ONLY_FOR_MAH_JONGG))
    exposed_now = [_named(g) for g in hand.exposures]
    for size in (3, 4, 5):
        naturals = min(held, size - 1)  # your own copies, besides the discard
        needed_jokers = size - 1 - naturals
        if needed_jokers > jokers:
            continue
        block = tuple(sorted((called,) * (naturals + 1) + (JOKER,) * needed_jokers))
        if not exposures_possible([*exposed_now, (called, size)]):
            options.append(
                CallOption(
                    "expose",
                    False,
                    block,
                    rule=(
                        "No winning hand contains this exposure: exposing it would make your hand dead "
                        f"{rule_ref('6')}."
                    ),
                )
            )
            continue
        concealed = list(hand.concealed)
        for tile in [called] * naturals + [JOKER] * needed_jokers:
            concealed.remove(tile)
        after = Hand(tuple(sorted(concealed)), tuple(sorted([*hand.exposures, block])))
        options.append(CallOption("expose", True, block, _after_discard(after)))
    return options


def _named(group: tuple[int, ...]) -> tuple[int | None, int]:
    naturals = [t for t in group if t != JOKER]
    return (naturals[0] if naturals and len(set(naturals)) == 1 else None, len(group))


def _after_discard(hand: Hand) -> int | None:
    """Tiles needed after the best discard from this 14-tile position."""
    options = sorted({(t,) for t in hand.concealed if t != JOKER}) or [(JOKER,)]
    best = keep_scorer(hand).best(options).tiles_needed
    return None if best >= 90 else best
