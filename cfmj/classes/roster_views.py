"""Students' names and accounts from a list: naming an account the class made, making accounts
from pasted names, and their login cards. Only the class's teachers reach these (404 for anyone
else); a name or a card only for an account this class made."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from cfmj.accounts.learners import user_of
from cfmj.classes import roster
from cfmj.classes.access import managed_or_404, taught_or_404
from cfmj.classes.forms import NamesForm, StudentNameForm, form_errors
from cfmj.classes.models import Classroom
from cfmj.classes.services import ClassError
from cfmj.core.ratelimit import rate_limited


@login_required
@require_POST
def student_name(request: HttpRequest, pk: int, user_id: int) -> HttpResponse:
    classroom = taught_or_404(request, pk)
    student = managed_or_404(classroom, user_id)
    form = StudentNameForm(request.POST)
    try:
        if not form.is_valid():
            raise ClassError(form_errors(form))
        roster.student_name_set(classroom=classroom, student=student, name=form.cleaned_data["real_name"])
    except ClassError as error:
        messages.error(request, f"{student.username}: {error}")
    else:
        if student.real_name:
            messages.success(request, f"{student.username} is shown as {student.real_name}.")
        else:
            messages.success(request, f"{student.username} has no name now: shown by the username.")
    return redirect("classes:detail", pk=classroom.pk)


@login_required
@require_http_methods(["GET", "POST"])
@rate_limited("accounts_made")
def students_from_names(request: HttpRequest, pk: int) -> HttpResponse:
    """A page with a box for a list of names. Sent, the list comes back with the usernames it would
    make, to check; confirmed (the preview's button sends confirm=1 and the same list), the
    accounts are made all at once and their login cards shown."""
    classroom = taught_or_404(request, pk)
    form = NamesForm(request.POST or None)
    preview = None
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["names"]
        try:
            if request.POST.get("confirm") != "1":
                preview = roster.accounts_preview(classroom=classroom, text=text)
            else:
                return _accounts_made(request, classroom, text)
        except roster.NamesError as error:
            for problem in error.problems:  # at the top of the form, where the page comes back
                form.add_error(None, problem)
        except ClassError as error:
            form.add_error(None, str(error))
    accounts, names = preview if preview is not None else (None, None)
    return render(
        request,
        "classes/students_from_names.html",
        {
            "classroom": classroom,
            "form": form,
            "max_names": roster.MAX_NAMES,
            "accounts": accounts,
            "blank_lines": names.blank_lines if names is not None else 0,
        },
        status=400 if form.errors else 200,
    )


def _accounts_made(request: HttpRequest, classroom: Classroom, text: str) -> HttpResponse:
    cards, names = roster.students_from_list(classroom=classroom, teacher=user_of(request), text=text)
    roster.cards_keep(session=request.session, classroom=classroom, cards=cards)
    blank = names.blank_lines
    skipped = f" {blank} blank line{'s were' if blank != 1 else ' was'} skipped." if blank else ""
    messages.success(
        request,
        f"{len(cards)} account{'s' if len(cards) != 1 else ''} made and added to {classroom.name}."
        f"{skipped} Print the login cards below and hand them out.",
    )
    return redirect("classes:login_cards", pk=classroom.pk)


@login_required
@require_http_methods(["GET", "POST"])
@never_cache  # first passwords: kept by no browser cache or proxy (a shared school computer)
def login_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """The login cards of accounts this teacher made for the class, while each still has its first
    password (POST: forget them)."""
    classroom = taught_or_404(request, pk)
    if request.method == "POST":
        roster.cards_forget(session=request.session, classroom=classroom)
        messages.success(request, "The login cards are cleared from this page.")
        return redirect("classes:detail", pk=classroom.pk)
    cards = roster.cards_of(session=request.session, classroom=classroom)
    login_url = request.build_absolute_uri("/accounts/login/")
    return render(
        request, "classes/login_cards.html", {"classroom": classroom, "cards": cards, "login_url": login_url}
    )
