"""Every drill kind makes exactly the puzzles it made when these fingerprints were taken (every
focus, bands 1-5, six tables, seeds 0-2: bench/puzzle_hashes.py). A refactor must leave them as
they are. A change that means to change puzzles updates the kind's line here, in the same commit,
and says why in its message: `.venv/bin/python bench/puzzle_hashes.py --seeds 3` prints them."""

from __future__ import annotations

import pytest

from bench.puzzle_hashes import kind_digest
from cfmj.engine import drills

FINGERPRINTS = {
    "winning_hand": "7a81981052010883e3b3b4c94284bfc386f6af0ae845af74aa80cee273ce87b2",
    "worth": "a4818ae4d339d3c9c3f381eaec3868e47701954fcb8378434dd49d7bda76864a",
    "charleston": "157c58b376dedf98969cae39105ea11c1bec1358754a58d296eac07994f4ee20",
    "name_hand": "45d5c326896b89b1c5078d838dd4c203a05f95bca3b687c1ed4ed3a9725ed791",
    "call": "43322ac3b1d1d69a345e7a9bd76e4e53a98f1ad33b6ff1950dea1032f30805f6",
    "joker_exchange": "bcbbf234f51cec3d80ce2a080a27534063b0d88940fc072ccaa44e2afc06033f",
    "discard": "e5d87244352f91ee3436d852f2ea89cb802b658732441f93a5e2d9daff54bf6c",
    "distance": "652f66a9db066fcca942df1553b3f344a3cbb8c043c53c118d9ae48de33c166e",
    "aim_hand": "9737a862f07e5a857f68bcd72a3b433812dac222ae41fd449ad96273fb639ea5",
    "collecting": "fc88a8657a564e518c0c70931ee64764586210ae0055a9fc637c2eb7aaa85a38",
    "safe_discard": "9391d86bfcbdf100a1817049d9139ad0b9dddfe69b3815e4929eea6ccd3c21ae",
    "rules_quiz": "f98bd8c95693b664bfb346d6d04a34f78e734b6c53a3f9afbe80037030734d81",
}


def test_it_has_a_fingerprint_for_every_kind() -> None:
    assert set(FINGERPRINTS) == set(drills.KINDS)


@pytest.mark.parametrize("kind", sorted(FINGERPRINTS))
def test_it_makes_the_same_puzzles_as_before(kind: str) -> None:
    assert kind_digest(kind, 3)[2] == FINGERPRINTS[kind]
