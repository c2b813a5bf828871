"""Class session views: the board for the projector (the puzzle, a live count and, after the
reveal, the answer and the class's split: nothing to press on it), the teacher's controls beside it
(on their phone or in a second window: reveal, next, end) and the students' page (the puzzle on
the board and their answer form). Every change is a POST; polling with htmx only saves pressing
Refresh (the board reloads itself without JavaScript)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from cfmj.accounts.learners import Learner, user_of
from cfmj.accounts.models import User
from cfmj.classes import joining, sessions
from cfmj.classes.access import joined_or_404, taught_or_404
from cfmj.classes.models import Classroom, ClassSession, Membership
from cfmj.classes.services import ClassError
from cfmj.core.htmx import render_partial_response
from cfmj.core.http import HtmxHttpRequest, sent_number
from cfmj.core.qr import qr_svg
from cfmj.core.ratelimit import rate_limited
from cfmj.engine import drills
from practice import answering, serving
from practice.answering import response_from_form, response_shown
from practice.models import Puzzle

DEFAULT_BAND = 2
BOARD_REFRESH_SECONDS = 5  # the board without JavaScript reloads itself this often
KIND_OPTIONS = [(kind, drills.KIND_TITLES[kind]) for kind in drills.KINDS]


def _session_or_404(classroom: Classroom, sid: int) -> ClassSession:
    return get_object_or_404(ClassSession.objects.select_related("puzzle"), pk=sid, classroom=classroom)


def _start_context(session: ClassSession | None) -> dict[str, Any]:
    """The start form's choices, set to the last puzzle's kind and band so 'Next' repeats them."""
    kind = session.puzzle.kind if session is not None else drills.KINDS[0]
    band = session.puzzle.band if session is not None else DEFAULT_BAND
    return {
        "kind_options": KIND_OPTIONS,
        "bands": list(drills.BANDS),
        "chosen_kind": kind,
        "chosen_band": band,
    }


def _not_modified(request: HtmxHttpRequest, key: str) -> bool:
    """A poll that already shows this state: answering 204 makes htmx keep the page as it is (no
    swap, so nothing is re-read aloud and a half-filled form survives)."""
    return bool(request.htmx) and request.GET.get("seen") == key


@login_required
@require_POST
def session_start(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    classroom = taught_or_404(request, pk)
    band = sent_number(request.POST.get("band"), digits=2) or 0  # 0 is refused below, with the reason
    try:
        session = sessions.session_start(
            classroom=classroom, teacher=user_of(request), kind=request.POST.get("kind", ""), band=band
        )
    except ClassError as error:
        messages.error(request, str(error))
        return _presenting(request, classroom) or redirect("classes:session_student", pk=classroom.pk)
    messages.success(request, f"On the board now: {drills.KIND_TITLES[session.puzzle.kind]}.")
    return _presenting(request, classroom) or redirect(
        "classes:session_control", pk=classroom.pk, sid=session.pk
    )


def _presenting(request: HtmxHttpRequest, classroom: Classroom) -> HttpResponse | None:
    """Back to the board in presenter mode, when a button of it was pressed (its forms send
    then=present); else None, for the controls' own page."""
    if request.POST.get("then") != "present":
        return None
    return redirect("classes:session_present", pk=classroom.pk)


@login_required
@require_GET
def session_control(request: HtmxHttpRequest, pk: int, sid: int) -> HttpResponse:
    """The teacher's controls (on their phone, or in a window beside the board): what is on the
    board, the live count, Reveal, Next puzzle and End. The projector shows session_board."""
    classroom = taught_or_404(request, pk)
    session = _session_or_404(classroom, sid)
    context: dict[str, Any] = {
        "classroom": classroom,
        "session": session,
        "puzzle": session.puzzle,
        "question": session.puzzle.question,
        "kind_title": drills.KIND_TITLES[session.puzzle.kind],
        "tally": sessions.session_tally(session),
        "reveal": sessions.session_reveal_of(session) if session.revealed_at else None,
        "board_url": request.build_absolute_uri(reverse("classes:session_board", args=[classroom.pk])),
        "join_url": _join_url(request, classroom),
        **_start_context(session),
    }
    return render(request, "classes/session_control.html", context)


