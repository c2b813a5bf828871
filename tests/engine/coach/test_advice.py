"""The coach (cfmj.engine.coach) on the engine's games, without Django: its hint is the strong bots'
own choice, its marks are the drills' (best, good, weak), and it warns before a rule mistake."""

from __future__ import annotations

from random import Random

from cfmj.engine import coach
from cfmj.engine.coach import choices
from cfmj.engine.coach.passes import ALTERNATIVES
from cfmj.engine.game import (
    Action,
    CallExposure,
    CallMahJongg,
    DeclareMahJongg,
    Discard,
    Game,
    NoCall,
    PassTiles,
    Player,
    RandomPlayer,
    play_on,
)
from cfmj.engine.game.advice_player import AdvicePlayer
from cfmj.engine.tiles import parse_tile
from tests.engine.game.helpers import position

KINDS = {coach.PASS, coach.STOP_VOTE, coach.COURTESY_ASK, coach.COURTESY_PASS}
KINDS |= {coach.DISCARD, coach.CALL, coach.EXCHANGE, coach.MAH_JONGG}


def test_its_hint_is_the_advice_players_choice_on_every_decision_of_seeded_hands() -> None:
    """Seat 0 plays half its choices by the advice, half at random (calling often), so the hands
    reach every kind of decision; the others are advice bots."""
    seen: set[str] = set()
    decisions = 0
    for seed in (1, 2, 3):
        game = Game(seed, None, seed % 4)
        learner, rng = RandomPlayer(seed, call_chance=0.3, exchange_chance=0.5), Random(seed)
        while not game.over:
            seat = game.waiting_for()[0]
            legal = game.legal_actions(seat)
            view = game.view(seat)
            if seat != 0:
                game.apply(AdvicePlayer().choose(view, legal))
                continue
            advised = coach.coach_choice(view, legal)
            hint = coach.hint(game, 0)
            assert hint is not None and choices.same_choice(hint.advised, advised)
            assert hint.options[0].advised and hint.options[0].mark == "best"
            assert hint.advice == choices.describe(view, advised) and hint.why
            assert coach.judge(game, 0, advised).mark == "best"
            choice = advised if rng.random() < 0.5 else learner.choose(view, legal)
            judgement = coach.judge(game, 0, choice)
            assert judgement.kind in KINDS and judgement.mark in ("best", "good", "weak")
            assert judgement.chosen == choices.describe(view, choice) and judgement.preferred == hint.advice
            seen.add(hint.kind)
            decisions += 1
            game.apply(choice)
    assert decisions > 50
    assert {coach.PASS, coach.STOP_VOTE, coach.COURTESY_ASK, coach.DISCARD, coach.CALL} <= seen


def test_the_hint_marks_the_tiles_to_pass_and_explains_the_aim() -> None:
    game = Game(5, None, 0)
    hint = coach.hint(game, 0)
    assert hint is not None and hint.kind == coach.PASS
    assert isinstance(hint.advised, PassTiles) and len(hint.tiles) + len(hint.blind) == 3
    assert "It aims at" in hint.more and hint.aim
    assert 1 < len(hint.options) <= ALTERNATIVES + 1


def test_judge_marks_the_advised_discard_best_and_a_broken_kong_weak() -> None:
    game = position({0: "7C*3 8C*4 9D*4 RD*2 N"})
    hint = coach.hint(game, 0)
    assert hint is not None and hint.kind == coach.DISCARD and hint.tiles == ("N",)
    assert coach.judge(game, 0, Discard(0, parse_tile("N"))).mark == "best"
    weak = coach.judge(game, 0, Discard(0, parse_tile("8C")))
    assert (weak.kind, weak.mark, weak.preferred) == ("discard", "weak", "Discard North")
    assert "breaks up your four 8 Craks" in weak.why and "2 tiles away, not 1" in weak.why
    marks = {o.label: o.mark for o in hint.options}
    assert marks["Discard 8 Crak"] == "weak" and marks["Discard North"] == "best"


def test_a_choice_as_good_as_the_coachs_is_marked_best_and_explained_by_its_own_tile() -> None:
    game = position({0: "7C*3 8C*4 9D*3 RD*2 N S"})
    hint = coach.hint(game, 0)
    assert hint is not None and hint.advice == "Discard North"
    other = coach.judge(game, 0, Discard(0, parse_tile("S")))
    assert (other.mark, other.chosen, other.preferred) == ("best", "Discard South", "Discard North")
    # Its reason names South first (a newcomer's review said "Discard North: ..." beside South).
    assert (
        other.why.startswith("Discarding South")
        and "As good as the coach's choice: Discard North" in other.why
    )
    assert coach.judge(game, 0, Discard(0, parse_tile("N"))).why == hint.why


