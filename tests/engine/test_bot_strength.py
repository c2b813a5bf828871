"""The bots' tournament (`make strength`): seating, counts and intervals on a tiny run."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from cfmj.engine.errors import InputError
from cfmj.engine.studies.bot_strength import ORDER, TABLES, main, markdown, tournament
from cfmj.engine.studies.intervals import mean_interval, wilson


def test_it_computes_the_wilson_interval_on_known_values() -> None:
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson(81, 263) == pytest.approx((0.2553, 0.3662), abs=1e-4)
    with pytest.raises(ValueError):
        wilson(0, 0)


def test_it_computes_a_mean_and_its_normal_interval() -> None:
    mean, low, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5
    assert (low, high) == pytest.approx((2.5 - 1.959964 * 1.290994 / 2, 2.5 + 1.959964 * 1.290994 / 2))
    assert mean_interval([7.0]) == (7.0, 7.0, 7.0)


def test_it_seats_every_policy_in_every_seat_equally_often_on_the_same_deals() -> None:
    four = TABLES["four-way"]
    assert four.rotations == 4 and TABLES["steady v strong"].rotations == 2
    seatings = [four.seating(i, 10) for i in range(8)]
    assert [deal for deal, _ in seatings] == [10, 10, 10, 10, 11, 11, 11, 11]
    per_seat = Counter((policy, seat) for _, seats in seatings for seat, policy in enumerate(seats))
    assert set(per_seat.values()) == {2} and len(per_seat) == 16
    pair = [TABLES["heuristic v steady"].seating(i, 10) for i in range(4)]
    assert pair[0] == (10, ("heuristic", "steady", "heuristic", "steady"))
    assert pair[1] == (10, ("steady", "heuristic", "steady", "heuristic"))
    assert pair[2][0] == 11


def test_it_plays_a_tiny_tournament_whose_counts_add_up() -> None:
    report = tournament(8, 5, workers=1)
    assert list(report["tables"]) == list(TABLES)
    for name, table in report["tables"].items():
        rows = table["policies"]
        seats_each = 8 if name == "four-way" else 16
        assert {row["seats"] for row in rows.values()} == {seats_each}
        assert list(rows) == [p for p in ORDER if p in TABLES[name].seats]  # weakest first
        assert sum(row["wins"] for row in rows.values()) + table["wall_games"] == table["hands"] == 8
        assert sum(row["points_per_hand"] * row["seats"] for row in rows.values()) == pytest.approx(0)
        for row in rows.values():
            low, high = row["win_rate_ci"]
            assert 0 <= low <= row["win_rate"] <= high <= 1
            assert 0 <= row["dead_rate"] <= 1
    assert "| strong |" in markdown(report)


def test_it_is_reproducible_from_its_seed() -> None:
    first = tournament(4, 9, tables=["beginner v heuristic"])
    second = tournament(4, 9, tables=["beginner v heuristic"])
    assert first["tables"] == second["tables"]


def test_it_refuses_bad_sizes_and_tables_with_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(InputError, match="multiple of 4"):
        tournament(6, 1)
    with pytest.raises(InputError, match="Unknown table"):
        tournament(4, 1, tables=["strong v nobody"])
    assert main(["--hands", "3"]) == 2
    assert "multiple of 4" in capsys.readouterr().err


def test_it_prints_markdown_and_writes_json_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "strength.json"
    assert (
        main(["--hands", "4", "--workers", "1", "--tables", "beginner v heuristic", "--json", str(out)]) == 0
    )
    printed = capsys.readouterr().out
    assert "**beginner v heuristic** (4 hands" in printed and "| heuristic | 8 |" in printed
    assert json.loads(out.read_text())["tables"]["beginner v heuristic"]["hands"] == 4
