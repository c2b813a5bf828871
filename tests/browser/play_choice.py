"""The learner the play browser tests sit at the table: it reads the table's forms from its HTML (as
tests/play/helpers.py does) and chooses one, trying each kind of action once when it is offered — a
blind pass, a call, a joker exchange — and otherwise playing plainly (letting discards go, passing
and discarding its first tiles that are not jokers, going on to the second Charleston, asking for
one tile across). Shared by the browser tests and the search for seeds that offer all of them."""

from __future__ import annotations

from dataclasses import dataclass, field

from cfmj.engine.game import wins
from cfmj.play.models import Game
from cfmj.play.selectors import rebuild
from tests.play.helpers import Form, forms_of


@dataclass(frozen=True)
class Choice:
    kind: str  # the form's data-action
    index: int  # which form of that kind (a call or an exchange has one form each)
    form: Form
    checks: tuple[int, ...] = ()  # the checkboxes ticked, by their place in the form
    button: tuple[str, str] = ("", "")  # the submit button's name and value

    def data(self) -> dict[str, list[str]]:
        extra = [self.form.checkboxes[i] for i in self.checks]
        if self.button[0]:
            extra.append(self.button)
        return self.form.data(extra)


@dataclass
class Learner:
    tried: set[str] = field(default_factory=set)  # "blind", "call_exposure", "exchange_joker"

    def choose(self, html: str, game: Game) -> Choice:
        forms = forms_of(html)
        view = rebuild(game).view(0)
        if "declare_mah_jongg" in forms and wins(view):
            return Choice("declare_mah_jongg", 0, forms["declare_mah_jongg"][0])
        pending = view.pending_discard
        if "call_mah_jongg" in forms and pending and wins(view, (pending[1],)):
            return Choice("call_mah_jongg", 0, forms["call_mah_jongg"][0])
        for kind in ("call_exposure", "exchange_joker"):
            if kind in forms and kind not in self.tried:
                self.tried.add(kind)
                return Choice(kind, 0, forms[kind][0])
        if "no_call" in forms:
            return Choice("no_call", 0, forms["no_call"][0])
        if "discard" in forms:
            form = forms["discard"][0]
            button = next((b for b in form.buttons if b[1] != "J"), form.buttons[0])
            return Choice("discard", 0, form, button=button)
        for kind in ("pass_tiles", "courtesy_pass"):
            if kind in forms:
                form = forms[kind][0]
                count = 3 if kind == "pass_tiles" else view.courtesy_count or 0
                own = [
                    i for i, (name, value) in enumerate(form.checkboxes) if name == "tiles" and value != "J"
                ]
                blind = [i for i, (name, _) in enumerate(form.checkboxes) if name == "blind"]
                if blind and "blind" not in self.tried:
                    # the rest from the learner's own tiles: the rack (the tiles just received are
                    # drawn apart from it, each a "blind" box)
                    self.tried.add("blind")
                    return Choice(kind, 0, form, checks=(blind[0], *own[: count - 1]))
                return Choice(kind, 0, form, checks=tuple(own[:count]))
        if "stop_vote" in forms:
            return Choice("stop_vote", 0, forms["stop_vote"][0], button=("stop", "no"))
        if "courtesy_ask" in forms:
            form = forms["courtesy_ask"][0]
            button = next((b for b in form.buttons if b[1] == "1"), form.buttons[0])
            return Choice("courtesy_ask", 0, form, button=button)
        raise AssertionError(f"no action offered: {sorted(forms)}")
