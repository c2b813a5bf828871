"""What the table page shows one seat, read from the engine: only that seat's PlayerView and what
every player sees (exposures, discards, tile counts, dead hands), never another seat's concealed
tiles or the wall. The template draws it; nothing here decides a rule."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from cfmj.engine import Hand, check, coach, parse_hand
from cfmj.engine.game import (
    CALLS,
    CHARLESTON,
    COURTESY_ASK,
    COURTESY_PASS,
    SEATS,
    STAGE_NAMES,
    STAGE_OFFSET,
    STOP_VOTE,
    TURN,
    Action,
    CallExposure,
    CallMahJongg,
    CourtesyAsk,
    CourtesyPass,
    DeclareMahJongg,
    Discard,
    ExchangeJoker,
    Exposure,
    NoCall,
    PassTiles,
    PlayerView,
    StopVote,
    counts_as_self_drawn,
    wind_of,
    wins,
)
from cfmj.engine.game import Game as EngineGame
from cfmj.engine.labels import block_label
from cfmj.engine.layout import TileGroup, rack
from cfmj.engine.tiles import JOKER, code, codes, is_wind, name
from cfmj.play import moves
from cfmj.play.models import Game
from cfmj.play.selectors import rules_of

DIRECTIONS = {1: "to your right", 2: "across", 3: "to your left"}
WON_BY = {
    "wall": "drawn from the wall",
    "discard": "on a discard",
    "joker_exchange": "after a joker exchange",
}


@dataclass(frozen=True)
class Choice:
    """One of the learner's options shown as its own form (a call, a joker exchange); `suggested`:
    the coach's hint advises it."""

    label: str
    fields: tuple[tuple[str, str], ...]
    suggested: bool = False
    key: str = ""  # the choice as its form's data-choice (a call's tiles, an exchange's tile and block)


@dataclass(frozen=True)
class PickTile:
    """A tile of the rack (or of the tiles just received) to tap; `suggested`: the hint's."""

    code: str
    suggested: bool = False


@dataclass(frozen=True)
class RackGroup:
    group: TileGroup
    tiles: tuple[PickTile, ...]


def exposure_text(exposure: Exposure) -> str:
    return codes(exposure.tiles)


def seat_facts(
    view: PlayerView, seat: int, held: int, seating: moves.Seating | None = None
) -> dict[str, Any]:
    """What everyone sees of `seat`; `held`: its tile count, any it is passing included."""
    exposures = view.exposures[seat]
    exposed = sum(len(e.tiles) for e in exposures)
    return {
        "seat": seat,
        "wind": wind_of(seat, view.dealer),
        "name": seating.names.get(seat, "") if seating else "",
        "is_dealer": seat == view.dealer,
        "concealed_count": held - exposed,
        "exposures": [exposure_text(e) for e in exposures],
        "discards": [code(t) for s, t in view.discards if s == seat],
        "dead": view.dead[seat],
        "in_turn": view.turn == seat,
    }


