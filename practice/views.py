from __future__ import annotations

import datetime
import random
from collections.abc import Mapping
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from cfmj.accounts.learners import Learner, learner_of
from cfmj.accounts.redirects import local_next
from cfmj.core.days import zone_label
from cfmj.core.htmx import render_partial_response
from cfmj.core.http import HtmxHttpRequest
from cfmj.core.ratelimit import rate_limited
from cfmj.engine import Hand, InputError, RuleSet, budget, drills, parse_hand
from cfmj.engine.check import HAND_SIZE
from cfmj.engine.labels import HOUSE_RULE_LABELS, SKILL_LEVEL_LABELS
from practice import answering, checker, making, selectors, services, serving
from practice.homework_open import homework_open
from practice.models import Puzzle, ReviewItem
from practice.reach import Reach, reach_of

EXAMPLES = [
    ("The rulebook's example, won on a discard", "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]"),
    ("A woven hand", "3C 3C 3C 4D 4D 4D 4D 5C 5C 5C 5C RD RD RD"),
    ("A joker in a Pair", "1C 1C 1C 2C 2C 2C 3C 3C 3C 4C 4C 4C 5C J"),
    ("Dragon's Breath", "RD RD GD GD WD WD N N E E W W S S"),
    ("Any Like Numbers with jokers", "5C 5C 5C 5B 5B 5B 5D 5D 5D 5D J J J J"),
]
LONG_SEARCH_WAIT = 3  # seconds: another hand's long search was running
HOMEWORK_CLOSED = (
    "You are no longer in the class that set this homework, so this answer counts for nothing there "
    "and is not kept. Here is how it was marked."
)
ON_DEMAND_BATCH = 10  # generated in the request when a pool is empty (no worker needed)


@require_GET
def check_hand(request: HtmxHttpRequest) -> HttpResponse:
    query = request.GET
    options: dict[str, Any] = {
        "self_drawn": query.get("self_drawn") == "on",
        "house_rules": query.getlist("house_rules"),
        "skill_level": query.get("skill_level") or "0",
        "base": query.get("base") or str(RuleSet().base),
    }
    context: dict[str, Any] = {
        "hand_text": query.get("hand", ""),
        "options": options,
        "verdict": None,
        "error": None,
        "wait": None,
        "house_rules": HOUSE_RULE_LABELS.items(),
        "skill_levels": SKILL_LEVEL_LABELS.items(),
        "examples": EXAMPLES,
    }
    text = query.get("hand", "").strip()
    if not text:
        return _check_page(request, context)
    try:  # reading the hand is cheap; only a hand that can be read goes on to the search
        rules = RuleSet.make(
            house_rules=options["house_rules"], base=options["base"], skill_level=options["skill_level"]
        )
        hand = parse_hand(
            text,
            sizes=(HAND_SIZE,),
            max_jokers=rules.max_jokers,
            max_flowers=rules.max_flowers,
            question="a Mah Jongg hand",
        )
    except InputError as problem:
        context["error"] = str(problem)
        return _check_page(request, context)
    response = _check_judged(request, context, hand=hand, rules=rules)
    if response.status_code == 429 and request.htmx:
        # Said in the verdict's place, where the learner is looking (the page as a whole gets
        # the site's light "please wait" page: refusals must stay cheap under a flood).
        context["wait"] = int(response["Retry-After"])
        response = _check_page(request, context, status=429, retry_after=response["Retry-After"])
    return response


@rate_limited("check", methods=("GET",), light=True)
def _check_judged(
    request: HtmxHttpRequest, context: dict[str, Any], *, hand: Hand, rules: RuleSet
) -> HttpResponse:
    """The verdict, kept or found within settings.CHECK_QUICK_MS: nearly every hand takes a few ms
    (practice.checker). Only these requests count towards RATE_LIMITS["check"], so a hand being
    built tile by tile (sent after every tile) costs one try, not 14."""
    try:
        found = checker.verdict_quick(hand, rules, self_drawn=context["options"]["self_drawn"])
    except budget.OutOfTimeError:
        return _check_slow(request, context, hand=hand, rules=rules)
    return _check_page(request, _with(context, found))


