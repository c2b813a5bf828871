"""The strategy and defence unit (lessons 21-25): every rack, count, value and reading
of the table the lessons state, held to the engine. Each test pins one step's claims and the words
that state them, so a change to the engine or to the text that breaks a claim fails here."""

from __future__ import annotations

from collections import Counter
from functools import cache

from cfmj.engine import call, check, discard, distance, parse_hand
from cfmj.engine.blocks import PUNG
from cfmj.engine.card import CardEntry
from cfmj.engine.coach import DANGER_WARNING
from cfmj.engine.danger import danger
from cfmj.engine.distance import IMPOSSIBLE, card_matrix, missing_tiles, needs
from cfmj.engine.reading import READY_CHANCE
from cfmj.engine.scoring import payments
from cfmj.engine.tiles import CODES, JOKER, MAX_COPIES, code, parse_tile
from lessons.content import LessonSource
from tests.course import course_sources

UNIT = (
    "choosing-your-hand",
    "playing-for-the-bonuses",
    "reading-the-table",
    "safe-and-dangerous-discards",
    "when-to-give-up-a-hand",
)
NUMBERS = {f"{n}{suit}" for n in range(1, 10) for suit in "CBD"}
WINGS = "[RD RD RD RD] [GD GD GD GD] [WD WD WD WD]"  # three dragon Kongs: only Dragon's Wings is left


def body(slug: str, title: str) -> str:
    lesson = next(source for source in course_sources() if source.slug == slug)
    return next(step.body for step in lesson.steps if step.title == title)


def away(hand: str, category: str, members: str, pattern: str | None) -> int:
    """How many tiles the hand still wants for one target hand (any suits and fillers)."""
    need = needs(parse_hand(hand, sizes=None))
    return min(int(need[i]) for i, entry in _entries(category, members, pattern))


def nearest_missing(hand: str, category: str, members: str, pattern: str | None) -> list[set[str]]:
    """The tiles each nearest arrangement of the target still misses."""
    held = parse_hand(hand, sizes=None)
    need = needs(held)
    rows = list(_entries(category, members, pattern))
    best = min(int(need[i]) for i, _ in rows)
    return [{code(t) for t in missing_tiles(held, entry)} for i, entry in rows if int(need[i]) == best]


def _entries(category: str, members: str, pattern: str | None) -> list[tuple[int, CardEntry]]:
    wanted = tuple(members.split("-")) if members else ()
    rows = [
        (i, entry)
        for i, entry in enumerate(card_matrix().entries)
        if entry.category == category and entry.members == wanted and entry.pattern == pattern
    ]
    assert rows, (category, members, pattern)
    return rows


@cache
def still_open(exposures: str) -> tuple[frozenset[str], frozenset[str | None], frozenset[str]]:
    """For a player showing these exposures: the categories and patterns of the winning hands
    still open to them, and every tile one of those hands holds beyond the exposed blocks."""
    shown = parse_hand(exposures, sizes=None)
    need = needs(shown)
    categories: set[str] = set()
    patterns: set[str | None] = set()
    usable: set[str] = set()
    for i, entry in enumerate(card_matrix().entries):
        if int(need[i]) >= IMPOSSIBLE:
            continue
        categories.add(entry.category)
        patterns.add(entry.pattern)
        left = Counter(entry.tiles())
        for block in shown.exposures:
            named = next(t for t in block if t != JOKER)
            left[named] -= len(block)
        usable |= {code(t) for t, count in left.items() if count > 0}
    return frozenset(categories), frozenset(patterns), frozenset(usable)


def test_the_unit_follows_the_course_in_order() -> None:
    by_slug: dict[str, LessonSource] = {lesson.slug: lesson for lesson in course_sources()}
    assert [by_slug[slug].number for slug in UNIT] == [21, 22, 23, 24, 25]
    assert by_slug["first-strategy"].number == 20


def test_lesson_21_counts_the_tiles_each_hand_wants() -> None:
    rack = "3D 3D 3D 5D 5D 7D 7D J J WD F 2C 8B"
    text = body("choosing-your-hand", "Count the tiles each hand wants")
    assert away(rack, "consecutive_odds", "3-5-7", "pair_four_pungs") == 3
    assert away(rack, "consecutive_odds", "3-5-7", "two_pungs_two_kongs") == 4
    assert distance(rack).tiles_needed == 3  # the first hand is as close as any
    assert "That is **3 tiles** in all" in text and "That hand wants **4 tiles**" in text
    for pattern in ("pair_four_pungs", "two_pungs_two_kongs"):
        for _, entry in _entries("consecutive_odds", "3-5-7", pattern):
            assert not {"2C", "8B"} & {code(t) for t in entry.tiles()}


