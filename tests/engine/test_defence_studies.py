"""The defence's studies (cfmj.engine.studies): how often opponents are ready (ready_odds) and
the defensive player against the advice player (defence_strength), on tiny runs."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from cfmj.engine.defence import Thresholds
from cfmj.engine.studies import defence_strength, ready_odds
from cfmj.engine.studies.defence_strength import ADVICE, DEFENSIVE, TABLE
from cfmj.engine.studies.ready_odds import Tally, danger_table, play_one, ready_table
from cfmj.engine.studies.tournament import Seated, summarise


def test_it_seats_both_policies_in_every_seat_on_the_same_deals() -> None:
    seatings = [TABLE.seating(i, 10) for i in range(4)]
    assert [deal for deal, _ in seatings] == [10, 10, 11, 11]
    per_seat = Counter((policy, seat) for _, seats in seatings for seat, policy in enumerate(seats))
    assert set(per_seat.values()) == {2} and len(per_seat) == 8


def test_it_counts_who_paid_a_mah_jongg_as_discarder() -> None:
    hands = [
        Seated(
            (ADVICE, DEFENSIVE, ADVICE, DEFENSIVE),
            5,
            0,
            "discard",
            1,
            25,
            (50, -50, 0, 0),
            30,
            None,
            None,
            (),
        ),
        Seated(
            (DEFENSIVE, ADVICE, DEFENSIVE, ADVICE),
            6,
            0,
            "wall",
            None,
            20,
            (60, -20, -20, -20),
            40,
            None,
            None,
            (),
        ),
    ]
    report = summarise(hands, (ADVICE, DEFENSIVE))
    advice, defensive = report["policies"][ADVICE], report["policies"][DEFENSIVE]
    assert advice["seats"] == defensive["seats"] == 4
    assert (defensive["paid_as_discarder"], advice["paid_as_discarder"]) == (1, 0)
    assert (advice["wins"], defensive["wins"]) == (1, 1)
    assert advice["points_per_hand"] == pytest.approx((50 + 0 - 20 - 20) / 4)
    assert report["wall_game_rate"] == 0 and report["average_turns"] == 35


def test_a_logged_run_resumes_without_playing_again(tmp_path: Path) -> None:
    log = tmp_path / "hands.jsonl"
    first = defence_strength.run(2, 3, log=str(log))
    assert len(log.read_text().splitlines()) == 1
    again = defence_strength.run(2, 3, log=str(log))
    assert again["policies"] == first["policies"] and len(log.read_text().splitlines()) == 1
    other = defence_strength.run(2, 3, log=str(log), thresholds=Thresholds(give_up_ready=1.1))
    assert other["thresholds"]["give_up_ready"] == 1.1 and len(log.read_text().splitlines()) == 2
    with pytest.raises(ValueError, match="even"):
        defence_strength.run(3, 3)


def test_it_tallies_ready_opponents_by_exposures_and_wall_stage() -> None:
    tally = Tally()
    play_one(1, 0, tally)
    assert tally.hands == 1 and tally.dangers == []
    rows = ready_table(tally)
    assert len(rows) == 15 and sum(r["opponents"] for r in rows) > 0
    assert all(0 <= r["ready"] <= r["opponents"] for r in rows)


def test_it_buckets_the_danger_against_the_discards_called() -> None:
    tally = Tally(dangers=[(0.0, False), (0.005, True), (0.3, True), (0.3, False), (1.0, True)])
    rows = {tuple(r["bucket"]): r for r in danger_table(tally)}
    assert rows[(0.0, 0.01)]["discards"] == 2 and rows[(0.0, 0.01)]["called"] == 1
    assert rows[(0.2, 0.4)]["share_called"] == 0.5
    assert rows[(0.4, 1.0)]["discards"] == 1
    assert "READY_CHANCE = {" in ready_odds.text({"ready": ready_table(tally), "danger": danger_table(tally)})
