"""aims: the target hands a rack could aim at, on hand-made racks whose answer is certain."""

from __future__ import annotations

from cfmj.engine.advice_words import entry_name
from cfmj.engine.aims import advised, aims, key_of, uses
from cfmj.engine.distance import distance
from cfmj.engine.evaluation import keep_scorer
from cfmj.engine.game.advice_player import BOT_SHORTLIST
from cfmj.engine.notation import parse_hand
from cfmj.engine.tiles import codes

# Consecutive Run 1-2-3-4 in One Pair and Three Kongs less a 2C; in Two Pungs and Two Kongs less a 1C.
ONE_AWAY = parse_hand("1C 1C 2C 2C 2C 3C 3C 3C 3C 4C 4C 4C 4C")
PAIR_THREE_KONGS = "Consecutive Run 1-2-3-4 in One Pair and Three Kongs"
TWO_PUNGS_TWO_KONGS = "Consecutive Run 1-2-3-4 in Two Pungs and Two Kongs"


def test_it_finds_the_two_hands_one_tile_away_and_what_would_bring_each_nearer() -> None:
    near = {entry_name(aim.entry): aim for aim in aims(ONE_AWAY, within=0)}
    assert set(near) == {PAIR_THREE_KONGS, TWO_PUNGS_TWO_KONGS}
    pair = near[PAIR_THREE_KONGS]
    assert (pair.tiles_needed, codes(pair.helpers), pair.copies_left) == (1, "2C", 1)  # three 2C held
    pungs = near[TWO_PUNGS_TWO_KONGS]
    assert (pungs.tiles_needed, codes(pungs.helpers), pungs.copies_left) == (1, "1C", 2)  # two 1C held
    assert all(aim.held == ONE_AWAY.concealed and aim.jokers_used == 0 for aim in near.values())


def test_the_advised_hand_comes_first_and_is_the_one_the_advice_and_the_bots_aim_at() -> None:
    for text in (
        "1C 1C 2C 2C 2C 3C 3C 3C 3C 4C 4C 4C 4C",
        "2B 2B 5D 5D 7C 7C 9C 9C 1D 1D J J N",
        "3B 3B 3B 6B 6B 6B 9B 9B F F F J J",
        "1B 8B 2D E W RD RD WD WD WD WD J J",
    ):
        rack = parse_hand(text)
        first = aims(rack, within=2)[0]
        assert first.key == key_of(advised(rack).target) == key_of(keep_scorer(rack).best([()]).target)
        assert first.key == key_of(keep_scorer(rack, BOT_SHORTLIST).best([()]).target), text
        assert first.tiles_needed == distance(rack).tiles_needed


def test_the_others_come_nearer_first_then_with_more_ways_to_finish() -> None:
    rack = parse_hand("3B 3B 3B 6B 6B 6B 9B 9B F F F J J")
    found = aims(rack, within=2)
    rest = [aim.sort_key() for aim in found[1:]]
    assert rest == sorted(rest)
    assert max(aim.tiles_needed for aim in found) <= found[0].tiles_needed + 2


def test_the_tiles_it_uses_and_the_jokers_fill_what_the_hand_has_less_what_it_needs() -> None:
    rack = parse_hand("3B 3B 3B 6B 6B 6B 9B 9B F F F J J")
    for aim in aims(rack, within=1):
        assert len(aim.held) + aim.jokers_used == 14 - aim.tiles_needed
        assert aim.jokers_used <= 2 and aim.held.count(34) <= 2  # one Pair of flowers at most


def test_news_takes_one_of_each_wind() -> None:
    rack = parse_hand("N N E W S 1C 1C 1C 2C 2C 2C 3C 3C")
    winds_entry = next(a.entry for a in aims(rack, within=3) if any(t == 36 for t, _ in a.entry.blocks))
    assert codes(uses(rack, winds_entry)).count("N") == 1


def test_a_dead_hand_aims_at_nothing() -> None:
    rack = parse_hand("1C 2C 3C 4C 5C 6C 7C 8C 9C 1B [2C 3C 4C]")  # an exposure is one block
    assert aims(rack, within=3) == []
