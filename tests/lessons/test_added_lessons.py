"""The two lessons added to the course, "A game in five minutes" (lesson 3) and "Real tiles and the
table" (lesson 18): where they sit in the course, that lessons named by number in the text are the
ones meant, and that adding lessons in front of a learner's place
keeps their progress where it was (progress belongs to a lesson row, found by its slug)."""

from __future__ import annotations

import dataclasses
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from cfmj.engine import drills
from cfmj.engine.game import RandomPlayer, play_match
from cfmj.engine.game.advice_player import AdvicePlayer
from cfmj.engine.scoring import BY_JOKER_EXCHANGE, BY_WALL, counts_as_self_drawn, payments
from lessons.models import Lesson, LessonProgress
from lessons.services import lessons_load
from tests.accounts.factories import UserFactory
from tests.course import course_sources

ADDED = ("a-game-in-five-minutes", "real-tiles-and-the-table")
TILE_GROUP = re.compile(r"```hand.*?```|\{\{[^}]*\}\}", re.S)  # drawn as tiles, not read as words
MENTION = re.compile(r"\b[Ll]essons? (\d+)(?: (?:to|and) (\d+))?")
# Every "Lesson N" a lesson's text says, and the lesson it means: renumbering the course fails here
# until the text is brought up to date.
MENTIONS = {
    ("blocks", 4): "jokers",
    ("a-game-in-five-minutes", 14): "the-charleston",
    ("a-game-in-five-minutes", 5): "the-ten-patterns",
    ("a-game-in-five-minutes", 9): "dragon-hands",
    ("bonuses", 12): "doubling-and-payouts",
    ("doubling-and-payouts", 11): "bonuses",
    ("doubling-and-payouts", 16): "joker-exchange",
    ("doubling-and-payouts", 19): "house-rules-and-skill-levels",
    ("the-charleston", 19): "house-rules-and-skill-levels",
    ("real-tiles-and-the-table", 13): "the-deal",
    ("real-tiles-and-the-table", 16): "joker-exchange",
    ("house-rules-and-skill-levels", 12): "doubling-and-payouts",
}


def _number(slug: str) -> int:
    return next(lesson.number for lesson in course_sources() if lesson.slug == slug)


def test_the_game_comes_right_after_blocks_and_real_tiles_after_the_play_lessons() -> None:
    assert _number("a-game-in-five-minutes") == _number("blocks") + 1 == 3
    assert _number("a-game-in-five-minutes") < _number("jokers")
    assert _number("dead-hands-and-wall-games") < _number("real-tiles-and-the-table")
    assert _number("real-tiles-and-the-table") + 1 == _number("house-rules-and-skill-levels")


READING_WORDS_A_MINUTE = 150  # an unhurried reader, new to the game
SECONDS_A_QUESTION = 20  # a check or a quiz question: read it, choose, press


def test_a_game_in_five_minutes_takes_about_five_minutes() -> None:
    """Its title is a promise: its words read at an unhurried pace, and its checks and quiz
    answered, take five minutes or a little less (it once took ten: 782 words, 10 questions)."""
    lesson = next(source for source in course_sources() if source.slug == "a-game-in-five-minutes")
    texts = [lesson.intro, *(f"{step.title} {step.body}" for step in lesson.steps)]
    words = sum(len(TILE_GROUP.sub(" ", text).split()) for text in texts)
    questions = len(lesson.steps) + len(lesson.quiz)
    minutes = words / READING_WORDS_A_MINUTE + questions * SECONDS_A_QUESTION / 60
    assert 4 <= minutes <= 5, (words, questions, minutes)


def test_each_step_of_the_game_checks_what_that_step_shows() -> None:
    """The deal is checked on the step that deals (it was once checked on the turns' step)."""
    lesson = next(source for source in course_sources() if source.slug == "a-game-in-five-minutes")
    for step in lesson.steps:
        asks = drills.focus_lines(step.check.kind, step.check.focus)
        assert asks is not None and set(asks) & set(step.teaches), (step.number, asks, step.teaches)
    checked = {step.check.focus: step.number for step in lesson.steps}
    assert "deal" not in checked or checked["deal"] == 1
    assert checked["after_call"] == 3 and "6_draw_then_discard" in lesson.steps[2].teaches


