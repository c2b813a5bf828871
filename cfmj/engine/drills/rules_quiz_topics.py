"""The gameplay questions of the "Quick rules" drill (RULES §6), and what all its topics share.

No rule is written down here. Each question sets up a table in cfmj.engine.game (a deal, a
Charleston, a discard and its calls, an exposure with a joker ...) and reads the right choice off
what the game model does; only the wording is ours.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import permutations
from random import Random

from ..card import exposures_possible
from ..game import Action, Game, MatchResult, PlayerView, play_match
from ..game import actions as A
from ..game import events as E
from ..game.errors import NO_JOKER_PASS
from ..game.state import BLIND_STAGES, CALLS, CHARLESTON, COURTESY_ASK, STAGE_NAMES, STOP_VOTE, TURN
from ..game.tileset import ACROSS, EAST_HAND, HAND, LEFT, RIGHT, SEATS, WIND_NAMES, full_set, to_the, wind_of
from ..notation import Hand
from ..ruleset import RuleSet
from ..tiles import (
    DRAGONS,
    FLOWER,
    JOKER,
    NATURAL_KINDS,
    WINDS,
    code,
    is_dragon,
    is_number,
    is_wind,
    name,
    number_of,
    number_tile,
    suit_of,
)
from .common import join_words
from .hands import build, hand_name, layout, pick_entry, without

Choice = tuple[str, str]  # (value, label)
RULES = RuleSet()
DEALER = 0  # every table here has East in seat 0, so a seat's wind names it
MAX_TRIES = 60
DIRECTION = {RIGHT: "right", ACROSS: "across", LEFT: "left"}  # the game's seat offsets, in words
ORDER = ", ".join(WIND_NAMES)


@dataclass(frozen=True)
class Quiz:
    """One question: the right choice, wrong ones to pick from, and why (RULES sections apart)."""

    prompt: str
    right: Choice
    others: list[Choice]
    why: str
    sections: tuple[str, ...]
    tile: str | None = None
    hand: str | None = None
    count: int = 4


def wind(seat: int, dealer: int = DEALER) -> str:
    return wind_of(seat, dealer)


def seat_choice(seat: int) -> Choice:
    return (wind(seat).lower(), wind(seat))


def seats_but(*seats: int) -> list[Choice]:
    return [seat_choice(s) for s in range(SEATS) if s not in seats]


def number_choices(numbers: Sequence[int]) -> list[Choice]:
    return [(f"n{n}", str(n)) for n in numbers]


def tile_choice(tile: int) -> Choice:
    return code(tile).lower(), name(tile)


def lookalikes(tile: int) -> list[int]:
    """Tiles a beginner could take this one for."""
    if is_number(tile):
        number, suit = number_of(tile), suit_of(tile)
        return [number_tile(number, s) for s in range(3) if s != suit] + [
            number_tile(n, suit) for n in (number - 1, number + 1) if 1 <= n <= 9
        ]
    blank = (FLOWER, JOKER, DRAGONS[-1])
    group = WINDS if is_wind(tile) else (*DRAGONS, FLOWER) if is_dragon(tile) else (*blank, *DRAGONS[:1])
    return [t for t in group if t != tile]


def said(tile: int) -> str:
    """A tile as a prompt names it: '5 Dot', 'the East wind', 'a Flower'."""
    return f"the {name(tile)} wind" if is_wind(tile) else f"a {name(tile)}" if tile >= FLOWER else name(tile)


def direction(giver: int, receiver: int) -> int:
    return next(offset for offset in DIRECTION if to_the(giver, offset) == receiver)


WAYS = [("right", "To the right"), ("across", "Across"), ("left", "To the left")]


def way_choice(way: str) -> Choice:
    return next(c for c in WAYS if c[0] == way)


def some_number(rng: Random) -> int:
    return number_tile(rng.randint(1, 9), rng.randrange(3))


def lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


# --- tables set up for a question ---------------------------------------------------------------


def table(
    rng: Random,
    *,
    turn: int,
    held: dict[int, list[int]] | None = None,
    shown: dict[int, list[tuple[int, ...]]] | None = None,
) -> Game | None:
    """A game in play: `turn` holds 14 tiles and acts; each seat holds `held[seat]` and exposes
    `shown[seat]`, topped up with random tiles; the rest is the wall. None if the set is short."""
    held, shown = held or {}, shown or {}
    need = Counter(t for tiles in held.values() for t in tiles)
    need.update(t for blocks in shown.values() for block in blocks for t in block)
    pool = Counter(full_set(RULES))
    if any(n > pool[t] for t, n in need.items()):
        return None
    rest = sorted((pool - need).elements())
    rng.shuffle(rest)
    hands = []
    for seat in range(SEATS):
        mine = list(held.get(seat, ()))
        size = (EAST_HAND if seat == turn else HAND) - sum(len(b) for b in shown.get(seat, ()))
        hands.append(mine + [rest.pop() for _ in range(size - len(mine))])
    return Game.from_position(
        hands, rest, exposures=[shown.get(s, []) for s in range(SEATS)], rules=RULES, dealer=DEALER, turn=turn
    )


def discard_and_answer(game: Game, seat: int, tile: int, calls: dict[int, Action] | None = None) -> None:
    """`seat` discards `tile`; every player who may answer does (no call unless told otherwise)."""
    game.apply(A.Discard(seat, tile))
    if game.phase == CALLS:
        for other in game.waiting_for():
            game.apply((calls or {}).get(other, A.NoCall(other)))


def a_natural(game: Game, seat: int) -> int:
    return next(t for t in game.concealed(seat) if t != JOKER)


def now(game: Game) -> int:
    assert game.turn is not None
    return game.turn


@dataclass(frozen=True)
class Run:
    """A Charleston played to the start of play, with what the game offered along the way."""

    game: Game
    steps: tuple[tuple[str, str | None], ...]  # (phase, stage) in the order they came
    stages: tuple[str, ...]  # the passes played
    offsets: dict[str, int]  # pass -> how far its tiles travelled
    blind: dict[str, frozenset[int]]  # pass -> how many received tiles may go on unseen
    most_courtesy: int


@cache
def charleston_run(
    house_rules: frozenset[int] = frozenset(),
    stoppers: frozenset[int] = frozenset(),
    asks: tuple[int, ...] = (0, 0, 0, 0),
) -> Run:
    game = Game(0, RuleSet(house_rules=house_rules), DEALER)
    steps: list[tuple[str, str | None]] = []
    blind: dict[str, frozenset[int]] = {}
    most = 0
    while game.phase != TURN:
        if not steps or steps[-1] != (game.phase, game.stage):
            steps.append((game.phase, game.stage))
        seat = game.waiting_for()[0]
        legal = game.legal_actions(seat)
        if game.stage is not None:
            passes = [a for a in legal if isinstance(a, A.PassTiles)]
            blind[game.stage] = frozenset(len(a.blind) for a in passes if a.blind)
        most = max([most, *(a.count for a in legal if isinstance(a, A.CourtesyAsk))])
        first = legal[0]  # a pass of the player's own tiles comes first
        if isinstance(first, A.StopVote):
            first = A.StopVote(seat, seat in stoppers)
        elif isinstance(first, A.CourtesyAsk):
            first = A.CourtesyAsk(seat, asks[seat])
        game.apply(first)
    delivered = [e for e in game.events if isinstance(e, E.PassDelivered)]
    return Run(
        game,
        tuple(steps),
        tuple(dict.fromkeys(e.stage for e in delivered)),
        {e.stage: direction(e.giver, e.receiver) for e in delivered},
        blind,
        most,
    )


def step_value(step: tuple[str, str | None]) -> str:
    return step[1] or step[0]


def step_label(step: tuple[str, str | None]) -> str:
    phase, stage = step
    if phase == CHARLESTON and stage is not None:
        return f"The {STAGE_NAMES[stage]} pass"
    return {STOP_VOTE: "A vote on stopping the Charleston", COURTESY_ASK: "The courtesy pass"}.get(
        phase, "Play begins"
    )


class _Quick:
    """A player that ends hands fast: stops the Charleston, never calls, discards its lowest tile."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        first = legal[0]
        if isinstance(first, A.StopVote):
            return A.StopVote(view.seat, True)
        if isinstance(first, A.CourtesyAsk):
            return A.CourtesyAsk(view.seat, 0)
        return first


