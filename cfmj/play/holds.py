"""Who else may read a hand alone, and which hands are held back for now: two registries that a
higher app fills from its AppConfig.ready(), so that play asks them without knowing that app (play
knows no class: tests/test_layers.py).

- A **holder** names the hands whose review must not open yet, with the words that say why: a
  class's same deal, whose wall every student plays in turn, is held until the teacher closes it,
  or a student who finished first could tell the others what is coming. A held hand has no
  review, no share link and no place in a download, for anyone (its owner too); its own table and
  result stay the owner's.
- A **reader** lets someone other than its owner read a hand's review: a class's teachers read the
  hands their students played for the class. It answers the seat whose review that person may
  read, or None.

The access helpers (cfmj.play.access) ask both; the services refuse a share of a held hand."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping

from cfmj.accounts.models import User
from cfmj.play.models import Game

Holder = Callable[[Collection[int]], Mapping[int, str]]  # game ids -> the held ones, with why
Reader = Callable[[User, Game], int | None]  # the seat this person may read, or None

_HOLDERS: dict[str, Holder] = {}
_READERS: dict[str, Reader] = {}


def holder_register(name: str, holder: Holder) -> None:
    """Let `holder` hold hands back. Registering a name again replaces it, so an app made ready
    twice (in tests) counts once."""
    _HOLDERS[name] = holder


def holder_unregister(name: str) -> None:
    _HOLDERS.pop(name, None)


def reader_register(name: str, reader: Reader) -> None:
    """Let `reader` open hands to people other than their owner (registering a name again
    replaces it)."""
    _READERS[name] = reader


def reader_unregister(name: str) -> None:
    _READERS.pop(name, None)


def held(game_ids: Collection[int]) -> dict[int, str]:
    """Of these hands, the ones held back now, each with the words saying why and until when."""
    ids = list(game_ids)
    out: dict[int, str] = {}
    if not ids:
        return out
    for holder in _HOLDERS.values():
        for pk, words in holder(ids).items():
            out.setdefault(pk, words)
    return out


def held_words(game: Game) -> str:
    """Why this hand's review is held back now ("" when it is not)."""
    return held([game.pk]).get(game.pk, "")


def reader_seat(user: User, game: Game) -> int | None:
    """The seat of `game` whose review `user` may read though the hand is not theirs, if any
    registered reader opens it to them."""
    for reader in _READERS.values():
        seat = reader(user, game)
        if seat is not None:
            return seat
    return None