def test_every_lesson_named_by_number_in_the_text_is_the_one_meant() -> None:
    by_number = {lesson.number: lesson.slug for lesson in course_sources()}
    found = set()
    for lesson in course_sources():
        texts = [lesson.intro, lesson.summary] + [step.body for step in lesson.steps]
        for text in texts:
            for match in MENTION.finditer(text):
                for number in filter(None, match.groups()):
                    key = (lesson.slug, int(number))
                    assert key in MENTIONS, f"{lesson.slug} names lesson {number}: add it to MENTIONS"
                    assert by_number[int(number)] == MENTIONS[key], (key, by_number[int(number)])
                    found.add(key)
    assert found == set(MENTIONS)


@pytest.mark.django_db
def test_a_learner_keeps_their_place_when_lessons_are_added_before_it(client) -> None:
    """The course as it was (without the added lessons, numbered 1 to 18), a learner who had done
    lessons 1 and 2 and was at step 2 of Jokers; then the course with them (load_lessons)."""
    full = list(course_sources())
    before = [lesson for lesson in full if lesson.slug not in ADDED]
    lessons_load(sources=[dataclasses.replace(lesson, number=n) for n, lesson in enumerate(before, 1)])
    old = {lesson.slug: lesson for lesson in Lesson.objects.all()}
    assert old["jokers"].number == 3 and old["first-strategy"].number == 18
    user = UserFactory()
    done = timezone.now()
    for slug in ("the-tiles", "blocks"):
        LessonProgress.objects.create(user=user, lesson=old[slug], step_reached=4, completed_at=done)
    LessonProgress.objects.create(user=user, lesson=old["jokers"], step_reached=2)

    report = lessons_load(sources=full)

    assert (report.created, report.retired) == (2, 0)
    now = {lesson.slug: lesson for lesson in Lesson.objects.all()}
    assert all(now[slug].pk == lesson.pk for slug, lesson in old.items())  # the same rows, renumbered
    assert now["jokers"].number == 4 and now["first-strategy"].number == 20
    mine = {p.lesson.slug: p for p in LessonProgress.objects.filter(user=user).select_related("lesson")}
    assert set(mine) == {"the-tiles", "blocks", "jokers"}
    assert mine["jokers"].step_reached == 2 and mine["blocks"].completed_at == done
    client.force_login(user)
    states = {s.lesson.slug: s for s in client.get(reverse("lessons:course")).context["states"]}
    assert states["a-game-in-five-minutes"].in_turn and not states["a-game-in-five-minutes"].done
    assert states["jokers"].in_turn and states["jokers"].next_step == 3  # begun: still counts in turn
    assert not states["the-ten-patterns"].in_turn
    page = client.get(reverse("lessons:step", args=["jokers", 3]))
    assert page.status_code == 200


def _step(slug: str, title: str) -> str:
    lesson = next(source for source in course_sources() if source.slug == slug)
    return next(step.body for step in lesson.steps if step.title == title)


def test_the_table_lesson_pays_and_passes_the_deal_as_the_engine_does() -> None:
    body = _step("real-tiles-and-the-table", "Chips, paying, and the next deal")
    value, east, south, west = 50, 0, 1, 2
    paid = payments(winner=3, value=value, discarder=east)
    assert f"a hand worth {value} is won with a tile East threw" in body
    assert f"East pays {-paid[east]} chips' worth, South and West {-paid[south]} each" in body
    assert paid[south] == paid[west] and -paid[east] == 2 * value
    for won_by in (BY_WALL, BY_JOKER_EXCHANGE):
        assert counts_as_self_drawn(won_by)
        assert set(payments(winner=3, value=value, discarder=None)[:3]) == {-value}
    assert payments(winner=None, value=0, discarder=None) == [0, 0, 0, 0] and "**nobody pays**" in body
    # The deal passes right after every hand: East wins the first hand of this match, the second
    # is a wall game, and the dealer moves one seat on after each.
    match = play_match(3, [AdvicePlayer(), RandomPlayer(1), RandomPlayer(2), RandomPlayer(3)], hands=3)
    assert [hand.winner for hand in match.hands] == [0, None, 0]
    assert match.dealers == (0, 1, 2)
    assert "After **every** hand, won or a wall game, the deal passes to the **right**" in body


def test_the_table_lesson_names_the_tiles_it_describes() -> None:
    body = _step("real-tiles-and-the-table", "What real tiles look like")
    for tile, words in (("1B", "bird"), ("WD", "Soap"), ("F", "pictures"), ("J", "JOKER")):
        assert f"{{{{{tile}}}}}" in body and words in body, tile
