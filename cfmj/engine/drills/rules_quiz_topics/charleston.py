"""Quick rules on the Charleston: its passes, blind passes, the courtesy pass, jokers kept (RULES §6)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations
from random import Random

from ...game import Game
from ...game import actions as A
from ...game import events as E
from ...game.errors import NO_JOKER_PASS
from ...game.state import BLIND_STAGES, CHARLESTON, STAGE_NAMES, STOP_VOTE
from ...game.tileset import ACROSS, EAST_HAND, SEATS, full_set, to_the
from ...notation import Hand
from ...tiles import JOKER, code, name
from ...words import lower_first
from ..common import join_words
from .quiz import (
    DEALER,
    DIRECTION,
    WAYS,
    Choice,
    Quiz,
    direction,
    number_choices,
    tile_choice,
    way_choice,
    wind,
)
from .tables import RULES, Run, charleston_run, step_label, step_value


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
            f"{step_label(after)} comes right after {lower_first(step_label(step))}. "
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