@cache
def wall_match() -> MatchResult:
    """Hands in which nobody ever declares: each ends when the wall runs out."""
    return play_match(0, [_Quick()] * SEATS, hands=9, rules=RULES, dealer=DEALER)


# --- seats, deal, Charleston ------------------------------------------------------------------------


def seats(rng: Random, band: int) -> Quiz:
    me = rng.randrange(SEATS)
    form = rng.choice(("where", "where", "next", "way"))
    if form == "next":
        game = table(rng, turn=me)
        assert game is not None
        discard_and_answer(game, me, a_natural(game, me))
        why = (
            f"Play goes to the right, one seat on in the order {ORDER} (and round again): after "
            f"{wind(me)} it is {wind(now(game))}'s turn to draw."
        )
        return Quiz(
            f"{wind(me)} discards and nobody calls the tile. Whose turn is it now?",
            seat_choice(now(game)),
            seats_but(me),
            why,
            ("6",),
            count=3,
        )
    other = to_the(me, rng.choice(list(DIRECTION)))
    way = DIRECTION[direction(me, other)]
    where = "across from you" if way == "across" else f"on your {way}"
    why = (
        f"The seats go {ORDER} in the order of play, and round again. Your right is the next seat in "
        f"that order, across is two seats on and your left is three on. From {wind(me)}, {wind(other)} "
        f"is {'across' if way == 'across' else 'on the ' + way}."
    )
    if form == "way":
        return Quiz(
            f"{wind(me)} hands tiles to {wind(other)}. Which way is that, from {wind(me)}'s seat?",
            way_choice(way),
            WAYS,
            why,
            ("6",),
            count=3,
        )
    return Quiz(
        f"You sit in the {wind(me)} seat. Who sits {where}?",
        seat_choice(other),
        seats_but(me),
        why,
        ("6",),
        count=3,
    )


