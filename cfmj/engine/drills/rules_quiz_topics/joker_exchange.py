"""Quick rules on taking a joker from an exposure (RULES §6)."""

from __future__ import annotations

from random import Random

from ...game import actions as A
from ...game.tileset import SEATS
from ...notation import Hand
from ...tiles import FLOWER, name
from .quiz import Quiz, joker_block, lookalikes, some_number, tile_choice, wind
from .tables import a_natural, table


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
