"""Play (RULES §6): calls and their priority, joker exchanges, Mah Jongg, dead hands, wall games."""

from __future__ import annotations

from cfmj.engine import check
from cfmj.engine.card import exposures_possible
from cfmj.engine.game import (
    Action,
    CallExposure,
    CallMahJongg,
    DeclareMahJongg,
    Discard,
    ExchangeJoker,
    Game,
    NoCall,
    RandomPlayer,
    hand_result,
    play_hand,
)
from cfmj.engine.game.events import (
    Discarded,
    Drew,
    ExposureMade,
    HandDead,
    HandWon,
    MahJonggRejected,
    WallGame,
)
from cfmj.engine.game.state import OVER, TURN
from cfmj.engine.notation import parse_hand

from .helpers import assert_invariants, position, tiles

J = 35


def tile(code: str) -> int:
    return tiles(code)[0]


def answer_all(game: Game, **calls: Action) -> None:
    """Every seat still answering the discard lets it go, unless given a call in `calls`."""
    for seat in game.waiting_for():
        action = calls.get(f"s{seat}")
        game.apply(action if action is not None else NoCall(seat))


def test_it_pays_a_mah_jongg_after_a_joker_exchange_as_self_drawn() -> None:
    game = position({0: "7C*3 8C*4 9D*4 GD*2 RD"}, exposures={1: ["RD RD J"]})
    assert not check(parse_hand("7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D GD GD RD")).valid
    game.apply(ExchangeJoker(0, 1, 0, tile("RD")))
    assert game.exposures(1)[0].tiles == tuple(tiles("RD RD RD"))
    assert game.view(0).won_by() == "joker_exchange"
    won = game.apply(DeclareMahJongg(0))[-1]
    assert isinstance(won, HandWon) and won.won_by == "joker_exchange" and won.discarder is None
    value = check(parse_hand(won.hand), self_drawn=True).best.value  # type: ignore[union-attr]
    assert won.value == value == 70  # (25 + 10 concealed) x 2 self-drawn
    assert won.payments == (210, -70, -70, -70)
    assert_invariants(game)


def test_it_allows_several_joker_exchanges_a_turn_from_any_exposure() -> None:
    game = position({0: "RD GD 5C"}, exposures={0: ["5C 5C J"], 1: ["RD RD J"], 2: ["GD J J"]})
    for action in (
        ExchangeJoker(0, 1, 0, tile("RD")),
        ExchangeJoker(0, 2, 0, tile("GD")),
        ExchangeJoker(0, 0, 0, tile("5C")),
    ):
        assert action in game.legal_actions(0)
        game.apply(action)
    assert game.concealed(0).count(J) == 3
    assert game.exposures(2)[0].tiles == tuple(tiles("GD GD J"))
    game.apply(Discard(0, game.concealed(0)[0]))
    assert_invariants(game)


def test_it_pays_double_by_the_discarder_of_the_winning_tile() -> None:
    game = position({0: "9D", 2: "7C*3 8C*4 9D*3 RD*3"})
    game.apply(Discard(0, tile("9D")))
    answer_all(game, s2=CallMahJongg(2))
    won = game.outcome
    assert isinstance(won, HandWon) and won.won_by == "discard" and won.discarder == 0
    assert won.value == 70 and won.payments == (-140, -70, 280, -70)
    assert won.pattern == "two_pungs_two_kongs" and won.category == "consecutive_run"
    assert_invariants(game)


def test_it_scores_the_worked_example_after_an_exposure_call() -> None:
    """RULES §3's worked check: the dragons called and exposed, then Mah Jongg on that discard."""
    game = position({0: "RD", 2: "7C*3 8C*4 9D*4 RD RD"})
    game.apply(Discard(0, tile("RD")))
    answer_all(game, s2=CallExposure(2, tiles("RD RD")))
    assert game.turn == 2 and game.hand_size(2) == 14
    won = game.apply(DeclareMahJongg(2))[-1]
    assert isinstance(won, HandWon)
    assert won.hand == "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]"
    assert (won.value, won.payments) == (50, (-100, -50, 200, -50))


def test_it_lets_a_mah_jongg_call_beat_a_nearer_exposure_call() -> None:
    game = position({0: "9D", 1: "J J", 2: "7C*3 8C*4 9D*3 RD*3"})
    game.apply(Discard(0, tile("9D")))
    answer_all(game, s1=CallExposure(1, (J, J)), s2=CallMahJongg(2))
    assert isinstance(game.outcome, HandWon) and game.outcome.winner == 2
    assert not game.exposures(1)


