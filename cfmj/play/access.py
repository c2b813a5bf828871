"""Whose game is it: the owner's alone. Anyone else gets a 404 (never learning it exists)."""

from __future__ import annotations

from django.http import Http404, HttpRequest

from cfmj.accounts.models import User
from cfmj.play.models import LEARNER_SEAT, Game, Seat


def owned_or_404(request: HttpRequest, game_id: int) -> Game:
    user = request.user
    game = Game.objects.filter(pk=game_id, owner=user).first() if isinstance(user, User) else None
    if game is None:
        raise Http404("No such game")
    return game


def shared_or_404(token: str) -> Game:
    """A finished hand its owner shares by this token; anything else (no such token, sharing
    stopped, an unfinished hand) is a 404."""
    game = (
        Game.objects.filter(share_token=token, status=Game.Status.OVER).select_related("owner").first()
        if token
        else None
    )
    if game is None:
        raise Http404("No such shared hand")
    return game


def reviewable_or_404(request: HttpRequest, game_id: int) -> tuple[Game, int]:
    """A hand and the seat whose review the person asking may read: their own hand alone (seat 0),
    or a hand of a table dealt while they sat at it (never one dealt before they sat down, when
    that seat's tiles were someone else's)."""
    user = request.user
    if not isinstance(user, User):
        raise Http404("No such game")
    game = Game.objects.filter(pk=game_id).first()
    if game is not None and game.owner_id is not None and game.owner_id == user.pk:
        return game, LEARNER_SEAT
    if game is not None and game.table_id is not None:
        seat = Seat.objects.filter(table_id=game.table_id, user=user, joined_at__lte=game.created_at).first()
        if seat is not None:
            return game, seat.number
    raise Http404("No such game")