def deal(rng: Random, band: int) -> Quiz:
    game = Game(rng.getrandbits(32), RULES, DEALER)
    dealt = {e.seat: len(e.tiles) for e in game.events if isinstance(e, E.Dealt)}
    most, least = max(dealt.values()), min(dealt.values())
    dealer = next(s for s, n in dealt.items() if n == most)
    told = f"In the deal {wind(dealer)}, the dealer, gets {most} tiles and every other player {least}."
    form = rng.choice(("count", "count", "who", "wall", "first"))
    if form == "count":
        seat = rng.randrange(SEATS)
        return Quiz(
            f"How many tiles is {wind(seat)} dealt?",
            (f"n{dealt[seat]}", str(dealt[seat])),
            number_choices(range(least - 1, most + 3)),
            told,
            ("6",),
        )
    if form == "who":
        return Quiz(
            f"Who is dealt {most} tiles, {most - least} more than the others?",
            seat_choice(dealer),
            seats_but(dealer),
            told,
            ("6",),
        )
    if form == "wall":
        total, left = len(full_set(RULES)), len(game.wall)
        why = f"{told} That makes {most + 3 * least} dealt from {total}, leaving {left} in the wall."
        return Quiz(
            f"A set of {total} tiles is dealt. How many tiles are left in the wall?",
            (f"n{left}", str(left)),
            number_choices([total - 4 * least, total - 4 * most, left + 2, left - 1]),
            why,
            ("6",),
        )
    first = now(charleston_run().game)
    why = (
        f"{told} So when the Charleston is over, {wind(first)} already holds one tile more than a "
        "hand and starts play by discarding, without drawing; then play goes to the right."
    )
    return Quiz(
        "The Charleston is over. Who discards first?", seat_choice(first), seats_but(first), why, ("6",)
    )


def _order(ways: Sequence[str]) -> Choice:
    return "-".join(w[:2] for w in ways), ", ".join(w.capitalize() for w in ways)


def _ways(run: Run, stages: Sequence[str]) -> str:
    return _order([DIRECTION[run.offsets[s]] for s in stages])[1]


def charleston_order(rng: Random, band: int) -> Quiz:
    run = charleston_run()
    halves = {"first": run.stages[:3], "second": run.stages[3:]}
    forms = ("way", "way", "order", "next", "stop", "must") if band >= 2 else ("way", "order", "must")
    form = rng.choice(forms)
    if form in ("way", "order"):
        half = "first" if band <= 1 else rng.choice(("first", "second"))
        stages = halves[half]
        why = f"The {half} Charleston passes {_ways(run, stages)}."
        if form == "order":
            orders = list(permutations(DIRECTION.values()))
            return Quiz(
                f"In which order does the {half} Charleston pass?",
                _order([DIRECTION[run.offsets[s]] for s in stages]),
                [_order(o) for o in orders],
                why,
                ("6",),
            )
        stage = rng.choice(stages)
        ordinal = ("first", "second", "third")[stages.index(stage)]
        way = DIRECTION[run.offsets[stage]]
        return Quiz(
            f"Which way does the {ordinal} pass of the {half} Charleston go?",
            way_choice(way),
            WAYS,
            f"{why} Its {ordinal} pass, the {STAGE_NAMES[stage]}, goes {way}.",
            ("6",),
            count=3,
        )
    if form == "next":
        index = rng.randrange(len(run.steps) - 1)
        step, after = run.steps[index], run.steps[index + 1]
        order = ", then ".join(lower_first(step_label(s)) for s in run.steps)
        return Quiz(
            f"What comes right after {lower_first(step_label(step))}?",
            (step_value(after), step_label(after)),
            [(step_value(s), step_label(s)) for s in run.steps if s != step],
            f"When nobody stops, the order is: {order}.",
            ("6",),
        )
    if form == "stop":
        stopper = rng.randrange(1, SEATS)
        game = charleston_run(stoppers=frozenset({stopper})).game
        words = {
            "stops": "The Charleston stops: no second Charleston",
            "goes_on": "The second Charleston is played anyway",
            "east": "East, the dealer, decides for the table",
            "again": "The first Charleston is passed again",
        }
        key = "stops" if any(isinstance(e, E.SecondCharlestonSkipped) for e in game.events) else "goes_on"
        why = (
            "Any one player may stop after the first Charleston; the second is played only if nobody "
            "wants to stop."
            if key == "stops"
            else "One player alone cannot stop the Charleston."
        )
        return Quiz(
            f"After the first Charleston, {wind(stopper)} wants to stop and the other three want to "
            "go on. What happens?",
            (key, words[key]),
            list(words.items()),
            why,
            ("6",),
        )
    votes = [s for s in run.steps[: run.steps.index((CHARLESTON, run.stages[2]))] if s[0] == STOP_VOTE]
    words = {
        "no": "No: everyone makes all three passes",
        "yes": "Yes, any player may sit it out",
        "east": "Only East may skip it",
    }
    key = "yes" if votes else "no"
    why = (
        f"Everyone plays the first Charleston ({_ways(run, halves['first'])}); the chance to stop comes "
        "only after it."
    )
    return Quiz(
        "May a player skip the first Charleston?",
        (key, words[key]),
        list(words.items()),
        why,
        ("6",),
        count=3,
    )


