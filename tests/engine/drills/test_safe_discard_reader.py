"""An independent reader of "Is this discard safe?": it sees only what the question shows (your
hand with your exposures, each opponent's exposures and discards, your own discards, the tile asked
about) and decides from the rules alone whether the tile is safe, then checks the drill's answer.

The rules (RULES §6, §2): a discarded joker is dead. Any other tile is dangerous when some opponent
could call it for Mah Jongg now: some hand on the card holds each of their exposures as one of its
blocks and the tile in another place, and the rest of that hand (13 tiles less the exposures) can
be made of tiles you cannot see (not in your hand, not exposed, not in any discard shown), jokers
standing in Pungs, Kongs and Quints only. Each opponent is asked on their own: the tiles they do not
hold are the other players' and the wall's, whatever they are, so one opponent's need is exact.

The card is scanned here from cfmj.engine.card's arrangements (not reading.py's or danger.py's
matrices, not the drill's code), and every hand found that way is confirmed by cfmj.engine.check.
"Safe" must then be exactly "no opponent can win on it"; "dangerous" (the engine's chance of at
least DANGEROUS) at least "some opponent can". A fact the question hides (your own discards were
one) makes the two disagree.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import Any

import numpy as np
import numpy.typing as npt

from cfmj.engine.card import virtual_card
from cfmj.engine.check import check
from cfmj.engine.drills import BANDS, generate
from cfmj.engine.drills.safe_library import library
from cfmj.engine.notation import parse_hand
from cfmj.engine.tiles import JOKER, KINDS, NATURAL_KINDS, NEWS, WINDS, code, copies_in_set, parse_tile

PUZZLES = 500  # of every band
Exposure = tuple[int, ...]


@dataclass(frozen=True)
class Card:
    """Every arrangement on the card as counts: its places of each tile kind, the places no joker
    may fill (a Pair's, a NEWS block's), and how many exposable blocks (Pung, Kong, Quint) of each
    (tile, size) it has."""

    places: npt.NDArray[np.int16]  # (arrangements, NATURAL_KINDS)
    fixed: npt.NDArray[np.int16]
    blocks: npt.NDArray[np.int8]  # (arrangements, len(keys))
    keys: dict[tuple[int, int], int]  # (tile, size) -> column of `blocks`


@cache
def card() -> Card:
    entries = virtual_card().entries
    places = np.zeros((len(entries), NATURAL_KINDS), dtype=np.int16)
    fixed = np.zeros_like(places)
    keys: dict[tuple[int, int], int] = {}
    cells: list[tuple[int, int]] = []
    for row, entry in enumerate(entries):
        for tile, size in entry.blocks:
            if tile == NEWS:  # one of each wind, no joker
                for wind in WINDS:
                    places[row, wind] += 1
                    fixed[row, wind] += 1
                continue
            places[row, tile] += size
            if size == 2:
                fixed[row, tile] += 2
            else:
                cells.append((row, keys.setdefault((tile, size), len(keys))))
    blocks = np.zeros((len(entries), len(keys)), dtype=np.int8)
    for row, column in cells:
        blocks[row, column] += 1
    return Card(places, fixed, blocks, keys)


def exposure_block(group: Exposure) -> tuple[int | None, int]:
    """(tile, size) of an exposure: the one natural tile it shows, None for jokers alone."""
    naturals = {t for t in group if t != JOKER}
    assert len(group) >= 3 and len(naturals) <= 1, f"no exposure: {group}"
    return (naturals.pop() if naturals else None, len(group))


def winning_hand(exposures: Sequence[Exposure], tile: int, unseen: npt.NDArray[np.int16]) -> str | None:
    """A hand that wins on `tile` for an opponent showing `exposures` whose other tiles are all
    unseen (None: there is none)."""
    shown = [exposure_block(group) for group in exposures]
    natural = Counter((t, size) for t, size in shown if t is not None)
    joker_sizes = [size for t, size in shown if t is None]
    deck = card()
    # A block of jokers alone stands for any block of its size: try every tile it could be.
    choices = [[t for t, s in deck.keys if s == size] for size in joker_sizes]
    for stands_for in product(*choices):
        need = natural + Counter(zip(stands_for, joker_sizes, strict=True))
        if any(block not in deck.keys for block in need):
            continue
        rows = np.flatnonzero(
            np.all(
                [np.take(deck.blocks, deck.keys[block], axis=1) >= count for block, count in need.items()],
                axis=0,
            )
        )
        places, fixed = deck.places[rows], deck.fixed[rows].copy()
        for (t, size), count in need.items():
            places[:, t] -= size * count  # the exposed blocks are filled
        keep = places[:, tile] >= 1  # a place for the tile called
        rows, places, fixed = rows[keep], places[keep], fixed[keep]
        places[:, tile] -= 1
        fixed[:, tile] -= fixed[:, tile] > 0  # into a Pair where it can: a joker cannot go there
        left = unseen[:NATURAL_KINDS]
        short = np.maximum(places - left, 0).sum(axis=1)
        fits = np.flatnonzero((fixed <= left).all(axis=1) & (short <= unseen[JOKER]))
        if fits.size:
            held = np.minimum(places[fits[0]], left)
            concealed = [t for t in range(NATURAL_KINDS) for _ in range(int(held[t]))]
            concealed += [JOKER] * int(short[fits[0]]) + [tile]
            hand = " ".join(
                [" ".join(code(t) for t in concealed), *(f"[{' '.join(map(code, g))}]" for g in exposures)]
            )
            assert check(hand, self_drawn=False).valid, f"not a winning hand: {hand}"
            return hand
    return None


def tiles_of(codes_: Sequence[str] | str) -> list[int]:
    return [parse_tile(c) for c in (codes_.split() if isinstance(codes_, str) else codes_)]


def unseen_by_you(question: Mapping[str, Any]) -> npt.NDArray[np.int16]:
    """Copies of each tile kind (jokers at JOKER) in none of the places the question shows."""
    left = np.array([copies_in_set(t) for t in range(KINDS)], dtype=np.int16)
    hand = parse_hand(question["hand"])
    seen = list(hand.tiles)
    for seat in question["opponents"]:
        seen += [t for group in seat["exposures"] for t in tiles_of(group)]
        seen += tiles_of(seat["discards"])
    yours = question.get("yours")
    if yours is not None:  # your exposures are your hand's brackets, counted above
        assert sorted(map(sorted, map(tiles_of, yours["exposures"]))) == sorted(map(sorted, hand.exposures))
        seen += tiles_of(yours["discards"])
    for tile in seen:
        left[tile] -= 1
    assert (left >= 0).all(), question
    return left


@cache
def read(question_json: str) -> tuple[bool, tuple[str, ...]]:
    """(safe, the winning hands found: one for each opponent who could call the tile)."""
    question = json.loads(question_json)
    tile = parse_tile(question["tile"])
    if tile == JOKER:
        return True, ()
    unseen = unseen_by_you(question)
    found = []
    for seat in question["opponents"]:
        hand = winning_hand([tuple(tiles_of(g)) for g in seat["exposures"]], tile, unseen)
        if hand is not None:
            found.append(f"{seat['seat']}: {hand}")
    return not found, tuple(found)


def disagreements(bands: Sequence[int] = BANDS, count: int = PUZZLES) -> list[str]:
    out = []
    for band in bands:
        for seed in range(count):
            puzzle = generate("safe_discard", seed=seed, band=band)
            safe, hands = read(json.dumps(puzzle.question, sort_keys=True))
            if safe != puzzle.answer["safe"]:
                out.append(
                    f"band {band} seed {seed}: {puzzle.question['hand']} asks {puzzle.question['tile']}; "
                    f"the drill says {'safe' if puzzle.answer['safe'] else 'dangerous'}, the table "
                    f"shown says {'safe' if safe else 'dangerous: ' + '; '.join(hands)}"
                )
    return out


def test_the_testers_puzzle_is_safe_only_with_your_own_discards_in_view() -> None:
    """You sit West holding one East; three more are in view only with the one you threw. Without
    it (a puzzle stored before your discards were shown) North could be waiting on West for NEWS."""
    puzzle = generate("safe_discard", seed=209195307057892, band=1)
    question = puzzle.question
    assert question["tile"] == "W" and puzzle.answer["safe"] and "E" in question["yours"]["discards"]
    assert read(json.dumps(question, sort_keys=True)) == (True, ())
    hidden = {key: value for key, value in question.items() if key != "yours"}
    safe, hands = read(json.dumps(hidden, sort_keys=True))
    assert not safe and hands[0].startswith("North: ") and "N E S" in hands[0]  # NEWS, won on West


def test_the_reader_knows_a_joker_block_and_an_exposure_no_hand_holds() -> None:
    unseen = np.array([copies_in_set(t) for t in range(KINDS)], dtype=np.int16)
    assert winning_hand([(JOKER,) * 3, tuple(tiles_of("RD RD RD RD"))], parse_tile("GD"), unseen)
    wings = [tuple(tiles_of(f"{d} {d} {d} {d}")) for d in ("RD", "GD", "WD")]  # Dragon's Wings only
    assert winning_hand(wings, parse_tile("1B"), unseen) == "1B 1B [RD RD RD RD] [GD GD GD GD] [WD WD WD WD]"
    assert winning_hand(wings, parse_tile("5D"), unseen) is None


def test_what_the_question_shows_is_enough_to_answer_it() -> None:
    """Over PUZZLES puzzles of every band, the answer is the one the table shown gives."""
    wrong = disagreements()
    assert not wrong, f"{len(wrong)} of {PUZZLES * len(BANDS)} puzzles disagree:\n" + "\n".join(wrong[:10])


def test_every_opponent_can_still_win_as_far_as_the_question_shows() -> None:
    """No opponent is dead in the library: the question does not say so, and a dead hand cannot
    win (RULES §6), so a dead opponent would be a fact the question hides."""
    assert not any(any(entry["dead"]) for entry in library())
