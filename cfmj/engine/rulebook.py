"""The rule lines of docs/RULES.md: each rule has an id, the section it sits in, and the words
that find it there.

Lessons say which lines they teach, drills which lines they practise (drills.PRACTISES), and the
tests name a test after every line of §2-§6, so each id is a stable name for one rule. The quote
is a short verbatim piece of RULES.md (compared with runs of whitespace squashed), so that
tests/engine/test_rule_coverage.py can prove every line still says what its id claims.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RuleLine:
    """`also`: where RULES.md states the same rule again, in another section (each is verbatim
    too), so that the coverage check knows that sentence is already mapped."""

    id: str
    section: str
    quote: str
    also: tuple[str, ...] = ()


_SECTIONS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    (
        "1",
        (
            ("1_tile_set", "count in a 152-tile set"),
            ("1_notation", "A hand is written as tile codes separated by spaces, concealed tiles first"),
            ("1_dragon_suits", "Dragon ↔ suit: red ↔ craks, green ↔ bams, white ↔ dots."),
            ("1_tile_limits", "A tile set never holds more than 4 of a natural tile, 8 flowers, 8 jokers"),
        ),
    ),
    (
        "2",
        (("2_winning_hand_is_dragon_hand_or_category_set_pattern", "A winning hand has exactly 14 tiles"),),
    ),
    (
        "2.1",
        (
            (
                "2_1_blocks_are_identical_tiles",
                "Pair (2), Pung (3), Kong (4), Quint (5): identical tiles, same suit.",
            ),
            (
                "2_1_jokers_never_in_pairs",
                "Jokers may stand in for tiles in Pungs, Kongs and Quints, never in Pairs.",
            ),
            ("2_1_quint_needs_a_joker", "A Quint of a natural tile needs ≥ 1 joker."),
            ("2_1_all_joker_block", "A block may be all jokers"),
        ),
    ),
    (
        "2.2",
        (
            ("2_2_exactly_ten_patterns_order_free", "Patterns (exactly these ten; block order is free)"),
            ("2_2_pattern_two_pungs_two_kongs", "`two_pungs_two_kongs` | 3 3 4 4"),
            ("2_2_pattern_pair_three_kongs", "`pair_three_kongs` | 2 4 4 4"),
            ("2_2_pattern_pair_four_pungs", "`pair_four_pungs` | 2 3 3 3 3"),
            ("2_2_pattern_three_pungs_quint", "`three_pungs_quint` | 3 3 3 5"),
            ("2_2_pattern_kong_two_quints", "`kong_two_quints` | 4 5 5"),
            ("2_2_pattern_two_pairs_two_quints", "`two_pairs_two_quints` | 2 2 5 5"),
            ("2_2_pattern_three_pairs_two_kongs", "`three_pairs_two_kongs` | 2 2 2 4 4"),
            ("2_2_pattern_four_pairs_two_pungs", "`four_pairs_two_pungs` | 2 2 2 2 3 3"),
            ("2_2_pattern_five_pairs_kong", "`five_pairs_kong` | 2 2 2 2 2 4"),
            ("2_2_pattern_seven_pairs", "`seven_pairs` | 2 2 2 2 2 2 2"),
        ),
    ),
    (
        "2.3",
        (
            ("2_3_each_member_fills_one_block", "each member of the set fills exactly one"),
            ("2_3_consecutive_run", "`consecutive_run` | ≥ 3 consecutive numbers"),
            ("2_3_consecutive_odds", "`consecutive_odds` | ≥ 3 consecutive odd numbers"),
            ("2_3_consecutive_evens", "`consecutive_evens` | ≥ 3 consecutive even numbers"),
            ("2_3_multiples_of_three", "`multiples_of_three` | exactly 3, 6 and 9"),
            ("2_3_like_numbers", "`like_numbers` | one number, in exactly 3 blocks, one block in each suit"),
            ("2_3_winds", "`winds` | N, E, W, S in 4 blocks, or one opposite pair"),
            ("2_3_suits_may_mix", "every tile in a block has one suit, and a hand may mix suits"),
            ("2_3_no_woven_hands", "must sit together when the blocks are put in number order"),
        ),
    ),
    (
        "2.4",
        (
            ("2_4_fillers_fill_the_rest", "When the pattern has more blocks than the set has members"),
            ("2_4_flowers_one_pair", "**Flowers**: Pair only; at most one flower block per hand."),
            (
                "2_4_dragons_one_block_per_colour",
                "**Dragons**: any block size; at most one block of each dragon colour.",
            ),
            (
                "2_4_news_fills_a_kong_without_jokers",
                "the four winds as singles (`N E W S`), filling the place of one **Kong**",
            ),
            ("2_4_one_news_block", "at most one NEWS block"),
            ("2_4_news_with_winds_set", "It may be used with the Winds category too."),
            ("2_4_no_other_filler", "No other filler exists"),
        ),
    ),
    (
        "2.5",
        (
            ("2_5_exposure_is_one_block", "An exposed block must be exactly one block of the arrangement"),
            ("2_5_calls_expose_pungs_kongs_quints", "Exposures made by calling are Pungs, Kongs or Quints"),
            (
                "2_5_pair_or_news_exposed_only_by_winning_call",
                "can be exposed only by the call that completes Mah Jongg",
            ),
        ),
    ),
    (
        "2.6",
        (
            ("2_6_dragon_hands_fixed_value_no_bonuses", "Special dragon hands (fixed value, no bonuses)"),
            ("2_6_dragons_love", "`dragons_love` | two Kongs of different dragons + two Pungs of flowers"),
            ("2_6_dragons_wings", "`dragons_wings` | a Kong of each dragon + a Pair of 1 Bam"),
            ("2_6_dragons_breath", "`dragons_breath` | a Pair of each dragon + a Pair of each wind"),
        ),
    ),
    ("2.7", (("2_7_best_arrangement_scores", "it scores the arrangement worth the most"),)),
    (
        "3",
        (
            ("3_value_formula", "Value = (base 25 + bonuses) × 2 if self-drawn × 2 if no jokers."),
            ("3_pairs_bonus", "| pairs | 3, 4 or 5 Pair blocks"),
            ("3_quints_bonus", "| quints | each Quint block"),
            ("3_set_bonus", "| set | only number tiles, or only wind tiles"),
            ("3_suit_bonus", "| suit | number category, every number tile one suit"),
            (
                "3_concealed_bonus",
                "| concealed | no exposures except the block completed by the winning call",
            ),
            ("3_dragon_hands_no_doubling", "Special dragon hands: their fixed value, no bonuses"),
            ("3_payout", "Payout: each of the three losers pays the value"),
            (
                "3_joker_exchange_counts_as_self_drawn",
                "Mah Jongg made by a joker exchange counts as self-drawn",
            ),
            ("3_wall_game_pays_nothing", "A wall game (no winner) pays nothing."),
            ("3_base_option", "`--base` (20 or 25) applies whether or not house rule 3 is on"),
            ("3_ties_any_arrangement", "When several arrangements tie for the highest value"),
            ("3_worked_check", "Worked check (the rulebook's example, made concrete)"),
        ),
    ),
    (
        "4",
        (
            ("4_house_rules_off_by_default", "House rules (options, all off by default)"),
            ("4_1_skip_second_charleston", "Skip the second Charleston."),
            ("4_2_set_of_144", "144-tile set: 4 flowers and 4 jokers removed"),
            ("4_3_minimum_hand", "Minimum hand: valid only with ≥ 1 bonus, or no jokers, or self-drawn"),
        ),
    ),
    (
        "5",
        (
            ("5_levels_are_cumulative", "Skill-level handicaps (per player, cumulative"),
            ("5_dragon_hands_bound_literally", "They apply to the special dragon hands literally"),
            ("5_1_winds_two_pungs_two_kongs", "A Winds hand may use only `two_pungs_two_kongs`."),
            ("5_2_run_without_fillers", "A Consecutive Run hand has no flowers, dragons or winds."),
            ("5_3_dragons_concealed", "A hand with any dragon block must be concealed"),
            ("5_4_suit_bonus", "A hand with number tiles must earn the suit bonus."),
            (
                "5_5_jokerless_self_drawn_or_dragon",
                "The hand must be jokerless, self-drawn or a dragon hand.",
            ),
        ),
    ),
    (
        "6",
        (
            ("6_seats_and_directions", "Seats: East (dealer), then South, West, North"),
            ("6_deal", "East gets 14, the others 13. Turn order goes to the right."),
            ("6_first_charleston", "first Charleston (compulsory) passes 3 tiles Right, Across, Left"),
            (
                "6_second_charleston",
                "any player may stop; otherwise the second Charleston passes Left, Across, Right",
            ),
            ("6_courtesy_pass", "optional courtesy pass of 0–3 tiles with the player across"),
            ("6_blind_pass", "The First Left and the Last Right may be blind"),
            ("6_jokers_never_passed", "Jokers are never passed."),
            ("6_draw_then_discard", "Play: draw, then discard (naming the tile)."),
            (
                "6_call_to_expose",
                "A discard may be called by another player to complete a Pung, Kong or Quint",
            ),
            ("6_call_for_mah_jongg", "or for Mah Jongg (any block)"),
            (
                "6_pairs_called_only_for_mah_jongg",
                "Pairs, flower pairs and NEWS tiles are called only for Mah Jongg.",
            ),
            ("6_dead_joker", "A discarded joker is dead and can never be called."),
            ("6_call_priority", "A Mah Jongg call beats an exposure call"),
            ("6_after_a_call", "After a call the caller discards, and play goes on to the caller's right."),
            ("6_joker_exchange", "give the natural tile that an exposed joker stands for"),
            ("6_joker_exchange_several", "one joker per exchange, several exchanges per turn allowed"),
            ("6_dead_hand", "Dead hand: wrong number of tiles, an exposure that no winning hand can contain"),
            (
                "6_mistaken_mah_jongg",
                "On this site declaring Mah Jongg lays the hand down to be checked, so a "
                "mistaken declaration kills the hand at once",
            ),
            ("6_dead_hand_plays_on", "A dead hand keeps drawing and discarding but cannot win."),
            ("6_deal_passes", "The deal passes to the right after every hand, won or a wall game."),
            ("6_wall_game", "Wall game: the wall runs out with no Mah Jongg; nobody pays."),
        ),
    ),
)
# Sentences that state a rule of another section again, by the line they restate.
_RESTATED: dict[str, tuple[str, ...]] = {
    "4_1_skip_second_charleston": ("House rule 1 skips the second Charleston.",),
}

RULE_LINES: dict[str, RuleLine] = {
    line_id: RuleLine(line_id, section, quote, _RESTATED.get(line_id, ()))
    for section, lines in _SECTIONS
    for line_id, quote in lines
}
SECTIONS: tuple[str, ...] = tuple(section for section, _ in _SECTIONS)


def lines_in_section(section: str) -> tuple[str, ...]:
    """The ids of a section's lines, its subsections' included ("2" gives 2 and 2.1-2.7), in
    RULES.md order. An unknown section has no lines."""
    return tuple(
        line.id
        for line in RULE_LINES.values()
        if line.section == section or line.section.startswith(section + ".")
    )


# Each section's name, as the rules reference (/rules/) heads it: what a learner is shown instead
# of a section number ("Categories and sets", not "RULES 2.3").
SECTION_TITLES: dict[str, str] = {
    "1": "Tiles",
    "2": "Winning hands",
    "2.1": "Blocks",
    "2.2": "Patterns",
    "2.3": "Categories and sets",
    "2.4": "Fillers",
    "2.5": "Exposed blocks",
    "2.6": "Special dragon hands",
    "2.7": "Hands with more than one reading",
    "3": "Scoring",
    "4": "House rules",
    "5": "Skill levels",
    "6": "Playing a hand",
}


def section_title(section: str) -> str:
    """The name of a section ("2.3" gives "Categories and sets"); a section without one (a
    number like "2.3.1") is named by its nearest section that has one."""
    while section not in SECTION_TITLES and "." in section:
        section = section.rsplit(".", 1)[0]
    return SECTION_TITLES.get(section, "The rules")


def rule_ref(*sections: str) -> str:
    """'(rule: Categories and sets)' or '(rules: Blocks; Scoring)': the rules an explanation
    turns on, by name."""
    names = list(dict.fromkeys(section_title(s) for s in sections))
    return f"({'rule' if len(names) == 1 else 'rules'}: {'; '.join(names)})"
