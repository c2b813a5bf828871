"""The Card Free Mah Jongg rules engine: pure Python, no Django.

>>> from cfmj.engine import check
>>> check("7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]").as_dict()["value"]
50
"""

from typing import Any

from .card import VirtualCard, virtual_card
from .check import CheckResult, arrangements, check
from .errors import InputError
from .notation import Hand, format_hand, parse_hand
from .ruleset import RuleSet

ENGINE_VERSION = "1"


# The analysis below uses NumPy and the card's matrices: imported on first use, so that
# `import cfmj.engine` and `check` stay light.
def distance(*args: Any, **kwargs: Any) -> Any:
    """How far a hand is from Mah Jongg (see cfmj.engine.distance.distance)."""
    from .distance import distance as run

    return run(*args, **kwargs)


def charleston(*args: Any, **kwargs: Any) -> Any:
    """Which three tiles to pass (see cfmj.engine.charleston.charleston)."""
    from .charleston import charleston as run

    return run(*args, **kwargs)


def discard(*args: Any, **kwargs: Any) -> Any:
    """Which tile to discard from 14 (see cfmj.engine.play_advice.discard)."""
    from .play_advice import discard as run

    return run(*args, **kwargs)


def call(*args: Any, **kwargs: Any) -> Any:
    """Whether to call a discard (see cfmj.engine.play_advice.call)."""
    from .play_advice import call as run

    return run(*args, **kwargs)


__all__ = [
    "ENGINE_VERSION",
    "CheckResult",
    "Hand",
    "InputError",
    "RuleSet",
    "VirtualCard",
    "arrangements",
    "call",
    "charleston",
    "check",
    "discard",
    "distance",
    "format_hand",
    "parse_hand",
    "virtual_card",
]
