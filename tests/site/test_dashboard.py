"""/practice/dashboard/ and /practice/: ratings, accuracy, streak and mistakes."""

from __future__ import annotations

import datetime
import re
import uuid

import pytest
from django.urls import reverse

from cfmj.accounts.learners import Learner
from cfmj.engine import drills
from practice import services
from practice.making import daily_set_build
from practice.models import Puzzle, ReviewItem, SkillRating
from practice.selectors import SETTLED, level_name, skill_summaries
from tests.engine.drills.helpers import right_response, wrong_response
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db


def test_it_shows_ratings_charts_and_mistakes_after_twenty_answers(client, django_user_model) -> None:
    user = django_user_model.objects.create_user("ivy", password="pw-tiles-123")
    learner = Learner(user, "v")
    for i in range(20):
        puzzle = PuzzleFactory(kind="worth" if i % 2 else "winning_hand")
        answer = wrong_response(puzzle) if i % 5 == 0 else right_response(puzzle)
        services.attempt_record(learner=learner, puzzle_id=puzzle.pk, token=uuid.uuid4(), response=answer)
    client.force_login(user)
    page = client.get(reverse("practice:dashboard"))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Level over time" in html and "<svg" in html and "Accuracy per skill" in html
    assert "What is it worth?" in html and "Winning hand?" in html
    assert "Mistakes to review" in html and "comes back" in html


def test_it_invites_a_visitor_to_sign_up(client) -> None:
    page = client.get(reverse("practice:dashboard"))
    assert page.status_code == 200 and b"Sign up" in page.content


def test_it_lists_every_drill_with_the_level(client) -> None:
    page = client.get(reverse("practice:home"))
    assert page.status_code == 200
    for kind in drills.KINDS:
        assert reverse("practice:drill", args=[kind]).encode() in page.content
    assert b"Not started" in page.content


def test_it_shows_levels_in_words_never_a_bare_rating(client, django_user_model) -> None:
    user = django_user_model.objects.create_user("ren", password="pw-tiles-123")
    learner = Learner(user, "v")
    for _ in range(6):
        puzzle = PuzzleFactory(kind="winning_hand")
        services.attempt_record(
            learner=learner, puzzle_id=puzzle.pk, token=uuid.uuid4(), response=right_response(puzzle)
        )
    rating = SkillRating.objects.get(user=user, kind="winning_hand").rating
    shown = f"{rating:.0f}"
    client.force_login(user)
    for url in (reverse("practice:dashboard"), reverse("practice:home")):
        main = client.get(url).content.decode().split("<main", 1)[-1]
        assert level_name(rating) in main
        assert shown not in main and ">Rating<" not in main, url


def test_it_says_no_level_until_a_few_answers_are_in(client, django_user_model) -> None:
    # Every rating starts at "Steady": after one wrong answer a learner read "Steady" beside 0%.
    user = django_user_model.objects.create_user("ada", password="pw-tiles-123")
    learner = Learner(user, "v")
    for number in range(SETTLED):
        puzzle = PuzzleFactory(kind="worth")
        services.attempt_record(
            learner=learner, puzzle_id=puzzle.pk, token=uuid.uuid4(), response=wrong_response(puzzle)
        )
        worth = next(s for s in skill_summaries(learner) if s.kind == "worth")
        assert (worth.level == "Too early to say") is (number + 1 < SETTLED), (number, worth.level)
        if number == 1:  # the chart, too, waits rather than draw levels the list does not say
            client.force_login(user)
            page = client.get(reverse("practice:dashboard")).content.decode()
            assert "Too early to say: 3 more answers and your level is drawn here." in page
            assert "polyline" not in page  # no level line drawn
    client.force_login(user)
    assert "Too early to say" not in client.get(reverse("practice:dashboard")).content.decode()


def _partly_right(puzzle: Puzzle) -> dict[str, str]:
    """A No with an offered reason that is not the hand's: "Half right" (the hand is right)."""
    question, answer = puzzle.question, puzzle.answer
    reason = next(c["value"] for c in question["choices"] if c["value"] not in answer["reason_ids"])
    return {"valid": "no", "reason": reason}


def _losing(count: int) -> list[Puzzle]:
    puzzles: list[Puzzle] = []
    for seed in range(200):
        if len(puzzles) == count:
            break
        made = drills.generate("winning_hand", seed=seed, band=2)
        if not made.answer["valid"] and len(made.question["choices"]) > 1:
            puzzles.append(PuzzleFactory(kind="winning_hand", seed=seed, band=2))
    return puzzles


