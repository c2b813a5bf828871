"""Matches, players and what a player may see."""

from __future__ import annotations

from cfmj.engine.game import Game, PlayerView, RandomPlayer, play_hand, play_match
from cfmj.engine.game.events import HandStarted
from cfmj.engine.game.players import might_win
from cfmj.engine.notation import parse_hand
from cfmj.engine.ruleset import RuleSet

from .helpers import position


def players() -> list[RandomPlayer]:
    return [RandomPlayer(seat) for seat in range(4)]


def test_it_passes_east_to_the_right_after_each_hand() -> None:
    match = play_match(7, players(), hands=5, dealer=1)
    assert match.dealers == (1, 2, 3, 0, 1)
    for result, dealer in zip(match.hands, match.dealers, strict=True):
        started = result.events[0]
        assert isinstance(started, HandStarted) and started.dealer == dealer == result.dealer
    assert match.scores == tuple(sum(h.payments[s] for h in match.hands) for s in range(4))
    assert sum(match.scores) == 0


def test_it_keeps_running_scores_across_won_hands() -> None:
    match = play_match(3, players(), hands=2, rules=RuleSet(house_rules=frozenset({1})))
    assert len(match.hands) == 2 and match.to_dict()["dealers"] == [0, 1]
    assert play_match(3, players(), hands=2, rules=RuleSet(house_rules=frozenset({1}))) == match


def test_it_shows_a_player_only_its_own_concealed_tiles() -> None:
    game = position({0: "5C"}, exposures={2: ["RD RD J"]}, seed=1)
    view = game.view(1)
    assert isinstance(view, PlayerView)
    assert view.concealed == game.concealed(1)
    assert view.hand_sizes == (14, 13, 13, 13) and view.wall_count == len(game.wall)
    assert view.exposures[2][0].tiles == game.exposures(2)[0].tiles
    others = [game.concealed(s) for s in (0, 2, 3)]
    assert not any(list(tiles) == view.to_dict()[key] for tiles in others for key in view.to_dict())
    assert all(not hasattr(view, name) for name in ("hands", "wall", "events"))


def test_it_lets_a_view_check_its_hand() -> None:
    game = position({0: "7C*3 8C*4 9D*4 RD*3"})
    assert might_win(game.view(0).hand())
    assert not might_win(parse_hand("1C 3C 5C 7C 9C 1B 3B 5B 7B 9B 1D 3D 5D 7D"))
    assert game.view(0).won_by() == "wall"


def test_it_plays_random_hands_to_the_end() -> None:
    for seed in range(10):
        result = play_hand(Game(seed, dealer=seed % 4), players())
        assert result.turns > 50 and result.events[-1].kind in ("hand_won", "wall_game")
