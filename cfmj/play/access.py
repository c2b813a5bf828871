"""Whose game is it: the owner's alone. Anyone else gets a 404 (never learning it exists)."""

from __future__ import annotations

from django.http import Http404, HttpRequest

from cfmj.accounts.models import User
from cfmj.play.models import Game


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