@rate_limited("check_slow", methods=("GET",), light=True)
def _check_slow(
    request: HtmxHttpRequest, context: dict[str, Any], *, hand: Hand, rules: RuleSet
) -> HttpResponse:
    """A hand read so many ways (many jokers, many lone tiles) that it needs longer: again, within
    settings.CHECK_BUDGET_MS, one such search at a time on the whole site, and only a few a minute
    per address, so that nobody can keep the site's workers busy with them."""
    try:
        found = checker.verdict_long(hand, rules, self_drawn=context["options"]["self_drawn"])
    except checker.CheckerBusyError:
        context["wait"] = LONG_SEARCH_WAIT
        return _check_page(request, context, status=429, retry_after=str(LONG_SEARCH_WAIT))
    return _check_page(request, _with(context, found))


def _with(context: dict[str, Any], found: checker.Verdict) -> dict[str, Any]:
    if found.error:
        return {**context, "error": found.error}
    return {**context, "verdict": found.verdict, "receives": found.receives}


def _check_page(
    request: HtmxHttpRequest, context: dict[str, Any], *, status: int = 200, retry_after: str = ""
) -> HttpResponse:
    response = render_partial_response(
        request, "practice/check.html", context, partial="verdict", status=status
    )
    if retry_after:
        response["Retry-After"] = retry_after
    return response


def _kind_or_404(kind: str) -> str:
    if kind not in drills.KINDS:
        raise Http404("No such drill")
    return kind


@require_GET
def drill(request: HttpRequest, kind: str) -> HttpResponse:
    """The next puzzle of a kind, within what the learner's lessons have taught (practice.reach)
    unless they chose to practise everything; a kind their lessons have not opened yet says which
    lesson opens it."""
    kind = _kind_or_404(kind)
    reach = reach_of(learner_of(request), request.session)
    if not reach.opens(kind):
        return _out_of_reach(request, kind, reach)
    learner = learner_of(request, create=True)  # a visitor is given an id: the question is served to it
    puzzle, review = selectors.puzzle_next(kind, learner, reach=reach)
    if puzzle is None:  # an empty pool (no worker yet, or all seen), or none in reach: make some now
        _more_made(kind, learner, reach)
        puzzle, review = selectors.puzzle_next(kind, learner, reach=reach)
    if puzzle is None:
        if reach.scope is not None:  # nothing of this kind fits what the lessons have taught yet
            return _out_of_reach(request, kind, reach)
        raise Http404("No puzzle could be made")
    where = serving.REVIEW if review else serving.DRILL
    token = answering.question_serve(learner=learner, what=serving.puzzle(puzzle.pk), where=where)
    return render(
        request, "practice/drill.html", _puzzle_context(puzzle, token, where, today=learner.today())
    )


def _more_made(kind: str, learner: Learner, reach: Reach) -> None:
    """Puzzles made while the learner waits, when none stored is for them: a batch of the standard
    rules for the full range; within their scope, a few made within it (making.scoped_puzzles_make:
    at most one failed search per band, and SCOPED_BATCH found). A slow kind (seconds a puzzle) is
    never searched for within a scope in a request: one of the standard rules is made, served if
    it fits."""
    count = making.made_in_a_request(kind, ON_DEMAND_BATCH)
    if reach.scope is None or drills.definition(kind).slow:
        making.puzzle_batch_generate(
            kind=kind, band=2, count=count, seed=random.SystemRandom().randrange(2**62)
        )
        return
    band = making.band_near(selectors.rating_target(kind, learner))
    making.scoped_puzzles_make(kind=kind, scope=reach.scope, band=band, count=min(count, making.SCOPED_BATCH))


