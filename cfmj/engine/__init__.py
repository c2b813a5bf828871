"""The Card Free Mah Jongg rules engine: pure Python, no Django.

>>> from cfmj.engine import check
>>> check("7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]").as_dict()["value"]
50

`distance`, `charleston`, `danger`, `discard` and `call` use NumPy and the card's matrices: they load on
first use, so that `import cfmj.engine` and `check` stay light. Three of them share their names with
the modules that hold them; here the names always mean the functions (CLI.md's Python API). For
the modules themselves, import from them: `from cfmj.engine.distance import card_matrix`.
"""

import sys
from types import ModuleType
from typing import TYPE_CHECKING

from .build import engine_build
from .card import VirtualCard, virtual_card
from .check import CheckResult, arrangements, check
from .errors import InputError
from .notation import Hand, format_hand, parse_hand
from .ruleset import BASES, RuleSet

ENGINE_VERSION = "1"

if TYPE_CHECKING:  # the type checker sees the functions themselves, with their own signatures
    from .charleston import charleston
    from .danger import danger
    from .distance import distance
    from .play_advice import call, discard
else:  # at run time, each stands in for its function, imported on the first call

    def distance(*args, **kwargs):
        """How far a hand is from Mah Jongg (see cfmj.engine.distance.distance)."""
        from .distance import distance as run

        return run(*args, **kwargs)

    def charleston(*args, **kwargs):
        """Which three tiles to pass (see cfmj.engine.charleston.charleston)."""
        from .charleston import charleston as run

        return run(*args, **kwargs)

    def danger(*args, **kwargs):
        """How dangerous each possible discard is (see cfmj.engine.danger.danger)."""
        from .danger import danger as run

        return run(*args, **kwargs)

    def discard(*args, **kwargs):
        """Which tile to discard from 14 (see cfmj.engine.play_advice.discard)."""
        from .play_advice import discard as run

        return run(*args, **kwargs)

    def call(*args, **kwargs):
        """Whether to call a discard (see cfmj.engine.play_advice.call)."""
        from .play_advice import call as run

        return run(*args, **kwargs)


_FUNCTIONS_NAMED_LIKE_MODULES = frozenset({"distance", "charleston", "danger"})


class _Engine(ModuleType):
    """Loading a submodule sets it as an attribute of its package: `cfmj.engine.distance` would turn
    from the function into the module once anything imported `cfmj.engine.distance`. Keep the
    functions (the module stays in sys.modules, where `from cfmj.engine.distance import ...` finds it)."""

    def __setattr__(self, name: str, value: object) -> None:
        if name in _FUNCTIONS_NAMED_LIKE_MODULES and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Engine

__all__ = [
    "BASES",
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
    "danger",
    "discard",
    "distance",
    "engine_build",
    "format_hand",
    "parse_hand",
    "virtual_card",
]
