"""The one tournament harness (cfmj.engine.studies.tournament): how hands are seated, that a run
is the same in parallel and in one process, and that a logged run resumes."""

from __future__ import annotations

from pathlib import Path

import pytest

from cfmj.engine.errors import InputError
from cfmj.engine.game import Player, RandomPlayer
from cfmj.engine.studies.tournament import Table, play, play_tables, summarise

TABLE = Table(("a", "b", "a", "b"))


def player(policy: str, deal: int, seat: int) -> Player:
    return RandomPlayer(deal * 4 + seat + (100 if policy == "b" else 0))


def test_it_plays_each_deal_in_every_rotation_or_rotates_by_the_deal() -> None:
    assert [TABLE.seating(i, 10) for i in range(3)] == [
        (10, ("a", "b", "a", "b")),
        (10, ("b", "a", "b", "a")),
        (11, ("a", "b", "a", "b")),
    ]
    once = Table(("p", "q", "r", "s"), every_rotation=False)
    assert once.rotations == 4
    assert [once.seating(i, 6) for i in range(2)] == [(6, ("r", "s", "p", "q")), (7, ("s", "p", "q", "r"))]


def test_a_run_is_the_same_on_two_workers_and_counts_add_up() -> None:
    alone = play(TABLE, 6, 3, player, chunk=2)
    assert play(TABLE, 6, 3, player, chunk=4, workers=2) == alone
    report = summarise(alone, ("a", "b", "c"))
    assert list(report["policies"]) == ["a", "b"]
    rows = report["policies"].values()
    assert sum(row["wins"] for row in rows) + report["wall_games"] == 6
    assert sum(row["points_per_hand"] * row["seats"] for row in rows) == pytest.approx(0)


def test_a_logged_run_resumes_each_table_without_playing_it_again(tmp_path: Path) -> None:
    log = tmp_path / "hands.jsonl"
    tables = {"one": TABLE, "two": Table(("b", "a", "a", "a"))}
    first = play_tables(tables, 4, 2, player, chunk=2, log=str(log), tag={"note": 1})
    assert len(log.read_text().splitlines()) == 4
    assert play_tables(tables, 4, 2, player, chunk=2, log=str(log), tag={"note": 1}) == first
    assert len(log.read_text().splitlines()) == 4
    play_tables(tables, 4, 2, player, chunk=2, log=str(log), tag={"note": 2})
    assert len(log.read_text().splitlines()) == 8
    with pytest.raises(InputError, match="hands"):
        play(TABLE, 0, 1, player)
