"""The advice against play-outs: does the advised discard reach Mah Jongg as often as the best one?

    python -m cfmj.engine.studies.playouts --positions 500 --seed 1 --workers 2

Positions come from seeded games of four advice players: a sampled share of the moments a seat
holds 14 tiles and must discard (its hand alive, not yet winning). For each position, every
tile it could discard (jokers aside) is played out `--continuations` times (200): a random
`--draws` (10) tiles from the tiles that seat cannot see, drawn in turn by a clairvoyant player,
who reaches Mah Jongg when its 13 kept tiles and the draws so far hold a winning hand (it knows
what is coming, so it keeps exactly what that hand needs: a winning hand inside the 13 and the
10 is always reached). Calls, the other seats and the wall's end are left out: the study judges
the shape of the hand, which is what the keep scorer weighs.

Every candidate meets the same continuations (common random numbers), so two candidates are
compared draw by draw. Per position:
- best or tied: the advised discard reaches Mah Jongg as often as the best candidate;
- within noise: the best candidate's lead over the advised one, paired over the continuations,
  has a 95% interval that reaches 0;
- clearly worse: it does not (listed, with both rates). The best is picked among a dozen
  candidates on these same draws, which flatters its lead, so each such position is played again
  on twice as many fresh draws, the best against the advised: "confirmed" where the lead holds.
The advice here is the shape advice (the advice player's discard: the keep scorer). The coach's
choice weighs the danger of each discard as well (the defence): where it picks another tile, a
safe discard may rightly reach Mah Jongg less often, so those positions are reported apart, with
how much less often.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from random import Random
from typing import Any

from ..distance import IMPOSSIBLE, needs
from ..errors import InputError
from ..game.actions import Discard
from ..game.advice_player import AdvicePlayer
from ..game.core import Game
from ..game.defensive_player import DefensivePlayer
from ..game.players import Player, wins
from ..game.runner import Move, play_on
from ..game.tileset import SEATS
from ..game.view import PlayerView
from ..game.waits import unseen_tiles
from ..notation import Hand, format_hand
from ..tiles import JOKER, code
from .intervals import Z95, mean_interval, wilson
from .report import conclude

MAX_POSITIONS = 5_000
SAMPLE = 0.1  # the share of discard decisions taken as positions
CONFIRM_SEED = 7_919_000_017  # added to a position's seed for the fresh draws that confirm a loss


@dataclass(frozen=True)
class Position:
    hand: Hand  # 14 tiles, the seat's exposures with them
    unseen: tuple[int, ...]  # the tiles the seat cannot see (the wall and the others' racks)
    advised: int  # the shape advice's discard
    coached: int  # the coach's choice (the advice with the danger weighed)
    game: int
    step: int


@dataclass(frozen=True)
class Outcome:
    hand: str
    advised: str
    coached: str
    rates: dict[str, float]  # candidate -> share of continuations reaching Mah Jongg
    best: str
    verdict: str  # "best", "noise" or "worse"
    lead: tuple[float, float, float]  # the best's lead over the advised: mean and 95% interval
    coached_lead: tuple[float, float, float]  # the best's lead over the coach's choice
    confirmed: bool | None = None  # clearly worse again on fresh draws (None: not clearly worse)


def unseen_by(view: PlayerView) -> tuple[int, ...]:
    """Every tile that `view`'s seat has not seen, one entry per copy (what its draws come from)."""
    return tuple(sorted(unseen_tiles(view).elements()))


def positions_of_game(game_seed: int, rng: Random) -> list[Position]:
    """Play one seeded game of four advice players; keep a sampled share of its discard
    decisions as positions."""
    advice, defensive = AdvicePlayer(), DefensivePlayer()
    found: list[Position] = []

    def keep(move: Move) -> None:
        view = move.view
        if not isinstance(move.action, Discard) or len(view.concealed) + _exposed(view) != 14:
            return
        if rng.random() >= SAMPLE or wins(view) or int(needs(view.hand()).min()) >= IMPOSSIBLE:
            return
        legal = [Discard(view.seat, t) for t in sorted(set(view.concealed))]
        found.append(
            Position(
                view.hand(),
                unseen_by(view),
                _tile(advice.choose(view, legal)),
                _tile(defensive.choose(view, legal)),
                game_seed,
                move.step,
            )
        )

    game = Game(game_seed, None, game_seed % SEATS)
    players: list[Player | None] = [advice, advice, advice, advice]
    play_on(game, players, on_move=keep)
    return found


