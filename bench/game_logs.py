"""Record or compare the event logs of whole hands played by four advice bots (not a test).

A speed-up of the advice must leave every bot choice, hence every event, as it was: record the
logs once before a change, then compare after it (same seed, same events).

    python bench/game_logs.py --write /tmp/logs.json   # record
    python bench/game_logs.py /tmp/logs.json           # compare, print the seeds that differ
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cfmj.engine.game import Game, play_hand  # noqa: E402
from cfmj.engine.game.advice_player import AdvicePlayer  # noqa: E402

SEED = 20261122


def log_digest(seed: int) -> str:
    """A digest of the hand's events (each as its dict), in order."""
    game = Game(seed)
    play_hand(game, [AdvicePlayer() for _ in range(4)])
    text = json.dumps([event.to_dict() for event in game.events], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--games", type=int, default=30)
    args = parser.parse_args()
    started = time.perf_counter()
    digests = {str(seed): log_digest(seed) for seed in range(SEED, SEED + args.games)}
    took = time.perf_counter() - started
    if args.write:
        args.path.write_text(json.dumps(digests, indent=1) + "\n")
        print(f"recorded {len(digests)} hands in {took:.1f} s")
        return
    recorded = json.loads(args.path.read_text())
    differ = [seed for seed, value in digests.items() if recorded.get(seed) != value]
    print(f"{len(differ)} of {len(digests)} hands' events differ ({took:.1f} s) {differ[:10]}")


if __name__ == "__main__":
    main()
