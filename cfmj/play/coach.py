"""The coach beside the learner (seat 0), for the decision they owe now: the advice in plain words
(`hint`), the advice's mark for the choice they make (`judge`, before it is applied) and a warning
before a rule mistake (`warning`). Django-free: it reads the engine's Game as
play.selectors.rebuild makes it.

The advised choice is always the one the strong bots make (the engine's AdvicePlayer): the coach
asks it, then explains it with the figures of cfmj.engine.game.advice_figures, which scores every
choice with the bots' own scorer. Marks are the drills' (best: as good as the advice; good: your
nearest hand stays as near; weak: it moves away, or a rule mistake); advice_figures says how."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cfmj.engine.advice_words import aim_tiles, aim_words, broken_words, target_name
from cfmj.engine.card import exposures_possible
from cfmj.engine.charleston import BEST, GOOD, WEAK
from cfmj.engine.check import check
from cfmj.engine.distance import IMPOSSIBLE
from cfmj.engine.drills.common import passed_words
from cfmj.engine.evaluation import KeepScore
from cfmj.engine.game import (
    Action,
    CallExposure,
    CallMahJongg,
    CourtesyAsk,
    CourtesyPass,
    DeclareMahJongg,
    Discard,
    ExchangeJoker,
    NoCall,
    PassTiles,
    PlayerView,
    StopVote,
    wins,
)
from cfmj.engine.game import Game as EngineGame
from cfmj.engine.game import advice_figures as figures
from cfmj.engine.game.advice_player import AdvicePlayer
from cfmj.engine.game.state import Exposure
from cfmj.engine.labels import block_label, category_label
from cfmj.engine.rulebook import RULE_LINES
from cfmj.engine.scoring import counts_as_self_drawn
from cfmj.engine.tiles import JOKER, code, name
from cfmj.engine.words import plural
from cfmj.play import caution, choices

SEAT = 0  # the learner's seat (play.models.LEARNER_SEAT)
# The kinds of decision: play.models.Decision.Kind's values.
PASS, STOP_VOTE, COURTESY_ASK, COURTESY_PASS = "pass", "stop_vote", "courtesy_ask", "courtesy_pass"
DISCARD, CALL, EXCHANGE, MAH_JONGG = "discard", "call", "exchange", "mah_jongg"
ALTERNATIVES = 3  # passes shown beside the advised one
MISTAKEN_MAH_JONGG, DEAD_HAND = "6_mistaken_mah_jongg", "6_dead_hand"


@dataclass(frozen=True)
class Option:
    """One choice as the hint shows it: what it keeps and breaks, and its mark."""

    label: str
    mark: str
    words: str
    advised: bool = False


@dataclass(frozen=True)
class Hint:
    kind: str
    advised: Action  # what the strong bots would do: the button or tiles the table highlights
    advice: str  # the advised choice in words ("Discard 3 Bam")
    why: str  # why, with the tiles: the hand it aims at, what it keeps and still needs
    aim: str  # the name of the hand it aims at ("" when none)
    tiles: tuple[str, ...]  # own tiles to tap for it (codes, repeated as often as passed)
    blind: tuple[str, ...]  # tiles just received to pass on blind (codes)
    options: tuple[Option, ...]  # each choice with its mark, the advised one first


@dataclass(frozen=True)
class Judgement:
    """The advice's mark for a choice, made before it is applied (a play.models.Decision)."""

    kind: str
    chosen: str
    mark: str
    preferred: str
    why: str


@dataclass(frozen=True)
class Warning:
    """A rule mistake about to happen: the rule line it breaks (cfmj.engine.rulebook) and why; or
    a dangerous discard (caution.py: no rule line)."""

    rule_line: str
    section: str
    title: str
    words: str
    go_ahead: str = "Go ahead anyway"


@dataclass(frozen=True)
class _Advice:
    """A decision worked out once: the hint, and how any legal choice is marked."""

    hint: Hint
    mark_of: Callable[[Action], tuple[str, str]]  # a choice's (mark, words on it)


def hint(engine: EngineGame) -> Hint | None:
    """The advice for the learner's decision now (None when they owe none)."""
    advice = _advise(engine, full=True)
    return advice.hint if advice else None


def judge(engine: EngineGame, action: Action) -> Judgement:
    """The advice's mark for `action` (a legal choice of the learner's), before it is applied."""
    advice = _advise(engine, full=False)
    assert advice is not None, "the learner owes no decision"
    mark, words = advice.mark_of(action)
    if choices.same_choice(action, advice.hint.advised):
        mark = BEST
    kind = advice.hint.kind
    if isinstance(action, (DeclareMahJongg, CallMahJongg)):
        kind = MAH_JONGG
    elif isinstance(action, ExchangeJoker):
        kind = EXCHANGE
    elif kind == EXCHANGE:
        kind = DISCARD  # a discard without the advised exchange: marked as a discard
    why = advice.hint.why if mark == BEST else f"{words} The advice: {advice.hint.why}".strip()
    return Judgement(kind, choices.describe(engine.view(SEAT), action), mark, advice.hint.advice, why)