def blind_pass(rng: Random, band: int) -> Quiz:
    run = charleston_run()
    blind = [s for s in run.stages if run.blind.get(s)]
    names = join_words([f"the {STAGE_NAMES[s]}" for s in blind])
    stage = rng.choice(blind)
    form = rng.choice(("which", "which", "count", "from"))
    if form == "which":
        why = f"Only {names} may be blind: you pass on tiles you have just received without looking at them."
        return Quiz(
            "Which of these Charleston passes may be passed blind?",
            (stage, STAGE_NAMES[stage]),
            [(s, STAGE_NAMES[s]) for s in run.stages if s not in blind],
            why,
            ("6",),
        )
    if form == "count":
        words = {
            "1": "Only one",
            "2": "Exactly two",
            "3": "All three, always",
            "123": "One, two or all three",
            "12": "One or two",
        }
        key = "".join(str(n) for n in sorted(run.blind[stage]))
        right = (f"k{key}", words.get(key, key))
        why = (
            f"In a blind {STAGE_NAMES[stage]} you may pass on {lower_first(right[1])} of the tiles you "
            "just received, unseen; your own tiles make up the rest of the pass."
        )
        return Quiz(
            f"In a blind {STAGE_NAMES[stage]}, how many of the tiles you just received may you pass "
            "on unseen?",
            right,
            [(f"k{k}", w) for k, w in words.items()],
            why,
            ("6",),
        )
    source = BLIND_STAGES[stage]
    why = (
        f"A blind {STAGE_NAMES[stage]} passes on tiles that arrived in the {STAGE_NAMES[source]}, "
        "before you look at them."
    )
    return Quiz(
        f"In a blind {STAGE_NAMES[stage]}, which tiles do you pass on unseen?",
        (source, f"Tiles you received in the {STAGE_NAMES[source]}"),
        [(s, f"Tiles you received in the {STAGE_NAMES[s]}") for s in run.stages if s != stage]
        + [("wall", "Tiles you draw from the wall"), ("jokers", "Your jokers")],
        why,
        ("6",),
    )


def courtesy(rng: Random, band: int) -> Quiz:
    me = rng.randrange(SEATS)
    across = to_the(me, ACROSS)
    form = rng.choice(("agree", "agree", "agree", "with", "most"))
    if form == "agree":
        asks = [0] * SEATS
        asks[me], asks[across] = rng.randint(0, 3), rng.randint(0, 3)
        game = charleston_run(stoppers=frozenset(range(SEATS)), asks=tuple(asks)).game
        count = next(e.count for e in game.events if isinstance(e, E.CourtesyAgreed) and me in e.seats)
        why = (
            f"You asked for {asks[me]} and {wind(across)} asked for {asks[across]}. Both players give "
            f"the smaller number, so you each pass {count}."
        )
        return Quiz(
            f"You are {wind(me)}. In the courtesy pass you ask to trade {asks[me]} and "
            f"{wind(across)}, across from you, asks for {asks[across]}. How many tiles do you each "
            "pass?",
            (f"n{count}", str(count)),
            number_choices(range(4)),
            why,
            ("6",),
        )
    run = charleston_run(stoppers=frozenset(range(SEATS)), asks=(1, 1, 1, 1))
    if form == "with":
        to = next(e.receiver for e in run.game.events if isinstance(e, E.CourtesyDelivered) and e.giver == me)
        way = DIRECTION[direction(me, to)]
        words = {
            "right": "The player on your right",
            "across": "The player across from you",
            "left": "The player on your left",
            "any": "Any player who agrees",
        }
        return Quiz(
            "Who do you trade tiles with in the courtesy pass?",
            (way, words[way]),
            list(words.items()),
            f"The courtesy pass goes {way} the table: from {wind(me)} to {wind(to)}.",
            ("6",),
        )
    most = run.most_courtesy
    return Quiz(
        "What is the most tiles you may ask to trade in the courtesy pass?",
        (f"n{most}", str(most)),
        number_choices(range(1, 6)),
        f"You may ask for anything from none up to {most}; it is optional.",
        ("6",),
    )