def test_lesson_21_sends_jokers_to_big_blocks_and_pairs_to_pair_patterns() -> None:
    jokers = "4C 4C 4C 6C 6C 8C 8C J J J 1B 5D N"
    assert away(jokers, "consecutive_evens", "4-6-8", "two_pungs_two_kongs") == 3
    assert {"E", "W", "S"} in nearest_missing(jokers, "consecutive_evens", "4-6-8", "two_pungs_two_kongs")
    assert away(jokers, "consecutive_evens", "4-6-8", "seven_pairs") == 8
    text = body("choosing-your-hand", "Jokers want big blocks")
    assert "wants **3 tiles**: {{E}}, {{W}} and {{S}}" in text and "wants **8 tiles**" in text

    pairs = "2B 2B 4B 4B 6B 6B 8B 8B F F 3C 7D N"
    assert away(pairs, "consecutive_evens", "2-4-6-8", "five_pairs_kong") == 3
    assert {"E", "W", "S"} in nearest_missing(pairs, "consecutive_evens", "2-4-6-8", "five_pairs_kong")
    assert away(pairs, "consecutive_evens", "2-4-6-8", "two_pungs_two_kongs") == 6
    flowers = "F F F F RD RD RD GD GD J 5C 7B 2D"
    assert away(flowers, "dragons_love", "", None) == 4 == distance(flowers).tiles_needed
    text = body("choosing-your-hand", "Pairs and flowers")
    assert "wants **3 tiles**: {{E}}, {{W}} and {{S}}" in text and "it wants 6" in text
    assert "Dragon's Love wants **4 tiles**. No other hand is closer" in text


def test_lesson_21_keeps_two_hands_that_share_tiles() -> None:
    rack = "3B 3B 4B 5B 5B 6B 7B 7B 9B J F 1D N"
    run = ("consecutive_run", "3-4-5-6-7", "four_pairs_two_pungs")
    odds = ("consecutive_odds", "1-3-5-7-9", "four_pairs_two_pungs")
    assert distance(rack).tiles_needed == away(rack, *run) == away(rack, *odds) == 4
    shared = Counter(["3B", "3B", "5B", "5B", "7B", "7B", "F"])
    for target, own in ((run, {"4B", "6B"}), (odds, {"9B", "1D"})):
        entries = [entry for _, entry in _entries(*target)]
        assert all("N" not in {code(t) for t in entry.tiles()} for entry in entries)  # N serves neither
        held = parse_hand(rack)
        need = needs(held)
        nearest = [e for i, e in _entries(*target) if int(need[i]) == 4]
        assert any(
            not shared - Counter(code(t) for t in e.tiles()) and own <= {code(t) for t in e.tiles()}
            for e in nearest
        ), target
    run_tiles = {code(t) for _, e in _entries(*run) for t in e.tiles()}
    assert not {"9B", "1D"} & run_tiles
    text = body("choosing-your-hand", "Keep two or three hands in mind")
    assert "The {{N}} serves neither, so pass it first" in text


def test_lesson_22_prices_a_call_and_the_suit_bonus() -> None:
    def value(hand: str) -> int:
        result = check(hand)
        assert result.valid, hand
        return int(result.as_dict()["value"])

    assert value("2D 2D 4D 4D 4D 6D 6D 6D 8D 8D 8D WD WD J") == 40
    assert value("2D 2D 4D 4D 4D 8D 8D 8D WD WD J [6D 6D 6D]") == 30
    assert value("2D 2D 4D 4D 4D 6D 6D 6D 8D 8D 8D WD WD WD") == 80  # no jokers: doubled
    assert value("2D 2D 4D 4D 4D 8D 8D 8D WD WD WD [6D 6D 6D]") == 60
    text = body("playing-for-the-bonuses", "What a call costs")
    for words in ("= **40**", "= **30**", "worth **80**", "only **60**", "cost 20 points"):
        assert words in text, words

    advice = call("2D 2D 4D 4D 4D 6D 6D 8D 8D WD WD J S", "6D").as_dict()
    assert advice["call"] == "expose" and advice["tiles_needed_now"] == 2
    assert min(o["tiles_needed_after"] for o in advice["options"] if o["legal"]) == 1
    assert "This rack is 2 tiles away" in body("playing-for-the-bonuses", "When a call is worth it")

    odds = "1D 1D 3D 3D 3D 5D 5D 5D 7D 7D 7D"
    assert [value(f"{odds} {end}") for end in ("9D 9D J", "WD WD J", "RD RD J")] == [45, 40, 35]
    bonuses = check(f"{odds} 9D 9D J").as_dict()["bonuses"]
    assert bonuses["suit"] == bonuses["set"] == 5
    assert check(f"{odds} RD RD J").as_dict()["bonuses"]["suit"] == 0
    text = body("playing-for-the-bonuses", "Aim for the suit bonus")
    assert "= **45**" in text and "**40**" in text and "**35**" in text


