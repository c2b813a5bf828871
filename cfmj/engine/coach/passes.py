"""The coach's advice before play: which tiles to pass in the Charleston (or the courtesy pass),
whether to vote to stop after the first Charleston, and how many tiles to offer across."""

from __future__ import annotations

from collections import Counter

from ..advice_words import aim_tiles, aim_words, broken_words, target_name
from ..charleston import BEST
from ..drills.common import passed_words
from ..evaluation import KeepScore
from ..game.actions import Action, CourtesyAsk, CourtesyPass, PassTiles, StopVote
from ..game.view import PlayerView
from ..tiles import code
from ..words import plural
from . import choices, figures
from .hints import COURTESY_ASK, COURTESY_PASS, PASS, STOP_VOTE, Advice, Hint, Option

ALTERNATIVES = 3  # passes shown beside the advised one


def keep_advice(view: PlayerView, advised: PassTiles | CourtesyPass, ranking: list[KeepScore]) -> Advice:
    """A pass (Charleston or courtesy): the advised tiles, the best alternatives in `ranking`,
    each marked."""
    kind = PASS if isinstance(advised, PassTiles) else COURTESY_PASS
    tiles, blind = advised.tiles, getattr(advised, "blind", ())
    hand = view.hand()
    given = tuple(sorted(tiles + blind))
    best = figures.ranked(hand, [given])[0]
    way = choices.direction(view)
    if blind:
        own = f" and {choices.names(tiles)} of your own" if tiles else ""
        why = (
            f"Pass {len(blind)} of the tiles you just received on without looking (a blind pass){own} "
            f"{way}: passing three of your own would cost your hand a tile."
        )
    elif not given:
        why = "Pass nothing: every tile you hold is part of your nearest hands."
    else:
        part = "they matter least to" if set(given) & set(best.target.tiles()) else "none of them is part of"
        why = f"Pass {choices.names(given)} {way}: {part} your nearest hand."
        fresh = just_received(view, given)
        if fresh:
            them = "it" if len(fresh) == 1 else "them"
            why += f" You just received {choices.names(fresh)}: passing {them} on is a blind pass."
    more = aim_words(hand, given, best)
    aim, aim_name = aim_tiles(best), target_name(best)

    def words_of(score: KeepScore) -> str:
        broken = broken_words(hand, [code(t) for t in score.given], aim, aim_name)
        words = passed_words("Passing them", broken, score.tiles_needed, best.tiles_needed)
        return f"{words}{figures.fewer_hands(best, score)}".strip()

    options = [Option(choices.pass_label(tiles, blind), BEST, words_of(best), advised=True)]
    for score in ranking:
        if len(options) > ALTERNATIVES:
            break
        if score.given != given:
            options.append(
                Option(choices.pass_label(score.given, ()), figures.mark(best, score), words_of(score))
            )

    def mark_of(action: Action) -> tuple[str, str]:
        mine = tuple(sorted(getattr(action, "tiles", ()) + getattr(action, "blind", ())))
        score = figures.ranked(hand, [mine])[0]
        return figures.mark(best, score), words_of(score)

    hint = Hint(
        kind,
        advised,
        choices.pass_label(tiles, blind),
        why,
        aim_name,
        tuple(code(t) for t in tiles),
        tuple(code(t) for t in blind),
        tuple(options),
        more,
    )
    return Advice(hint, mark_of)


def just_received(view: PlayerView, given: tuple[int, ...]) -> tuple[int, ...]:
    """The tiles of `given` that `view`'s seat has just received, where this pass may pass them
    on blind (First Left, Last Right)."""
    if not view.blind_allowed:
        return ()
    return tuple((Counter(given) & Counter(view.received)).elements())


def stop_advice(view: PlayerView, advised: Action) -> Advice:
    assert isinstance(advised, StopVote)
    counts = figures.pass_counts(view.hand())
    now, after = counts.now, counts.quick
    if advised.stop:
        why = (
            f"Vote to stop: your hand is {plural(now, 'tile')} from Mah Jongg, and the three tiles you "
            f"would pass next would leave it {plural(after, 'tile')} away. Keep what you have."
        )
    else:
        why = (
            f"Go on: you can pass three tiles and still be {plural(after, 'tile')} away, so a second "
            "Charleston can only bring you closer."
        )
    need = {False: after, True: now}
    words = {
        False: f"Going on: passing three more tiles leaves you {plural(after, 'tile')} away.",
        True: f"Stopping: you keep your hand as it is, {plural(now, 'tile')} away.",
    }
    labels = {False: "Go on to the second Charleston", True: "Vote to stop"}
    options = [
        Option(
            labels[stop],
            BEST if stop == advised.stop else figures.mark_by_need(need[advised.stop], need[stop]),
            words[stop],
            stop == advised.stop,
        )
        for stop in (advised.stop, not advised.stop)
    ]

    def mark_of(action: Action) -> tuple[str, str]:
        assert isinstance(action, StopVote)
        return figures.mark_by_need(need[advised.stop], need[action.stop]), words[action.stop]

    hint = Hint(STOP_VOTE, advised, labels[advised.stop], why, "", (), (), tuple(options))
    return Advice(hint, mark_of)


def courtesy_ask_advice(view: PlayerView, advised: Action) -> Advice:
    assert isinstance(advised, CourtesyAsk)
    hand = view.hand()
    counts = figures.pass_counts(hand, quick=False)
    size = advised.count
    if size:
        offer = figures.best_pass(hand, size).given
        why = (
            f"Offer {size} ({choices.names(offer)}): giving them up keeps your nearest hand "
            f"{plural(counts.now, 'tile')} away."
        )
    else:
        why = "Offer none: every tile you hold is part of your nearest hands."

    def words(count: int) -> str:
        if not count:
            return "Offering none keeps every tile you hold."
        return (
            f"Giving the best {plural(count, 'tile')} leaves you {plural(counts.after[count], 'tile')} away."
        )

    def mark(count: int) -> str:
        return BEST if count == size else figures.mark_by_need(counts.after[size], counts.after[count])

    order = [size, *(n for n in range(len(counts.after)) if n != size)]
    options = tuple(Option(choices.offer(n), mark(n), words(n), n == size) for n in order)

    def mark_of(action: Action) -> tuple[str, str]:
        assert isinstance(action, CourtesyAsk)
        return mark(action.count), words(action.count)

    return Advice(Hint(COURTESY_ASK, advised, choices.offer(size), why, "", (), (), options), mark_of)
