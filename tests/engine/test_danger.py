"""Danger and reading an opponent (cfmj.engine.danger, cfmj.engine.reading): hand-made positions
whose answer is certain, and properties over positions from seeded bot games."""

from collections.abc import Iterator

import pytest

from cfmj.engine.danger import danger
from cfmj.engine.errors import InputError
from cfmj.engine.game.actions import Discard
from cfmj.engine.game.advice_player import AdvicePlayer
from cfmj.engine.game.core import Game
from cfmj.engine.game.table_reading import danger_in_view, opponents_of
from cfmj.engine.game.view import PlayerView
from cfmj.engine.reading import READY_CHANCE, Opponent, read, unseen_counts, wall_stage
from cfmj.engine.ruleset import RuleSet
from cfmj.engine.tiles import FLOWER, JOKER, parse_tile

HAND = "1B 2C 3C 4C 5C 6C 7C 8C 9C 1D 2D 3D 4D J"
WINGS = "[RD RD RD RD] [GD GD GD GD] [WD WD WD WD]"


def test_it_finds_the_one_deadly_discard_when_three_dragon_kongs_leave_only_dragons_wings():
    result = danger(HAND, ["", WINGS, ""], wall=20)
    first = result.discards[0]
    assert first.tile == parse_tile("1B")
    assert first.danger == pytest.approx(READY_CHANCE[(3, "late")], abs=0.02)
    assert first.why == (
        "Right's Kong of Red Dragon, Kong of Green Dragon and Kong of White Dragon leave only "
        "Dragon's Wings open, and it needs 1 Bam for a Pair."
    ).replace("Right", "Across")
    across = result.readings[1]
    assert across.open_hands == 1
    assert across.waiting_on() == [parse_tile("1B")]
    assert across.hands[0].entry.category == "dragons_wings"
    assert across.summary() == (
        "Across's Kong of Red Dragon, Kong of Green Dragon and Kong of White Dragon "
        "leave only Dragon's Wings."
    )


def test_it_lists_discards_from_most_to_least_dangerous():
    dangers = [d.danger for d in danger(HAND, ["", WINGS, ""]).discards]
    assert dangers == sorted(dangers, reverse=True)


def test_it_says_a_hand_is_closed_when_the_pair_it_needs_is_all_in_view():
    # Three 1 Bam seen and the fourth in your hand: nobody else can hold a 1 Bam to pair it.
    result = danger(HAND, [WINGS], seen="1B 1B 1B")
    assert result.of(parse_tile("1B")).danger == 0
    assert result.readings[0].open_hands == 0
    assert result.readings[0].summary() == "No hand is still open to Right."


def test_it_keeps_the_wait_when_the_last_unseen_copy_is_yours():
    # Two 1 Bam seen, one yours: Right may hold the fourth and wait for yours.
    result = danger(HAND, [WINGS], seen="1B 1B")
    assert result.discards[0].tile == parse_tile("1B")
    assert result.discards[0].danger > 0.3


def test_it_never_finds_a_joker_dangerous():
    result = danger(HAND, [WINGS, "[J J J]", "[N N N J]"], seen="", unexposed=True)
    joker = result.of(JOKER)
    assert joker.danger == 0
    assert joker.why == "A discarded joker is dead: nobody can call it."
    # Where a natural tile is as safe, it is the safest discard: a joker is worth keeping.
    assert danger(HAND, [WINGS]).safest().tile != JOKER


def test_it_finds_no_danger_in_a_tile_no_open_hand_uses():
    # Dragon's Wings uses only dragons and 1 Bam: every other tile is safe from Right.
    result = danger(HAND, [WINGS])
    for entry in result.discards:
        if entry.tile not in (parse_tile("1B"), JOKER):
            assert entry.danger == 0
            assert "safe" in entry.why


def test_it_reads_a_dead_opponent_as_no_danger():
    reading = read(Opponent("West", dead=True), unseen=unseen_counts([], []))
    assert reading.ready_chance == 0 and reading.open_hands == 0
    assert reading.summary() == "West's hand is dead: they cannot win this hand."


def test_it_counts_an_opponents_discards_against_the_hands_that_need_them():
    plain = read(Opponent("West", ((parse_tile("N"),) * 3,)), unseen=unseen_counts([], []))
    threw = read(
        Opponent("West", ((parse_tile("N"),) * 3,), (parse_tile("E"),) * 2), unseen=unseen_counts([], [])
    )
    east = parse_tile("E")
    assert threw.waits.get(east, 0) < plain.waits.get(east, 0)


# Every joker in view (four yours, four in the exposures): Right's Pung of Flower leaves only
# Dragon's Love, whose two dragon Kongs need four natural copies each, and you hold one of each
# dragon, so no unseen tiles leave Right one tile short of it.
NO_JOKER_LEFT = "J J J J RD GD WD 1B 2B 3B 5C 6C 7C 9D"
JOKERS_EXPOSED = ["[F F F]", "[5D 5D 5D J] [6D 6D 6D J]", "[8C 8C J J]"]


def test_it_says_an_open_hand_cannot_be_one_tile_away_yet_when_no_ready_state_is_left():
    # Once an IndexError: the summary named the likeliest of no hands.
    right = danger(NO_JOKER_LEFT, JOKERS_EXPOSED, seen="2C 4B E", wall=70).readings[0]
    assert right.open_hands == 1 and right.hands == () and right.ready_chance == 0
    assert right.summary() == (
        "Right's Pung of Flower leaves one hand open, but Right cannot be one tile from Mah Jongg "
        "yet: too few of the tiles it needs are still unseen."
    )
    assert right.as_dict()["summary"] == right.summary()