def test_a_winning_hand_is_declared_and_anything_else_is_weak() -> None:
    game = position({0: "7C*3 8C*4 9D*4 RD*3"})
    hint = coach.hint(game, 0)
    assert hint is not None and hint.kind == coach.MAH_JONGG and isinstance(hint.advised, DeclareMahJongg)
    assert coach.warning(game, 0, DeclareMahJongg(0)) is None
    missed = coach.judge(game, 0, Discard(0, parse_tile("RD")))
    assert (missed.kind, missed.mark) == ("mah_jongg", "weak")


def test_it_warns_before_a_mah_jongg_that_does_not_win() -> None:
    game = position({0: "7C*3 8C*4 9D*4 RD*2 N"})
    warned = coach.warning(game, 0, DeclareMahJongg(0))
    assert warned is not None and warned.rule_line == "6_mistaken_mah_jongg" and warned.section == "6"
    assert "does not win" in warned.words and "kills the hand at once" in warned.words
    assert coach.warning(game, 0, Discard(0, parse_tile("N"))) is None
    judged = coach.judge(game, 0, DeclareMahJongg(0))
    assert (judged.kind, judged.mark) == ("mah_jongg", "weak")


def _calls(hand: str, exposures: list[str], tile: str) -> Game:
    """Seat 1 discards `tile` to seat 0, who holds `hand` (and `exposures`)."""
    game = position({0: hand, 1: tile}, exposures={0: exposures}, turn=1)  # type: ignore[dict-item]
    game.apply(Discard(1, parse_tile(tile)))
    return game


def test_it_warns_before_a_call_that_would_make_the_hand_dead_and_names_the_rule() -> None:
    game = _calls("N N 2D 4D 6D", ["1C 1C 1C", "3C 3C 3C"], "N")
    north = parse_tile("N")
    warned = coach.warning(game, 0, CallExposure(0, (north, north)))
    assert warned is not None and warned.rule_line == "6_dead_hand"
    assert "would make your hand dead" in warned.title and "Pung of North" in warned.words
    assert coach.warning(game, 0, NoCall(0)) is None
    call = coach.warning(game, 0, CallMahJongg(0))
    assert call is not None and call.rule_line == "6_mistaken_mah_jongg"
    hint = coach.hint(game, 0)
    assert hint is not None and isinstance(hint.advised, NoCall) and "make your hand dead" in hint.why
    assert coach.judge(game, 0, CallExposure(0, (north, north))).mark == "weak"


def test_a_good_call_has_no_warning() -> None:
    game = _calls("5C 5C 7C*3 8C*4 9D*2 N", [], "5C")
    five = parse_tile("5C")
    calls: list[Action] = [a for a in game.legal_actions(0) if isinstance(a, CallExposure)]
    assert CallExposure(0, (five, five)) in calls
    assert all(coach.warning(game, 0, a) is None for a in calls)
    assert coach.hint(game, 0) is not None


def test_a_call_with_its_tiles_in_another_order_is_judged_too() -> None:
    game = _calls("5C J 7C*3 8C*4 9D*2 N", [], "5C")
    five, joker = parse_tile("5C"), parse_tile("J")
    assert game.why_illegal(CallExposure(0, (joker, five))) is None
    assert (
        coach.judge(game, 0, CallExposure(0, (joker, five))).mark
        == coach.judge(game, 0, CallExposure(0, (five, joker))).mark
    )


def test_a_pass_of_tiles_just_received_says_it_is_a_blind_pass() -> None:
    game = Game(4)
    bots: list[Player | None] = [None] + [coach.level_player("strong", 4) for _ in range(3)]
    while True:
        play_on(game, bots)
        hint = coach.hint(game, 0)
        assert hint is not None and game.view(0).stage is not None, "no First Left pass"
        if game.view(0).blind_allowed:
            break
        game.apply(hint.advised)
    assert hint.advice == "Pass 4 Bam, 4 Bam and 9 Dot"
    assert hint.why.endswith(" You just received 9 Dot: passing it on is a blind pass.")
    assert coach.judge(game, 0, hint.advised).mark == "best"


def test_a_choice_as_near_but_only_good_says_it_leaves_fewer_hands_to_aim_at() -> None:
    game = Game(0)
    bots: list[Player | None] = [None] + [coach.level_player("strong", 0) for _ in range(3)]
    play_on(game, bots)
    while len(game.actions) < 7:
        hint = coach.hint(game, 0)
        assert hint is not None
        game.apply(hint.advised)
        play_on(game, bots)
    hint = coach.hint(game, 0)
    assert hint is not None
    words = {option.label: (option.mark, option.words) for option in hint.options}
    assert words["Pass 5 Bam, 1 Dot and 4 Dot"] == (
        "good",
        "Passing them keeps your nearest hand together: it stays 7 tiles away. "
        "It leaves fewer hands to aim at: 52, against 62 for the coach's choice.",
    )
    assert not any("fewer hands" in said for mark, said in words.values() if mark == "best")
