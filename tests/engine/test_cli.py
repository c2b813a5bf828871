"""`python -m cfmj ...`: the command-line contract of /work/shared/CLI.md."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import cfmj.engine
from cfmj.engine.cli import main

REPO_ROOT = Path(__file__).resolve().parents[2]
WORKED = "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]"
CONCEALED = "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D RD RD RD"
WOVEN = "3C 3C 3C 4D 4D 4D 4D 5C 5C 5C 5C RD RD RD"
CATEGORIES = {
    "consecutive_run",
    "consecutive_odds",
    "consecutive_evens",
    "multiples_of_three",
    "like_numbers",
    "winds",
}


def run(*argv: str, stdin: str | None = None) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(argv), stdin=io.StringIO(stdin) if stdin is not None else None, stdout=out)
    return status, out.getvalue()


def answer(*argv: str) -> dict[str, Any]:
    status, out = run(*argv)
    assert status == 0, out
    assert out.endswith("\n") and out.count("\n") == 1, out
    result = json.loads(out)
    assert isinstance(result, dict)
    return result


def run_process(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cfmj", *argv],
        cwd=REPO_ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )


def assert_one_error_line(out: str) -> str:
    assert out.endswith("\n"), repr(out)
    assert out.count("\n") == 1, f"expected exactly one line, got {out!r}"
    payload = json.loads(out)
    assert isinstance(payload, dict)
    assert list(payload) == ["error"], payload
    message = payload["error"]
    assert isinstance(message, str)
    assert message.strip()
    assert "\n" not in message and "\r" not in message
    assert "Traceback" not in message
    return message


# --- check: answers -----------------------------------------------------------------------


def test_it_scores_the_worked_example_won_on_a_discard() -> None:
    result = answer("check", WORKED)
    assert result["valid"] is True
    assert result["category"] == "consecutive_run"
    assert result["set"] == ["7", "8", "9"]
    assert result["pattern"] == "two_pungs_two_kongs"
    assert result["value"] == 50
    assert result["payout"] == {"discarder": 100, "other": 50}
    assert result["reasons"] == []
    assert result["bonuses"] == {"pairs": 0, "quints": 0, "set": 0, "suit": 0, "concealed": 0}
    blocks = sorted((b["tile"], b["size"], b["jokers"], b["kind"]) for b in result["blocks"])
    assert blocks == [("7C", 3, 0, "set"), ("8C", 4, 0, "set"), ("9D", 4, 0, "set"), ("RD", 3, 0, "filler")]


def test_it_adds_the_concealed_bonus_when_nothing_is_bracketed() -> None:
    result = answer("check", CONCEALED)
    assert result["valid"] is True
    assert result["bonuses"]["concealed"] == 10
    assert result["value"] == 70
    assert result["payout"] == {"discarder": 140, "other": 70}


def test_it_doubles_a_self_drawn_win_and_everyone_pays_the_same() -> None:
    result = answer("check", CONCEALED, "--self-drawn")
    assert result["value"] == 140
    assert result["payout"] == {"each": 140}


def test_it_scores_from_base_20_when_asked() -> None:
    assert answer("check", WORKED, "--base", "20")["value"] == 40


def test_it_answers_an_invalid_hand_with_reasons_not_an_error() -> None:
    status, out = run("check", WOVEN)
    assert status == 0
    result = json.loads(out)
    assert result["valid"] is False
    for key in ("category", "set", "pattern", "value", "payout"):
        assert result[key] is None, key
    assert result["blocks"] == []
    reasons = result["reasons"]
    assert isinstance(reasons, list) and reasons
    assert all(isinstance(r, str) and r.strip() for r in reasons)


def test_it_answers_an_exposed_dragon_hand_as_invalid_at_skill_level_3() -> None:
    result = answer("check", WORKED, "--skill-level", "3")
    assert result["valid"] is False
    assert result["reasons"]


# --- malformed input: exit 2, one line {"error": ...} ------------------------------------------

MALFORMED: list[tuple[str, list[str]]] = [
    ("unknown-tile", ["check", "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 7X [RD RD RD]"]),
    ("run-together", ["check", "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D9D [RD RD RD]"]),
    ("unclosed-bracket", ["check", "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD"]),
    ("stray-bracket", ["check", "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D RD RD RD]"]),
    ("empty-exposure", ["check", "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D RD RD RD []"]),
    ("fifth-copy", ["check", "7C 7C 7C 7C 7C 8C 8C 8C 9D 9D 9D 9D RD RD"]),
    ("13-tiles", ["check", "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D RD RD"]),
    ("15-tiles", ["check", "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D RD RD RD RD"]),
    ("fullwidth", ["check", "\uff17C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D RD RD RD"]),
    ("five-jokers-rule-2", ["check", "J J J J J 8C 8C 8C 8C 9D 9D 9D 9D RD", "--house-rules", "2"]),
    ("skill-level-9", ["check", WORKED, "--skill-level", "9"]),
    ("house-rule-4", ["check", WORKED, "--house-rules", "4"]),
    ("base-30", ["check", WORKED, "--base", "30"]),
    ("unknown-option", ["check", WORKED, "--jokerless"]),
    ("unknown-verb", ["shuffle", WORKED]),
    ("no-hand", ["check"]),
    ("empty-hand", ["check", ""]),
    ("no-verb", []),
    ("huge-hand", ["check", "5D " * 33_334]),
]


@pytest.mark.parametrize("argv", [argv for _, argv in MALFORMED], ids=[name for name, _ in MALFORMED])
def test_it_answers_malformed_input_with_one_error_line_and_status_2(argv: list[str]) -> None:
    status, out = run(*argv)
    assert status == 2
    message = assert_one_error_line(out)
    assert len(message) < 600


def test_it_names_the_problem_in_the_error() -> None:
    assert "7X" in assert_one_error_line(run("check", "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 7X RD RD RD")[1])
    assert "5D 5D" in assert_one_error_line(run("check", "5D5D 1C 1C 1C 2C 2C 2C 2C 3C 3C 3C 3C")[1])
    assert "14" in assert_one_error_line(run("check", "1C 1C 1C")[1])
    assert "9" in assert_one_error_line(run("check", WORKED, "--skill-level", "9")[1])


# --- batch mode and the Python API --------------------------------------------------------------

BATCH_LINES = [
    json.dumps({"hand": WORKED}),
    json.dumps({"hand": CONCEALED, "self_drawn": True}),
    json.dumps({"hand": WORKED, "house_rules": [2]}),
    "",
    json.dumps({"hand": WORKED, "skill_level": 3}),
    json.dumps({"hand": WORKED, "base": 20}),
    "this is not JSON",
    json.dumps([WORKED]),
    json.dumps({"self_drawn": True}),
    "   ",
    json.dumps({"hand": WORKED, "colour": "red"}),
    json.dumps({"hand": "J J J J J 8C 8C 8C 8C 9D 9D 9D 9D RD", "house_rules": [2]}),
    json.dumps({"hand": WOVEN}),
]
# What each line should get: the API's answer for these options, or an error (blank lines too).
BATCH_EXPECTED: list[dict[str, Any] | None] = [
    {"hand": WORKED},
    {"hand": CONCEALED, "self_drawn": True},
    {"hand": WORKED, "house_rules": [2]},
    None,
    {"hand": WORKED, "skill_level": 3},
    {"hand": WORKED, "base": 20},
    None,
    None,
    None,
    None,
    None,
    None,
    {"hand": WOVEN},
]


def api(request: dict[str, Any]) -> dict[str, Any]:
    options = dict(request)
    return cfmj.engine.check(options.pop("hand"), **options).as_dict()


def check_batch_answers(out: str) -> None:
    lines = out.splitlines()
    assert len(lines) == len(BATCH_EXPECTED), out
    answers = [json.loads(line) for line in lines]
    for request, got in zip(BATCH_EXPECTED, answers, strict=True):
        if request is None:
            assert list(got) == ["error"], got
            assert isinstance(got["error"], str) and got["error"].strip()
        else:
            assert got == api(request), request
    assert [a.get("value", "error") for a in answers[:6]] == [50, 140, 50, "error", None, 40]
    assert answers[4]["valid"] is False
    assert answers[-1]["valid"] is False


def test_it_answers_a_batch_one_line_per_request_in_order() -> None:
    status, out = run("check", "--batch", stdin="\n".join(BATCH_LINES) + "\n")
    assert status == 0
    check_batch_answers(out)


def test_it_explains_each_bad_batch_line() -> None:
    _, out = run("check", "--batch", stdin="\n".join(BATCH_LINES[6:12]) + "\n")
    errors = [json.loads(line)["error"] for line in out.splitlines()]
    assert len(errors) == 6
    assert "JSON" in errors[0]
    assert "object" in errors[1] or "{" in errors[1]
    assert "hand" in errors[2]
    assert "blank" in errors[3]
    assert "colour" in errors[4]
    assert "J appears 5 times" in errors[5]


@pytest.mark.parametrize("verb", ["check", "distance", "charleston"])
@pytest.mark.parametrize("nested", ["[" * 1000, '{"a":' * 1000, '{"hand": "1C", "base": ' + "[" * 5000 + "}"])
def test_a_deeply_nested_line_gets_an_error_and_the_batch_goes_on(verb: str, nested: str) -> None:
    # Once a RecursionError traceback, exit 1, and no answer for the lines after it.
    status, out = run(verb, "--batch", stdin=nested + "\n" + json.dumps({"hand": CONCEALED}) + "\n")
    first, second = (json.loads(line) for line in out.splitlines())
    assert status == 0 and "nests far too deeply" in first["error"]
    assert "error" not in second


def test_it_answers_a_batch_without_a_final_newline() -> None:
    status, out = run("check", "--batch", stdin=json.dumps({"hand": WORKED}))
    assert status == 0
    assert json.loads(out)["value"] == 50


@pytest.mark.parametrize(
    ("argv", "options"),
    [
        ([WORKED], {}),
        ([CONCEALED, "--self-drawn"], {"self_drawn": True}),
        ([WORKED, "--house-rules", "2", "--base", "20"], {"house_rules": [2], "base": 20}),
        (
            [CONCEALED, "--house-rules", "3", "--base", "20", "--skill-level", "2"],
            {"house_rules": [3], "base": 20, "skill_level": 2},
        ),
        ([WORKED, "--skill-level", "3"], {"skill_level": 3}),
        ([WOVEN], {}),
        (["N N N E E E E W W W W S S S"], {}),
    ],
    ids=["worked", "self-drawn", "rule-2-base-20", "rule-3-skill-2", "skill-3", "woven", "winds"],
)
def test_the_python_api_gives_the_same_answer_as_the_command_line(
    argv: list[str], options: dict[str, Any]
) -> None:
    from_cli = answer("check", *argv)
    from_api = cfmj.engine.check(argv[0], **options).as_dict()
    assert from_api == from_cli
    assert json.loads(json.dumps(from_api)) == from_api, "as_dict() must be plain JSON data"


# --- simulate ------------------------------------------------------------------------------------


def test_a_simulate_batch_request_takes_the_options_of_the_command_line() -> None:
    # Once "Unknown field 'games'" whatever the line held: no simulate request could be answered.
    lines = [
        {"games": 1, "seed": 3, "policies": "random,advice,random,advice", "workers": 1},
        {"games": 1, "policies": ["advice"]},
    ]
    status, out = run("simulate", "--batch", stdin="".join(json.dumps(line) + "\n" for line in lines))
    first, second = (json.loads(line) for line in out.splitlines())
    from_cli = answer("simulate", "--games", "1", "--seed", "3", "--policies", "random,advice,random,advice")
    assert status == 0
    assert {**first, "seconds": 0} == {**from_cli, "seconds": 0}
    assert "'policies' is four seats as text" in second["error"]


# --- the contract itself -------------------------------------------------------------------------

SHARED_CLI = REPO_ROOT.parent / "shared" / "CLI.md"  # beside the clone, as on CI


@pytest.mark.skipif(not SHARED_CLI.exists(), reason="the shared CLI.md is not beside this checkout")
def test_the_contract_still_says_house_rule_2_counts_against_the_smaller_set() -> None:
    # tests/engine/test_distance.py and test_danger.py hold the engine to this line.
    text = " ".join(SHARED_CLI.read_text().split())
    assert (
        "Under house rule 2 (4 flowers, 4 jokers), `missing` and `danger` count against that smaller set: "
        "a hand whose only completions need a fifth flower or joker is dead (`tiles_needed` null)."
    ) in text


# --- card ----------------------------------------------------------------------------------------


def test_it_counts_the_virtual_card() -> None:
    result = answer("card")
    assert set(result) >= {"arrangements", "counts"}
    total = result["arrangements"]
    assert isinstance(total, int) and total > 0
    counts = result["counts"]
    assert set(counts) >= CATEGORIES | {"dragons_love", "dragons_wings", "dragons_breath"}
    assert all(n > 0 for per_pattern in counts.values() for n in per_pattern.values())
    assert sum(n for per_pattern in counts.values() for n in per_pattern.values()) == total


# --- a real process (slow: keep these few) -----------------------------------------------------


def test_it_answers_the_worked_example_from_a_real_process() -> None:
    done = run_process("check", WORKED)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    result = json.loads(done.stdout)
    assert (result["valid"], result["value"], result["payout"]) == (True, 50, {"discarder": 100, "other": 50})


@pytest.mark.parametrize(
    "argv",
    [
        ["check", WORKED, "--skill-level", "9"],
        ["shuffle", WORKED],
        [],
        ["check", "\U0001f004 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D RD RD RD"],
    ],
    ids=["skill-level-9", "unknown-verb", "nothing", "emoji-tile"],
)
def test_a_real_process_reports_malformed_input_without_a_traceback(argv: list[str]) -> None:
    done = run_process(*argv)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    assert_one_error_line(done.stdout)


def test_a_real_process_answers_a_batch_and_exits_0() -> None:
    done = run_process("check", "--batch", stdin="\n".join(BATCH_LINES) + "\n")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    check_batch_answers(done.stdout)


def test_it_stops_quietly_when_the_reader_goes_away() -> None:
    line = json.dumps({"hand": "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D RD RD RD"}) + "\n"
    process = subprocess.Popen(
        [sys.executable, "-m", "cfmj", "check", "--batch"],
        cwd=REPO_ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stdin is not None
    process.stdin.write(line)
    process.stdin.flush()
    assert json.loads(process.stdout.readline())["valid"] is True
    process.stdout.close()  # like `| head -1`
    try:
        process.stdin.write(line * 2000)
        process.stdin.close()
    except BrokenPipeError:
        pass
    _, stderr = process.communicate(timeout=60)
    assert "Traceback" not in stderr
    assert process.returncode == 0
