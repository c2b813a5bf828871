"""Whose game is it: the owner's alone, an account's or a visitor's (the visitor id of their
session: cfmj.accounts.learners). Anyone else gets a 404 (never learning it exists): another
visitor, a visitor with no id yet, and every account (a visitor's hand becomes an account's only
when that visitor signs up or logs in: services.visitor_hands_claim).

A review opens to more people than the hand's owner: the people seated at a table's hand, each
from their own seat; whoever a registered reader names (a class's teachers, a student's hand for
the class: cfmj.play.holds); every seat of a table's hand to those an every-seat reader registered
here names (a class's teachers, its tables' hands); and to nobody while a registered holder holds
the hand back (a class's same deal before the teacher closes it). Other apps register from their
AppConfig.ready(): play asks without importing them."""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404, HttpRequest

from cfmj.accounts.learners import learner_of
from cfmj.accounts.models import User
from cfmj.engine.game import SEATS
from cfmj.play import holds
from cfmj.play.models import LEARNER_SEAT, Game, Seat
from cfmj.play.selectors import hands_of

# (the person asking, a table's hand) -> may they read it from every seat?
EverySeatReader = Callable[[User, Game], bool]

_READERS: dict[str, EverySeatReader] = {}


def every_seat_reader_register(name: str, reader: EverySeatReader) -> None:
    """Let `reader` open table hands from any seat. Registering a name again replaces it."""
    _READERS[name] = reader


def every_seat_reader_unregister(name: str) -> None:
    _READERS.pop(name, None)


def reads_every_seat(user: User, game: Game) -> bool:
    """May `user` read every seat of this table's hand (a registered reader says so)?"""
    return game.table_id is not None and any(reader(user, game) for reader in _READERS.values())


def owned_or_404(request: HttpRequest, game_id: int) -> Game:
    """The learner's own hand alone: the account's, or, for a visitor, the one dealt to their
    session's visitor id."""
    game = Game.objects.filter(hands_of(learner_of(request)), pk=game_id).first()
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


def reviewable_or_404(request: HttpRequest, game_id: int, seat: int | None = None) -> tuple[Game, int]:
    """A hand and the seat whose review the person asking may read: their own hand alone (seat 0),
    a hand of a table dealt while they sat at it (never one dealt before they sat down, when
    that seat's tiles were someone else's), or a hand a registered reader opens to them (a
    student's hand for the class, to its teachers). `seat`: the seat asked for, which must be
    theirs unless an every-seat reader lets them read every seat of a table's hand
    (reads_every_seat). None while the hand is held back. A visitor reads their own hands alone."""
    user = request.user
    if not isinstance(user, User):
        hand = owned_or_404(request, game_id) if seat in (None, LEARNER_SEAT) else None
        if hand is None or holds.held_words(hand):
            raise Http404("No such game")
        return hand, LEARNER_SEAT
    game = Game.objects.filter(pk=game_id).first()
    if game is None or holds.held_words(game):
        raise Http404("No such game")
    own = _seat_of(user, game)
    if own is not None and seat in (None, own):
        return game, own
    if seat in range(SEATS) and reads_every_seat(user, game):
        assert seat is not None
        return game, seat
    raise Http404("No such game")


def _seat_of(user: User, game: Game) -> int | None:
    if game.owner_id is not None and game.owner_id == user.pk:
        return LEARNER_SEAT
    if game.table_id is not None:
        seat = Seat.objects.filter(table_id=game.table_id, user=user, joined_at__lte=game.created_at).first()
        if seat is not None:
            return seat.number
    return holds.reader_seat(user, game)