@pytest.mark.parametrize("signed_in", [True, False], ids=["account", "visitor"])
def test_a_partly_right_answer_counts_as_half(client, django_user_model, signed_in: bool) -> None:
    """A pass that is good but not the best, or a No with the wrong reason, is partly right: the
    dashboard counts it as half, and says so."""
    if signed_in:
        user = django_user_model.objects.create_user("pat", password="pw-tiles-123")
        learner, _ = Learner(user, ""), client.force_login(user)
    else:
        session = client.session
        session["practice_visitor"] = "v-pat"
        session.save()
        learner = Learner(None, "v-pat")
    first, second = _losing(2)
    half = services.attempt_keep(
        learner=learner, puzzle_id=first.pk, token=uuid.uuid4(), response=_partly_right(first)
    )
    assert (half.graded.headline, half.graded.score, half.attempt.correct) == ("Half right", 0.5, False)
    services.attempt_keep(
        learner=learner, puzzle_id=second.pk, token=uuid.uuid4(), response=right_response(second)
    )
    skill = next(s for s in skill_summaries(learner) if s.kind == "winning_hand")
    assert (skill.attempts, skill.partly) == (2, 1) and skill.accuracy == pytest.approx(0.75)
    html = client.get(reverse("practice:dashboard")).content.decode()
    assert "75% (1 partly right, each counted as half)" in html
    bars = html.split('<ul class="accuracy-bars"', 1)[1].split("</ul>", 1)
    assert (
        '<span class="bar-title">Winning hand?</span>' in bars[0]
        and '<span class="bar-value">75%</span>' in bars[0]
    )
    assert bars[1].lstrip().startswith('<p class="note">A partly right answer counts as half.</p>')


def test_it_leads_with_todays_work_and_folds_the_rest(client, django_user_model) -> None:
    """Today's five as far as it goes, the mistakes due today with the first to open, then each of
    the rest under a closed <details> whose summary says what it holds."""
    user = django_user_model.objects.create_user("meg", password="pw-tiles-123")
    learner = Learner(user, "v")
    today = learner.today()
    daily = daily_set_build(day=today)
    first, second = [entry.puzzle for entry in daily.entries.select_related("puzzle")[:2]]
    for puzzle, answer in ((first, right_response(first)), (second, wrong_response(second))):
        services.attempt_record(
            learner=learner, puzzle_id=puzzle.pk, token=uuid.uuid4(), response=answer, daily_date=today
        )
    due = ReviewItem.objects.create(user=user, puzzle=PuzzleFactory(kind="call"), due=today)
    ReviewItem.objects.filter(puzzle=second).update(due=today + datetime.timedelta(days=1))
    client.force_login(user)
    page = client.get(reverse("practice:dashboard"))
    assert page.status_code == 200
    html = page.content.decode()
    today_card = html.split('<section class="card today-work"', 1)[1].split("</section>", 1)[0]
    assert "2 of 5 answered." in today_card and "Carry on with today's five" in today_card
    assert "1 due today." in today_card
    assert reverse("practice:mistake", args=[due.pk]) in today_card
    assert html.index("today-work") < html.index('<details class="fold">')
    folds = re.findall(r'<details class="fold">\s*<summary><h2[^>]*>([^<]+)</h2></summary>', html)
    assert folds == [
        "Level per skill",
        "Charts: accuracy and level over time",
        "Hands against the bots",
        "Mistakes to review (2)",
    ]
    assert '<details class="fold" open' not in html


def test_it_says_when_todays_five_is_done_and_no_mistake_is_due(client, django_user_model) -> None:
    user = django_user_model.objects.create_user("bea", password="pw-tiles-123")
    learner = Learner(user, "v")
    today = learner.today()
    for entry in daily_set_build(day=today).entries.select_related("puzzle"):
        services.attempt_record(
            learner=learner,
            puzzle_id=entry.puzzle.pk,
            token=uuid.uuid4(),
            response=right_response(entry.puzzle),
            daily_date=today,
        )
    client.force_login(user)
    today_card = client.get(reverse("practice:dashboard")).content.decode().split("today-work", 1)[1]
    today_card = today_card.split("</section>", 1)[0]
    assert "all 5 done, 5 right." in today_card and "today's five</a>" not in today_card
    assert "none due today." in today_card


def test_its_charts_say_their_labels_in_the_pages_text(client, django_user_model) -> None:
    """The accuracy per skill and the level lines: names, figures and levels are HTML text (which
    large print makes larger), not 11-pixel text drawn in the pictures."""
    user = django_user_model.objects.create_user("kim", password="pw-tiles-123")
    learner = Learner(user, "v")
    for i in range(SETTLED + 1):
        puzzle = PuzzleFactory(kind="worth")
        answer = wrong_response(puzzle) if i == 0 else right_response(puzzle)
        services.attempt_record(learner=learner, puzzle_id=puzzle.pk, token=uuid.uuid4(), response=answer)
    client.force_login(user)
    html = client.get(reverse("practice:dashboard")).content.decode()
    bar = re.search(r'<ul class="accuracy-bars".*?</ul>', html, re.S)
    assert bar is not None
    assert '<span class="bar-title">What is it worth?</span>' in bar.group(0)
    assert '<span class="bar-value">83%</span>' in bar.group(0)
    assert "<text" not in html
    level = level_name(SkillRating.objects.get(user=user).rating)
    assert f'<span class="chart-level" aria-hidden="true">{level}</span>' in html
