"""The coach's caution before a dangerous discard (cfmj.engine.coach.caution, coach.warning with
`careful`), on hand-made positions whose answer is certain, without Django."""

from __future__ import annotations

from cfmj.engine import coach
from cfmj.engine.coach import caution
from cfmj.engine.game import Discard, Game
from cfmj.engine.tiles import parse_tile
from tests.engine.game.helpers import position

RACK = "1B 2C 3C 4C 5C 6C 7C 8C 9C 1D 2D 3D 4D 5D"
DRAGON_KONGS: list[str | tuple[int, ...]] = ["RD RD RD RD", "GD GD GD GD", "WD WD WD WD"]


def wings() -> Game:
    """South (seat 1) has exposed three dragon Kongs: only Dragon's Wings is open to it, which
    waits on a Pair of 1 Bam; East (seat 0, the learner) holds 1 Bam and must discard."""
    return position({0: RACK}, exposures={1: DRAGON_KONGS}, seed=3)


def test_it_holds_back_the_one_deadly_discard_with_the_engines_why() -> None:
    game = wings()
    warned = coach.warning(game, 0, Discard(0, parse_tile("1B")), careful=True)
    assert warned is not None and warned.rule_line == ""
    assert warned.title == "1 Bam could give South Mah Jongg"
    assert warned.words.startswith("South's ") and "only Dragon's Wings: a Pair of 1 Bam." in warned.words
    assert "The chance that 1 Bam is called for Mah Jongg now: about " in warned.words
    assert "pays double" in warned.words and "Your safest discard: " in warned.words
    assert "Joker" not in warned.words
    assert warned.go_ahead == "Discard 1 Bam anyway"


def test_a_tile_no_open_hand_uses_is_let_through_and_a_test_hand_is_never_cautioned() -> None:
    game = wings()
    assert coach.warning(game, 0, Discard(0, parse_tile("5C")), careful=True) is None
    assert coach.warning(game, 0, Discard(0, parse_tile("1B"))) is None  # not careful: a test hand


def test_nobody_exposed_nothing_is_read_and_nothing_is_held_back() -> None:
    game = position({0: RACK}, seed=3)
    view = game.view(0)
    assert all(caution.discard_caution(view, tile) is None for tile in set(view.concealed))


def test_the_threshold_is_where_the_warning_starts() -> None:
    view = wings().view(0)
    found = caution.discard_caution(view, parse_tile("1B"))
    assert found is not None and found.danger >= caution.DANGER_WARNING
    assert found.title.endswith("Mah Jongg") and found.tile == parse_tile("1B")


def test_the_hint_is_careful_when_the_discard_it_advises_is_dangerous() -> None:
    view = wings().view(0)
    note = caution.hint_caution(view, Discard(0, parse_tile("1B")))
    assert note.startswith("Careful: 1 Bam could give South Mah Jongg. South's ")
    assert caution.hint_caution(view, Discard(0, parse_tile("5C"))) == ""


def test_the_hint_says_what_playing_safe_would_throw_instead() -> None:
    view = wings().view(0)
    note = caution.hint_caution(view, Discard(0, parse_tile("1B")))
    assert " Playing safe: " in note and note.count("Careful:") == 1
    assert "1 Bam" in note.split(" Playing safe: ")[0]