def table_context(
    game: Game, engine: EngineGame, hint: coach.Hint | None = None, *, seating: moves.Seating | None = None
) -> dict[str, Any]:
    """What the table draws for one seat (`seating.me`: the learner alone with the bots by default);
    with `hint`, the coach's hint and the tiles or button it suggests."""
    seating = seating or moves.Seating(engine.dealer)
    me = seating.me
    view = engine.view(me)
    legal = engine.legal_actions(me)
    advised = hint.advised if hint else None
    kinds = {a.kind for a in legal}
    if DeclareMahJongg.kind in kinds and not wins(view):
        kinds.discard(DeclareMahJongg.kind)  # offered only when the hand wins: a mistaken one kills it
    others = [(me + k) % SEATS for k in range(1, SEATS)]
    # In a pass that may be blind, the tiles just received are not yet in the hand: drawn once,
    # apart from the rack, each to keep or to pass on unseen (RULES §6).
    apart = view.received if view.blind_allowed and PassTiles.kind in kinds else ()
    rack_hand = Hand(tuple((Counter(view.concealed) - Counter(apart)).elements()), ())
    rack_picks, left = _picks(rack(rack_hand), hint.tiles if hint else ())
    blind_tiles = _picks_of([code(t) for t in apart], [*(hint.blind if hint else ()), *left])
    context: dict[str, Any] = {
        "game": game,
        "view": view,
        "you": seat_facts(view, me, engine.hand_size(me)),
        "opponents": [seat_facts(view, s, engine.hand_size(s), seating) for s in others],
        "rack_picks": rack_picks,
        "concealed_hand": Hand(view.concealed, ()),
        "kinds": kinds,
        # A choice made with buttons alone (call or let go, the stop vote, the courtesy count).
        "answering": bool(kinds & {StopVote.kind, CourtesyAsk.kind, NoCall.kind}),
        # The tiles to choose with checkboxes, if any: a Charleston pass or the courtesy pass.
        "picking": next((k for k in (PassTiles.kind, CourtesyPass.kind) if k in kinds), None),
        "moves": moves.since(engine.events, game.moves_from, view.dealer, game.bot_whys, seating=seating),
        "status_line": status_line(
            view, kinds, seating, answered=me not in engine.waiting_for(), waiting_on=engine.waiting_for()
        ),
        "received": [code(t) for t in view.received],
        # What was just passed or drawn to the learner, while it is news (not once they have
        # discarded), and not when it is drawn apart to pass on blind.
        "show_received": not apart
        and (view.phase in (CHARLESTON, STOP_VOTE, COURTESY_ASK, COURTESY_PASS) or view.turn == me),
        "pending": _pending(view, seating),
        "calls": _calls(view, legal, advised),
        # Calling for Mah Jongg is offered only when the tile would complete a winning hand.
        "can_call_mah_jongg": CallMahJongg.kind in kinds
        and view.pending_discard is not None
        and wins(view, (view.pending_discard[1],)),
        "exchanges": _exchanges(view, legal, advised, seating),
        "courtesy_counts": [(n, isinstance(advised, CourtesyAsk) and advised.count == n) for n in range(4)],
        "blind_tiles": blind_tiles,
        "hint": hint,
        "hint_data": hint_data(view, advised, rack_picks, blind_tiles) if advised else [],
        "suggested": _suggested(advised),
        "result": result_facts(game, engine, seating) if engine.over else None,
    }
    return context


def hint_data(
    view: PlayerView, advised: Action, rack_picks: list[RackGroup], blind_tiles: list[PickTile]
) -> list[tuple[str, str]]:
    """The hint's data attributes, for a script to follow it: the advised action's kind
    (`data-hint-action`, the engine's Action.kind), the tiles it names (`data-hint-tile`: a
    discard, the pass's tiles from the rack, the tile called, the tile given for a joker) and
    what tells its button apart (`data-hint-blind`: the tiles just received to pass on blind;
    `data-hint-choice`: the data-choice of a call's or an exchange's form; `data-hint-stop`: yes
    or no; `data-hint-count`: the courtesy count)."""
    out = [("action", advised.kind)]
    if isinstance(advised, (PassTiles, CourtesyPass)):
        out.append(("tile", " ".join(p.code for g in rack_picks for p in g.tiles if p.suggested)))
        blind = " ".join(p.code for p in blind_tiles if p.suggested)
        if blind:
            out.append(("blind", blind))
    elif isinstance(advised, (Discard, ExchangeJoker)):
        out.append(("tile", code(advised.tile)))
    elif view.pending_discard is not None and isinstance(advised, (CallExposure, CallMahJongg, NoCall)):
        out.append(("tile", code(view.pending_discard[1])))
    if isinstance(advised, (CallExposure, ExchangeJoker)):
        out.append(("choice", choice_key(advised)))
    if isinstance(advised, StopVote):
        out.append(("stop", "yes" if advised.stop else "no"))
    if isinstance(advised, CourtesyAsk):
        out.append(("count", str(advised.count)))
    return [(f"data-hint-{name}", value) for name, value in out if value]


