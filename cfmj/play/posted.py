"""A posted form as the learner's action: each action form names its action (`action`, the
engine's kind) and carries its fields as tile codes and small numbers. Anything malformed is a
PlayError with a plain message, never an exception the site would answer with a 500."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from django.http import QueryDict

from cfmj.core.http import sent_number
from cfmj.engine import InputError
from cfmj.engine.coach import DEFAULT_LEVEL
from cfmj.engine.game import (
    Action,
    CallExposure,
    CallMahJongg,
    CourtesyAsk,
    CourtesyPass,
    DeclareMahJongg,
    Discard,
    ExchangeJoker,
    NoCall,
    PassTiles,
    StopVote,
)
from cfmj.engine.tiles import code, parse_tile
from cfmj.play.models import LEARNER_SEAT
from cfmj.play.services import PlayError

SEAT = LEARNER_SEAT
MAX_TILES = 14  # no action names more tiles than a hand holds
MAX_NUMBER = 99


def posted_version(data: QueryDict) -> int | None:
    """The version of the table the form was drawn from (None: missing or not a number)."""
    return _number(data.get("version", ""))


def posted_confirmed(data: QueryDict) -> bool:
    """Did the learner confirm an action the coach warned about ("Go ahead anyway")?"""
    return data.get("confirm", "") == "1"


def action_fields(action: Action) -> list[tuple[str, str]]:
    """The learner's `action` as the form fields posted_action reads back (besides `action`):
    what the "Go ahead anyway" form and the warning's address carry."""
    fields: list[tuple[str, str]] = []
    if isinstance(action, (PassTiles, CourtesyPass, CallExposure)):
        fields += [("tiles", code(t)) for t in action.tiles]
    if isinstance(action, PassTiles):
        fields += [("blind", code(t)) for t in action.blind]
    if isinstance(action, (Discard, ExchangeJoker)):
        fields.append(("tile", code(action.tile)))
    if isinstance(action, ExchangeJoker):
        fields += [("owner", str(action.owner)), ("exposure", str(action.exposure))]
    if isinstance(action, StopVote):
        fields.append(("stop", "yes" if action.stop else "no"))
    if isinstance(action, CourtesyAsk):
        fields.append(("count", str(action.count)))
    return fields


def posted_rules(data: QueryDict) -> dict[str, Any]:
    """The bots' level and the table's rules a form posted (to start a hand or open a table)."""
    return {
        "bot_level": data.get("bot_level", DEFAULT_LEVEL),
        "house_rules": data.getlist("house_rules"),
        "base": data.get("base") or None,
        "skill_level": data.get("skill_level") or None,
    }


def posted_action(data: QueryDict, seat: int = LEARNER_SEAT) -> Action:
    """The action a table's form posted, for `seat` (the one the page is drawn for: never a seat
    named in the form)."""
    name = data.get("action", "")
    reader = READERS.get(name)
    if reader is None:
        raise PlayError("That is not an action of the game. Choose one of the buttons on the table.")
    action = reader(data)
    return action if seat == SEAT else dataclasses.replace(action, seat=seat)


def _tile(text: str) -> int:
    try:
        return parse_tile(text.strip())
    except InputError as problem:
        raise PlayError(str(problem)) from problem


def _tiles(data: QueryDict, name: str) -> tuple[int, ...]:
    values = data.getlist(name)
    if len(values) > MAX_TILES:
        raise PlayError("Too many tiles.")
    out: list[int] = []
    for value in values:  # a field may hold one code or several ("5D 5D")
        out += [_tile(part) for part in value.split()[:MAX_TILES]]
    return tuple(out[: MAX_TILES + 1])


def _number(text: str) -> int | None:
    return sent_number(text, digits=len(str(MAX_NUMBER * MAX_NUMBER)))


def _required_number(data: QueryDict, name: str, what: str) -> int:
    value = _number(data.get(name, ""))
    if value is None:
        raise PlayError(f"Choose {what}.")
    return value


def _discard(data: QueryDict) -> Action:
    tiles = _tiles(data, "tile")
    if len(tiles) != 1:
        raise PlayError("Choose one tile to discard.")
    return Discard(SEAT, tiles[0])


def _pass(data: QueryDict) -> Action:
    return PassTiles(SEAT, _tiles(data, "tiles"), _tiles(data, "blind"))


def _stop(data: QueryDict) -> Action:
    answer = data.get("stop", "")
    if answer not in ("yes", "no"):
        raise PlayError("Vote to stop the Charleston or to go on.")
    return StopVote(SEAT, answer == "yes")


def _courtesy_ask(data: QueryDict) -> Action:
    return CourtesyAsk(SEAT, _required_number(data, "count", "how many tiles to trade (0 to 3)"))


def _courtesy_pass(data: QueryDict) -> Action:
    return CourtesyPass(SEAT, _tiles(data, "tiles"))


def _exchange(data: QueryDict) -> Action:
    tiles = _tiles(data, "tile")
    if len(tiles) != 1:
        raise PlayError("Choose the tile to give for the joker.")
    owner = _required_number(data, "owner", "whose exposure holds the joker")
    exposure = _required_number(data, "exposure", "the exposure that holds the joker")
    return ExchangeJoker(SEAT, owner, exposure, tiles[0])


def _call_exposure(data: QueryDict) -> Action:
    return CallExposure(SEAT, _tiles(data, "tiles"))


READERS: dict[str, Callable[[QueryDict], Action]] = {
    PassTiles.kind: _pass,
    StopVote.kind: _stop,
    CourtesyAsk.kind: _courtesy_ask,
    CourtesyPass.kind: _courtesy_pass,
    Discard.kind: _discard,
    ExchangeJoker.kind: _exchange,
    DeclareMahJongg.kind: lambda data: DeclareMahJongg(SEAT),
    CallMahJongg.kind: lambda data: CallMahJongg(SEAT),
    CallExposure.kind: _call_exposure,
    NoCall.kind: lambda data: NoCall(SEAT),
}
