"""`python -m cfmj VERB --batch`: every input line gets exactly one answer line, in order, blank
lines and lines of any other whitespace included (CLI.md, "Batch mode and the Python API")."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.engine.test_cli import CONCEALED, REPO_ROOT, run

SHARED_CLI = REPO_ROOT.parent / "shared" / "CLI.md"
ONE_ANSWER_A_LINE = (
    "Every input line gets exactly one answer line, so the n-th answer always belongs to the n-th "
    'request; an empty line answers `{"error": ...}` too.'
)
THIRTEEN = "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D RD RD RD"
# One good request per verb that reads a batch, and a field its answer always has.
GOOD: dict[str, tuple[dict[str, Any], str]] = {
    "check": ({"hand": CONCEALED}, "valid"),
    "distance": ({"hand": CONCEALED}, "tiles_needed"),
    "charleston": ({"hand": THIRTEEN}, "pass"),
    "discard": ({"hand": CONCEALED}, "discard"),
    "call": ({"hand": THIRTEEN, "tile": "9D"}, "call"),
    "danger": ({"hand": CONCEALED, "opponents": ["[GD GD GD GD]"]}, "discards"),
    "simulate": ({"games": 1, "seed": 3}, "win_rate"),
    "card": ({}, "arrangements"),
}
# Lines holding nothing but whitespace. Only \n ends a line: the \r, \v, \f, \x1c-\x1e, \x85, U+2028
# and U+2029 that str.splitlines() would also break at are each one blank line here.
BLANK_LINES = {
    "empty": "",
    "spaces-and-tabs": "  \t \t",
    "ideographic-space-u3000": "\u3000",
    "no-break-space-u00a0": "\u00a0",
    "line-separator-u2028": "\u2028",
    "paragraph-separator-u2029": "\u2029",
    "next-line-u0085": "\x85",
    "carriage-return": "\r",
    "vertical-tab-u000b": "\x0b",
    "form-feed-u000c": "\x0c",
    "file-separator-u001c": "\x1c",
    "unit-separator-u001f": "\x1f",
    "a-mix": " \u3000\t\u00a0\u2028\x0b\x0c\x1f\r",
}


def answers_of(out: str) -> list[dict[str, Any]]:
    """The answer lines (JSON escapes every character that could split a line but \\n)."""
    assert out.endswith("\n"), out
    return [json.loads(line) for line in out[:-1].split("\n")]


def assert_blank_then_good(verb: str, answers: list[dict[str, Any]]) -> None:
    assert len(answers) == 2 * len(BLANK_LINES), answers
    field = GOOD[verb][1]
    for name, blank, good in zip(BLANK_LINES, answers[::2], answers[1::2], strict=True):
        assert list(blank) == ["error"] and "blank" in blank["error"], (name, blank)
        assert "error" not in good and field in good, (name, good)


@pytest.mark.parametrize("verb", sorted(GOOD))
def test_it_answers_every_blank_line_with_an_error_and_the_next_line_with_its_answer(verb: str) -> None:
    # Once a blank line got no answer at all, so every later answer was one line off.
    good = json.dumps(GOOD[verb][0])
    stdin = "".join(f"{blank}\n{good}\n" for blank in BLANK_LINES.values())
    status, out = run(verb, "--batch", stdin=stdin)
    assert status == 0
    assert_blank_then_good(verb, answers_of(out))


def test_it_answers_a_blank_line_in_plain_words() -> None:
    _, out = run("check", "--batch", stdin="\u3000\n")
    (blank,) = answers_of(out)
    assert blank["error"] == (
        'That line is blank: write one JSON object on every line, such as {"hand": "1C 1C 1C ..."}.'
    )


def test_it_answers_a_line_ending_in_a_carriage_return_like_any_other() -> None:
    # A file written on Windows: \r\n ends each line, and JSON reads the \r as a space.
    line = json.dumps({"hand": CONCEALED})
    _, out = run("check", "--batch", stdin=f"{line}\r\n\r\n{line}\r\n")
    first, blank, second = answers_of(out)
    assert first == second and first["valid"] is True and "blank" in blank["error"]


def test_a_real_process_answers_every_line_once_whatever_its_bytes_and_locale() -> None:
    # stdin read with a strict UTF-8 decoder (PYTHONIOENCODING, or a locale such as en_US.UTF-8)
    # once stopped the batch at a line that is not UTF-8: a UnicodeDecodeError traceback.
    good = json.dumps(GOOD["check"][0]).encode()
    lines = [blank.encode() for blank in BLANK_LINES.values()] + [b"\xff\xfe\x80 not UTF-8"]
    done = subprocess.run(
        [sys.executable, "-m", "cfmj", "check", "--batch"],
        cwd=REPO_ROOT,
        input=b"".join(line + b"\n" + good + b"\n" for line in lines),
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"},
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
    answers = answers_of(done.stdout.decode())
    assert_blank_then_good("check", answers[:-2])
    assert "not JSON" in answers[-2]["error"] and answers[-1]["valid"] is True


def test_cli_md_says_every_batch_line_gets_one_answer() -> None:
    # On CI the shared folder lies beside the clone: there the contract must be read, not skipped.
    if not SHARED_CLI.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{SHARED_CLI} is missing: CI must check the batch contract against it")
        pytest.skip("the shared CLI.md is not beside this checkout")
    text = re.sub(r"\s+", " ", Path(SHARED_CLI).read_text(encoding="utf-8"))
    assert ONE_ANSWER_A_LINE in text
    assert "nothing but whitespace of any kind): never a traceback, never a stop." in text