def _group(tiles: Sequence[int]) -> Choice:
    return "-".join(code(t) for t in sorted(tiles)).lower(), ", ".join(name(t) for t in sorted(tiles))


def jokers_not_passed(rng: Random, band: int) -> Quiz:
    wall = list(full_set(RULES))
    rng.shuffle(wall)
    if JOKER not in wall[:EAST_HAND]:  # East is dealt the first tiles: give East a joker
        at, to = wall.index(JOKER, EAST_HAND), rng.randrange(EAST_HAND)
        wall[at], wall[to] = wall[to], wall[at]
    game = Game(0, RULES, DEALER, wall=wall)
    hand = game.concealed(DEALER)
    naturals = [t for t in hand if t != JOKER]
    if rng.random() < 0.5:
        right = tuple(rng.sample(naturals, 3))
        assert game.is_legal(A.PassTiles(DEALER, right))
        wrong: list[Choice] = []
        for _ in range(12):
            jokers = rng.randint(1, min(2, hand.count(JOKER)))
            group = (*rng.sample(naturals, 3 - jokers), *[JOKER] * jokers)
            if game.why_illegal(A.PassTiles(DEALER, group)) == NO_JOKER_PASS:
                wrong.append(_group(group))
        why = f"Jokers are never passed, so of these only {_group(right)[1]} may go: it holds no joker."
        return Quiz(
            "You are East, about to make the first Charleston pass. Which three tiles may you pass?",
            _group(right),
            wrong,
            why,
            ("6",),
            hand=str(Hand(hand)),
        )
    passes = [a for a in game.legal_actions(DEALER) if isinstance(a, A.PassTiles)]
    passable = {t for a in passes for t in a.tiles + a.blind}
    never = [t for t in sorted(set(hand)) if t not in passable]
    return Quiz(
        "You are East. Which of your tiles can never go in a Charleston pass?",
        tile_choice(never[0]),
        [tile_choice(t) for t in sorted(set(naturals))],
        "Jokers are never passed, not in the Charleston and not in the courtesy pass. Every other "
        "tile may go.",
        ("6",),
        hand=str(Hand(hand)),
    )


# --- calls -----------------------------------------------------------------------------------------


def call_priority(rng: Random, band: int) -> Quiz:
    for _ in range(MAX_TRIES):
        discarder = rng.randrange(SEATS)
        first, second = rng.sample([s for s in range(SEATS) if s != discarder], 2)
        mah_jongg = rng.random() < 0.65
        held: dict[int, list[int]] = {first: [JOKER, JOKER], second: [JOKER, JOKER]}
        calls: dict[int, Action] = {
            first: A.CallExposure(first, (JOKER, JOKER)),
            second: A.CallExposure(second, (JOKER, JOKER)),
        }
        tile = some_number(rng)
        if mah_jongg:  # `first` is one tile short of a winning hand
            hand = build(
                layout(
                    pick_entry(rng, min(band, 2)),
                    rng,
                    joker_chance=0.0 if band <= 1 else 0.2,
                    expose_chance=0.0,
                )
            )
            tile = rng.choice([t for t in hand.concealed if t != JOKER])
            held[first], calls[first] = list(without(hand, tile).concealed), A.CallMahJongg(first)
        game = table(rng, turn=discarder, held={**held, discarder: [tile]})
        if tile == FLOWER or game is None:
            continue
        discard_and_answer(game, discarder, tile, calls)
        won = game.outcome
        if mah_jongg and not isinstance(won, E.HandWon):
            continue  # the Mah Jongg call must be a true one for the question to make sense
        made = [e for e in game.events if isinstance(e, E.ExposureMade)]
        winner = won.winner if isinstance(won, E.HandWon) else made[-1].seat
        break
    else:  # pragma: no cover - a winning hand almost always fits
        raise RuntimeError("no position found for a call-priority question")
    prompt = (
        f"{wind(discarder)} discards {said(tile)}. {wind(first)} calls it "
        f"{'for Mah Jongg' if mah_jongg else 'for a Pung'} and {wind(second)} calls it for a Pung. "
        "Who gets the tile?"
    )
    if mah_jongg and winner == first:
        why = f"A call for Mah Jongg beats a call to expose, wherever the callers sit: {wind(winner)} wins."
    else:
        order = ", ".join(wind(to_the(discarder, k)) for k in range(1, SEATS))
        why = (
            f"Both calls are for a Pung, so the caller next in turn after {wind(discarder)} (the order is "
            f"{order}) gets it: {wind(winner)}."
        )
    return Quiz(prompt, seat_choice(winner), seats_but(discarder), why, ("6",), tile=code(tile), count=3)


