"""Playing through the pages as a person would: read the table's forms from the HTML, choose one,
post it; and the tiles a page draws."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bench.loadtest_play import forms_of as page_forms
from cfmj.engine.game import NoCall, PlayerView
from cfmj.engine.notation import parse_hand
from cfmj.engine.tiles import code
from cfmj.play import services
from cfmj.play.models import Game
from cfmj.play.selectors import rebuild

TILE_IMG = re.compile(r'<img class="tile" src="[^"]*/tiles/(?P<code>[A-Z0-9]+)\.svg"')


@dataclass
class Form:
    action: str  # its data-action
    url: str
    hidden: dict[str, str] = field(default_factory=dict)
    hidden_lists: list[tuple[str, str]] = field(default_factory=list)
    buttons: list[tuple[str, str]] = field(default_factory=list)  # (name, value) of each submit button
    checkboxes: list[tuple[str, str]] = field(default_factory=list)

    def data(self, extra: list[tuple[str, str]] | None = None) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {k: [v] for k, v in self.hidden.items()}
        for name, value in [*self.hidden_lists, *(extra or [])]:
            out.setdefault(name, []).append(value)
        return out


SINGLE = ("csrfmiddlewaretoken", "version", "action")  # the hidden fields a form has once


def forms_of(html: str) -> dict[str, list[Form]]:
    """The table's forms by their data-action, read as the load test's players read them."""
    out: dict[str, list[Form]] = {}
    for kind, forms in page_forms(html).items():
        for read in forms:
            form = Form(kind, read.url, buttons=read.buttons, checkboxes=read.checkboxes)
            for name, value in read.hidden:
                if name in SINGLE:
                    form.hidden[name] = value
                else:
                    form.hidden_lists.append((name, value))
            out.setdefault(kind, []).append(form)
    return out


def tiles_drawn(html: str) -> set[str]:
    return {m["code"] for m in TILE_IMG.finditer(html)}


def tiles_allowed(view: PlayerView, game: Game) -> set[str]:
    """Seat 0's own tiles and every public one: exposures, discards, a winner's hand once shown."""
    allowed = {code(t) for t in view.concealed + view.received}
    allowed |= {code(t) for seat in view.exposures for e in seat for t in e.tiles}
    allowed |= {code(t) for _, t in view.discards}
    if game.result and game.result.get("hand"):
        allowed |= {code(t) for t in parse_hand(game.result["hand"]).tiles}
    return allowed


def advance_to(game: Game, kind: str, limit: int = 300) -> Game:
    """Play the learner's first legal choice (letting every discard go) until `kind` is offered,
    going ahead past the coach's caution before a dangerous discard."""

    for _ in range(limit):
        legal = rebuild(game).legal_actions(0)
        if any(a.kind == kind for a in legal):
            return game
        if not legal:
            raise AssertionError("the hand ended first")
        plain = [a for a in legal if a.kind not in ("declare_mah_jongg", "call_mah_jongg", "exchange_joker")]
        choice = next((a for a in legal if isinstance(a, NoCall)), None) or (plain or legal)[0]
        game = services.game_act(game=game, version=game.version, action=choice, confirmed=True)
    raise AssertionError(f"{kind} was never offered")


def play_out(game: Game) -> Game:
    """The learner lets every discard go and discards the first tile it may, to the end (going
    ahead past the coach's caution before a dangerous discard)."""

    while game.status != Game.Status.OVER:
        legal = rebuild(game).legal_actions(0)
        choice = next((a for a in legal if a.kind in ("no_call", "discard")), None)
        choice = choice or next(a for a in legal if a.kind not in ("declare_mah_jongg", "call_mah_jongg"))
        game = services.game_act(game=game, version=game.version, action=choice, confirmed=True)
    return game