@login_required
@require_GET
def session_board(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The projector's page: the class's puzzle on the board, the count and, once revealed, the
    answer and the class's split; no controls and no site header. It follows the class's open
    session (Next puzzle and End, pressed on the teacher's controls, show here): polled by htmx,
    or reloaded every few seconds without JavaScript."""
    return _board(request, taught_or_404(request, pk), presenting=False)


@login_required
@require_GET
def session_present(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The board with its teacher's controls on it, for one laptop whose screen the projector
    mirrors: Reveal and Next as buttons (forms, so they work without JavaScript) and as the keys R
    and N (board.js). Like the board, it shows how many have answered and nothing of who is right
    until the reveal."""
    return _board(request, taught_or_404(request, pk), presenting=True)


def _board(request: HtmxHttpRequest, classroom: Classroom, *, presenting: bool) -> HttpResponse:
    session = sessions.session_current(classroom)
    tally = sessions.session_tally(session) if session is not None else None
    latecomers = _latecomers(request, classroom)
    key = f"none-{latecomers.get('join_code', 'shut')}"
    if session is not None and tally is not None:
        # Before the reveal the board shows only how many answered: an answer changed is no swap.
        shown = f"revealed-{tally.key}" if session.revealed_at else f"live-{tally.answered}-{tally.students}"
        key = f"{session.pk}-{shown}-{latecomers.get('join_code', 'shut')}"
    if _not_modified(request, key):
        return HttpResponse(status=204)
    context: dict[str, Any] = {
        "classroom": classroom,
        "session": session,
        "tally": tally,
        "key": key,
        "join_url": _join_url(request, classroom),
        "refresh_seconds": BOARD_REFRESH_SECONDS,
        "presenting": presenting,
        "poll_url": reverse(
            "classes:session_present" if presenting else "classes:session_board", args=[classroom.pk]
        ),
        **latecomers,
    }
    if presenting:
        # What went wrong with a button just pressed ("This session has ended"), said on the board;
        # a success needs no words there: the board shows it.
        said = messages.get_messages(request)
        context.update(_start_context(session), problems=[str(m) for m in said if m.level == messages.ERROR])
    if session is not None:
        context.update(
            {
                "puzzle": session.puzzle,
                "question": session.puzzle.question,
                "kind_title": drills.KIND_TITLES[session.puzzle.kind],
                "reveal": sessions.session_reveal_of(session) if session.revealed_at else None,
                "options": () if session.revealed_at else sessions.session_options(session),
            }
        )
    return render_partial_response(request, "classes/session_board.html", context, partial="board")


def _latecomers(request: HtmxHttpRequest, classroom: Classroom) -> dict[str, Any]:
    """The class's code and its join link's QR code, for the board's corner: someone who comes in
    late joins from their seat. None while the class takes nobody (archived, joining closed)."""
    if not joining.join_open(classroom):
        return {}
    return {"join_code": classroom.code, "join_qr": qr_svg(joining.join_url(request, classroom))}


def _join_url(request: HtmxHttpRequest, classroom: Classroom) -> str:
    return request.build_absolute_uri(reverse("classes:session_student", args=[classroom.pk]))


@login_required
@require_GET
def session_tally(request: HtmxHttpRequest, pk: int, sid: int) -> HttpResponse:
    classroom = taught_or_404(request, pk)
    session = _session_or_404(classroom, sid)
    tally = sessions.session_tally(session)
    if _not_modified(request, tally.key):
        return HttpResponse(status=204)
    return render(
        request,
        "classes/session_control.html#tally",
        {"classroom": classroom, "session": session, "tally": tally},
    )


@login_required
@require_POST
def session_reveal(request: HtmxHttpRequest, pk: int, sid: int) -> HttpResponse:
    classroom = taught_or_404(request, pk)
    session = _session_or_404(classroom, sid)
    try:
        sessions.session_reveal(session=session)
    except ClassError as error:
        messages.error(request, str(error))
        return _presenting(request, classroom) or redirect(
            "classes:session_control", pk=classroom.pk, sid=session.pk
        )
    # Straight to the answer and the split, as the board shows them now.
    return _presenting(request, classroom) or redirect(
        reverse("classes:session_control", args=[classroom.pk, session.pk]) + "#reveal"
    )


@login_required
@require_POST
def session_close(request: HtmxHttpRequest, pk: int, sid: int) -> HttpResponse:
    classroom = taught_or_404(request, pk)
    session = _session_or_404(classroom, sid)
    sessions.session_close(session=session)
    messages.success(request, "The session has ended. Your students' answers are kept.")
    return redirect("classes:session_student", pk=classroom.pk)


@login_required
@require_http_methods(["GET", "POST"])
@rate_limited("answer")
def session_join(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The students' page (a teacher sees it too, with the start form instead of the answer form)."""
    classroom, membership = joined_or_404(request, pk)
    user = user_of(request)
    blank = None
    if request.method == "POST":
        blank = _record_answer(request, classroom)
        if blank is None and not request.htmx:  # after a POST, a GET: a reload does not send it again
            return redirect("classes:session_student", pk=classroom.pk)
    session = sessions.session_current(classroom)
    answer = sessions.answer_of(session, user) if session is not None else None
    state = (
        "none"
        if session is None
        else (
            f"{session.pk}-{'answered' if answer else 'open'}-{'revealed' if session.revealed_at else 'live'}"
        )
    )
    if request.method == "GET" and _not_modified(request, state):
        return HttpResponse(status=204)
    context: dict[str, Any] = {
        "classroom": classroom,
        "session": session,
        "answer": answer,
        "state": state,
        "change": request.GET.get("change") == "1" or blank is not None,
        "teaching": membership.role == Membership.Role.TEACHER,
        **_start_context(session),
    }
    if session is not None:
        puzzle = session.puzzle
        context.update(
            {
                "puzzle": puzzle,
                "question": puzzle.question,
                "kind_title": drills.KIND_TITLES[puzzle.kind],
                "chosen": response_shown(puzzle.kind, blank or {}, puzzle.question),
            }
        )
        if not context["teaching"] and session.revealed_at is None:
            context["token"] = sessions.session_serve(session=session, student=user)
        if session.revealed_at is not None:
            context["reveal"] = sessions.session_reveal_of(session)
            if answer is not None:
                context["graded"] = drills.grade(puzzle.kind, puzzle.question, puzzle.answer, answer.response)
    return render_partial_response(request, "classes/session_student.html", context, partial="board")


def _record_answer(request: HtmxHttpRequest, classroom: Classroom) -> dict[str, str] | None:
    """Take the posted answer to the puzzle its token was served with, in the session the token
    names (an answer to a puzzle that has left the board is refused, never counted against the
    next one), and keep it. A blank is not kept: it is returned, to show the form again as it
    was sent."""
    token = request.POST.get("token", "")
    session = sessions.session_served(classroom=classroom, token=token)
    if session is None:
        messages.error(request, "That puzzle is no longer on the board.")
        return None
    student = user_of(request)
    response = response_from_form(request.POST)
    try:
        taken = answering.answer_take(
            learner=Learner(student, ""),
            token=token,
            what=serving.puzzle(session.puzzle_id),
            questions=lambda _: _open_puzzle(session, student),
            response_at=lambda _: response,
        )
        place = taken.served.session
        sessions.session_answer(
            session=session,
            student=student,
            response=taken.marked[0].response,
            token=taken.served.once,
            replaces=place.replaces if place is not None else None,
            marked=taken.marked[0],
        )
    except answering.NotServedError as problem:
        messages.error(request, f"{problem.message}, so here is the puzzle on the board.")
    except ClassError as error:
        messages.error(request, str(error))
    except answering.BlankAnswerError as blank:
        messages.error(request, " ".join(blank.asks) or "Choose an answer first, then send it.")
        return response
    return None


def _open_puzzle(session: ClassSession, student: User) -> list[Puzzle]:
    """The puzzle a student may answer in this session (ClassError when they may not)."""
    sessions.session_open_to(session, student)
    return [session.puzzle]
