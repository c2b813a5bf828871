"""The coach and the bots: what a seat at the table is advised to do, how each choice is marked,
the warning before a mistake, the choices in words, and the bots' levels. Pure Python like the rest
of the engine; it reads the engine's Game (cfmj.engine.game) and never another seat's tiles.

This package's public face is its `__all__`: the site imports these names from here, never a
module behind it.
"""

from .advice import decide, hint, judge
from .caution import DANGER_WARNING
from .choices import describe, same_choice
from .figures import tiles_to_win
from .hints import (
    CALL,
    COURTESY_ASK,
    COURTESY_PASS,
    DISCARD,
    EXCHANGE,
    MAH_JONGG,
    PASS,
    STOP_VOTE,
    Hint,
    Judgement,
    Option,
)
from .levels import BEGINNER, DEFAULT_LEVEL, LEVELS, STEADY, STRONG, LevelPlayer, coach_choice, level_player
from .warnings import Warning, warning

__all__ = [
    "BEGINNER",
    "CALL",
    "COURTESY_ASK",
    "COURTESY_PASS",
    "DANGER_WARNING",
    "DEFAULT_LEVEL",
    "DISCARD",
    "EXCHANGE",
    "LEVELS",
    "MAH_JONGG",
    "PASS",
    "STEADY",
    "STOP_VOTE",
    "STRONG",
    "Hint",
    "Judgement",
    "LevelPlayer",
    "Option",
    "Warning",
    "coach_choice",
    "decide",
    "describe",
    "hint",
    "judge",
    "level_player",
    "same_choice",
    "tiles_to_win",
    "warning",
]