def _exposed(view: PlayerView) -> int:
    return sum(len(e.tiles) for e in view.my_exposures)


def _tile(action: object) -> int:
    assert isinstance(action, Discard)
    return action.tile


def collect(count: int, seed: int) -> list[Position]:
    """`count` positions from games seeded `seed`, `seed + 1`, ..."""
    rng = Random(seed)
    out: list[Position] = []
    game = seed
    while len(out) < count:
        out += positions_of_game(game, rng)
        game += 1
    return out[:count]


def play_out(
    position: Position, continuations: int, draws: int, seed: int, only: Sequence[int] = ()
) -> dict[int, list[bool]]:
    """For each candidate discard (or each of `only`), whether each continuation reaches Mah Jongg."""
    rng = Random(seed)
    sequences = [rng.sample(position.unseen, min(draws, len(position.unseen))) for _ in range(continuations)]
    candidates = sorted(set(only) or {t for t in position.hand.concealed if t != JOKER})
    reached: dict[int, list[bool]] = {}
    for tile in candidates:
        kept = list(position.hand.concealed)
        kept.remove(tile)
        reached[tile] = [
            int(needs(Hand(tuple(sorted(kept + drawn)), position.hand.exposures)).min()) == 0
            for drawn in sequences
        ]
    return reached


def _lead(best: list[bool], other: list[bool]) -> tuple[float, float, float]:
    return mean_interval([int(b) - int(o) for b, o in zip(best, other, strict=True)])


def judge(position: Position, continuations: int, draws: int, seed: int) -> Outcome:
    reached = play_out(position, continuations, draws, seed)
    rates = {tile: sum(hits) / len(hits) for tile, hits in reached.items()}
    best = max(sorted(rates), key=lambda t: (rates[t], t == position.advised))
    lead = _lead(reached[best], reached[position.advised])
    verdict = "noise" if lead[1] <= 0 else "worse"
    if rates[position.advised] == rates[best]:
        verdict = "best"
    confirmed = None
    if verdict == "worse":
        # The best of a dozen candidates is picked on these draws, so its lead is flattered: it is
        # measured again on twice as many fresh ones before the advice is called worse for certain.
        again = play_out(position, 2 * continuations, draws, seed + CONFIRM_SEED, (best, position.advised))
        confirmed = _lead(again[best], again[position.advised])[1] > 0
    return Outcome(
        hand=format_hand(position.hand),
        advised=code(position.advised),
        coached=code(position.coached),
        rates={code(t): r for t, r in rates.items()},
        best=code(best),
        verdict=verdict,
        lead=lead,
        coached_lead=_lead(reached[best], reached[position.coached]),
        confirmed=confirmed,
    )


def _job(job: tuple[Position, int, int, int]) -> Outcome:
    return judge(*job)


def run(
    positions: int, seed: int, *, continuations: int = 200, draws: int = 10, workers: int = 1
) -> dict[str, Any]:
    if not 1 <= positions <= MAX_POSITIONS:
        raise InputError(f"--positions is a number from 1 to {MAX_POSITIONS:,}.")
    if not 10 <= continuations <= 2_000 or not 1 <= draws <= 30:
        raise InputError("--continuations is from 10 to 2,000 and --draws from 1 to 30.")
    started = time.perf_counter()
    found = collect(positions, seed)
    jobs = [(p, continuations, draws, seed * 100_003 + i) for i, p in enumerate(found)]
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            outcomes = list(pool.map(_job, jobs, chunksize=4))
    else:
        outcomes = [_job(job) for job in jobs]
    return summary(outcomes, seed, continuations, draws, round(time.perf_counter() - started, 1))


