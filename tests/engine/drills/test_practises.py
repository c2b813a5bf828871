"""What each drill kind practises: rulebook lines, and which lines of play no kind practises yet."""

from __future__ import annotations

from cfmj.engine.drills import KINDS, PRACTISES, unpractised
from cfmj.engine.rulebook import RULE_LINES, lines_in_section

PLAY_SECTIONS = ("2", "3", "4", "5", "6")


def test_it_practises_only_lines_of_the_rulebook() -> None:
    unknown = {kind: [line for line in lines if line not in RULE_LINES] for kind, lines in PRACTISES.items()}
    assert not any(unknown.values()), unknown


def test_it_says_what_every_kind_practises_once_each() -> None:
    assert set(PRACTISES) == set(KINDS)
    for kind, lines in PRACTISES.items():
        assert lines, f"{kind} practises nothing"
        assert len(set(lines)) == len(lines), f"{kind} lists a line twice"


def test_it_lists_the_lines_of_play_no_kind_practises() -> None:
    """The data a later, combined check builds on: §2-§6 lines that no drill kind turns on."""
    practised = {line for lines in PRACTISES.values() for line in lines}
    expected = tuple(
        line for section in PLAY_SECTIONS for line in lines_in_section(section) if line not in practised
    )
    assert unpractised() == expected
    assert unpractised(("1",)) == tuple(line for line in lines_in_section("1") if line not in practised)
    print("Rule lines of §2-§6 no drill kind practises:", ", ".join(expected) or "none")