def choice_key(action: CallExposure | ExchangeJoker) -> str:
    """A call's or an exchange's form told apart from the others of its kind: a call by the tiles
    from the hand it exposes ("5D 5D J"), an exchange by the tile given, the exposure's owner
    (seat) and its index ("5D 2 0")."""
    if isinstance(action, CallExposure):
        return " ".join(code(t) for t in sorted(action.tiles))
    return f"{code(action.tile)} {action.owner} {action.exposure}"


def your_turn(kinds: set[str]) -> str:
    """The learner's turn in words: only what they may do now (a hand that does not win, or a dead
    hand, declares nothing)."""
    can = ["discard a tile"]
    if ExchangeJoker.kind in kinds:
        can.append("exchange a joker")
    if DeclareMahJongg.kind in kinds:
        can.append("declare Mah Jongg")
    return "Your turn: " + (", ".join(can[:-1]) + " or " + can[-1] if len(can) > 1 else can[0]) + "."


WAITING = {
    CHARLESTON: "You have passed: waiting for {who} to pass.",
    STOP_VOTE: "You have voted: waiting for {who} to vote.",
    COURTESY_ASK: "You have answered: waiting for {who}.",
    COURTESY_PASS: "You have given your tiles: waiting for {who}.",
}


def _and(names: list[str]) -> str:
    return " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else "".join(names)


def status_line(
    view: PlayerView,
    kinds: set[str],
    seating: moves.Seating | None = None,
    *,
    answered: bool = False,
    waiting_on: tuple[int, ...] = (),
) -> str:
    """`answered`: at a table with people, this seat has chosen and the others have not yet
    (`waiting_on`: the seats still to choose)."""
    seating = seating or moves.Seating(view.dealer, view.seat)
    who = _and([seating.who(seat) for seat in waiting_on if seat != view.seat]) or "the others"
    if view.phase in WAITING and answered:
        return WAITING[view.phase].format(who=who)
    if view.phase == CALLS and view.pending_discard is not None and answered:
        seat, tile = view.pending_discard
        if seat == view.seat:
            return f"You discarded {_said(tile)}: waiting while the others may call it."
        return f"{seating.who(seat)} discarded {_said(tile)}: you have answered, waiting for {who}."
    if view.phase == CHARLESTON and view.stage is not None:
        direction = DIRECTIONS[STAGE_OFFSET[view.stage]]
        return f"Charleston, {STAGE_NAMES[view.stage]}: choose three tiles to pass {direction}."
    if view.phase == STOP_VOTE:
        return "The first Charleston is over: vote whether to stop or go on to the second."
    if view.phase == COURTESY_ASK:
        return "Courtesy pass: how many tiles (0 to 3) would you trade with the player across?"
    if view.phase == COURTESY_PASS:
        count = view.courtesy_count or 0
        tiles = f"{count} tile{'s' if count != 1 else ''}"
        return (
            f"Courtesy pass: you trade {tiles}, the fewer that you and the player across asked for. "
            f"Choose {count}."
        )
    if view.phase == TURN and view.turn is not None:
        if view.turn == view.seat:
            return your_turn(kinds)
        return f"{seating.who(view.turn)}'s turn."
    if view.phase == CALLS and view.pending_discard is not None:
        seat, tile = view.pending_discard
        return f"{seating.who(seat)} discarded {_said(tile)}: call it or let it go."
    return "The hand is over."


def _pending(view: PlayerView, seating: moves.Seating) -> dict[str, Any] | None:
    if view.pending_discard is None:
        return None
    seat, tile = view.pending_discard
    return {"wind": seating.who(seat), "tile": code(tile), "name": name(tile)}


def _picks(groups: tuple[TileGroup, ...], suggested: tuple[str, ...]) -> tuple[list[RackGroup], list[str]]:
    """The rack's groups with the hint's tiles marked, each as often as it is suggested; and the
    suggested tiles not on the rack (a pass may name a tile just received, drawn apart)."""
    left = list(suggested)
    out = []
    for group in groups:
        tiles = []
        for tile in group.tiles:
            tiles.append(PickTile(tile, tile in left))
            if tile in left:
                left.remove(tile)
        out.append(RackGroup(group, tuple(tiles)))
    return out, left


