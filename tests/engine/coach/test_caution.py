"""The coach's caution before a dangerous discard (coach.warning with `careful`), on hand-made
positions whose answer is certain, without Django: it holds back a discard more dangerous than
the coach's own choice, never that choice, and its words name the coach's choice."""

from __future__ import annotations

from cfmj.engine import coach
from cfmj.engine.game import Discard, Game
from cfmj.engine.tiles import parse_tile
from tests.engine.game.helpers import position

DRAGON_KONGS: list[str | tuple[int, ...]] = ["RD RD RD RD", "GD GD GD GD", "WD WD WD WD"]
FAR = "1B 2C 3C 4C 5C 6C 7C 8C 9C 1D 2D 3D 4D 5D"  # 7 tiles away: the coach gives the hand up
NEAR = "2C 2C 2C 4C 4C 4C 6C 6C 6C 8C 8C 8C 1B N"  # 2 away: 1 Bam and North are as good to throw


def wings(rack: str) -> Game:
    """South (seat 1) has exposed three dragon Kongs: only Dragon's Wings is open to it, which
    waits on a Pair of 1 Bam; East (seat 0, the learner) holds 1 Bam and must discard."""
    return position({0: rack}, exposures={1: DRAGON_KONGS}, seed=3)


def discard(code: str) -> Discard:
    return Discard(0, parse_tile(code))


def test_it_holds_back_the_deadly_discard_naming_the_coachs_choice_and_the_engines_why() -> None:
    game = wings(NEAR)
    warned = coach.warning(game, 0, discard("1B"), careful=True)
    assert warned is not None and warned.rule_line == ""
    assert warned.title == "1 Bam could give South Mah Jongg"
    assert warned.words.startswith("The chance that 1 Bam is called for Mah Jongg now is about ")
    assert "pays double" in warned.words and "The coach's choice: Discard North." in warned.words
    assert warned.words.endswith("only Dragon's Wings open, and it needs 1 Bam for a Pair.")
    assert warned.go_ahead == "Discard 1 Bam anyway"


def test_it_never_holds_back_the_coachs_own_choice_and_marks_it_best() -> None:
    for rack in (NEAR, FAR):
        game = wings(rack)
        hint = coach.hint(game, 0)
        assert hint is not None and hint.advised != discard("1B")
        assert coach.warning(game, 0, hint.advised, careful=True) is None
        assert coach.judge(game, 0, hint.advised).mark == "best"
        weak = coach.judge(game, 0, discard("1B"))
        assert weak.mark == "weak" and weak.why.startswith("1 Bam could give South Mah Jongg (about ")


def test_the_hint_says_in_one_sentence_why_it_prefers_the_safer_discard() -> None:
    hint = coach.hint(wings(NEAR), 0)
    assert hint is not None and hint.advised == discard("N")
    assert (
        hint.why == "Discard North: it is as good for your hand as 1 Bam, which could give South Mah Jongg."
    )
    assert hint.more.startswith("South's Kong of Red Dragon") and "about 81%" in hint.more


def test_far_from_mah_jongg_the_hint_gives_the_hand_up() -> None:
    hint = coach.hint(wings(FAR), 0)
    assert hint is not None and hint.why.startswith(f"{hint.advice}, among the safest tiles: South is likely")


def test_a_tile_no_open_hand_needs_is_let_through_and_a_test_hand_is_never_cautioned() -> None:
    game = wings(NEAR)
    assert coach.warning(game, 0, discard("2C"), careful=True) is None  # weak for the hand, but safe
    assert coach.warning(game, 0, discard("1B")) is None  # not careful: a test hand


def test_when_nobody_has_exposed_anything_nothing_is_held_back() -> None:
    game = position({0: NEAR}, seed=3)
    assert all(
        coach.warning(game, 0, Discard(0, t), careful=True) is None for t in set(game.view(0).concealed)
    )