def after_call(rng: Random, band: int) -> Quiz:
    discarder, caller = rng.sample(range(SEATS), 2)
    tile = some_number(rng)
    game = table(rng, turn=discarder, held={discarder: [tile], caller: [JOKER, JOKER]})
    assert game is not None
    discard_and_answer(game, discarder, tile, {caller: A.CallExposure(caller, (JOKER, JOKER))})
    lead = f"{wind(discarder)} discards {said(tile)} and {wind(caller)} calls it for a Pung"
    if rng.random() < 0.5:
        why = (
            f"The caller exposes the Pung at once and then discards, without drawing: {wind(now(game))} "
            "goes next."
        )
        return Quiz(
            f"{lead}. Who discards next?", seat_choice(now(game)), seats_but(), why, ("6",), tile=code(tile)
        )
    discard_and_answer(game, caller, a_natural(game, caller))
    missed = [wind(to_the(discarder, k)) for k in range(1, direction(discarder, caller))]
    why = (
        f"After a call, play goes on from the caller: after {wind(caller)}'s discard it is the turn of "
        f"the seat on {wind(caller)}'s right, {wind(now(game))}."
    )
    if missed:
        why += f" {join_words(missed)} lose{'s' if len(missed) == 1 else ''} a turn."
    return Quiz(
        f"{lead}, then discards. Nobody calls that tile. Whose turn is next?",
        seat_choice(now(game)),
        seats_but(),
        why,
        ("6",),
        tile=code(tile),
    )


@cache
def callable_discard(tile: int) -> bool:
    """Does anyone get the chance to call this tile when it is discarded?"""
    game = table(Random(tile), turn=DEALER, held={DEALER: [tile]})
    assert game is not None
    game.apply(A.Discard(DEALER, tile))
    return game.phase == CALLS


def dead_joker(rng: Random, band: int) -> Quiz:
    discarder, other = rng.sample(range(SEATS), 2)
    form = rng.choice(("call", "call", "which", "next"))
    if form == "which":
        tiles = [JOKER, *rng.sample([t for t in range(NATURAL_KINDS) if t != JOKER], 3)]
        dead = [t for t in tiles if not callable_discard(t)]
        return Quiz(
            "Which of these discards can nobody call, not even for Mah Jongg?",
            tile_choice(dead[0]),
            [tile_choice(t) for t in tiles],
            "A discarded joker is dead: nobody may call it. Any other discard may at least be called "
            "for Mah Jongg.",
            ("6",),
        )
    tile = some_number(rng)
    game = table(rng, turn=discarder, held={discarder: [JOKER], other: [tile, tile]})
    assert game is not None
    game.apply(A.Discard(discarder, JOKER))
    if form == "next":
        return Quiz(
            f"{wind(discarder)} discards a joker. Whose turn is it now?",
            seat_choice(now(game)),
            seats_but(),
            f"Nobody may call a discarded joker, so play just moves on: {wind(now(game))} draws.",
            ("6",),
            tile=code(JOKER),
        )
    mah_jongg = game.is_legal(A.CallMahJongg(other))
    expose = game.is_legal(A.CallExposure(other, (tile, tile)))
    words = {
        "none": "Nothing: a discarded joker cannot be called",
        "mj": "Call it, but only for Mah Jongg",
        "any": "Call it for a Pung or for Mah Jongg",
        "turn": "Pick it up on their own turn",
    }
    key = "any" if mah_jongg and expose else "mj" if mah_jongg else "turn" if expose else "none"
    return Quiz(
        f"{wind(discarder)} discards a joker. {wind(other)} holds two {name(tile)}s and would like "
        f"it. What may {wind(other)} do?",
        (key, words[key]),
        list(words.items()),
        "A discarded joker is dead: nobody may call it, for a Pung or even for Mah Jongg.",
        ("6",),
        tile=code(JOKER),
    )


# --- jokers on the table, dead hands, wall games ------------------------------------------------------


def joker_block(tile: int, size: int, jokers: int) -> tuple[int, ...]:
    """A block of `size` of `tile`, `jokers` of them jokers (sorted, as an exposure is written)."""
    return tuple(sorted([tile] * (size - jokers) + [JOKER] * jokers))


