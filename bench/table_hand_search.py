"""The hand the tables' browser test plays (tests/browser/test_tables.py): a seed, and the few
choices its three people make that the coach would not, found by a search over seeds.

Three people sit in seats 0-2 (ann, ben and cy) and a strong bot in seat 3. Everyone plays the
coach's choice (what the strong bot plays: `coach_choice`), except where the script says otherwise:

- ben (seat 1, STOPPER) votes to stop the Charleston;
- the first discard that two people can both call (an exposure the rules allow and that leaves the
  hand alive, or Mah Jongg when the tile wins) is called by both: each makes the coach's call when
  the coach would call, else the first call offered;
- at the first turn where a person can exchange a joker, they do (the first exchange offered);
- in a pass that may be blind, a person passes a tile just received only blind, as the page offers
  it (the coach may pass it as one of its own: the same tiles go).

A seed fits when, so played, the hand has all three and ends with a person declaring Mah Jongg
(on their turn: not the contested call itself). The best seeds ask the people for the fewest
choices: each is a click in the browser test.
The deal is the table's (`table_hands.hand_deal`: the first dealer is the seed modulo 4, the table's
default rules), and the bot for a person away is the strong bot too, so a seat played by a bot for
a while plays it as the person would have.

    PYTHONPATH=. python bench/table_hand_search.py [--first 0] [--seeds 1100]

prints each seed that fits as it is found, then the BEST fewest choices first, each as the test's
constants.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cfmj.engine.coach import coach_choice, warning  # noqa: E402
from cfmj.engine.game import (  # noqa: E402
    CALLS,
    SEATS,
    STOP_VOTE,
    TURN,
    Action,
    CallExposure,
    CallMahJongg,
    Discarded,
    ExchangeJoker,
    HandWon,
    JokerExchanged,
    MahJonggDeclared,
    PassTiles,
    PlayerView,
    StopVote,
    wins,
)
from cfmj.engine.game import Game as EngineGame  # noqa: E402
from cfmj.engine.tiles import code, parse_tile  # noqa: E402

PEOPLE = (0, 1, 2)  # ann, ben, cy; seat 3 is a bot
STOPPER = 1  # ben votes to stop the Charleston
MAX_CHOICES = 2_000  # far beyond any hand
BEST = 5  # the seeds printed as constants at the end


@dataclass(frozen=True)
class Script:
    """Where the people depart from the coach's choice: the discard (counted from 0) that two of
    them call (`contest`) and their calls; the turn, by the discards before it, where one of them
    exchanges a joker (`exchange_at`) and the exchange."""

    seed: int
    contest: int | None = None
    calls: tuple[CallExposure | CallMahJongg, ...] = ()
    exchange_at: int | None = None
    exchange: ExchangeJoker | None = None


def tiles(text: str) -> tuple[int, ...]:
    return tuple(parse_tile(part) for part in text.split())


def discarded(engine: EngineGame) -> int:
    """How many discards the hand has had (a called discard counts: it left the pile)."""
    return sum(isinstance(event, Discarded) for event in engine.events)


def calls_open(engine: EngineGame, seat: int) -> list[CallExposure | CallMahJongg]:
    """The calls of the discard `seat` can make without a mistake: Mah Jongg when the tile wins,
    and the exposures the coach does not hold back (one that fits no winning hand kills it)."""
    view = engine.view(seat)
    if view.pending_discard is None or seat not in engine.waiting_for():
        return []
    out: list[CallExposure | CallMahJongg] = []
    if wins(view, (view.pending_discard[1],)):
        out.append(CallMahJongg(seat))
    legal = engine.legal_actions(seat)
    out += [a for a in legal if isinstance(a, CallExposure) and warning(engine, seat, a) is None]
    return out


def scripted_choice(engine: EngineGame, seat: int, script: Script) -> Action:
    """What `seat` chooses now: the script's choice where it departs from the coach, else the
    coach's."""
    legal = engine.legal_actions(seat)
    if engine.phase == STOP_VOTE and seat == STOPPER:
        return StopVote(seat, True)
    if engine.phase == CALLS and discarded(engine) - 1 == script.contest:
        call = next((c for c in script.calls if c.seat == seat), None)
        if call is not None:
            return call
    if engine.phase == TURN and (
        script.exchange is not None
        and script.exchange.seat == seat
        and discarded(engine) == script.exchange_at
        and script.exchange in legal
        and not engine.view(seat).exchanged
    ):
        return script.exchange
    return as_offered(engine.view(seat), coach_choice(engine.view(seat), legal))


