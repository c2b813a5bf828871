"""'Taught in Lesson N': a marked answer links the step that teaches the rule line it turns on,
and where that lesson is later in the course for the learner (not in turn), also says the rule in
place, with the link to read it now."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from cfmj.engine import drills, reasons
from cfmj.engine.drills.rule_lines import REASON_LINES, graded_lines, hand_lines
from cfmj.engine.rulebook import RULE_LINES
from lessons import selectors
from lessons.models import Lesson, LessonProgress
from tests.accounts.factories import UserFactory
from tests.practice.factories import PuzzleFactory


def test_every_reason_a_hand_loses_is_a_rule_line_of_its_own_section() -> None:
    assert set(REASON_LINES) == set(reasons.CATALOGUE)
    for reason_id, line in REASON_LINES.items():
        section = reasons.CATALOGUE[reason_id][0]
        assert RULE_LINES[line].section.startswith(section.split(".")[0]), (reason_id, line)


def test_a_hand_turns_on_its_own_bonuses_only() -> None:
    plain = hand_lines("1C 1C 1C 2C 2C 2C 3C 3C 3C F F RD RD RD", self_drawn=False)
    assert "3_concealed_bonus" in plain and "3_value_formula" in plain
    assert "3_pairs_bonus" not in plain and "3_quints_bonus" not in plain
    assert {"2_3_consecutive_run", "2_2_pattern_pair_four_pungs", "2_4_flowers_one_pair"} <= set(plain)
    assert hand_lines("1C 1C 1C 2C 2C 2C 3C 3C 3C 4C 4C 4C 5C J", self_drawn=False) == (
        "2_1_jokers_never_in_pairs",
    )
    assert hand_lines("not a hand", self_drawn=False) == ()


def test_a_rules_quiz_answer_turns_on_its_topic() -> None:
    puzzle = drills.generate("rules_quiz", seed=1, band=1, focus="notation")
    graded = drills.grade("rules_quiz", puzzle.question, puzzle.answer, {})
    [section] = graded_lines("rules_quiz", puzzle.question, sections=graded.rules)
    assert (section.lines, section.exact) == (("1_notation",), True)


@pytest.mark.django_db
def test_each_answer_links_the_step_teaching_its_line_not_the_sections_first(course: list[Lesson]) -> None:
    def labels(kind: str, question: dict[str, Any], sections: tuple[str, ...]) -> list[str]:
        lines = graded_lines(kind, question, sections=sections)
        refs = selectors.rule_references(lines, lessons_in_turn=None)
        return [t.teacher.label for ref in refs for t in ref.taught]

    charleston = labels("charleston", {}, ("6",))
    assert (
        len(charleston) == 1 and charleston[0].startswith("Lesson 14") and "Four seats" not in charleston[0]
    )
    notation = labels("rules_quiz", {"topic": "notation"}, ("1",))
    assert notation == [selectors.teachers().by_line["1_notation"].label]
    section_first = selectors.teacher_of("1")  # what every §1 answer linked: lesson 1, step 1
    assert section_first is not None and notation != [section_first.label]
    no_pairs = labels("worth", {"hand": "1C 1C 1C 2C 2C 2C 3C 3C 3C F F RD RD RD"}, ("3",))
    assert no_pairs and not any("pairs bonus" in label.lower() for label in no_pairs)
    assert selectors.teachers().by_line["3_concealed_bonus"].label in no_pairs


def _served_worth(client: Client) -> Any:
    PuzzleFactory(kind="worth")
    page = client.get(reverse("practice:drill", args=["worth"]))
    puzzle = page.context["puzzle"]
    return client.post(
        reverse("practice:answer", args=[puzzle.pk]),
        {"token": str(page.context["token"]), "value": "1", "discarder": "2"},  # both parts: marked
        HTTP_HX_REQUEST="true",
    )


@pytest.mark.django_db
def test_a_lesson_later_in_the_course_has_its_rule_said_in_place_and_linked_to_read(
    client: Client, course: list[Lesson]
) -> None:
    client.post(reverse("practice:range"), {"everything": "on"})  # a newcomer meets worth by practising ahead
    html = _served_worth(client).content.decode()  # a newcomer: only lesson 1 is in turn
    assert 'href="/rules/#section-3"' in html
    assert "taught in <a" not in html and 'class="rule-in-place"' in html
    words = {line.id: line.text for s in selectors.rules_reference() for line in s.lines}
    said = words["3_value_formula"].split(".")[0]  # "Start at 25 and add the bonuses"
    assert said and said in html
    value_step = selectors.teachers().by_line["3_value_formula"]
    assert f'Taught in <a href="{value_step.url}">{value_step.label}</a>, later in the course' in html
    assert client.get(value_step.url).status_code == 200  # no dead end: every lesson opens to read


@pytest.mark.django_db
def test_an_open_lesson_is_linked(client: Client, course: list[Lesson]) -> None:
    user = UserFactory()
    for lesson in course:
        LessonProgress.objects.create(user=user, lesson=lesson, completed_at=timezone.now())
    client.force_login(user)
    html = _served_worth(client).content.decode()
    assert 'taught in <a href="/lessons/' in html and 'class="rule-in-place"' not in html
    value_step = selectors.teachers().by_line["3_value_formula"]
    assert f'href="{value_step.url}"' in html
