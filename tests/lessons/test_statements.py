"""What the lessons say about the game, held to the engine and to the site's own pictures: each test
pins a statement a learner once read wrong."""

from __future__ import annotations

import re
from pathlib import Path

from cfmj.engine import InputError, check, distance, drills, parse_hand
from cfmj.engine.game import Game
from cfmj.engine.game import events as E
from cfmj.engine.ruleset import HOUSE_RULES, RuleSet
from cfmj.engine.scoring import BY_JOKER_EXCHANGE, counts_as_self_drawn
from cfmj.engine.tiles import CODES, JOKER
from lessons.content import FENCE, TILES, LessonSource, StepSource, read_rules
from tests.course import course_sources

ROOT = Path(__file__).resolve().parents[2]
SITE_CSS = ROOT / "static" / "css" / "site.css"
TILE_ART = ROOT / "static" / "tiles"


def lesson(slug: str) -> LessonSource:
    return next(source for source in course_sources() if source.slug == slug)


def step(slug: str, title: str) -> StepSource:
    return next(s for s in lesson(slug).steps if s.title == title)


def named(text: str) -> set[str]:
    """Every tile code the text draws with {{...}}."""
    return {code for group in TILES.findall(text) for code in group.split()}


def called_to_win(rack: str) -> set[str]:
    """The tiles a discard could bring that finish this 13-tile rack (a thrown joker is dead)."""
    wins = set()
    for tile in CODES:
        if tile == "J":
            continue
        try:
            result = check(f"{tile} {rack}")
        except InputError:  # a fifth copy of a tile the rack holds four of
            continue
        if result.valid:
            wins.add(tile)
    return wins


def test_a_call_that_exposes_a_kong_leaves_the_strategy_hand_two_tiles_away() -> None:
    before = "2D 2D 4D 4D 4D 8D 8D WD WD J [6D 6D 6D]"
    after_kong = "2D 2D 8D 8D WD WD J [6D 6D 6D] [4D 4D 4D 4D]"
    assert distance(before).tiles_needed == 1
    away = distance(after_kong).tiles_needed
    body = step("first-strategy", "When to call, and when not to").body
    assert away == 2
    assert f"**{away} tiles away**" in body
    assert "still be 1 tile away" not in body


def test_the_strategy_lesson_keeps_the_joker_out_of_pairs_and_news() -> None:
    assert not check("2D J 4D 4D 4D 6D 6D 6D 6D 8D 8D 8D 8D WD").valid  # a joker in a Pair
    body = step("first-strategy", "Choose a target hand").body
    assert "fits anywhere" not in body
    assert "never a Pair" in body and "{{N E W S}}" in body


def test_every_tile_that_finishes_a_rack_is_named_where_the_lesson_says_what_finishes_it() -> None:
    calling = ("drawing-discarding-calling", "Calling for Mah Jongg")
    strategy = ("first-strategy", "Call it for Mah Jongg")
    racks = (  # a lesson step, the rack it shows, and the words that start the sentence naming the tiles
        (*calling, "8B 8B 8B 8B 9D 9D 9D RD RD RD [7B 7B 7B]", "After"),
        (*calling, "2B 4B 4B 6C 6C F F 8C 8C 8C [GD GD J]", "A Pair"),
        (*strategy, "2D 2D 4D 4D 4D 8D 8D WD WD J [6D 6D 6D]", "Your rack"),
    )
    for slug, title, rack, start in racks:
        body = step(slug, title).body
        sentence = next(line for line in body.splitlines() if line.startswith(start))
        wins = called_to_win(rack)
        assert wins, (slug, rack)
        assert wins <= named(sentence), (slug, title, sorted(wins))


def test_the_concealed_bonus_step_describes_exposures_as_the_pictures_draw_them() -> None:
    rule = re.search(r"^\.rack-exposed \{[^}]*\}", SITE_CSS.read_text(encoding="utf-8"), re.M)
    assert rule is not None and "dashed" in rule.group(0)
    body = step("bonuses", "The concealed bonus").body
    assert "dashed frame" in body
    assert "In our tile pictures, an exposed block sits in square brackets" not in body


def test_no_picture_shows_an_exposure_of_jokers_alone() -> None:
    """An exposure is made by calling a discard, and a thrown joker cannot be called: every exposed
    block holds the natural tile that was called."""
    texts = [(s.slug, st.number, st.body) for s in course_sources() for st in s.steps]
    texts += [("rules", 0, line.text + line.reading) for section in read_rules() for line in section.lines]
    for slug, number, text in texts:
        groups = TILES.findall(text) + [fence.group(2) for fence in FENCE.finditer(text)]
        for group in groups:
            for exposure in parse_hand(group).exposures:
                assert any(tile != JOKER for tile in exposure), (slug, number, group)


def test_the_deal_step_teaches_the_real_deal_and_its_numbers_add_up() -> None:
    body = step("the-deal", "Building the wall and dealing").body
    for word in ("dice", "break", "4 tiles", "**12**"):
        assert word in body, word
    game = Game(1, RuleSet(), 0)
    dealt = sorted(len(e.tiles) for e in game.events if isinstance(e, E.Dealt))
    assert dealt == [13, 13, 13, 14]
    assert dealt[-1] == 3 * 4 + 2 and dealt[0] == 3 * 4 + 1  # three rounds of 4, then 2 for East, 1 each
    assert "Tiles are handed out in turn order" not in body


def test_the_house_rules_lesson_names_all_its_house_rules_in_its_step_titles() -> None:
    numbers = {
        int(n)
        for s in lesson("house-rules-and-skill-levels").steps
        if "house rule" in s.title.lower()
        for n in re.findall(r"\d", s.title)
    }
    assert numbers == set(HOUSE_RULES)


def test_the_house_rules_lesson_checks_each_of_the_levels_its_last_step_teaches() -> None:
    spec = step("house-rules-and-skill-levels", "Skill levels 3, 4 and 5").check
    asked = set()
    for seed in range(30):
        puzzle = drills.generate(spec.kind, seed=seed, band=spec.band, focus=spec.focus)
        asked.add(puzzle.answer.get("choice"))
    assert asked == {"l3", "l4", "l5"}


def test_the_joker_exchange_lesson_checks_how_a_win_by_joker_exchange_scores() -> None:
    spec = step("joker-exchange", "Winning with a swap").check
    own = counts_as_self_drawn(BY_JOKER_EXCHANGE)
    for seed in range(20):
        puzzle = drills.generate(spec.kind, seed=seed, band=spec.band, focus=spec.focus)
        hand = puzzle.question.get("hand")
        assert hand is not None and "joker" in puzzle.question["prompt"]
        value = check(hand, self_drawn=own).as_dict()["value"]
        assert puzzle.answer["choice"] == f"p{value}", puzzle.question["prompt"]


def test_the_dead_joker_step_says_a_thrown_joker_is_the_safe_discard() -> None:
    body = step("drawing-discarding-calling", "A thrown joker is dead").body
    assert "completely safe" in body
    assert "never give another player Mah Jongg" in body


def test_lesson_1_describes_the_suit_signs_our_pictures_draw() -> None:
    crak = (TILE_ART / "5C.svg").read_text(encoding="utf-8")
    assert "<polygon" in crak  # the diamond seal
    assert not re.search(r"[\u2e80-\u9fff]", crak)  # no Chinese character is drawn
    body = step("the-tiles", "Three suits of numbers").body
    assert "**diamond** on Craks" in body
    assert "Crak tiles carry a Chinese character" not in body