def test_lesson_23_reads_pattern_and_set_from_the_exposures() -> None:
    _, pung, _ = still_open("[5D 5D 5D]")
    assert pung == {"two_pungs_two_kongs", "pair_four_pungs", "three_pungs_quint", "four_pairs_two_pungs"}
    _, quint, _ = still_open("[5D 5D 5D 5D J]")
    assert quint == {"three_pungs_quint", "kong_two_quints", "two_pairs_two_quints"}
    west = "[5D 5D 5D] [7C 7C 7C 7C]"
    categories, patterns, usable = still_open(west)
    assert patterns == {"two_pungs_two_kongs"} and categories == {"consecutive_run", "consecutive_odds"}
    for pung_and_kong in ("[RD RD RD] [N N N N]", "[E E E] [W W W W]", "[2B 2B 2B] [GD GD GD GD]"):
        assert still_open(pung_and_kong)[1] == {"two_pungs_two_kongs"}, pung_and_kong
    assert still_open("[F F F] [RD RD RD RD]")[0] == {"dragons_love"}  # flowers come later in the lesson
    assert "F" not in usable
    assert not usable & {f"{n}{suit}" for n in (5, 7) for suit in "CBD"}  # 5 and 7 are used up
    alone, _, usable_alone = still_open("[5D 5D 5D]")
    assert "like_numbers" in alone and {"5C", "5B"} <= usable_alone
    assert still_open("[E E E]")[0] == {"winds"}
    assert still_open("[RD RD RD]")[0] == {
        "consecutive_run",
        "consecutive_odds",
        "consecutive_evens",
        "multiples_of_three",
        "like_numbers",
        "winds",
    }
    assert "must be Two Pungs and Two Kongs" in body("reading-the-table", "Block sizes name the pattern")
    text = body("reading-the-table", "Numbers name the set")
    assert "Consecutive Run or Consecutive Odds" in text and "no use for another 5 or 7" in text


def test_lesson_23_finds_the_one_hand_left_and_counts_tiles_in_sight() -> None:
    categories, patterns, usable = still_open(WINGS)
    assert categories == {"dragons_wings"} and patterns == {None} and usable == {"1B"}
    reading = danger("1B 2C 3C 4C 5C 6C 7C 8C 9C 2D 3D 4D 5D J", [WINGS]).readings[0]
    assert reading.open_hands == 1 and reading.waiting_on() == [parse_tile("1B")]
    wings = check("1B 1B [RD RD RD RD] [GD GD GD GD] [WD WD WD WD]")
    assert wings.valid and wings.as_dict()["value"] == 50
    assert still_open("[F F F]")[0] == {"dragons_love"}
    text = body("reading-the-table", "When only one hand is left")
    assert "the only tile North can still want is {{1B}}" in text and "worth 50 points" in text

    assert MAX_COPIES == 4
    assert not check("6B J 1B 1B 1B 2B 2B 2B 3B 3B 3B 4B 4B 4B").valid  # a Pair needs two real tiles
    assert check("4B 4B 4B 5B 5B 5B 5B 7B 7B 7B 7B [6B J J]").valid  # one 6 Bam and two jokers
    assert "with two jokers beside it" in body("reading-the-table", "Count the tiles in sight")


