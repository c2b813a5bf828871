"""`python -m cfmj danger ...`: CLI.md's danger verb (fields, exit codes, batch mode)."""

from __future__ import annotations

import json

import pytest

import cfmj.engine
from cfmj.engine.defence import defended_discard
from tests.engine.test_cli import answer, assert_one_error_line, run, run_process

HAND = "1B 2C 3C 4C 5C 6C 7C 8C 9C 1D 2D 3D 4D J"
WINGS = "[RD RD RD RD] [GD GD GD GD] [WD WD WD WD]"


def test_it_answers_with_the_contracts_fields() -> None:
    result = answer(
        "danger", HAND, "--opponent", "", "--opponent", WINGS, "--opponent", "", "--seen", "2B 3B"
    )
    first = result["discards"][0]
    assert set(first) == {"tile", "danger", "why"}
    assert first["tile"] == "1B" and 0.3 < first["danger"] <= 1
    assert first["why"].startswith("Across's Kong of Red Dragon")
    assert [d["danger"] for d in result["discards"]] == sorted(
        (d["danger"] for d in result["discards"]), reverse=True
    )
    assert {d["tile"] for d in result["discards"]} == set(HAND.split())
    seats = [o["seat"] for o in result["opponents"]]
    assert seats == ["right", "across", "left"]
    across = result["opponents"][1]
    assert across["open_hands"] == 1 and across["waiting_on"] == ["1B"]
    joker = next(d for d in result["discards"] if d["tile"] == "J")
    assert joker["danger"] == 0


def test_the_python_api_gives_the_same_answer() -> None:
    from_cli = answer("danger", HAND, "--opponent", WINGS, "--wall", "40")
    result = cfmj.engine.danger(HAND, [WINGS], wall=40)
    assert from_cli.pop("advice") == defended_discard(HAND, result).as_dict()
    assert result.as_dict() == from_cli


@pytest.mark.parametrize(
    "argv",
    [
        ["danger", HAND],
        ["danger", "1B 2C", "--opponent", ""],
        ["danger", HAND, "--opponent", "1B [N N N]"],
        ["danger", HAND, "--opponent", "", "--seen", "1B 1B 1B 1B"],
        ["danger", HAND, "--opponent", "", "--wall", "lots"],
        ["danger", HAND, "--opponent", "", "--wall", "999"],
        ["danger", HAND, "--opponent", "[Q Q Q]"],
        ["danger", HAND, "--opponent", "[1B]"],
        ["danger", HAND, "--opponent", "[1B 2B 3B]"],
        ["danger", HAND, "--opponent", "[1B 1B]"],
        ["danger", HAND, "--opponent", "[N E W S]"],
    ],
)
def test_it_answers_malformed_input_with_one_error_line_and_status_2(argv: list[str]) -> None:
    status, out = run(*argv)
    assert status == 2
    assert_one_error_line(out)


def test_a_batch_answers_every_line_and_never_stops() -> None:
    lines = [
        json.dumps({"hand": HAND, "opponents": [WINGS]}),
        "not json",
        "\x00\xff" * 50,
        "[" * 3000,
        json.dumps({"hand": HAND, "opponents": [1]}),
        json.dumps({"hand": HAND, "opponents": [""], "seen": 5}),
        json.dumps({"hand": HAND, "opponents": [""], "wall": "x"}),
        json.dumps({"hand": HAND, "opponents": ["", "", WINGS], "seen": "1B", "wall": 10}),
    ]
    status, out = run("danger", "--batch", stdin="\n".join(lines) + "\n")
    answers = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and len(answers) == len(lines)
    assert answers[0]["discards"][0]["tile"] == "1B"
    assert all(list(a) == ["error"] for a in answers[1:7])
    assert answers[7]["opponents"][2]["waiting_on"] == ["1B"]


def test_a_real_process_answers_and_reports_errors_without_a_traceback() -> None:
    done = run_process("danger", HAND, "--opponent", WINGS)
    assert done.returncode == 0 and json.loads(done.stdout)["discards"][0]["tile"] == "1B"
    bad = run_process("danger", HAND)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr + bad.stdout


def test_it_adds_the_defence_advice_without_renaming_a_field() -> None:
    result = answer("danger", HAND, "--opponent", "", "--opponent", WINGS, "--opponent", "", "--wall", "20")
    advice = result["advice"]
    assert set(advice) == {"tile", "give_up", "danger", "tiles_needed", "why"}
    assert advice["tile"] != "1B" and advice["tile"] in HAND.split() and isinstance(advice["give_up"], bool)
    assert set(result) == {"discards", "opponents", "hand", "advice"}


def test_it_names_the_opponent_whose_exposure_is_not_one() -> None:
    _, out = run("danger", HAND, "--opponent", "", "--opponent", "[1B 1B]")
    assert "Across's exposures: [1B 1B] cannot be exposed before Mah Jongg" in assert_one_error_line(out)


# Every joker in view (four yours, four in the exposures): Right's Pung of Flower leaves one hand
# open, Dragon's Love, and no unseen tiles can leave Right one tile short of it.
NO_JOKER_LEFT = "J J J J RD GD WD 1B 2B 3B 5C 6C 7C 9D"
JOKERS_EXPOSED = ["[F F F]", "[5D 5D 5D J] [6D 6D 6D J]", "[8C 8C J J]"]
NOT_READY_ARGS = [
    *(arg for exposures in JOKERS_EXPOSED for arg in ("--opponent", exposures)),
    *("--seen", "2C 4B E", "--wall", "70"),
]


def test_it_answers_when_an_open_hand_cannot_be_one_tile_away_yet() -> None:
    # Once a traceback, exit 1: the summary named the likeliest of no hands.
    result = answer("danger", NO_JOKER_LEFT, *NOT_READY_ARGS)
    right = result["opponents"][0]
    assert (right["open_hands"], right["hands"], right["waiting_on"]) == (1, [], [])
    assert right["summary"].startswith("Right's Pung of Flower leaves one hand open, but Right cannot be")
    assert {d["tile"] for d in result["discards"]} == set(NO_JOKER_LEFT.split())


def test_a_batch_goes_on_after_an_open_hand_that_cannot_be_one_tile_away_yet() -> None:
    lines = [
        json.dumps({"hand": NO_JOKER_LEFT, "opponents": JOKERS_EXPOSED, "seen": "2C 4B E", "wall": 70}),
        json.dumps({"hand": HAND, "opponents": [WINGS]}),
    ]
    status, out = run("danger", "--batch", stdin="\n".join(lines) + "\n")
    first, second = (json.loads(line) for line in out.splitlines())
    right = first["opponents"][0]
    assert status == 0
    assert right["open_hands"] == 1 and "cannot be one tile" in right["summary"]
    assert second["discards"][0]["tile"] == "1B"


def test_under_house_rule_2_it_counts_against_four_jokers() -> None:
    # Right holds all four jokers of the smaller set exposed; the one hand left needs a fifth.
    hand, right = "N 5C 6C 7C 8C 9C 5B 6B 7B 1D 2D 3D 4D 5D", "[GD GD GD J J] [S S J J]"
    full = answer("danger", hand, "--opponent", right, "--wall", "20")
    assert full["discards"][0]["tile"] == "N" and full["discards"][0]["danger"] > 0.3
    small = answer("danger", hand, "--opponent", right, "--wall", "20", "--house-rules", "2")
    assert small["opponents"][0]["open_hands"] == 0 and small["opponents"][0]["waiting_on"] == []
    assert all(d["danger"] == 0 for d in small["discards"])
