"""The Card Free Mah Jongg rules engine: pure Python, no Django.

    >>> from cfmj.engine import check
    >>> check("7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]").as_dict()["value"]
    50
"""

from .card import VirtualCard, virtual_card
from .check import CheckResult, arrangements, check
from .errors import InputError
from .notation import Hand, format_hand, parse_hand
from .ruleset import RuleSet

ENGINE_VERSION = "1"

__all__ = ["ENGINE_VERSION", "CheckResult", "Hand", "InputError", "RuleSet", "VirtualCard",
           "arrangements", "check", "format_hand", "parse_hand", "virtual_card"]