def test_it_gives_the_discard_to_the_nearest_caller_after_the_discarder() -> None:
    for calling, nearest in (((2, 3, 0), 2), ((3, 0), 3), ((0,), 0)):
        game = position({0: "J J", 1: "5C", 2: "5C J", 3: "5C 5C"}, turn=1, seed=2)
        game.apply(Discard(1, tile("5C")))
        assert game.waiting_for() == (0, 2, 3)
        offers = {0: (J, J), 2: (tile("5C"), J), 3: tuple(tiles("5C 5C"))}
        answer_all(game, **{f"s{s}": CallExposure(s, offers[s]) for s in calling})
        made = [e for e in game.events if isinstance(e, ExposureMade)]
        assert [e.seat for e in made] == [nearest] and game.turn == nearest


def test_it_continues_to_the_right_of_a_caller() -> None:
    game = position({0: "5C", 2: "5C J", 3: "5C 5C"})
    game.apply(Discard(0, tile("5C")))
    answer_all(game, s2=CallExposure(2, (tile("5C"), J)), s3=CallExposure(3, tiles("5C 5C")))
    made = [e for e in game.events if isinstance(e, ExposureMade)]
    assert [(e.seat, e.discarder, e.tiles) for e in made] == [(2, 0, tuple(tiles("5C 5C J")))]
    assert game.phase == TURN and game.turn == 2 and game.hand_size(2) == 14
    assert not any(d == (0, tile("5C")) for d in game.discards)
    game.apply(Discard(2, game.concealed(2)[0]))
    answer_all(game)
    drew = [e for e in game.events if isinstance(e, Drew)]
    assert drew[-1].seat == 3  # seat 1 was skipped: play goes on to the caller's right
    assert_invariants(game)


def test_it_kills_a_hand_whose_exposures_no_winning_hand_can_contain() -> None:
    assert exposures_possible([(tile("N"), 3)])
    assert not exposures_possible([(tile("N"), 3), (tile("1C"), 3)])
    game = position({0: "1C", 1: "1C 1C"}, exposures={1: ["N N N"]})
    game.apply(Discard(0, tile("1C")))
    answer_all(game, s1=CallExposure(1, tiles("1C 1C")))
    assert HandDead(1, "impossible_exposures") in game.events
    assert game.dead == (False, True, False, False)
    # A dead hand keeps drawing and discarding, but may only discard.
    assert {a.kind for a in game.legal_actions(1)} == {"discard"}
    game.apply(Discard(1, game.concealed(1)[0]))
    assert 1 not in game.waiting_for()
    assert_invariants(game)


def test_it_kills_the_hand_of_a_mistaken_mah_jongg() -> None:
    game = position({0: "5C"}, seed=4)
    assert not check(game.view(0).hand()).valid
    events = game.apply(DeclareMahJongg(0))
    assert isinstance(events[1], MahJonggRejected) and events[1].reasons
    assert events[2] == HandDead(0, "mistaken_mah_jongg")
    assert game.phase == TURN and game.turn == 0  # still has to discard
    game.apply(Discard(0, tile("5C")))
    assert 0 not in game.waiting_for()
    answer_all(game, s1=CallMahJongg(1))  # a mistaken call: seat 1 dies, the discard stays put
    assert game.dead == (True, True, False, False)
    assert game.turn == 1 and [e for e in game.events if isinstance(e, Discarded)][-1].tile == tile("5C")
    assert game.discards[-1] == (0, tile("5C"))
    assert_invariants(game)


def test_it_pays_nothing_in_a_wall_game() -> None:
    game = Game(1)
    result = play_hand(game, [RandomPlayer(seat) for seat in range(4)])
    assert result.winner is None and result.payments == (0, 0, 0, 0) and result.value == 0
    assert isinstance(game.outcome, WallGame) and not game.wall and game.phase == OVER
    last = [e for e in game.events if isinstance(e, Discarded)][-1]
    assert game.outcome.seat == (last.seat + 1) % 4
    assert hand_result(game) == result


def test_it_lets_east_win_on_the_tiles_it_holds() -> None:
    game = position({0: "7C*3 8C*4 9D*4 RD*3"})
    won = game.apply(DeclareMahJongg(0))[-1]
    assert isinstance(won, HandWon) and won.won_by == "wall" and won.payments == (420, -140, -140, -140)


def test_every_refusal_names_its_rule_in_words_not_by_section_number() -> None:
    from cfmj.engine.game import errors

    messages = [value for name, value in vars(errors).items() if name.isupper() and isinstance(value, str)]
    assert messages and all("§" not in m and "RULES" not in m for m in messages)
    assert errors.DEAD_JOKER.endswith("(rule: Playing a hand).")
