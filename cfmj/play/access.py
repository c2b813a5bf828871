"""Whose game is it: the owner's alone. Anyone else gets a 404 (never learning it exists).

A table's hand is read by the people who sat at it, each from their own seat; another app may let
more people read every seat of a table's hand (a class's teachers, its tables' hands) by registering
a reader here from its AppConfig.ready(): play asks it without importing that app."""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404, HttpRequest

from cfmj.accounts.models import User
from cfmj.engine.game import SEATS
from cfmj.play.models import LEARNER_SEAT, Game, Seat

# (the person asking, a table's hand) -> may they read it from every seat?
Reader = Callable[[User, Game], bool]

_READERS: dict[str, Reader] = {}


def reader_register(name: str, reader: Reader) -> None:
    """Let `reader` open table hands from any seat. Registering a name again replaces it."""
    _READERS[name] = reader


def reader_unregister(name: str) -> None:
    _READERS.pop(name, None)


def reads_every_seat(user: User, game: Game) -> bool:
    """May `user` read every seat of this table's hand (a registered reader says so)?"""
    return game.table_id is not None and any(reader(user, game) for reader in _READERS.values())


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


def reviewable_or_404(request: HttpRequest, game_id: int, seat: int | None = None) -> tuple[Game, int]:
    """A hand and the seat whose review the person asking may read: their own hand alone (seat 0),
    or a hand of a table dealt while they sat at it (never one dealt before they sat down, when
    that seat's tiles were someone else's). `seat`: the seat asked for, which must be theirs unless
    a registered reader lets them read every seat of the hand (reads_every_seat)."""
    user = request.user
    if not isinstance(user, User):
        raise Http404("No such game")
    game = Game.objects.filter(pk=game_id).first()
    own: int | None = None
    if game is not None and game.owner_id is not None and game.owner_id == user.pk:
        own = LEARNER_SEAT
    elif game is not None and game.table_id is not None:
        sat = Seat.objects.filter(table_id=game.table_id, user=user, joined_at__lte=game.created_at).first()
        own = sat.number if sat is not None else None
    if game is not None and own is not None and seat in (None, own):
        return game, own
    if game is not None and seat in range(SEATS) and reads_every_seat(user, game):
        assert seat is not None
        return game, seat
    raise Http404("No such game")
