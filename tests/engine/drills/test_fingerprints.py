"""Every drill kind makes exactly the puzzles it made when these fingerprints were taken (every
focus, bands 1-5, six tables, seeds 0-2: bench/puzzle_hashes.py). A refactor must leave them as
they are. A change that means to change puzzles updates the kind's line here, in the same commit,
and says why in its message: `.venv/bin/python bench/puzzle_hashes.py --seeds 3` prints them."""

from __future__ import annotations

import pytest

from bench.puzzle_hashes import kind_digest
from cfmj.engine import drills

FINGERPRINTS = {
    "winning_hand": "e61f37e15f98fc779b1826527b8a6088961b4cab1325b8c3e78217aa1aa9c6f1",
    "worth": "620423471aab3f079e7741c6d20603e9e76ecba29f7d39393fc568ebbfb38ad7",
    "charleston": "8f617be411095f4f7b4b0aae0b09e2617c3dd4fb6ccda307d5502b647b924ab1",
    "name_hand": "a74cbcf11f11bc4dd62095c1a7bcb8a8eb9d850f107cc45edf66d7c34f937b81",
    "call": "d0ed827fdc4b03e93f81c317b531ea6a7de8e975ddb4a5bb14531027755e0239",
    "joker_exchange": "0d46f23bb4215bab373be77b15cbf02c0f9f7ba4787214d750c1f47f7b416fb8",
    "discard": "ecab103b37aba6b34addde257654986fe5fab95f11f212065f4d2dacc0f6c017",
    "distance": "595364e0487cdc18dd32537c8430cc7d6d6d9e2759b643a096e65403a073e974",
    "rules_quiz": "71a4cb9ae4fecbb07db1a1d5f8297f693aa14ae9edd9c4098df246a218d590dc",
}


def test_it_has_a_fingerprint_for_every_kind() -> None:
    assert set(FINGERPRINTS) == set(drills.KINDS)


@pytest.mark.parametrize("kind", sorted(FINGERPRINTS))
def test_it_makes_the_same_puzzles_as_before(kind: str) -> None:
    assert kind_digest(kind, 3)[2] == FINGERPRINTS[kind]