def _out_of_reach(request: HttpRequest, kind: str, reach: Reach) -> HttpResponse:
    """A drill kind the learner's lessons have not opened yet (or, rarely, with nothing yet within
    what they have taught): which lesson opens it, and the choice to practise everything."""
    definition = drills.definition(kind)
    context = {
        "kind": kind,
        "kind_title": definition.title,
        "description": definition.description,
        "opening": reach.closed.get(kind),
        "reach": reach,
        "known": reach.scope.summary() if reach.scope is not None else [],
        "next": request.path,
    }
    return render(request, "practice/out_of_reach.html", context)


@require_POST
def practice_range(request: HttpRequest) -> HttpResponse:
    """Practise everything ("everything" on), or keep to what the lessons have taught: the
    learner's own choice, kept on their account or for the visit. Nothing else posted counts."""
    services.practice_range_set(
        learner=learner_of(request),
        session=request.session,
        everything=request.POST.get("everything") == "on",
    )
    return redirect(local_next(request, default=reverse("practice:home") + "#range"))


@require_GET
def mistake(request: HttpRequest, review_id: int) -> HttpResponse:
    """One of the learner's mistakes, asked again. Answered while it is due for review, it counts
    as the review; before then it is practice, and the ratings stay as they are."""
    learner = learner_of(request)
    if learner.user is None:
        raise Http404("Mistakes to review are kept for accounts")
    item = get_object_or_404(ReviewItem.objects.select_related("puzzle"), pk=review_id, user=learner.user)
    token = answering.question_serve(
        learner=learner, what=serving.puzzle(item.puzzle_id), where=serving.REVIEW
    )
    context = _puzzle_context(item.puzzle, token, serving.REVIEW, today=learner.today())
    context["mistake"] = item
    context["review"] = False  # the page says what the form's review note would, and when it is due
    return render(request, "practice/drill.html", context)


