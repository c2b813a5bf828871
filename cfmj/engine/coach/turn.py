"""The coach's advice on a turn of play (declare, exchange a joker, discard) and on another
player's discard (call it or let it go): the advised choice and how every other is marked."""

from __future__ import annotations

from ..advice_words import aim_tiles, aim_words, broken_words, draws_words, spare_words, target_name
from ..charleston import BEST, GOOD, WEAK
from ..check import check
from ..danger import DiscardDanger
from ..defence import SAFE_ENOUGH
from ..distance import IMPOSSIBLE
from ..drills.common import passed_words
from ..evaluation import KeepScore
from ..game.actions import Action, CallExposure, CallMahJongg, DeclareMahJongg, Discard, ExchangeJoker, NoCall
from ..game.defensive_player import defence_in_view
from ..game.table_reading import danger_in_view
from ..game.view import PlayerView
from ..game.waits import unseen_tiles
from ..labels import category_label
from ..scoring import counts_as_self_drawn
from ..tiles import JOKER, code, name
from ..words import plural
from . import choices, figures
from .caution import DANGER_WARNING, caution, chance_words, riskier
from .hints import CALL, DISCARD, EXCHANGE, MAH_JONGG, Advice, Caution, Hint, Option


def turn_advice(view: PlayerView, legal: list[Action], advised: Action) -> Advice:
    """The learner's turn: declare Mah Jongg when the hand wins, a joker exchange when one costs
    nothing, otherwise the discard, the danger of each discard weighed (the defence); every
    discard and exchange marked against that choice."""
    hand = view.hand()
    if isinstance(advised, DeclareMahJongg):
        return _winning(view, advised, legal)
    if not figures.alive(hand):
        why = "Your hand can no longer win, so any discard will do: keep your jokers from the others."
        more = "It is dead, or its exposures fit no winning hand."
        hint = Hint(
            DISCARD, advised, choices.describe(view, advised), why, "", _tile_of(advised), (), (), more
        )
        return Advice(hint, lambda action: (BEST, ""))
    now = figures.tiles_needed(hand)
    draws = unseen_tiles(view)
    ranking = figures.discards(hand, draws)
    scores = {s.given[0]: s for s in ranking}
    defence = defence_in_view(view)  # None: no opponent has exposed a block
    risk = {d.tile: d for d in danger_in_view(view).discards} if defence is not None else {}
    exchanges = {
        a: figures.after_exchange(view, a) for a in dict.fromkeys(legal) if isinstance(a, ExchangeJoker)
    }
    # The discard the decision makes or (after an exchange) would make: its score is the one to match.
    chosen = ranking[0].given[0] if defence is None else defence.tile
    chosen = advised.tile if isinstance(advised, Discard) else chosen
    decided = scores.get(chosen) or figures.ranked(hand, [(chosen,)], draws)[0]
    defended = defence is not None and (
        defence.give_up or chosen != ranking[0].given[0] or defence.danger > SAFE_ENOUGH
    )
    aim, aim_name = aim_tiles(decided), target_name(decided)
    safe_as = _danger(risk, chosen)

    def discard_words(score: KeepScore) -> str:
        tile = name(score.given[0])
        broken = broken_words(hand, [code(score.given[0])], aim, aim_name)
        words = passed_words(f"Discarding {tile}", broken, score.tiles_needed, decided.tiles_needed)
        words = f"{words}{figures.fewer_hands(decided, score)}".strip()
        return (
            f"{words} A discarded joker is dead: nobody can use it again."
            if score.given == (JOKER,)
            else words
        )

    def exchange_words(action: ExchangeJoker) -> str:
        after = exchanges[action]
        if after >= now + 1:
            return f"Giving up your {name(action.tile)} moves your hand to {plural(after, 'tile')} away."
        return (
            f"You gain a joker for your {name(action.tile)}: your hand is then {plural(after, 'tile')} away."
        )

    advised_need = exchanges[advised] if isinstance(advised, ExchangeJoker) else decided.tiles_needed
    more = f"{aim_words(hand, decided.given, decided)} {draws_words(decided, ranking)}".strip()
    if isinstance(advised, ExchangeJoker):
        kind = EXCHANGE
        why = (
            f"{choices.describe(view, advised)}: a joker can stand for any tile your hand still needs, and "
            f"your hand is then {plural(advised_need, 'tile')} away."
        )
        more = "Then discard."
    elif defended and defence is not None:
        kind, why, more = DISCARD, defence.lead, f"{defence.detail} {more}".strip()
    else:
        kind = DISCARD
        why = f"Discard {name(chosen)}: {spare_words(decided)}."

    def risky(tile: int) -> DiscardDanger | None:
        """The danger of discarding `tile` where it is meaningfully riskier than the coach's choice."""
        found = risk.get(tile)
        return found if found is not None and tile != chosen and riskier(found.danger, safe_as) else None

    def mark_of(action: Action) -> tuple[str, str]:
        if isinstance(action, ExchangeJoker):
            return figures.mark_by_need(advised_need, exchanges[action]), exchange_words(action)
        if isinstance(action, DeclareMahJongg):
            return WEAK, "Your hand does not win: declaring it would kill your hand."
        assert isinstance(action, Discard)
        score = scores.get(action.tile) or figures.ranked(hand, [(action.tile,)], draws)[0]
        mark, words = figures.mark(decided, score), discard_words(score)
        if kind == EXCHANGE and mark == BEST:
            mark = GOOD  # as near, but the joker the exchange gave is left on the table
        found = risky(action.tile)
        if found is not None:
            mark = WEAK if found.danger >= DANGER_WARNING else GOOD if mark == BEST else mark
            words = f"{chance_words(found)} {words}"
        return mark, words

    def caution_of(action: Action) -> Caution | None:
        found = risky(action.tile) if isinstance(action, Discard) else None
        if found is None or found.danger < DANGER_WARNING:
            return None
        return caution(found, choices.describe(view, advised))

    options: list[Option] = [Option(choices.describe(view, advised), BEST, mark_of(advised)[1], advised=True)]
    others: list[Action] = [*exchanges, *(Discard(view.seat, s.given[0]) for s in ranking)]
    for action in others:
        if not choices.same_choice(action, advised):
            options.append(Option(choices.describe(view, action), *mark_of(action)))
    hint = Hint(
        kind,
        advised,
        choices.describe(view, advised),
        why,
        aim_name,
        _tile_of(advised),
        (),
        tuple(options),
        more,
    )
    return Advice(hint, mark_of, caution_of)


