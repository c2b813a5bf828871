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
