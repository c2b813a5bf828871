"""Every drill kind makes exactly the puzzles it made when these fingerprints were taken (every
focus, bands 1-5, six tables, seeds 0-2: bench/puzzle_hashes.py). A refactor must leave them as
they are. A change that means to change puzzles updates the kind's line here, in the same commit,
and says why in its message: `.venv/bin/python bench/puzzle_hashes.py --seeds 3` prints them."""

from __future__ import annotations

import pytest

from bench.puzzle_hashes import kind_digest
from cfmj.engine import drills

FINGERPRINTS = {
    "winning_hand": "ca6898032492c15b2023eb31fd515b36a54d1d162757a573ef1dcefbc6f35417",
    "worth": "a4818ae4d339d3c9c3f381eaec3868e47701954fcb8378434dd49d7bda76864a",
    "charleston": "a258967b361b382149f6a1763b1e78ccc82b214c5356b51f8394618d6c444c21",
    "name_hand": "7a337d8500308b75b7de631d1d3f75f9619a085d0f6051748bb406e61a795747",
    "call": "da412fff72a7be3d6c8678527a9c4a9abcc882870b71ab8d8af7700fec28af8a",
    "joker_exchange": "2b4a9d71f70a98fffea27c97f44c3362759be4df83fb7d1460ed65f6919e2c5d",
    "discard": "e163f9fe5edb42673f0e54b94df0999cd6b1e2781830d9884db45d1344dedd81",
    "distance": "652f66a9db066fcca942df1553b3f344a3cbb8c043c53c118d9ae48de33c166e",
    "aim_hand": "133021578095d174f84dd1a286c41d3202eca1e0631b89f19e43a9e1100e2ea6",
    "collecting": "d15e07478daf43b3659b21227f9b008e852ddb1663ab79c643f23060f5e383ef",
    "safe_discard": "9fb94f0e427d3d5ad5872b9b7b9e7d2b1760ba31404469f0a7ec3a0149008015",
    "rules_quiz": "3832fda5b1e096b3da2c473669199ac7101b3f9ad4f08c18a7a05f6124cdb724",
}


def test_it_has_a_fingerprint_for_every_kind() -> None:
    assert set(FINGERPRINTS) == set(drills.KINDS)


@pytest.mark.parametrize("kind", sorted(FINGERPRINTS))
def test_it_makes_the_same_puzzles_as_before(kind: str) -> None:
    assert kind_digest(kind, 3)[2] == FINGERPRINTS[kind]
