"""Every number the command line takes (--base, --skill-level, --house-rules, --wall, --games,
--seed, --workers; the same keys in a --batch request) is read with ASCII digits only: '²' passes
str.isdigit() and int() refuses it, '٣' and '３' pass both. Each is malformed input, exit 2 and
{"error": ...}, never a traceback."""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.engine.test_cli import CONCEALED, assert_one_error_line, run, run_process
from tests.engine.test_cli_batch import GOOD, THIRTEEN, answers_of

# Each once a traceback (exit 1) or, read by int(), a number nobody typed in ASCII.
NOT_ASCII_DIGITS = {
    "superscript-two": "²",
    "digit-then-superscript": "1²",
    "arabic-indic-three": "٣",
    "fullwidth-three": "３",
    "devanagari-three": "३",
}
GOOD_ARGV = {
    "check": [CONCEALED],
    "distance": [CONCEALED],
    "charleston": [THIRTEEN],
    "discard": [CONCEALED],
    "call": [THIRTEEN, "--tile", "9D"],
    "danger": [CONCEALED, "--opponent", "[GD GD GD GD]"],
    "simulate": ["--games", "1"],
    "card": [],
}
COMMON = ["--base", "--skill-level", "--house-rules"]
OWN = {"danger": ["--wall"], "simulate": ["--games", "--seed", "--workers"]}
OPTIONS = [(verb, option) for verb in GOOD_ARGV for option in COMMON + OWN.get(verb, [])]


def key_of(option: str) -> str:
    """'--skill-level' -> 'skill_level', its key in a batch request."""
    return option.removeprefix("--").replace("-", "_")


@pytest.mark.parametrize(("verb", "option"), OPTIONS, ids=[f"{v}{o}" for v, o in OPTIONS])
def test_it_refuses_a_number_not_written_in_ascii_digits(verb: str, option: str) -> None:
    for name, digits in NOT_ASCII_DIGITS.items():
        status, out = run(verb, *GOOD_ARGV[verb], option, digits)
        assert status == 2, (name, out)
        assert f"'{digits}'" in assert_one_error_line(out), name


@pytest.mark.parametrize("verb", sorted(GOOD))
def test_a_batch_refuses_each_such_number_and_answers_the_next_line(verb: str) -> None:
    request, field = GOOD[verb]
    keys = [key_of(o) for o in COMMON + OWN.get(verb, [])]
    bad = [{**request, key: digits} for key in keys for digits in NOT_ASCII_DIGITS.values()]
    bad += [{**request, "house_rules": [digits]} for digits in NOT_ASCII_DIGITS.values()]
    stdin = "".join(f"{json.dumps(line)}\n{json.dumps(request)}\n" for line in bad)
    status, out = run(verb, "--batch", stdin=stdin)
    answers = answers_of(out)
    assert status == 0 and len(answers) == 2 * len(bad)
    for line, refused, good in zip(bad, answers[::2], answers[1::2], strict=True):
        assert list(refused) == ["error"], (line, refused)
        assert "error" not in good and field in good, (line, good)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--wall", "70"),
        ("--wall", " 70 "),
        ("--base", "20"),
        ("--skill-level", "0"),
        ("--house-rules", "1,3"),
    ],
)
def test_it_still_reads_ascii_digits(option: str, value: str) -> None:
    status, out = run("danger", *GOOD_ARGV["danger"], option, value)
    assert status == 0, out


@pytest.mark.parametrize(
    "wall",
    [True, -1, 1.5, "70.0", "+70", "-1", "\u300070", "1" * 19, 10**18, "9" * 5000],
    ids=[
        "true",
        "negative",
        "fraction",
        "decimal-point",
        "plus-sign",
        "minus-sign",
        "u3000",
        "19-digits",
        "10-to-the-18",
        "5000-digits",
    ],
)
def test_a_batch_refuses_a_wall_that_is_no_whole_number(wall: object) -> None:
    request = {**GOOD["danger"][0], "wall": wall}
    status, out = run("danger", "--batch", stdin=json.dumps(request) + "\n")
    (answer,) = answers_of(out)
    assert status == 0 and "--wall is a whole number" in answer["error"]


def test_a_batch_line_with_a_number_too_long_to_read_gets_an_error_and_the_batch_goes_on() -> None:
    # Once a ValueError traceback from json.loads: int() reads at most 4,300 digits.
    request = json.dumps({"hand": CONCEALED})[:-1] + ', "base": ' + "9" * 5000 + "}"
    status, out = run("check", "--batch", stdin=f"{request}\n{json.dumps({'hand': CONCEALED})}\n")
    refused, good = answers_of(out)
    assert status == 0 and "number far too long" in refused["error"]
    assert good["valid"] is True


def test_a_real_process_refuses_a_superscript_game_count_without_a_traceback() -> None:
    done: subprocess.CompletedProcess[str] = run_process("simulate", "--games", "²")
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert "'²'" in assert_one_error_line(done.stdout)
