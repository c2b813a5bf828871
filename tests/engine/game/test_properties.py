"""Properties of whole hands: no tile lost or duplicated at any step, the right counts, and
every accepted Mah Jongg validates."""

from __future__ import annotations

from random import Random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cfmj.engine.card import random_hold, virtual_card
from cfmj.engine.game import Action, Discard, Game, RandomPlayer, hand_result
from cfmj.engine.game.events import HandWon
from cfmj.engine.ruleset import RuleSet
from cfmj.engine.tiles import JOKER

from .helpers import Chooser, choices_from, play_checked, position

RANDOM_SEEDS = range(12)


def random_players(seed: int) -> list[RandomPlayer]:
    return [RandomPlayer(seed * 4 + seat) for seat in range(4)]


def bots(seed: int) -> Chooser:
    players = random_players(seed)

    def choose(game: Game, seat: int, legal: list[Action]) -> Action:
        return players[seat].choose(game.view(seat), legal)

    return choose


def test_it_keeps_every_tile_and_every_count_with_random_players() -> None:
    for seed in RANDOM_SEEDS:
        rules = RuleSet(house_rules=frozenset({1, 2})) if seed % 3 == 0 else RuleSet()
        play_checked(Game(seed, rules, dealer=seed % 4), bots(seed))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    dealer=st.integers(0, 3),
    house=st.sets(st.sampled_from([1, 2])),
    picks=st.lists(st.integers(0, 10**6), max_size=60),
    chooser=st.integers(0, 2**16),
    call_rate=st.sampled_from([0.0, 0.1, 0.5, 1.0]),
)
def test_it_keeps_every_tile_and_every_count_for_any_legal_choices(
    seed: int, dealer: int, house: set[int], picks: list[int], chooser: int, call_rate: float
) -> None:
    """Hypothesis picks the first choices among the legal actions, then a seeded chooser goes on
    (calling, declaring and exchanging at random: mistaken Mah Jonggs and dead hands included)."""
    game = Game(seed, RuleSet(house_rules=frozenset(house)), dealer)
    play_checked(game, choices_from(picks, Random(chooser), call_rate))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_it_accepts_every_listed_action(data: st.DataObject) -> None:
    """Hypothesis draws each choice from the legal actions; every one is accepted."""
    game = Game(data.draw(st.integers(0, 2**32 - 1)))
    for _ in range(60):
        if game.over:
            break
        seat = game.waiting_for()[0]
        game.apply(data.draw(st.sampled_from(game.legal_actions(seat))))
    for seat in range(4):
        for action in game.legal_actions(seat)[:50]:
            assert game.is_legal(action), action


def near_win(seed: int) -> tuple[Game, int, int]:
    """A random card entry held one tile short by a seat that will see the tile at once:
    drawn first from the wall (odd seeds), or discarded by East on the first turn (even seeds)."""
    rng = Random(seed)
    entries = virtual_card().entries
    while True:
        hand = random_hold(entries[rng.randrange(len(entries))], rng)
        concealed = list(hand.concealed)
        naturals = [i for i, t in enumerate(concealed) if t != JOKER]
        if naturals:
            break
    missing = concealed.pop(rng.choice(naturals))
    shown: list[str | tuple[int, ...]] = list(hand.exposures)
    if seed % 2:
        return position({1: concealed}, exposures={1: shown}, wall_front=[missing], seed=seed), 1, missing
    winner = rng.randrange(1, 4)
    return position({winner: concealed, 0: [missing]}, exposures={winner: shown}, seed=seed), winner, missing


def test_it_accepts_only_mah_jonggs_that_validate() -> None:
    """Random card entries, one tile short: the random players win on a draw, a joker
    exchange or a discard, and every win the game accepts validates."""
    won_by: list[str] = []
    for seed in range(40):
        game, _, missing = near_win(seed)
        if not seed % 2:
            game.apply(Discard(0, missing))
        result = hand_result(play_checked(game, bots(seed)))
        won_by += [e.won_by for e in result.events if isinstance(e, HandWon)]
    assert len(won_by) >= 20
