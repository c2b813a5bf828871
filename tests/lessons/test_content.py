"""The course files: every lesson renders, every tile string parses, and the coverage map holds:
every rule line of RULES.md §2–§6 is taught by some lesson step and practised by some drill kind
(and §1 is taught). Every [D] reading is stated where it is taught and in the reference."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone

from cfmj.engine import drills, parse_hand
from cfmj.engine.rulebook import RULE_LINES
from lessons.content import FENCE, TILES, ContentError, read_lesson, read_lessons, read_rules
from lessons.models import Lesson, LessonProgress
from tests.accounts.factories import UserFactory
from tests.course import course_sources

RULES_MD = Path(__file__).resolve().parents[2] / "docs" / "RULES.md"
# The rule lines RULES.md marks [D] (a reading the site chose); the test below counts the marks.
DECISIONS = (
    "2_1_all_joker_block",
    "2_4_one_news_block",
    "2_7_best_arrangement_scores",
    "3_dragon_hands_no_doubling",
    "3_joker_exchange_counts_as_self_drawn",
    "3_base_option",
    "5_dragon_hands_bound_literally",
    "6_joker_exchange_several",
    "6_mistaken_mah_jongg",
)


def _taught() -> dict[str, list[str]]:
    taught: dict[str, list[str]] = {}
    for lesson in course_sources():
        for step in lesson.steps:
            for line in step.teaches:
                taught.setdefault(line, []).append(f"{lesson.slug} step {step.number}")
    return taught


def test_it_has_the_whole_course_in_order() -> None:
    lessons = course_sources()
    assert [lesson.number for lesson in lessons] == list(range(1, len(lessons) + 1))
    assert len(lessons) >= 18
    for lesson in lessons:
        assert 3 <= len(lesson.steps) <= 6, lesson.slug
        assert 3 <= len(lesson.quiz) <= 5, lesson.slug


def test_every_check_and_quiz_can_be_asked_within_what_was_taught() -> None:
    """The site's reader makes a puzzle for every step's check and quiz entry within what the
    learner knows there (ContentError if one cannot be made) and reads the same course as the
    tests' course_sources (which leaves those puzzles out)."""
    assert tuple(read_lessons()) == course_sources()


def test_each_steps_check_asks_about_what_that_step_teaches() -> None:
    """Never checked after it is taught (only on an earlier step's rule, as lesson 3's third step
    once asked how many tiles West is dealt, taught in its first) nor before (on a rule only a
    later step teaches): where a check's focus names the rule lines it asks about, one of them is
    among its own step's. The loader refuses a lesson that breaks this (lessons.content)."""
    held = 0
    for lesson in course_sources():
        for step in lesson.steps:
            asks = drills.focus_lines(step.check.kind, step.check.focus)
            if asks is None or not step.teaches:  # a strategy step teaches no line: it practises
                continue
            assert set(asks) & set(step.teaches), (lesson.slug, step.number, asks, step.teaches)
            held += 1
    assert held >= 40  # the Quick rules, Name the hand and bonus checks: the rule is not held vacuously


def test_it_teaches_every_rule_line_in_some_step() -> None:
    untaught = sorted(set(RULE_LINES) - set(_taught()))
    assert not untaught, f"no lesson step teaches: {untaught}"


def test_it_practises_every_rule_line_of_sections_2_to_6_in_some_drill() -> None:
    practised = {line for lines in drills.PRACTISES.values() for line in lines}
    unpractised = sorted(
        line
        for line, rule in RULE_LINES.items()
        if not rule.section.startswith("1") and line not in practised
    )
    assert not unpractised, f"no drill kind practises: {unpractised}"


def test_it_states_every_reading_the_site_chose_where_it_is_taught() -> None:
    text = RULES_MD.read_text(encoding="utf-8")
    assert text[text.index("## 2.") :].count("[D]") == len(DECISIONS)
    bodies = {(lesson.slug, step.number): step.body for lesson in course_sources() for step in lesson.steps}
    for line in DECISIONS:
        places = [
            (lesson.slug, step.number)
            for lesson in course_sources()
            for step in lesson.steps
            if line in step.teaches
        ]
        assert any("**Our reading:**" in bodies[place] for place in places), line
    readings = {rule.id for section in read_rules() for rule in section.lines if rule.reading}
    assert set(DECISIONS) <= readings


def test_it_parses_every_tile_string_in_the_content() -> None:
    count = 0
    for lesson in course_sources():
        for text in [lesson.intro] + [step.body for step in lesson.steps]:
            for group in TILES.findall(text):
                parse_hand(group)
                count += 1
            for fence in FENCE.finditer(text):
                parse_hand(fence.group(2).strip())
                count += 1
    for section in read_rules():
        for rule in section.lines:
            for group in TILES.findall(rule.text + rule.reading):
                parse_hand(group)
                count += 1
    assert count > 100


@pytest.mark.django_db
def test_it_renders_every_step_and_quiz_of_every_lesson(client, course: list[Lesson]) -> None:
    user = UserFactory()
    for lesson in course:
        LessonProgress.objects.create(user=user, lesson=lesson, completed_at=timezone.now())
    client.force_login(user)
    for lesson in course:
        assert client.get(reverse("lessons:lesson", args=[lesson.slug])).status_code == 200
        for step in lesson.steps.all():
            response = client.get(reverse("lessons:step", args=[lesson.slug, step.number]))
            assert response.status_code == 200, (lesson.slug, step.number)
            assert b"{{" not in response.content, (lesson.slug, step.number)  # every tile group drawn
        assert client.get(reverse("lessons:quiz", args=[lesson.slug])).status_code == 200


HEAD = (
    "+++\ntitle='T'\nsummary='S'\ndrills=['winning_hand']\n"
    "quiz=[['rules_quiz','tiles'], ['rules_quiz','seats'], ['rules_quiz','deal']]\n+++\n"
)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("no front matter", "front matter"),
        ("+++\ntitle = 'T'\n+++\n## S\nteaches: 2_1_blocks_are_identical_tiles\n", "'summary' is missing"),
        (HEAD + "## S\nteaches: not_a_rule\n", "not_a_rule is not a rule line id"),
        (
            HEAD
            + "## S\nteaches: 2_1_blocks_are_identical_tiles\n"
            + "Text {{5D 5Q}}.\n```check\nrules_quiz tiles\n```\n",
            "'5D 5Q'",
        ),
        (HEAD + "## S\nteaches: 2_1_blocks_are_identical_tiles\nText.\n", "exactly one ```check"),
        (
            HEAD + "## S\nteaches: 2_1_blocks_are_identical_tiles\nText.\n```check\nworth poker\n```\n",
            "poker",
        ),
        (  # checked after it is taught: the deal, on the step that teaches the turn
            HEAD + "## Turns\nteaches: 6_draw_then_discard\nText.\n```check\nrules_quiz deal\n```\n",
            "step 1 .Turns.: its check .rules_quiz deal. asks about 6_deal, which this step does not teach",
        ),
        (  # checked before it is taught: jokers, on the step that teaches blocks
            HEAD
            + "## Blocks\nteaches: 2_1_blocks_are_identical_tiles\nText.\n"
            + "```check\nrules_quiz jokers_in_blocks\n```\n",
            "asks about 2_1_jokers_never_in_pairs, 2_1_quint_needs_a_joker",
        ),
    ],
)
def test_it_names_the_file_and_the_problem_in_a_broken_lesson(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "01-broken.md"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError, match=message.replace("(", r"\(")) as raised:
        read_lesson(path)
    assert "01-broken.md" in str(raised.value)