def _danger(risk: dict[int, DiscardDanger], tile: int) -> float:
    found = risk.get(tile)
    return found.danger if found is not None else 0.0


def _tile_of(action: Action) -> tuple[str, ...]:
    return (code(action.tile),) if isinstance(action, Discard) else ()


def _winning(view: PlayerView, advised: Action, legal: list[Action]) -> Advice:
    """The hand wins (on the turn, or with the discard): Mah Jongg, and anything else is weak."""
    extra = (view.pending_discard[1],) if isinstance(advised, CallMahJongg) and view.pending_discard else ()
    result = check(view.hand(extra), self_drawn=counts_as_self_drawn(view.won_by()), rules=view.rules)
    reading = f" as {category_label(result.best.category)}" if result.best and result.best.category else ""
    taken = f"{name(extra[0])} completes your hand" if extra else "your 14 tiles make a winning hand"
    why = f"{choices.describe(view, advised)}: {taken}{reading}."
    words = "It would give up a winning hand."
    options = [Option(choices.describe(view, advised), BEST, why, advised=True)]
    options += [
        Option(choices.describe(view, a), WEAK, words)
        for a in dict.fromkeys(legal)
        if not choices.same_choice(a, advised) and not isinstance(a, Discard)
    ]
    if any(isinstance(a, Discard) for a in legal):
        options.append(Option("Discard a tile", WEAK, words))

    def mark_of(action: Action) -> tuple[str, str]:
        return (BEST, why) if choices.same_choice(action, advised) else (WEAK, words)

    hint = Hint(MAH_JONGG, advised, choices.describe(view, advised), why, "", (), (), tuple(options))
    return Advice(hint, mark_of)


def call_advice(view: PlayerView, legal: list[Action], advised: Action) -> Advice:
    """A discard the learner may call: for Mah Jongg when it wins, to expose a Pung, Kong or Quint
    when that brings the hand nearer (after the discard that follows), else let it go."""
    if isinstance(advised, CallMahJongg):
        return _winning(view, advised, legal)
    assert view.pending_discard is not None
    tile = view.pending_discard[1]
    hand = view.hand()
    now = figures.tiles_needed(hand)
    calls = {
        a: figures.after_call(hand, tile, a) for a in dict.fromkeys(legal) if isinstance(a, CallExposure)
    }

    def need_of(action: Action) -> int:
        if isinstance(action, CallExposure):  # a posted call may list its tiles in any order
            return calls[action] if action in calls else figures.after_call(hand, tile, action)
        return now if isinstance(action, NoCall) else IMPOSSIBLE  # a Mah Jongg that does not win

    def words_of(action: Action) -> str:
        need = need_of(action)
        if isinstance(action, CallMahJongg):
            return "Your hand would not win with it: a Mah Jongg declared by mistake makes your hand dead."
        if need >= IMPOSSIBLE:
            return "No winning hand holds that exposure beside yours: your hand would be dead."
        if isinstance(action, NoCall):
            return f"Letting it go keeps your hand as it is, {plural(now, 'tile')} away."
        return f"After the call and your discard you would be {plural(need, 'tile')} away (now {now})."

    if isinstance(advised, CallExposure):
        why = (
            f"{choices.describe(view, advised)}: after your discard you will be "
            f"{plural(calls[advised], 'tile')} "
            f"away instead of {now}."
        )
    elif any(need < IMPOSSIBLE for need in calls.values()):
        concealed = "" if view.my_exposures else " (and cost a concealed hand's bonus)"
        why = (
            f"Let {name(tile)} go: exposing it would not bring you closer, and it would show your hand"
            f"{concealed}."
        )
    elif calls:
        why = (
            f"Let {name(tile)} go: no winning hand holds that exposure beside yours, so calling it "
            "would make your hand dead."
        )
    else:
        why = f"Let {name(tile)} go: you cannot use it."
    advised_need = need_of(advised)

    def mark_of(action: Action) -> tuple[str, str]:
        need = need_of(action)
        mark = WEAK if need >= IMPOSSIBLE else figures.mark_by_need(advised_need, need)
        return mark, words_of(action)

    options = [Option(choices.describe(view, advised), BEST, words_of(advised), advised=True)]
    for action in dict.fromkeys(legal):
        if not choices.same_choice(action, advised):
            options.append(Option(choices.describe(view, action), *mark_of(action)))
    hint = Hint(CALL, advised, choices.describe(view, advised), why, "", (), (), tuple(options))
    return Advice(hint, mark_of)