def joker_exchange(rng: Random, band: int) -> Quiz:
    form = rng.choice(("give", "give", "whose", "when", *(("several",) if band >= 3 else ())))
    while True:
        me, owner = rng.sample(range(SEATS), 2)
        tile = some_number(rng)
        block = joker_block(tile, 4, 2) if form == "several" else joker_block(tile, rng.choice((3, 4)), 1)
        candidates = [tile, *rng.sample(lookalikes(tile), 3)]
        mine = rng.choice([t for t in range(FLOWER) if t not in candidates])
        held = {"give": candidates, "whose": [tile, mine], "when": [tile], "several": [tile, tile]}[form]
        shown = {owner: [block], **({me: [joker_block(mine, 3, 1)]} if form == "whose" else {})}
        game = table(rng, turn=me, held={me: held}, shown=shown)
        if game is not None:
            break
    take = A.ExchangeJoker(me, owner, 0, tile)
    if form == "give":
        legal = [t for t in candidates if game.is_legal(A.ExchangeJoker(me, owner, 0, t))]
        return Quiz(
            f"It is your turn (you are {wind(me)}). {wind(owner)} has exposed this block. Which tile "
            "could you give to take its joker?",
            tile_choice(legal[0]),
            [tile_choice(t) for t in candidates],
            f"The joker stands for {name(tile)}, so only a real {name(tile)} buys it: on your turn "
            "you put that tile in its place and take the joker.",
            ("6",),
            hand=str(Hand((), (block,))),
        )
    if form == "whose":
        own, others = game.is_legal(A.ExchangeJoker(me, me, 0, mine)), game.is_legal(take)
        words = {
            "any": "Anyone's, your own exposures included",
            "others": "Only other players' exposures",
            "own": "Only your own exposures",
            "none": "Nobody's: exposed jokers stay put",
        }
        key = "any" if own and others else "own" if own else "others" if others else "none"
        return Quiz(
            "On your turn you hold the tile that an exposed joker stands for. Whose exposures may "
            "you take the joker from?",
            (key, words[key]),
            list(words.items()),
            "You may take a joker from any exposure on the table, your own as well, by giving the "
            "real tile it stands for.",
            ("6",),
        )
    if form == "when":
        theirs = table(rng, turn=owner, held={me: held}, shown=shown)
        assert theirs is not None
        late = theirs.is_legal(take)  # on the owner's turn
        theirs.apply(A.Discard(owner, a_natural(theirs, owner)))
        waiting = theirs.is_legal(take)  # while the owner's discard may be called
        words = {
            "own": "On your own turn, before you discard",
            "any": "At any time, even on another's turn",
            "discard": "Only while a discard waits to be called",
            "never": "Never: exposed jokers stay put",
        }
        ok = game.is_legal(take)
        key = "any" if ok and late else "own" if ok and not waiting else "discard" if waiting else "never"
        return Quiz(
            "When may you take a joker from an exposure?",
            (key, words[key]),
            list(words.items()),
            "A joker exchange is part of your own turn: after you draw or call, before you discard.",
            ("6",),
        )
    game.apply(take)
    key = "yes" if game.is_legal(take) else "no"
    words = {
        "yes": "Yes: one exchange after the other, both this turn",
        "no": "No: one joker per turn",
        "one_tile": f"Yes, by giving a single {name(tile)} for both",
    }
    return Quiz(
        f"It is your turn and you hold two {name(tile)}s. May you take both jokers from "
        f"{wind(owner)}'s exposure?",
        (key, words[key]),
        list(words.items()),
        f"Each exchange gives one {name(tile)} for one joker, and you may make several on one turn. "
        "Our reading: some tables allow only one exchange a turn.",
        ("6",),
        hand=str(Hand((), (block,))),
        count=3,
    )


def _impossible(rng: Random) -> list[tuple[int, ...]]:
    while True:
        blocks = [(t, rng.choice((3, 4))) for t in rng.sample(range(FLOWER), rng.choice((2, 3)))]
        if not exposures_possible(list(blocks)):
            return sorted(joker_block(t, size, rng.randint(0, 1)) for t, size in blocks)


DEATHS = {
    "impossible": "Exposing blocks that no winning hand could hold together",
    "mistaken": "Declaring Mah Jongg with a hand that does not win",
    "joker": "Discarding a joker",
    "pass": "Letting a discard go without calling it",
    "pung": "Calling a discard to expose a Pung",
    "exchange": "Taking a joker from an exposure",
}


@cache
def kills(what: str) -> bool:
    """Is a player's hand dead after doing this (played on a fixed table)?"""
    rng, tile = Random(what), number_tile(5, 0)
    if what in ("joker", "pass", "pung"):
        discard = JOKER if what == "joker" else tile
        game = table(rng, turn=3, held={3: [discard], 0: [JOKER, JOKER]})
        assert game is not None
        discard_and_answer(game, 3, discard, {0: A.CallExposure(0, (JOKER, JOKER))} if what == "pung" else {})
        return game.dead[0] or game.dead[3]
    blocks: list[tuple[int, ...]] = _impossible(rng) if what == "impossible" else [(tile, tile, tile)]
    if what == "exchange":
        game = table(rng, turn=0, held={0: [tile]}, shown={2: [(tile, tile, JOKER)]})
    else:
        game = table(rng, turn=1 if what == "impossible" else 0, shown={0: blocks})
    assert game is not None
    if what != "impossible":
        game.apply(A.ExchangeJoker(0, 2, 0, tile) if what == "exchange" else A.DeclareMahJongg(0))
    return game.dead[0]


