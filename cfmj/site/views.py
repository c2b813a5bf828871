"""The pages that put several apps together: the home page (a teacher's classes, or the course and
the drills), the practice dashboard (drills, lessons and hands played), and the Play page (the
class's rules and the homework a hand counts for)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from cfmj.accounts.learners import learner_of
from cfmj.classes.selectors import classes_of, invites_for, play_homework_of
from cfmj.classes.teacher_home import teacher_home
from cfmj.core.http import sent_number
from cfmj.engine import BASES, coach
from cfmj.engine.labels import HOUSE_RULE_LABELS, SKILL_LEVEL_LABELS
from cfmj.play import holds
from cfmj.play import selectors as play_selectors
from cfmj.play import services as play_services
from cfmj.play.models import Game
from cfmj.play.stats import PlayStats, play_stats, table_rules
from cfmj.site.practice_page import practice_drills
from lessons.opening import opened_lesson_ids
from lessons.selectors import course_progress, drill_guide, visitor_checks_missed
from practice import selectors
from practice.making import DAILY_SIZE
from practice.reach import reach_of

EXAMPLE_HAND = "4B 4B 4B 6B 6B 6B 8B 8B 8B RD RD RD F F"


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    learner = learner_of(request)
    if learner.user is not None and learner.user.is_teacher:  # a teacher's home: their classes
        context = {
            "home": teacher_home(learner.user, learner.today()),
            "invites": invites_for(learner.user),
        }
        return render(request, "classes/teacher_home.html", context)
    lessons_progress = course_progress(learner, assigned=opened_lesson_ids(learner.user))
    context = {"example_hand": EXAMPLE_HAND, "lessons_progress": lessons_progress, "drills": drill_guide()}
    return render(request, "home.html", context)


@require_GET
def practice_home(request: HttpRequest) -> HttpResponse:
    """Every drill, what it practises and the lesson that teaches it, those that fit where the
    learner is first; and their choice to practise everything."""
    learner = learner_of(request)
    reach = reach_of(learner, request.session)
    drills = practice_drills(learner, reach)
    context = {
        "ready": [row for row in drills if row.opening is None],
        "later": [row for row in drills if row.opening is not None],
        "reach": reach,
        "known": reach.scope.summary() if reach.scope is not None else [],
        "streak": selectors.streak_of(learner),
        "next": reverse("practice:home") + "#range",
    }
    return render(request, "practice/home.html", context)


@require_GET
def dashboard(request: HttpRequest) -> HttpResponse:
    learner = learner_of(request)
    skills = selectors.skill_summaries(learner)
    histories = {s.kind: selectors.rating_history(learner, s.kind) for s in skills if s.attempts}
    return render(
        request,
        "practice/dashboard.html",
        {
            "today_work": selectors.today_work(learner, size=DAILY_SIZE),
            "skills": skills,
            "histories": histories,
            "streak": selectors.streak_of(learner),
            "mistakes": selectors.mistakes(learner)[:20],
            "mistakes_count": selectors.mistakes(learner).count(),
            "missed": selectors.visitor_missed(learner) + visitor_checks_missed(learner),
            "signed_in": learner.is_user,
            "today": learner.today(),
            "lessons_progress": course_progress(learner, assigned=opened_lesson_ids(learner.user)),
            "play": play_stats(learner.user) if learner.user is not None else PlayStats.none(),
        },
    )


@require_GET
def play_home(request: HttpRequest) -> HttpResponse:
    """The Play page: for an account, with its class's rules and the homework a hand counts for;
    for a visitor, the same start form and their own hands, and what needs an account (tables,
    classes, homework, sharing) said in words with a sign-up link."""
    learner = learner_of(request)
    user = learner.user
    classroom = classes_of(user, "student").order_by("pk").first() if user is not None else None
    defaults = {
        "bot_level": coach.DEFAULT_LEVEL,
        "house_rules": list(classroom.house_rules) if classroom else [],
        "skill_level": classroom.skill_level if classroom else 0,
        "base": BASES[0],
        "mode": Game.Mode.PRACTICE,
        "coach": Game.Coach.ON_REQUEST,
        "from_class": classroom.name if classroom else "",
    }
    homework = play_homework_of(user, sent_number(request.GET.get("homework"))) if user is not None else None
    if homework is not None:  # the table and mode the homework counts
        rules, level = table_rules(homework.assignment.table)
        defaults.update(house_rules=rules, skill_level=level, from_class="")
        defaults["mode"] = homework.assignment.play_mode
    finished = play_selectors.games_over(learner)
    most = settings.PLAY_UNFINISHED_MAX if user is not None else settings.PLAY_VISITOR_UNFINISHED_MAX
    context = {
        "homework": homework,
        "defaults": defaults,
        "levels": coach.LEVELS.items(),
        "house_rules": HOUSE_RULE_LABELS.items(),
        "skill_levels": SKILL_LEVEL_LABELS.items(),
        "bases": BASES,
        "modes": Game.Mode.choices,
        "coach_modes": Game.Coach.choices,
        "playing": play_selectors.games_in_progress(learner),
        "hands_full": play_selectors.hands_unfinished(learner) >= most,
        "hands_most": most,
        "account_most": settings.PLAY_UNFINISHED_MAX,
        "visitors_full": user is None and play_services.visitors_full(),
        "finished": finished,
        "held": holds.held([game.pk for game in finished]),  # a class's deal before it closes
    }
    return render(request, "play/home.html", context)