def as_offered(view: PlayerView, action: Action) -> Action:
    """A choice as the table's page offers it: in a pass that may be blind the tiles just received
    are drawn apart from the rack (play/table.py), so a person passes one of them on only blind."""
    if not isinstance(action, PassTiles) or not view.blind_allowed:
        return action
    rack = Counter(view.concealed) - Counter(view.received)
    own, blind = [], list(action.blind)
    for tile in action.tiles:
        if rack[tile] > 0:
            rack[tile] -= 1
            own.append(tile)
        else:
            blind.append(tile)
    return PassTiles(action.seat, tuple(own), tuple(blind))


def _found(engine: EngineGame, script: Script) -> Script:
    """The script with the first contest or exchange the hand now offers, when it has none yet."""
    if script.contest is None and engine.phase == CALLS:
        callers = [seat for seat in PEOPLE if calls_open(engine, seat)]
        if len(callers) >= 2:
            calls = []
            for seat in callers[:2]:
                offered = calls_open(engine, seat)
                coach = coach_choice(engine.view(seat), engine.legal_actions(seat))
                calls.append(coach if coach in offered else offered[0])
            return dataclasses.replace(script, contest=discarded(engine) - 1, calls=tuple(calls))
    if script.exchange is None and engine.phase == TURN and engine.turn in PEOPLE:
        seat = engine.turn
        exchange = next((a for a in engine.legal_actions(seat) if isinstance(a, ExchangeJoker)), None)
        if exchange is not None:
            return dataclasses.replace(script, exchange_at=discarded(engine), exchange=exchange)
    return script


def play(script: Script, *, find: bool = False) -> tuple[EngineGame, Script, int]:
    """The hand played by the script (`find`: taking each first contest and exchange the hand
    offers into it as it goes); its end, the script, and how many choices the people made."""
    engine = EngineGame(script.seed, None, script.seed % SEATS)
    choices = 0
    for _ in range(MAX_CHOICES):
        if engine.over:
            break
        if find:
            script = _found(engine, script)
        seat = engine.waiting_for()[0]
        if seat in PEOPLE:
            engine.apply(scripted_choice(engine, seat, script))
        else:  # the strong bot
            engine.apply(coach_choice(engine.view(seat), engine.legal_actions(seat)))
        choices += seat in PEOPLE
    return engine, script, choices


def fits(engine: EngineGame, script: Script) -> bool:
    won = engine.outcome
    if script.contest is None or script.exchange is None or not isinstance(won, HandWon):
        return False
    exchanged = any(
        isinstance(event, JokerExchanged) and event.seat == script.exchange.seat for event in engine.events
    )
    declared = any(isinstance(event, MahJonggDeclared) for event in engine.events)
    return won.winner in PEOPLE and exchanged and declared


def constants(script: Script) -> str:
    """The script as the test writes it."""
    calls = ", ".join(
        f"CallMahJongg({c.seat})"
        if isinstance(c, CallMahJongg)
        else f'CallExposure({c.seat}, tiles("{_codes(c.tiles)}"))'
        for c in script.calls
    )
    exchange = script.exchange
    assert exchange is not None
    given = f'parse_tile("{code(exchange.tile)}")'
    lines = [
        "SCRIPT = Script(",
        f"    seed={script.seed},",
        f"    contest={script.contest},",
        f"    calls=({calls}),",
        f"    exchange_at={script.exchange_at},",
        f"    exchange=ExchangeJoker({exchange.seat}, {exchange.owner}, {exchange.exposure}, {given}),",
        ")",
    ]
    return "\n".join(lines)


def _codes(values: tuple[int, ...]) -> str:
    return " ".join(code(t) for t in values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seeds", type=int, default=1100)
    args = parser.parse_args()
    began = time.monotonic()
    found: list[tuple[int, int, Script]] = []
    for seed in range(args.first, args.first + args.seeds):
        engine, script, _ = play(Script(seed), find=True)
        if not fits(engine, script):
            continue
        replayed, _, choices = play(script)  # the script alone plays the same hand
        assert replayed.events == engine.events, seed
        found.append((choices, seed, script))
        won = engine.outcome
        assert isinstance(won, HandWon)
        print(
            f"seed {seed}: {choices} choices, {discarded(engine)} discards; contest at discard "
            f"{script.contest}, exchange after {script.exchange_at}; seat {won.winner} wins ({won.won_by})",
            flush=True,
        )
    seconds = time.monotonic() - began
    print(f"{len(found)} of {args.seeds} seeds fit, in {seconds:.0f} s")
    for choices, _seed, script in sorted(found, key=lambda item: item[:2])[:BEST]:
        print(f"# {choices} choices")
        print(constants(script))


if __name__ == "__main__":
    main()