def warning(engine: EngineGame, action: Action, *, careful: bool = False) -> Warning | None:
    """A rule mistake `action` would make (it is legal, but it would kill the learner's hand):
    a Mah Jongg that does not win, or an exposure no winning hand can contain; and, `careful`
    (a practice hand), a discard dangerous enough to hold back (caution.py)."""
    view = engine.view(SEAT)
    if careful and isinstance(action, Discard):
        found = caution.discard_caution(view, action.tile)
        return Warning("", "", found.title, found.words, found.go_ahead) if found else None
    if isinstance(action, DeclareMahJongg) and not wins(view):
        return Warning(MISTAKEN_MAH_JONGG, "6", "That is not Mah Jongg", _not_winning(view, ()))
    if (
        isinstance(action, CallMahJongg)
        and view.pending_discard
        and not wins(view, (view.pending_discard[1],))
    ):
        return Warning(
            MISTAKEN_MAH_JONGG, "6", "That is not Mah Jongg", _not_winning(view, (view.pending_discard[1],))
        )
    if isinstance(action, CallExposure) and view.pending_discard and not _possible(view, action):
        tile = view.pending_discard[1]
        block = block_label(code(tile), len(action.tiles) + 1)
        words = (
            f"No winning hand contains a {block} beside your exposures, so this call would make your "
            f"hand dead: it would play on but could never win. The rule: {RULE_LINES[DEAD_HAND].quote}."
        )
        return Warning(DEAD_HAND, "6", "This call would make your hand dead", words)
    return None


def _not_winning(view: PlayerView, extra: tuple[int, ...]) -> str:
    hand = view.hand(extra)
    why = ""
    if len(hand) == len(view.hand()) + len(extra) and len(hand) == 14:
        reasons = check(hand, self_drawn=counts_as_self_drawn(view.won_by()), rules=view.rules).reasons
        why = f" ({reasons[0].message.rstrip('.')})" if reasons else ""
    return (
        f"Your hand does not win{why}. {RULE_LINES[MISTAKEN_MAH_JONGG].quote}: it would play on but "
        "could never win."
    )


def _possible(view: PlayerView, action: CallExposure) -> bool:
    assert view.pending_discard is not None
    tile = view.pending_discard[1]
    new = Exposure(tile, tuple(sorted((tile, *action.tiles))))
    return exposures_possible([*(e.block for e in view.my_exposures), new.block])


# --- the advice, by decision -------------------------------------------------------------------


def _advise(engine: EngineGame, *, full: bool) -> _Advice | None:
    """The decision's advice; `full`: with the alternatives to a pass ranked (a hint shows them,
    a judgement does not need them)."""
    legal = engine.legal_actions(SEAT)
    if not legal:
        return None
    view = engine.view(SEAT)
    advised = AdvicePlayer().choose(view, legal)
    kinds = {type(a) for a in legal}
    if PassTiles in kinds or CourtesyPass in kinds:
        assert isinstance(advised, (PassTiles, CourtesyPass))
        size = len(advised.tiles) + len(getattr(advised, "blind", ()))
        ranking = figures.all_passes(view.hand(), size) if full else []
        return _keep_advice(view, advised, ranking)
    if StopVote in kinds:
        return _stop(view, advised)
    if CourtesyAsk in kinds:
        return _courtesy_ask(view, advised)
    if NoCall in kinds:
        return _call(view, legal, advised)
    return _turn(view, legal, advised)


def _keep_advice(view: PlayerView, advised: PassTiles | CourtesyPass, ranking: list[KeepScore]) -> _Advice:
    """A pass (Charleston or courtesy): the advised tiles, the best alternatives in `ranking`,
    each marked."""
    kind = PASS if isinstance(advised, PassTiles) else COURTESY_PASS
    tiles, blind = advised.tiles, getattr(advised, "blind", ())
    hand = view.hand()
    given = tuple(sorted(tiles + blind))
    best = figures.ranked(hand, [given])[0]
    way = choices.direction(view)
    own = f" ({choices.codes(tiles)})" if tiles else ""
    if blind:
        lead = (
            f"Pass {len(blind)} of the tiles you just received on unseen (a blind pass) and "
            f"{plural(len(tiles), 'tile')} of your own{own} {way}: every "
            "pass of your own tiles costs you"
        )
    elif not given:
        lead = "Pass nothing"
    else:
        part = "they matter least to" if set(given) & set(best.target.tiles()) else "none of them is part of"
        lead = f"Pass {choices.codes(given)} {way}: {part} your nearest hand"
    why = f"{lead}. {aim_words(hand, given, best)}"
    aim, aim_name = aim_tiles(best), target_name(best)

    def words_of(score: KeepScore) -> str:
        broken = broken_words(hand, [code(t) for t in score.given], aim, aim_name)
        return passed_words("Passing them", broken, score.tiles_needed, best.tiles_needed).strip()

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
    )
    return _Advice(hint, mark_of)


