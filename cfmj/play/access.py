"""Whose game is it: the owner's alone. Anyone else gets a 404 (never learning it exists).

A review opens to more people than the hand's owner: the people seated at a table's hand, and
whoever a registered reader names (a class's teachers: cfmj.play.holds); and to nobody while a
registered holder holds the hand back (a class's same deal before the teacher closes it)."""

from __future__ import annotations

from django.http import Http404, HttpRequest

from cfmj.accounts.models import User
from cfmj.play import holds
from cfmj.play.models import LEARNER_SEAT, Game, Seat


def owned_or_404(request: HttpRequest, game_id: int) -> Game:
    user = request.user
    game = Game.objects.filter(pk=game_id, owner=user).first() if isinstance(user, User) else None
    if game is None:
        raise Http404("No such game")
    return game


def shared_or_404(token: str) -> Game:
    """A finished hand its owner shares by this token; anything else (no such token, sharing
    stopped, an unfinished hand, a hand held back) is a 404."""
    game = (
        Game.objects.filter(share_token=token, status=Game.Status.OVER).select_related("owner").first()
        if token
        else None
    )
    if game is None or holds.held_words(game):
        raise Http404("No such shared hand")
    return game


def reviewable_or_404(request: HttpRequest, game_id: int) -> tuple[Game, int]:
    """A hand and the seat whose review the person asking may read: their own hand alone (seat 0),
    a hand of a table dealt while they sat at it (never one dealt before they sat down, when
    that seat's tiles were someone else's), or a hand a registered reader opens to them (a
    student's hand for the class, to its teachers). None while the hand is held back."""
    user = request.user
    if not isinstance(user, User):
        raise Http404("No such game")
    game = Game.objects.filter(pk=game_id).first()
    seat = _seat_of(user, game) if game is not None else None
    if game is None or seat is None or holds.held_words(game):
        raise Http404("No such game")
    return game, seat


def _seat_of(user: User, game: Game) -> int | None:
    if game.owner_id is not None and game.owner_id == user.pk:
        return LEARNER_SEAT
    if game.table_id is not None:
        seat = Seat.objects.filter(table_id=game.table_id, user=user, joined_at__lte=game.created_at).first()
        if seat is not None:
            return seat.number
    return holds.reader_seat(user, game)