def test_it_says_many_open_hands_cannot_be_one_tile_away_yet():
    # All jokers in view and five winds seen: hands with East's Kong stay open, none can be ready.
    result = danger(
        "J J J J 1C 3C 5D 7C 8D 6C 6C 3D 1D 4B",
        ["[E E E E]", "[9D 9D J J]", "[5B 5B 5B J] [2C 2C 2C J]"],
        seen="N S W W W",
        wall=50,
    )
    right = result.readings[0]
    assert right.open_hands > 1 and right.hands == ()
    assert right.summary() == (
        f"Right's Kong of East leaves {right.open_hands} hands open, but Right cannot be one tile from "
        "Mah Jongg yet: too few of the tiles they need are still unseen."
    )


def test_it_never_calls_a_tile_no_open_hand_needs_while_an_open_hand_cannot_be_ready():
    # Dragon's Love needs Red Dragon: "no hand still open needs it" would be untrue.
    result = danger(NO_JOKER_LEFT, ["[F F F]"], seen="J J J J 2C 4B E")
    red = result.of(parse_tile("RD"))
    assert red.danger == 0
    assert red.why == "Nobody can be waiting on Red Dragon for Mah Jongg yet: it is safe now."


@pytest.mark.parametrize(
    ("opponents", "seen", "message"),
    [
        ([], "", "Name one to three opponents"),
        (["1B [N N N]"], "", "1B is outside brackets"),
        ([""], "1B 1B 1B 1B", "More than 4 1 Bam tiles"),
        (["", "", "", ""], "", "Name one to three opponents"),
    ],
)
def test_it_refuses_what_cannot_be(opponents, seen, message):
    with pytest.raises(InputError, match=message):
        danger(HAND, opponents, seen=seen)


# --- house rule 2: a set of 4 flowers and 4 jokers (CLI.md: `danger` counts against it) ---------

SMALL_SET = RuleSet.make(house_rules=[2])


def test_under_house_rule_2_it_counts_the_unseen_tiles_of_the_smaller_set():
    full, small = unseen_counts([], []), unseen_counts([], [], rules=SMALL_SET)
    assert (full[FLOWER], full[JOKER], small[FLOWER], small[JOKER]) == (8, 8, 4, 4)
    assert unseen_counts([JOKER] * 2, [JOKER], rules=SMALL_SET)[JOKER] == 1
    with pytest.raises(InputError, match="More than 4 Flower tiles"):
        unseen_counts([parse_tile("F")] * 3, [parse_tile("F")] * 2, rules=SMALL_SET)


def test_under_house_rule_2_a_pung_needing_more_jokers_than_remain_is_no_danger():
    # All four 2 Dots are in view (three seen, one yours), so a Pung of 2 Dot that your discard
    # completes needs two jokers besides: in the smaller set one joker is unseen (two are yours,
    # one was seen), in the full set five are.
    hand, kongs = "2D 5C 6C 7C 8C 9C 5B 6B 7B N E W J J", "[1D 1D 1D 1D] [3D 3D 3D 3D]"
    small = danger(hand, [kongs], seen="2D 2D 2D J", rules=SMALL_SET)
    full = danger(hand, [kongs], seen="2D 2D 2D J")
    two_dot = parse_tile("2D")
    assert small.unseen[JOKER] == 1 and full.unseen[JOKER] == 5
    assert full.of(two_dot).danger > 0
    assert small.of(two_dot).danger == 0
    assert two_dot not in small.readings[0].waits


def test_under_house_rule_2_a_hand_needing_a_fifth_joker_is_not_open():
    # Right's exposures hold all four jokers of the smaller set, and the one hand they allow
    # needs a Quint of North: four Norths and a fifth joker. With a full set, North is deadly.
    hand, right = "N 5C 6C 7C 8C 9C 5B 6B 7B 1D 2D 3D 4D 5D", "[GD GD GD J J] [S S J J]"
    full = danger(hand, [right], wall=20)
    assert full.readings[0].open_hands == 1 and full.discards[0].tile == parse_tile("N")
    assert full.discards[0].danger > 0.3
    small = danger(hand, [right], wall=20, rules=SMALL_SET)
    assert small.readings[0].open_hands == 0
    assert small.readings[0].summary() == "No hand is still open to Right."
    assert all(d.danger == 0 for d in small.discards)


def test_it_names_the_wall_stage():
    assert [wall_stage(w) for w in (None, 99, 45, 10)] == ["middle", "early", "middle", "late"]


def _discard_views(seeds: range) -> Iterator[PlayerView]:
    """Every view of a player about to discard, over a few seeded bot hands."""
    for seed in seeds:
        game = Game(seed)
        players = [AdvicePlayer() for _ in range(4)]
        for _ in range(2000):
            if game.over:
                break
            seat = game.waiting_for()[0]
            legal = game.legal_actions(seat)
            view = game.view(seat)
            if any(isinstance(a, Discard) for a in legal) and len(view.hand()) == 14:
                yield view
            game.apply(players[seat].choose(view, legal))


def test_it_keeps_its_promises_over_positions_from_bot_games():
    checked = 0
    for view in list(_discard_views(range(3)))[::6]:
        result = danger_in_view(view, unexposed=True)
        assert all(r.summary() for r in result.readings)
        waits = [set(r.waits) for r in result.readings]
        assert [r.opponent.name for r in result.readings] == [o.name for o in opponents_of(view)]
        for entry in result.discards:
            assert 0 <= entry.danger <= 1
            if entry.tile == JOKER or not any(entry.tile in w for w in waits):
                assert entry.danger == 0
            elif any(r.ready_chance for r in result.readings if entry.tile in r.waits):
                assert entry.danger > 0
        checked += 1
    assert checked > 5
