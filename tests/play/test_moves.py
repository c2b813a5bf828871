"""The bots' moves in plain words, and nothing said of what the learner may not see."""

from __future__ import annotations

from cfmj.engine.game.events import (
    Discarded,
    Drew,
    ExposureCalled,
    ExposureMade,
    PassChosen,
    PassDelivered,
    SecondCharlestonSkipped,
    WallGame,
)
from cfmj.engine.tiles import NORTH, parse_tile
from cfmj.play.moves import Seating, since

FIVE_DOT = parse_tile("5D")


def test_a_call_and_its_discard_are_one_line() -> None:
    events = [
        Discarded(1, FIVE_DOT),
        ExposureMade(2, 1, FIVE_DOT, (FIVE_DOT,) * 3),
        Discarded(2, NORTH),
        WallGame(3),
    ]
    assert since(events, 0, dealer=0) == [
        "South discards 5 Dot",
        "West calls a Pung of 5 Dot and discards North",
        "The wall is empty: a wall game, nobody pays",
    ]


def test_another_seats_draws_and_passes_are_not_told() -> None:
    events = [
        PassChosen(1, "first_right", (1, 2, 3), ()),
        PassDelivered("first_right", 1, 2, (1, 2, 3)),
        PassDelivered("first_right", 3, 0, (4, 5, 6)),
        Drew(2, 7, 80),
        Drew(0, 8, 79),
    ]
    assert since(events, 0, dealer=1) == [
        "First Right pass: West passed you 5 Crak, 6 Crak, 7 Crak",
        "You drew 9 Crak",
    ]


def test_it_starts_at_the_learners_last_action() -> None:
    events = [Discarded(1, FIVE_DOT), Discarded(0, NORTH), Discarded(1, FIVE_DOT)]
    assert since(events, 1, dealer=0) == ["You discard North", "South discards 5 Dot"]


def test_at_a_table_the_voters_to_stop_are_named_you_in_lower_case_after_another() -> None:
    events = [SecondCharlestonSkipped("stop_vote", (0, 1)), SecondCharlestonSkipped("stop_vote", (1, 2))]
    names = {0: "cy", 2: "ann"}
    assert since(events, 0, dealer=0, seating=Seating(0, 1, names)) == [
        "No second Charleston: cy (East) and you voted to stop",
        "No second Charleston: You and ann (West) voted to stop",
    ]


def test_a_discard_two_people_called_says_why_it_went_to_one() -> None:
    events = [
        Discarded(1, FIVE_DOT),
        ExposureCalled(3, (FIVE_DOT, FIVE_DOT)),
        ExposureCalled(2, (FIVE_DOT, FIVE_DOT)),
        ExposureMade(2, 1, FIVE_DOT, (FIVE_DOT,) * 3),
        Discarded(2, NORTH),
    ]
    names = {2: "ben", 3: "cy"}
    assert since(events, 0, dealer=0, seating=Seating(0, 0, names)) == [
        "South discards 5 Dot",
        "ben (West) calls a Pung of 5 Dot and discards North (cy (North) called it too: when two players"
        " call a discard for an exposure, the one next in turn after the discarder gets it)",
    ]