def dead_hand(rng: Random, band: int) -> Quiz:
    form = rng.choice(("exposed", "exposed", "plays_on", "cause"))
    if form == "cause":
        deadly = [k for k in DEATHS if kills(k)]
        key = rng.choice(deadly)
        return Quiz(
            "Which of these makes a player's hand dead?",
            (key, DEATHS[key]),
            [(k, w) for k, w in DEATHS.items() if k not in deadly],
            "A hand is dead after an exposure no winning hand can hold, a wrong number of tiles, an "
            "illegal call, or a mistaken Mah Jongg (here, declaring lays the hand face up to be "
            "checked, so a mistake kills it at once).",
            ("6",),
        )
    seat, alive, example = rng.randrange(SEATS), form == "exposed" and rng.random() < 0.5, ""
    while True:
        if alive:
            entry = pick_entry(rng, 2)
            blocks = [(t, s) for t, s in entry.blocks if s >= 3 and t < FLOWER]
            if len(blocks) < 2:
                continue
            exposures = sorted(joker_block(t, s, rng.randint(0, 1)) for t, s in rng.sample(blocks, 2))
            example = hand_name(entry.category, entry.members, entry.pattern)
        else:
            exposures = _impossible(rng)
        game = table(rng, turn=to_the(seat, LEFT), shown={seat: exposures})
        if game is not None:
            break
    hand = str(Hand((), tuple(exposures)))
    if form == "exposed":
        words = {
            "dead": "Yes: no winning hand holds all of these blocks",
            "alive": "No: a winning hand can still hold them all",
            "depends": "It depends on the tiles still hidden in the rack",
        }
        key = "dead" if game.dead[seat] else "alive"
        why = (
            f"No winning hand holds all of these blocks at once, so {wind(seat)} can no longer win."
            if key == "dead"
            else f"A winning hand still holds them all (for example {example}), so the hand is alive."
        )
        return Quiz(
            f"{wind(seat)} has exposed these blocks. Is {wind(seat)}'s hand dead?",
            (key, words[key]),
            list(words.items()),
            why,
            ("6",),
            hand=hand,
            count=3,
        )
    discard_and_answer(game, to_the(seat, LEFT), a_natural(game, to_the(seat, LEFT)))
    legal = game.legal_actions(seat) if game.turn == seat else []
    key = (
        "normal"
        if any(isinstance(a, A.DeclareMahJongg) for a in legal)
        else "plays_on"
        if any(isinstance(a, A.Discard) for a in legal)
        else "out"
    )
    words = {
        "plays_on": "Draw and discard as usual, but never win",
        "out": "Nothing: the player sits out the rest of the hand",
        "normal": "Everything as before: a dead hand can still win",
        "calls": "Only call discards for Mah Jongg",
    }
    return Quiz(
        f"{wind(seat)}'s exposures make the hand dead. What may {wind(seat)} still do?",
        (key, words[key]),
        list(words.items()),
        "A dead hand stays in the game: it keeps drawing and "
        "discarding so play goes on, but it cannot call, take jokers or win.",
        ("6",),
        hand=hand,
    )


def wall_game(rng: Random, band: int) -> Quiz:
    match = wall_match()
    index = rng.randrange(len(match.hands) - 1)
    hand, dealer = match.hands[index], match.dealers[index]
    form = rng.choice(("end", "end", "pay", "dealer"))
    if form == "end":
        last = [e for e in hand.events if isinstance(e, E.Discarded)][-1]
        who = wind(last.seat, dealer)
        words = {
            "ends": "The hand ends with no winner, and nobody pays",
            "pays": f"{who} pays each of the others",
            "reshuffle": "The discards are shuffled into a new wall",
            "east": "East wins the hand",
        }
        key = "ends" if hand.winner is None and not any(hand.payments) else "pays"
        return Quiz(
            f"{who} discards {said(last.tile)}, nobody calls it, and no tiles are left in the wall. "
            "What happens?",
            (key, words[key]),
            list(words.items()),
            "That is a wall game: the wall ran out before anyone made Mah Jongg, so nobody pays.",
            ("3", "6"),
            tile=code(last.tile),
        )
    if form == "pay":
        seat = rng.randrange(SEATS)
        words = {
            "zero": "Nothing: nobody pays anybody",
            "east": "East pays each of the others",
            "last": "The last player to discard pays everyone",
            "all": "Everyone pays East",
        }
        key = "zero" if not any(hand.payments) else "last"
        return Quiz(
            f"The wall runs out and nobody has made Mah Jongg. What does {wind(seat)} pay?",
            (key, words[key]),
            list(words.items()),
            "With no winner there is nothing to pay: a wall game scores nothing for anyone.",
            ("3", "6"),
        )
    was = wind(match.dealers[index + 1], dealer)
    return Quiz(
        "The hand ends in a wall game. Who is East, the dealer, in the next hand?",
        (was.lower(), f"The player who was {was}"),
        [(w.lower(), f"The player who was {w}") for w in WIND_NAMES],
        f"After every hand, a wall game too, the deal passes to the right: the player who was {was} "
        "becomes East.",
        ("6",),
    )
