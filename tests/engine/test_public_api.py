"""`cfmj.engine`'s public face: `check`, `distance`, `charleston`, `discard`, `call` (CLI.md, "the
Python API"), each answering every time it is asked, while `import cfmj.engine` stays light."""

from __future__ import annotations

import importlib
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import cfmj.engine
from cfmj.engine import RuleSet
from cfmj.engine.charleston import charleston as charleston_itself
from cfmj.engine.cli import main
from cfmj.engine.distance import distance as distance_itself
from cfmj.engine.play_advice import call as call_itself
from cfmj.engine.play_advice import discard as discard_itself
from cfmj.engine.tiles import parse_tile
from tests.engine.helpers import spell

REPO_ROOT = Path(__file__).resolve().parents[2]
THIRTEEN = spell("1C*3 2C*3 3C*3 4C*3 5C")
FOURTEEN = spell("1C*3 2C*3 3C*3 4C*4 9D")
CALLABLE = spell("1C*3 2C*3 3C*3 4C*3 F")


def cli(verb: str, *argv: str) -> dict[str, Any]:
    out = io.StringIO()
    assert main([verb, *argv], stdout=out) == 0, out.getvalue()
    answer: dict[str, Any] = json.loads(out.getvalue())
    return answer


def test_it_answers_distance_and_charleston_as_the_command_line_does_every_time() -> None:
    # Importing the module a function is named after (the drills do) must not put the module in the
    # function's place: CLI.md promises `cfmj.engine.distance(...)` and `cfmj.engine.charleston(...)`.
    importlib.import_module("cfmj.engine.distance")
    importlib.import_module("cfmj.engine.charleston")
    for _ in range(2):
        assert cfmj.engine.distance(THIRTEEN).as_dict() == cli("distance", THIRTEEN)
        assert cfmj.engine.charleston(THIRTEEN).as_dict() == cli("charleston", THIRTEEN)


def test_it_gives_the_functions_to_from_imports_after_their_modules_load() -> None:
    importlib.import_module("cfmj.engine.distance")
    importlib.import_module("cfmj.engine.charleston")
    from cfmj.engine import call, charleston, discard, distance

    assert all(callable(run) for run in (distance, charleston, discard, call))
    assert distance(THIRTEEN).as_dict() == distance_itself(THIRTEEN).as_dict()


def test_it_forwards_every_option_to_the_engine() -> None:
    rules = RuleSet.make(house_rules=[2], skill_level=2)
    seen = {parse_tile("5C"): 3}
    assert (
        cfmj.engine.distance(THIRTEEN, visible=seen, rules=rules, nearest=3).as_dict()
        == distance_itself(THIRTEEN, visible=seen, rules=rules, nearest=3).as_dict()
    )
    assert (
        cfmj.engine.charleston(THIRTEEN, direction="left", blind_allowed=True, proposed="1C 1C 5C").as_dict()
        == charleston_itself(THIRTEEN, direction="left", blind_allowed=True, proposed="1C 1C 5C").as_dict()
    )
    assert (
        cfmj.engine.discard(FOURTEEN, proposed="1C", rules=rules).as_dict()
        == discard_itself(FOURTEEN, proposed="1C", rules=rules).as_dict()
    )
    called = cfmj.engine.call(CALLABLE, "F", rules=rules).as_dict()
    assert called == call_itself(CALLABLE, "F", rules=rules).as_dict()
    assert called != call_itself(CALLABLE, "F").as_dict(), "the table's rules must reach the engine"


def test_it_refuses_what_the_engine_refuses() -> None:
    with pytest.raises(cfmj.engine.InputError, match="13 or 14"):
        cfmj.engine.distance(spell("1C*3 2C*3 3C*3 4C*2"))
    with pytest.raises(TypeError):
        cfmj.engine.distance(THIRTEEN, {})  # type: ignore[call-arg]  # the options are keyword-only


def test_it_stays_light_until_the_analysis_is_asked_for() -> None:
    script = (
        "import sys, cfmj.engine\n"
        f"assert cfmj.engine.check({FOURTEEN!r}).as_dict()['valid'] is False\n"
        "assert 'numpy' not in sys.modules, 'import cfmj.engine and check() must not load NumPy'\n"
        f"print(cfmj.engine.distance({THIRTEEN!r}).tiles_needed)\n"
        "assert 'numpy' in sys.modules\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=REPO_ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"{distance_itself(THIRTEEN).tiles_needed}\n"
