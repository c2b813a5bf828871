"""The coverage map of RULES.md as the older tests read it: rule line id -> identifying quote.

The catalogue itself lives in the engine (cfmj.engine.rulebook), where lessons and drills name
the lines they teach and practise; this module only keeps the old shape for the tests.
"""

from cfmj.engine.rulebook import RULE_LINES as _CATALOGUE

RULE_LINES: dict[str, str] = {line_id: line.quote for line_id, line in _CATALOGUE.items()}