def test_lesson_24_names_safe_and_deadly_discards() -> None:
    _, _, north = still_open("[N N N] [S S S S]")
    assert north == {"E", "W", "RD", "GD", "WD"}
    assert not north & (NUMBERS | {"F"})
    # The engine's danger reading says the same of a rack with tiles of every kind.
    table = danger("1C 2C 3B 4B 5D 6D 7D 8C 9B F E W RD J", ["[N N N] [S S S S]"], wall=20)
    assert {code(d.tile) for d in table.discards if d.danger > 0} == {"E", "W", "RD"}
    assert all(d.danger == 0 for d in table.discards if code(d.tile) in NUMBERS | {"F", "J"})
    text = body("safe-and-dangerous-discards", "Tiles a player cannot use")
    assert "{{E}}, {{W}}, {{RD}}, {{GD}} and {{WD}}" in text
    assert "Every number tile is safe from North" in text

    joker = call("3B 3B 6B 6B 9B 9B 9B GD GD GD WD WD WD", "J").as_dict()
    assert joker["call"] is None and not any(option["legal"] for option in joker["options"])

    rack = "2D 2D 4D 4D 4D 6D 6D 6D 8D F F J 1B 7C"
    advice = discard(rack, proposed="7C").as_dict()
    assert advice["discard"] == "1B" and advice["tiles_needed"] == 2
    assert advice["graded"]["verdict"] == "best" and advice["graded"]["tiles_needed"] == 2
    west = danger(rack, [WINGS])  # the step speaks of what is safe from West alone
    assert code(west.discards[0].tile) == "1B" and west.discards[0].danger > 0
    assert "only Dragon's Wings" in west.discards[0].why
    assert west.of(parse_tile("7C")).danger == 0 == west.of(JOKER).danger
    text = body("safe-and-dangerous-discards", "Your hand or theirs")
    assert "throw {{7C}} and keep the {{1B}}" in text
    assert west.discards[0].danger >= DANGER_WARNING and "the coach stops you" in text  # its caution


def test_lesson_25_reads_how_close_they_are_and_throws_safe() -> None:
    assert READY_CHANCE[(0, "early")] == 0.06 and READY_CHANCE[(3, "late")] == 0.81
    text = body("when-to-give-up-a-hand", "How close are they?")
    assert "**6 times in 100**" in text and "**8 times in 10**" in text
    assert 13 - 3 * PUNG == 4  # three blocks exposed: nine tiles or more
    assert "at most four tiles still hidden" in text

    west = "[5D 5D 5D] [7C 7C 7C 7C] [WD WD WD WD]"
    _, patterns, usable = still_open(west)
    waits = {"3B", "3D", "6B", "6C", "6D", "9B", "9C"}
    assert patterns == {"two_pungs_two_kongs"} and usable == waits
    rack = "1C 1C 2B 2B 4B 6C 6D 8C 9B N E F F J"
    assert distance(rack).tiles_needed == 5
    assert discard(rack).as_dict()["discard"] == "9B"
    table = danger(rack, [west], wall=20)
    assert {code(t) for t in table.readings[0].waiting_on()} == waits
    assert {code(d.tile) for d in table.discards if d.danger > 0} == {"6C", "6D", "9B"}
    safe = {"1C", "2B", "4B", "8C", "N", "E", "F"}
    assert {code(d.tile) for d in table.discards if d.danger == 0} == safe | {"J"}
    text = body("when-to-give-up-a-hand", "Throwing safe, even from a Pair")
    assert "You are **5 tiles** away" in text
    assert "For your own hand, {{9B}} is the tile to throw. But {{9B}} is one of West's tiles." in text
    assert "{{3B}}, {{3D}}, {{6B}}, {{6C}}, {{6D}}, {{9B}} or {{9C}}" in text
    assert "{{1C}}, {{2B}}, {{4B}}, {{8C}}, {{N}}, {{E}} and {{F}}" in text


def test_lesson_25_says_what_feeding_a_win_costs() -> None:
    paid = payments(winner=0, value=40, discarder=1)
    assert paid[1] == -80 and paid[2] == paid[3] == -40
    assert payments(winner=None, value=0, discarder=None) == [0, 0, 0, 0]
    text = body("when-to-give-up-a-hand", "What giving up saves")
    assert "you pay **twice**" in text and "**nobody pays**" in text and "costs you 80" in text


def test_every_tile_code_is_covered_by_the_safety_reading() -> None:
    """The safety reading above speaks of natural tiles only: a joker is never usable by a caller."""
    for exposures in ("[N N N] [S S S S]", WINGS):
        assert still_open(exposures)[2] <= set(CODES) - {"J"}
