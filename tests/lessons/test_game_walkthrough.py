"""The lesson "A game in five minutes" walks through one real hand: every tile it shows, in the
order it shows them, is what the game engine produced in the recorded hand, which the engine
replays (tests/lessons/walkthrough.py). A lesson edited by hand, or an engine that plays the
record differently, fails here."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator

import pytest

from cfmj.engine import InputError, check, parse_hand
from cfmj.engine.game import Game
from cfmj.engine.game import events as E
from cfmj.engine.game.advice_player import AdvicePlayer
from cfmj.engine.game.runner import play_hand
from cfmj.engine.ruleset import RuleSet
from cfmj.engine.tiles import CODES, codes
from lessons.content import FENCE, TILES, LessonSource
from tests.course import course_sources
from tests.lessons.walkthrough import RECORD, Moment, moments, replayed, tiles

SLUG = "a-game-in-five-minutes"
YOU = 3  # North
EAST, SOUTH, WEST = 0, 1, 2


def _lesson() -> LessonSource:
    return next(source for source in course_sources() if source.slug == SLUG)


def _shown(lesson: LessonSource) -> Iterator[tuple[int, str, bool]]:
    """Every tile group the lesson shows, in reading order: (step, tiles, drawn as a rack)."""
    for step in lesson.steps:
        found = [(m.start(), m.group(1), False) for m in TILES.finditer(step.body)]
        found += [(m.start(), m.group(2).strip(), True) for m in FENCE.finditer(step.body)]
        for _, group, rack in sorted(found):
            yield step.number, group, rack


def _same(a: str, b: str) -> bool:
    """The same tiles: the same concealed tiles and the same exposures (in any order)."""
    x, y = parse_hand(a, sizes=None), parse_hand(b, sizes=None)
    return Counter(x.concealed) == Counter(y.concealed) and sorted(x.exposures) == sorted(y.exposures)


def _within(group: str, rack: str) -> bool:
    held = parse_hand(rack, sizes=None)
    return not Counter(parse_hand(group, sizes=None).concealed) - Counter(held.tiles)


def _nth(hand: list[Moment], kind: type[E.Event], n: int = 0, **fields: object) -> Moment:
    found = [
        m
        for m in hand
        if isinstance(m.event, kind) and all(getattr(m.event, k) == v for k, v in fields.items())
    ]
    return found[n]


def _finishing(rack: str) -> list[str]:
    """The tiles a discard could bring that finish this 13-tile hand, in the engine's order."""
    wins = []
    for tile in CODES:
        if tile == "J":
            continue
        try:
            if check(f"{tile} {rack}").valid:
                wins.append(tile)
        except InputError:  # a fifth copy, or not a single tile
            continue
    return wins


def _facts(game: Game) -> list[tuple[int, str]]:
    """What the lesson shows of the hand, step by step, each read from the engine's record."""
    hand = moments(game)

    def tiles_of(kind: type[E.Event], n: int = 0, **fields: object) -> str:
        return tiles(_nth(hand, kind, n, **fields).event.to_dict()["tiles"])

    def tile_of(kind: type[E.Event], n: int = 0, **fields: object) -> str:
        return codes([_nth(hand, kind, n, **fields).event.to_dict()["tile"]])

    def laid(seat: int, n: int = 0) -> str:
        event = _nth(hand, E.ExposureMade, n, seat=seat).event
        assert isinstance(event, E.ExposureMade)
        return codes(list(event.tiles))

    def rack_after(kind: type[E.Event], n: int = 0, **fields: object) -> str:
        return _nth(hand, kind, n, **fields).rack(YOU)

    after_call = rack_after(E.Discarded, 3, seat=YOU)
    won = _nth(hand, E.HandWon).event
    assert isinstance(won, E.HandWon)
    facts: list[tuple[int, Callable[[], str] | str]] = [
        (1, tiles_of(E.Dealt, seat=YOU)),
        (2, tiles_of(E.PassDelivered, stage="first_right", giver=YOU)),
        (2, tiles_of(E.PassDelivered, stage="first_right", receiver=YOU)),
        (2, rack_after(E.PlayStarted)),
        (3, tile_of(E.Discarded, seat=EAST)),
        (3, tile_of(E.Discarded, seat=SOUTH)),
        (3, tile_of(E.Discarded, seat=WEST)),
        (3, tile_of(E.Drew, seat=YOU)),
        (3, tile_of(E.Discarded, seat=YOU)),
        (3, tile_of(E.Discarded, seat=YOU)),
        (3, laid(EAST)),
        (3, tile_of(E.Drew, 2, seat=YOU)),
        (3, tile_of(E.Discarded, 3, seat=EAST)),
        (3, laid(YOU)),
        (3, tile_of(E.Discarded, 3, seat=YOU)),
        (3, after_call),
        *((3, tile) for tile in _finishing(after_call)),
        (4, tile_of(E.Discarded, 5, seat=EAST)),
        (4, tile_of(E.Discarded, 5, seat=EAST)),
        (4, won.hand),
    ]
    return [(step, fact() if callable(fact) else fact) for step, fact in facts]


def test_the_recorded_hand_replays_in_the_engine() -> None:
    game = replayed()
    won = game.outcome
    assert isinstance(won, E.HandWon)
    assert (won.winner, won.discarder, won.won_by) == (YOU, EAST, "discard")
    assert won.payments == (-2 * won.value, -won.value, -won.value, 4 * won.value)


def test_the_record_is_the_hand_advice_players_play_from_its_seed() -> None:
    """Kept to say where the record came from; if the advice changes, the record (still a legal
    hand, replayed above) need not be made again."""
    game = replayed()
    again = Game(game.seed, RuleSet(), game.dealer)
    play_hand(again, [AdvicePlayer() for _ in range(4)])
    if again.events != game.events:
        pytest.skip("the advice players now play this seed differently; the record stands")


def test_every_tile_the_lesson_shows_is_the_engines_in_order() -> None:
    """Each tile group is the next thing the engine did (a pass, a discard, a rack, an exposure,
    the win), or else a part of the rack or the group shown just before it."""
    facts = _facts(replayed())
    done = 0
    rack = last = ""
    for step, group, is_rack in _shown(_lesson()):
        wanted = facts[done] if done < len(facts) else None
        if wanted is not None and wanted[0] == step and _same(group, wanted[1]):
            done += 1
            last = group
            rack = group if is_rack else rack
            continue
        assert not is_rack and any(_within(group, g) for g in (rack, last) if g), (
            f"step {step} shows {group!r}; the engine's next: {wanted}"
        )
    assert done == len(facts), f"the lesson leaves out part of the hand: {facts[done:]}"


def test_the_numbers_the_lesson_gives_are_the_engines() -> None:
    game = replayed()
    won = game.outcome
    assert isinstance(won, E.HandWon)
    steps = {step.number: step.body for step in _lesson().steps}
    dealt = moments(game)
    wall_after_deal = len(dealt[0].event.wall) - sum(  # type: ignore[attr-defined]
        len(m.event.tiles) for m in dealt if isinstance(m.event, E.Dealt)
    )
    assert f"{wall_after_deal} of them" in steps[1]
    assert f"**{won.value}** points" in steps[4]
    assert f"**{-won.payments[EAST]}**" in steps[4]
    assert f"pay **{-won.payments[SOUTH]}** each" in steps[4] and won.payments[SOUTH] == won.payments[WEST]
    assert RECORD.exists()