def _puzzle_context(
    puzzle: Puzzle,
    token: str,
    where: str,
    *,
    today: datetime.date,
    graded: drills.Graded | None = None,
    response: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """A served puzzle's page: its question and answer form (filled in with `response`, if any),
    the verdict once `graded`, and links back to where it was served (`today`: the learner's)."""
    homework = serving.homework_of(where)
    return {
        "puzzle": puzzle,
        "question": puzzle.question,
        "kind_title": drills.KIND_TITLES[puzzle.kind],
        "token": token,
        "graded": graded,
        "review": where == serving.REVIEW,
        "today": today,
        "daily_date": today.isoformat() if serving.daily_date_of(where) == today else None,
        "next_url": reverse("classes:assignment", args=homework) if homework else "",
        "chosen": answering.response_shown(puzzle.kind, response or {}, puzzle.question),
    }


@require_POST
@rate_limited("answer")
def answer(request: HtmxHttpRequest, puzzle_id: int) -> HttpResponse:
    """Mark an answer to a puzzle served to this learner (the token served with it says where:
    a drill, a review, today's set or a homework), once. A blank is asked again, unrecorded."""
    learner = learner_of(request)
    token = request.POST.get("token", "")
    response = answering.response_from_form(request.POST)
    try:
        taken = answering.answer_take(
            learner=learner,
            token=token,
            what=serving.puzzle(puzzle_id),
            questions=lambda _: [_puzzle_or_404(puzzle_id)],
            response_at=lambda _: response,
        )
    except answering.NotServedError as problem:
        return _ask_afresh(request, puzzle_id, problem)
    except answering.BlankAnswerError as blank:
        puzzle = get_object_or_404(Puzzle, pk=puzzle_id)
        context = _puzzle_context(puzzle, token, blank.served.where, today=learner.today(), response=response)
        context["blank"] = True  # the same question again, with what was filled in
        context["asks"] = blank.asks  # what is missing or unreadable, in words
        return render_partial_response(request, "practice/drill.html", context, partial="verdict")
    served, today = taken.served, learner.today()
    if served.homework is not None and not homework_open(learner.user, *served.homework):
        return _marked_not_kept(request, puzzle_id, token, taken, today=today)
    try:
        kept = services.attempt_keep(
            learner=learner,
            puzzle_id=puzzle_id,
            token=served.once,
            response=response,
            daily_date=today if served.daily_date == today else None,
            marked=taken.marked[0],
        )
    except Puzzle.DoesNotExist:
        raise Http404("No such puzzle") from None
    attempt = kept.attempt
    context = _puzzle_context(
        attempt.puzzle, token, served.where, today=today, graded=kept.graded, response=attempt.response
    )
    context["replay"] = not attempt.rated
    context["again"] = not kept.first  # sent before: shown, not counted
    return render_partial_response(request, "practice/drill.html", context, partial="verdict")


def _puzzle_or_404(puzzle_id: int) -> Puzzle:
    puzzle = selectors.puzzle_of(puzzle_id)
    if puzzle is None:
        raise Http404("No such puzzle")
    return puzzle


def _marked_not_kept(
    request: HtmxHttpRequest, puzzle_id: int, token: str, taken: answering.Taken, *, today: datetime.date
) -> HttpResponse:
    """An answer served for a homework that is no longer the learner's (they have left the class,
    or a teacher took them out, since the page was served): marked, so they see how they did, and
    kept nowhere, so it counts for nothing in the class, even if they come back to it. What comes
    next is ordinary practice of the puzzle's kind."""
    puzzle = get_object_or_404(Puzzle, pk=puzzle_id)
    marked = taken.marked[0]
    context = _puzzle_context(
        puzzle, token, serving.DRILL, today=today, graded=marked.graded, response=marked.response
    )
    context["closed"] = HOMEWORK_CLOSED
    return render_partial_response(request, "practice/drill.html", context, partial="verdict")


def _ask_afresh(request: HttpRequest, puzzle_id: int, problem: serving.NotServedError) -> HttpResponse:
    """Say why an answer was not taken, and go where a fresh question is served: where its own
    question was served when the token is the learner's, else the drill of the puzzle's kind."""
    messages.warning(request, f"{problem.message}, so here is a fresh question.")
    served = problem.served
    if served is not None and served.daily_date is not None:
        return redirect("practice:daily")
    if served is not None and served.homework is not None:
        return redirect("classes:assignment", *served.homework)
    kind = Puzzle.objects.filter(pk=puzzle_id).values_list("kind", flat=True).first()
    if kind is None:
        raise Http404("No such puzzle")
    return redirect("practice:drill", kind=kind)


@require_http_methods(["GET"])
def daily(request: HttpRequest) -> HttpResponse:
    """Today's five: the set the learner has begun today, else the day's set for their place in the
    course (the full range's when they practise everything)."""
    learner = learner_of(request, create=True)
    today = learner.today()
    reach = reach_of(learner, request.session)
    todays = selectors.daily_set_begun(learner, today, prefer=reach.key) or making.daily_set_in_reach(
        day=today, reach=reach
    )
    if todays is None:  # no daily kind fits what the lessons have taught yet
        nothing = {"kind_title": "Today's five", "reach": reach, "next": request.path, "opening": None}
        return render(request, "practice/out_of_reach.html", nothing)
    progress = selectors.daily_progress(todays, learner)
    next_puzzle = next((entry.puzzle for entry in progress if not entry.done), None)
    context: dict[str, Any] = {
        "progress": progress,
        "score": selectors.daily_score(progress),
        "day": today,
        "zone": zone_label(learner.zone),
        "streak": selectors.streak_of(learner),
        "finished": next_puzzle is None,
        "in_reach": bool(todays.scope),
        "position": sum(1 for entry in progress if entry.done) + 1,  # of the puzzle asked
    }
    if next_puzzle is not None:
        where = serving.daily(today)
        token = answering.question_serve(learner=learner, what=serving.puzzle(next_puzzle.pk), where=where)
        context.update(_puzzle_context(next_puzzle, token, where, today=today))
    return render(request, "practice/daily.html", context)
