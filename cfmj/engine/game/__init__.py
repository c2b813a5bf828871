"""A deterministic model of play (RULES §6): the deal, the Charleston, draws, discards, calls,
joker exchanges, dead hands, Mah Jongg and wall games; and matches with the dealer passing right.

Pure Python like the rest of the engine. Start with `Game`, `RandomPlayer` and `play_hand`.
"""

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
    action_from_dict,
    action_to_dict,
)
from .core import Game
from .errors import IllegalAction, ReplayError
from .events import Event, event_from_dict
from .players import Player, RandomPlayer, might_win, wins
from .runner import HandResult, MatchResult, hand_result, play_hand, play_match
from .state import Exposure
from .tileset import full_set, shuffled_wall
from .view import PlayerView

__all__ = [
    "Action",
    "CallExposure",
    "CallMahJongg",
    "CourtesyAsk",
    "CourtesyPass",
    "DeclareMahJongg",
    "Discard",
    "Event",
    "ExchangeJoker",
    "Exposure",
    "Game",
    "HandResult",
    "IllegalAction",
    "MatchResult",
    "NoCall",
    "PassTiles",
    "Player",
    "PlayerView",
    "RandomPlayer",
    "ReplayError",
    "StopVote",
    "action_from_dict",
    "action_to_dict",
    "event_from_dict",
    "full_set",
    "hand_result",
    "might_win",
    "play_hand",
    "play_match",
    "shuffled_wall",
    "wins",
]