def _picks_of(codes_: list[str], suggested: list[str]) -> list[PickTile]:
    left = list(suggested)
    out = []
    for tile in codes_:
        out.append(PickTile(tile, tile in left))
        if tile in left:
            left.remove(tile)
    return out


def _suggested(advised: Action | None) -> dict[str, bool]:
    """Which one-button choice the hint advises (a call's or an exchange's is on its Choice)."""
    if advised is None:
        return {}
    out = {advised.kind: True}
    if isinstance(advised, StopVote):
        out["stop_yes" if advised.stop else "stop_no"] = True
    return out


def _calls(view: PlayerView, legal: list[Action], advised: Action | None = None) -> list[Choice]:
    if view.pending_discard is None:
        return []
    tile = view.pending_discard[1]
    out = []
    for action in legal:
        if isinstance(action, CallExposure):
            size = len(action.tiles) + 1
            jokers = action.tiles.count(JOKER)
            extra = f" ({jokers} joker{'s' if jokers > 1 else ''})" if jokers else ""
            label = f"Call for a {block_label(code(tile), size)}{extra}"
            fields = tuple(("tiles", code(t)) for t in action.tiles)
            out.append(Choice(label, fields, _is(action, advised), choice_key(action)))
    return list(dict.fromkeys(out))  # one button per distinct call


def _is(action: Action, advised: Action | None) -> bool:
    return advised is not None and coach.same_choice(action, advised)


def _exchanges(
    view: PlayerView, legal: list[Action], advised: Action | None, seating: moves.Seating
) -> list[Choice]:
    out = []
    for action in legal:
        if isinstance(action, ExchangeJoker):
            exposure = view.exposures[action.owner][action.exposure]
            block = block_label(
                code(exposure.tile if exposure.tile is not None else JOKER), len(exposure.tiles)
            )
            label = f"Give {name(action.tile)} for the joker in {seating.whose(action.owner)} {block}"
            fields = (
                ("tile", code(action.tile)),
                ("owner", str(action.owner)),
                ("exposure", str(action.exposure)),
            )
            out.append(Choice(label, fields, _is(action, advised), choice_key(action)))
    return list(dict.fromkeys(out))  # one button per distinct exchange


def result_facts(game: Game, engine: EngineGame, seating: moves.Seating | None = None) -> dict[str, Any]:
    """The end of the hand as the table and the review show it: who won, how, and who paid what."""
    result = dict(game.result or {})
    dealer = engine.dealer
    seating = seating or moves.Seating(dealer)
    payments = result.get("payments") or [0] * SEATS
    result["rows"] = [
        {
            "who": seating.who(s),
            "wind": wind_of(s, dealer),
            # "You (East)", "ann (South)" (a person at a table: their name and wind), "West" (a bot)
            "label": f"You ({wind_of(s, dealer)})" if s == seating.me else seating.who(s),
            "points": payments[s],
            "me": s == seating.me,
        }
        for s in range(SEATS)
    ]
    result["mine"] = result["rows"][seating.me]
    winner = result.get("winner")
    if winner is None:
        return result
    result["winner_name"] = seating.who(winner)
    result["you_won"] = winner == seating.me
    result["won_by_words"] = WON_BY.get(result.get("won_by") or "", result.get("won_by"))
    hand = parse_hand(result["hand"])
    verdict = check(hand, rules=rules_of(game), self_drawn=counts_as_self_drawn(result["won_by"]))
    result["verdict"] = verdict.as_dict()
    return result


def _said(tile: int) -> str:
    """A discarded tile in a sentence whose subject may be a seat's wind: "South discarded the South
    wind", not "South discarded South"."""
    return f"the {name(tile)} wind" if is_wind(tile) else name(tile)