def summary(
    outcomes: Sequence[Outcome], seed: int, continuations: int, draws: int, seconds: float
) -> dict[str, Any]:
    n = len(outcomes)
    verdicts = Counter(o.verdict for o in outcomes)
    within = verdicts["best"] + verdicts["noise"]
    defended = [o for o in outcomes if o.coached != o.advised]
    cost = [o.rates[o.advised] - o.rates[o.coached] for o in defended]
    return {
        "positions": n,
        "seed": seed,
        "continuations": continuations,
        "draws": draws,
        "best_or_tied": _share(verdicts["best"], n),
        "within_noise": _share(within, n),
        "clearly_worse": _share(verdicts["worse"], n),
        "confirmed_worse": _share(sum(1 for o in outcomes if o.confirmed), n),
        "none_reach": sum(1 for o in outcomes if max(o.rates.values()) == 0),
        "advised_rate": round(statistics.fmean(o.rates[o.advised] for o in outcomes), 4),
        "best_rate": round(statistics.fmean(o.rates[o.best] for o in outcomes), 4),
        "defended": {
            "positions": len(defended),
            "reach_less_by": [round(x, 4) for x in mean_interval(cost)] if cost else None,
            "coached_within_noise": sum(1 for o in defended if o.coached_lead[1] <= 0),
        },
        "worse": [asdict(o) for o in outcomes if o.verdict == "worse"],
        "seconds": seconds,
    }


def _share(count: int, n: int) -> dict[str, Any]:
    low, high = wilson(count, n) if n else (0.0, 0.0)
    return {
        "count": count,
        "share": round(count / n, 4) if n else 0.0,
        "ci95": [round(low, 4), round(high, 4)],
    }


def _pct(row: dict[str, Any]) -> str:
    low, high = row["ci95"]
    return f"{row['count']:,} ({100 * row['share']:.1f}% [{100 * low:.1f}, {100 * high:.1f}])"


def markdown(report: dict[str, Any]) -> str:
    defended = report["defended"]
    lines = [
        "| positions | advised best or tied | within noise of the best | clearly worse "
        "| confirmed on fresh draws | reach rate: advised / best |",
        "|---:|---|---|---|---|---|",
        f"| {report['positions']:,} | {_pct(report['best_or_tied'])} | {_pct(report['within_noise'])} "
        f"| {_pct(report['clearly_worse'])} | {_pct(report['confirmed_worse'])} "
        f"| {100 * report['advised_rate']:.1f}% / {100 * report['best_rate']:.1f}% |",
        "",
        f"In {report['none_reach']:,} positions no discard reached Mah Jongg in any continuation (all tied).",
        f"The coach's choice (danger weighed) differs from the shape advice in "
        f"{defended['positions']:,} positions",
    ]
    if defended["reach_less_by"]:
        mean, low, high = defended["reach_less_by"]
        lines[-1] += (
            f": it reaches Mah Jongg {100 * mean:.1f} points less often [{100 * low:.1f}, {100 * high:.1f}];"
            f" within noise of the best in {defended['coached_within_noise']:,}."
        )
    if report["worse"]:
        lines += ["", "Clearly worse (hand: advised rate, best rate; whether fresh draws confirmed it):"]
        for row in report["worse"]:
            lines.append(
                f"- `{row['hand']}`: advice {row['advised']} {100 * row['rates'][row['advised']]:.1f}%, "
                f"{row['best']} {100 * row['rates'][row['best']]:.1f}%"
                f"{'; confirmed' if row['confirmed'] else '; not confirmed'}"
            )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=500)
    parser.add_argument("--continuations", type=int, default=200)
    parser.add_argument("--draws", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", metavar="FILE", help="also write the report to FILE as JSON")
    args = parser.parse_args(argv)
    return conclude(
        lambda: run(
            args.positions,
            args.seed,
            continuations=args.continuations,
            draws=args.draws,
            workers=args.workers,
        ),
        json_path=args.json,
        heading=lambda report: (
            f"The advice against play-outs: {args.positions:,} positions, "
            f"{args.continuations} continuations of {args.draws} draws, seed {args.seed}; "
            f"{report['seconds']:.0f} s on {args.workers} worker(s). "
            f"Intervals 95% (z = {Z95:.2f})."
        ),
        table=markdown,
    )


if __name__ == "__main__":
    raise SystemExit(main())