def _stop(view: PlayerView, advised: Action) -> _Advice:
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
    return _Advice(hint, mark_of)


def _courtesy_ask(view: PlayerView, advised: Action) -> _Advice:
    assert isinstance(advised, CourtesyAsk)
    hand = view.hand()
    counts = figures.pass_counts(hand, quick=False)
    size = advised.count
    if size:
        offer = figures.best_pass(hand, size).given
        why = (
            f"Offer {size} ({choices.codes(offer)}): giving them up keeps your nearest hand "
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

    return _Advice(Hint(COURTESY_ASK, advised, choices.offer(size), why, "", (), (), options), mark_of)


def _turn(view: PlayerView, legal: list[Action], advised: Action) -> _Advice:
    """The learner's turn: declare Mah Jongg when the hand wins, a joker exchange when one costs
    nothing, otherwise the discard; every discard and exchange marked."""
    hand = view.hand()
    if isinstance(advised, DeclareMahJongg):
        return _winning(view, advised, legal)
    if not figures.alive(hand):
        why = (
            "Your hand can no longer win (it is dead, or its exposures fit no winning hand): any "
            "discard will do. Keep your jokers from the others."
        )
        hint = Hint(DISCARD, advised, choices.describe(view, advised), why, "", _tile_of(advised), (), ())
        return _Advice(hint, lambda action: (BEST, ""))
    now = figures.tiles_needed(hand)
    ranking = figures.discards(hand)
    best = ranking[0]
    aim, aim_name = aim_tiles(best), target_name(best)
    exchanges = {
        a: figures.after_exchange(view, a) for a in dict.fromkeys(legal) if isinstance(a, ExchangeJoker)
    }
    advised_need = exchanges[advised] if isinstance(advised, ExchangeJoker) else best.tiles_needed

    def discard_words(score: KeepScore) -> str:
        tile = code(score.given[0])
        broken = broken_words(hand, [tile], aim, aim_name)
        words = passed_words(f"Discarding {tile}", broken, score.tiles_needed, best.tiles_needed).strip()
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

    if isinstance(advised, ExchangeJoker):
        kind = EXCHANGE
        why = (
            f"{choices.describe(view, advised)}: a joker can stand for any tile your hand still needs, and "
            f"your hand is then {plural(advised_need, 'tile')} away. Then discard."
        )
    else:
        kind = DISCARD
        part = "part of" if best.given[0] in best.target.tiles() else "not part of"
        aim_said = aim_words(hand, best.given, best)
        why = f"Discard {code(best.given[0])}: it is {part} your nearest hand. {aim_said}"

    def mark_of(action: Action) -> tuple[str, str]:
        if isinstance(action, ExchangeJoker):
            return figures.mark_by_need(advised_need, exchanges[action]), exchange_words(action)
        if isinstance(action, DeclareMahJongg):
            return WEAK, "Your hand does not win: declaring it would kill your hand."
        assert isinstance(action, Discard)
        score = next((s for s in ranking if s.given == (action.tile,)), None)
        score = score or figures.ranked(hand, [(action.tile,)])[0]
        mark = figures.mark(best, score)
        if kind == EXCHANGE and mark == BEST:
            mark = GOOD  # as near, but the joker the exchange gave is left on the table
        return mark, discard_words(score)

    options: list[Option] = [Option(choices.describe(view, advised), BEST, mark_of(advised)[1], advised=True)]
    others: list[Action] = [*exchanges, *(Discard(SEAT, s.given[0]) for s in ranking)]
    for action in others:
        if not choices.same_choice(action, advised):
            options.append(Option(choices.describe(view, action), *mark_of(action)))
    hint = Hint(
        kind, advised, choices.describe(view, advised), why, aim_name, _tile_of(advised), (), tuple(options)
    )
    return _Advice(hint, mark_of)


def _tile_of(action: Action) -> tuple[str, ...]:
    return (code(action.tile),) if isinstance(action, Discard) else ()


def _winning(view: PlayerView, advised: Action, legal: list[Action]) -> _Advice:
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
    return _Advice(hint, mark_of)


def _call(view: PlayerView, legal: list[Action], advised: Action) -> _Advice:
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
            return "Your hand would not win with it: a mistaken Mah Jongg kills your hand."
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
        why = (
            f"Let {name(tile)} go: exposing it would not bring you closer, and it would show your hand "
            "(and cost a concealed hand's bonus)."
        )
    elif calls:
        why = (
            f"Let {name(tile)} go: no winning hand holds that exposure beside yours, so calling it "
            "would kill your hand."
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
    return _Advice(hint, mark_of)
