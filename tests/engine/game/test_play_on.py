"""The bots' turns at a table where people sit (runner.play_on): bots choose until a person owes a
choice, a person is never asked about a discard they cannot use, and a whole hand of bots plays as
play_hand does."""

from __future__ import annotations

from cfmj.engine.game import (
    SEATS,
    CallExposure,
    Game,
    Move,
    NoCall,
    Player,
    RandomPlayer,
    nothing_to_call,
    play_hand,
    play_on,
    wins,
)
from cfmj.engine.game.advice_player import AdvicePlayer


def test_it_stops_when_a_person_owes_a_choice_they_can_make() -> None:
    game = Game(21)
    moves: list[Move] = []
    bots: list[Player | None] = [None, AdvicePlayer(), AdvicePlayer(), AdvicePlayer()]
    for _ in range(40):
        play_on(game, bots, on_move=moves.append)
        if game.over:
            break
        assert 0 in game.waiting_for() and not nothing_to_call(game, 0)
        assert all(move.seat != 0 for move in moves)
        game.apply(AdvicePlayer().choose(game.view(0), game.legal_actions(0)))
    assert moves and all(m.first_event < len(game.events) and m.step < len(game.actions) for m in moves)


def test_a_person_lets_a_discard_go_only_when_they_could_neither_call_nor_win_on_it() -> None:
    game = Game(5)
    bots: list[Player | None] = [None, RandomPlayer(1), RandomPlayer(2), RandomPlayer(3)]
    let_go = 0
    while not game.over and let_go < 5:
        before = len(game.actions)
        play_on(game, bots)
        for action in game.actions[before:]:
            let_go += isinstance(action, NoCall) and action.seat == 0
        if not game.over:
            view, legal = game.view(0), game.legal_actions(0)
            if view.pending_discard is not None:  # asked: a call was possible, or a Mah Jongg
                possible = any(isinstance(a, CallExposure) for a in legal)
                assert possible or wins(view, (view.pending_discard[1],))
            game.apply(RandomPlayer(7).choose(view, legal))
    assert let_go > 0


def test_a_table_of_bots_plays_the_hand_through_as_play_hand_does() -> None:
    alone = Game(9)
    play_on(alone, [AdvicePlayer() for _ in range(SEATS)])
    assert alone.over
    result = play_hand(Game(9), [AdvicePlayer() for _ in range(SEATS)])
    assert result.events == alone.events


def test_each_view_carries_the_games_step() -> None:
    game = Game(3)
    assert game.view(0).step == 0
    seat = game.waiting_for()[0]
    game.apply(AdvicePlayer().choose(game.view(seat), game.legal_actions(seat)))
    assert {game.view(seat).step for seat in range(SEATS)} == {1}


def test_with_several_people_each_answers_every_discard_themselves() -> None:
    """let_go=False: play stops at every discard with the people still to answer it, whether or not
    they could use it; once they have, the engine resolves the calls and the bots play on."""
    game = Game(5)
    bots: list[Player | None] = [None, RandomPlayer(1), None, RandomPlayer(3)]
    asked_idle = 0
    for _ in range(400):
        play_on(game, bots, let_go=False)
        if game.over:
            break
        waiting = game.waiting_for()
        assert waiting and set(waiting) <= {0, 2}
        for seat in waiting:
            if nothing_to_call(game, seat):
                asked_idle += 1
                game.apply(NoCall(seat))
            else:
                game.apply(RandomPlayer(seat).choose(game.view(seat), game.legal_actions(seat)))
    assert game.over and asked_idle > 0
