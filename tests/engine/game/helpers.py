"""Shared helpers for the game-model tests: positions from tile codes, driving a game, invariants."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from random import Random

from cfmj.engine import check
from cfmj.engine.game import Action, Game, HandResult, hand_result
from cfmj.engine.game.events import HandWon
from cfmj.engine.game.state import CALLS, OVER, TURN
from cfmj.engine.game.tileset import full_set
from cfmj.engine.notation import parse_hand
from cfmj.engine.ruleset import RuleSet
from cfmj.engine.scoring import counts_as_self_drawn
from cfmj.engine.tiles import JOKER, parse_tile

Chooser = Callable[[Game, int, list[Action]], Action]


def tiles(text: str | Sequence[int]) -> tuple[int, ...]:
    """'7C*3 J' -> (6, 6, 6, 35) (tile ints are taken as they are)."""
    if not isinstance(text, str):
        return tuple(text)
    out: list[int] = []
    for token in text.split():
        code, _, times = token.partition("*")
        out += [parse_tile(code)] * (int(times) if times else 1)
    return tuple(out)


def position(
    hands: dict[int, str | list[int]],
    *,
    exposures: dict[int, list[str | tuple[int, ...]]] | None = None,
    wall_front: str | list[int] = "",
    turn: int = 0,
    dealer: int = 0,
    rules: RuleSet | None = None,
    seed: int = 0,
) -> Game:
    """A game in play: the given hands (and exposures), topped up to 13 tiles (14 for `turn`)
    from the remaining natural tiles, shuffled by `seed`; the wall is `wall_front` then the rest."""
    rules = rules or RuleSet()
    exposures = exposures or {}
    shown = [[tuple(tiles(e)) for e in exposures.get(s, [])] for s in range(4)]
    given = [list(tiles(hands.get(s, []))) for s in range(4)]
    front = list(tiles(wall_front))
    used = Counter(front)
    for s in range(4):
        used.update(given[s])
        for e in shown[s]:
            used.update(e)
    rest = list((Counter(full_set(rules)) - used).elements())
    naturals = [t for t in rest if t != JOKER]
    Random(seed).shuffle(naturals)
    for s in range(4):  # top every hand up to 13 tiles (14 for the seat in turn)
        need = (14 if s == turn else 13) - sum(len(e) for e in shown[s]) - len(given[s])
        given[s], naturals = given[s] + naturals[:need], naturals[need:]
    rest = naturals + [JOKER] * rest.count(JOKER)
    Random(seed + 1).shuffle(rest)
    wall = front + rest
    return Game.from_position(given, wall, exposures=shown, rules=rules, dealer=dealer, turn=turn)


def first_choice(game: Game, seat: int, legal: list[Action]) -> Action:
    return legal[0]


def advance(
    game: Game, until: Callable[[Game], bool], chooser: Chooser = first_choice, limit: int = 5000
) -> None:
    """Apply chosen legal actions until `until(game)` holds."""
    for _ in range(limit):
        if until(game):
            return
        seat = game.waiting_for()[0]
        game.apply(chooser(game, seat, game.legal_actions(seat)))
    raise AssertionError("the game never reached the wanted state")


def expected_size(game: Game, seat: int) -> int:
    if game.phase == TURN:
        return 14 if seat == game.turn else 13
    if game.phase == CALLS:
        return 13
    if game.phase == OVER:
        won = game.outcome
        return 14 if isinstance(won, HandWon) and won.winner == seat else 13
    return 14 if seat == game.dealer else 13


def assert_invariants(game: Game) -> None:
    """No tile lost or duplicated; every seat holds the right number of tiles."""
    assert game.census() == Counter(full_set(game.rules))
    for seat in range(4):
        assert game.hand_size(seat) == expected_size(game, seat), (seat, game.phase)
    if game.phase == OVER:
        assert_accepted_wins_validate(hand_result(game))


def assert_accepted_wins_validate(result: HandResult) -> None:
    for event in result.events:
        if isinstance(event, HandWon):
            verdict = check(parse_hand(event.hand), self_drawn=counts_as_self_drawn(event.won_by))
            assert verdict.valid and verdict.best is not None
            assert verdict.best.value == event.value
            assert sum(event.payments) == 0


def play_checked(game: Game, chooser: Chooser) -> Game:
    """Play to the end, checking the invariants after every action."""
    assert_invariants(game)
    while not game.over:
        seat = game.waiting_for()[0]
        legal = game.legal_actions(seat)
        assert legal
        game.apply(chooser(game, seat, legal))
        assert_invariants(game)
    return game


def choices_from(picks: Sequence[int], rng: Random, call_rate: float) -> Chooser:
    """Take the first choices from `picks`, then random ones: exposures and joker exchanges at
    `call_rate`, a Mah Jongg (mistaken, most likely) now and then, else a random pass or discard."""
    queue = list(picks)

    def choose(game: Game, seat: int, legal: list[Action]) -> Action:
        if queue:
            return legal[queue.pop(0) % len(legal)]
        claims = [a for a in legal if a.kind in ("call_mah_jongg", "declare_mah_jongg")]
        if claims and rng.random() < 0.01:
            return claims[0]
        active = [a for a in legal if a.kind in ("call_exposure", "exchange_joker")]
        if active and rng.random() < call_rate:
            return rng.choice(active)
        quiet = [a for a in legal if a.kind in ("no_call", "discard")]
        return rng.choice(quiet or legal)

    return choose
