"""layout: a hand laid out to be drawn, as the blocks of its reading or on a rack by suit."""

from __future__ import annotations

from collections import Counter

import pytest

from cfmj.engine import InputError, RuleSet, check, parse_hand
from cfmj.engine.drills import KINDS, definition, hand_groups
from cfmj.engine.layout import TileGroup, group_tiles, laid_out, rack, shown
from tests.engine.drills.helpers import puzzles


def names(groups: tuple[TileGroup, ...]) -> list[str]:
    return [g.name for g in groups]


def drawn(groups: tuple[TileGroup, ...]) -> list[str]:
    return [" ".join(g.tiles) for g in groups]


def test_a_rack_groups_its_concealed_tiles_by_suit_with_honours_flowers_and_jokers_after():
    groups = rack(parse_hand("J 9D 1C F RD 5B N 2C 9D WD J S 5B 1C"))
    assert names(groups) == ["Craks", "Bams", "Dots", "Winds", "Dragons", "Flowers", "Jokers"]
    assert drawn(groups) == ["1C 1C 2C", "5B 5B", "9D 9D", "N S", "RD WD", "F", "J J"]
    assert not any(g.block or g.exposed for g in groups)


def test_a_rack_sets_each_exposure_apart_after_the_concealed_tiles_named_as_its_block():
    groups = rack(parse_hand("7C 7C 8C 8C J [RD RD RD J] [N E W S] [2D 2D 2D]"))
    assert names(groups) == [
        "Craks",
        "Jokers",
        "exposed Pung of 2 Dot",
        "exposed NEWS",
        "exposed Kong of Red Dragon with a joker",
    ]
    assert [g.exposed for g in groups] == [False, False, True, True, True]
    assert groups[-1].tiles == ("RD", "RD", "RD", "J")


def test_a_rack_shows_an_exposure_that_is_no_block_as_written():
    groups = rack(parse_hand("3C 3C 4C 4C 5D 6D 6D 6D J [5D 5D 5D 6D J]"))
    assert groups[-1] == TileGroup(("5D", "5D", "5D", "6D", "J"), "exposed tiles", exposed=True)


def test_a_winning_hand_is_laid_out_with_each_joker_in_the_quint_it_completes():
    groups = laid_out(parse_hand("5D 5D 5D 5D 6D 6D 6D 6D J J 3C 3C 4C 4C"))
    assert drawn(groups) == ["3C 3C", "4C 4C", "5D 5D 5D 5D J", "6D 6D 6D 6D J"]
    assert names(groups) == [
        "Pair of 3 Crak",
        "Pair of 4 Crak",
        "Quint of 5 Dot with a joker",
        "Quint of 6 Dot with a joker",
    ]
    assert all(g.block for g in groups)
    assert [g.stands_for for g in groups] == ["", "", "5D", "6D"]


def test_a_laid_out_hand_follows_the_engines_best_reading_block_for_block():
    hand = "2B 2B J 4B 4B 4B J 6B 6B 6B J [8B 8B J]"
    best = check(hand).as_dict()["blocks"]
    groups = laid_out(parse_hand(hand))
    assert [(g.tiles[0], len(g.tiles), g.tiles.count("J"), g.exposed) for g in groups] == [
        (b["tile"], b["size"], b["jokers"], b["exposed"]) for b in best
    ]


def test_it_names_a_block_of_several_jokers_and_one_of_jokers_alone():
    groups = laid_out(parse_hand("7C 7C GD GD J J J J [6C 6C J] [9B 9B J]"))
    assert "Pung of Green Dragon with a joker" in names(groups)
    alone = [g for g in groups if set(g.tiles) == {"J"}]
    assert len(alone) == 1 and alone[0].name.endswith(", all jokers")
    assert [g.name for g in groups if g.exposed] == [
        "exposed Pung of 6 Crak with a joker",
        "exposed Pung of 9 Bam with a joker",
    ]


def test_it_draws_a_news_block_as_the_four_winds():
    groups = laid_out(parse_hand("N E W S 1D 1D 1D 2D 2D 2D 2D 3D 3D 3D"))
    news = [g for g in groups if g.name == "NEWS"]
    assert len(news) == 1 and news[0].tiles == ("N", "E", "W", "S")


def test_a_hand_that_does_not_win_is_laid_out_as_its_nearest_reading():
    groups = laid_out(parse_hand("8C N N E E W W W S S GD GD WD WD"))
    assert names(groups)[0] == "8 Crak alone"
    assert drawn(groups)[1:] == ["N N", "E E", "W W W", "S S", "GD GD", "WD WD"]
    joker_pair = laid_out(parse_hand("N N E E W S S RD RD GD GD WD WD J"))
    assert "Pair of West with a joker" in names(joker_pair)


def test_a_hand_with_no_reading_keeps_its_exposure_as_written_and_the_rest_on_a_rack():
    hand = parse_hand("3C 3C 4C 4C 5D 6D 6D 6D J [5D 5D 5D 6D J]")
    assert laid_out(hand) == rack(hand)


def test_a_hand_a_table_refuses_is_still_laid_out_as_the_blocks_its_claimant_shows():
    hand = parse_hand("3C 3C 4C 4C J J J 6D 6D 6D 6D J J J")
    table = RuleSet(all_joker_blocks=False)  # a block of jokers alone is not allowed there
    assert check(hand).valid and not check(hand, rules=table).valid
    assert drawn(laid_out(hand, rules=table)) == ["3C 3C", "4C 4C", "J J J J J", "6D 6D 6D 6D J"]
    assert names(laid_out(hand, rules=table))[2] == "Quint of 5 Crak, all jokers"


def test_shown_lays_out_only_a_winning_hand():
    winner = parse_hand("7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]")
    assert all(g.block for g in shown(winner))
    loser = parse_hand("3D 3D 3D 4D 4D 4D 4D 5D 5D 5C 6D 6D 6D 6D")
    assert shown(loser) == rack(loser)
    thirteen = parse_hand("7B 7B 8B 8B 8B 8B 9D 9D 9D RD RD RD N")
    assert shown(thirteen) == rack(thirteen)


def test_laying_out_needs_a_hand_of_fourteen():
    with pytest.raises(InputError):
        laid_out(parse_hand("7B 7B 8B"))


@pytest.mark.parametrize("kind", KINDS)
def test_every_question_hand_is_drawn_with_every_tile_once(kind):
    """Over every band's puzzles of each kind: the groups hold exactly the hand's tiles; a hand
    shown for Mah Jongg is all blocks, each joker in a block that says what it stands for."""
    for puzzle in puzzles(kind):
        text = puzzle.question.get("hand")
        if not text:
            continue
        groups = hand_groups(kind, puzzle.question)
        hand = parse_hand(text)
        assert Counter(group_tiles(groups)) == Counter(str(hand).replace("[", "").replace("]", "").split())
        if definition(kind).hand_drawn == "blocks" and (check(text).nearest or check(text).arrangements):
            assert all(g.block for g in groups), text
            assert all(g.stands_for for g in groups if "J" in g.tiles), text
        if definition(kind).hand_drawn == "rack":
            assert not any(g.block for g in groups if not g.exposed), text


def test_a_question_without_a_hand_has_no_groups():
    assert hand_groups("rules_quiz", {"prompt": "How many tiles?"}) == ()


def test_name_the_hand_is_drawn_on_a_rack_so_its_blocks_do_not_give_the_pattern_away():
    for puzzle in puzzles("name_hand"):
        groups = hand_groups("name_hand", puzzle.question)
        assert not any(g.block for g in groups if not g.exposed)
