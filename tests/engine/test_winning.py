"""`winning_value` (winning.py) answers what `check(...).best.value` answers, by look-ups on the
card: on the benchmark's mix, on the recorded golden requests with every table option, on the
slowest hands found and on random joker-heavy hands; and, without the index built, by asking
`check`."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import pytest

from bench.engine import mixed_hands
from bench.golden import read_golden
from bench.worst import random_case
from cfmj.engine import InputError, RuleSet, check, validate, verdicts, winning
from cfmj.engine.card import random_hold, virtual_card
from cfmj.engine.notation import Hand
from cfmj.engine.scoring import bonuses_of_shape
from cfmj.engine.skill_levels import kinds_of
from cfmj.engine.tiles import BY_CODE
from cfmj.engine.validate import judge
from cfmj.engine.winning import support_index, winning_value
from tests.engine.test_search_bound import HANDS, WORST_SET


@pytest.fixture(autouse=True)
def _index() -> None:
    support_index()


def _agrees(hand: str | Hand, rules: RuleSet, self_drawn: bool) -> bool:
    result = check(hand, rules=rules, self_drawn=self_drawn)
    expected = result.best.value if result.best is not None else None
    assert winning_value(hand, rules=rules, self_drawn=self_drawn) == expected, (str(hand), rules, self_drawn)
    return result.valid


def test_it_values_the_benchmark_mix_as_check_does() -> None:
    wins = [_agrees(str(hand), RuleSet(), self_drawn) for hand, self_drawn in mixed_hands(1000, 3535)]
    assert 400 < sum(wins) < 600


def test_it_values_the_recorded_requests_as_check_does() -> None:
    asked = 0
    for case in read_golden()[::4]:
        if case["verb"] != "check":
            continue
        request = dict(case["request"])
        try:
            rules = RuleSet.make(
                house_rules=request.get("house_rules"),
                base=request.get("base"),
                skill_level=request.get("skill_level"),
            )
            _agrees(request["hand"], rules, bool(request.get("self_drawn")))
        except InputError:
            continue
        asked += 1
    assert asked > 2500


def test_it_values_random_joker_heavy_hands_as_check_does() -> None:
    rng = Random(35)
    wins = 0
    for _ in range(1500):
        case = random_case(rng)
        try:
            rules = RuleSet.make(house_rules=case.house_rules, base=case.base, skill_level=case.skill_level)
            wins += _agrees(case.hand, rules, case.self_drawn)
        except InputError:
            continue
    assert wins > 0


@pytest.mark.parametrize("case", HANDS, ids=lambda case: case["hand"])
def test_it_values_the_slowest_hands_as_check_does(case: dict[str, Any]) -> None:
    rules = RuleSet.make(
        house_rules=case.get("house_rules"), base=case.get("base"), skill_level=case.get("skill_level")
    )
    _agrees(str(case["hand"]), rules, bool(case.get("self_drawn")))


@pytest.mark.parametrize(
    ("hand", "value"),
    [
        ("7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]", 50),
        ("RD RD GD GD WD WD N N E E W W S S", 100),  # Dragon's Breath, from the dragon hands' matcher
        ("5C 5C 5C 7C 7C 7C J J J J J J J J", 55),  # two blocks of jokers alone, named by the walk
        ("1C 1C 1C 2C 2C 2C J J J J [J J J J]", 45),  # an exposure of jokers alone: check is asked
        ("1C 1C 1C 2C 2C 2C 4C 4C 4C RD RD RD N E", None),
    ],
)
def test_it_gives_the_value_check_gives(hand: str, value: int | None) -> None:
    assert winning_value(hand) == value
    assert winning_value(hand) == (check(hand).best.value if check(hand).valid else None)  # type: ignore[union-attr]


def test_it_refuses_what_check_refuses() -> None:
    with pytest.raises(InputError, match="needs 14 tiles"):
        winning_value("1C 1C 1C")


def test_without_the_index_it_reads_the_hand_every_way(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def spy(hand: Hand, rules: RuleSet, **options: Any) -> Any:
        asked.append(str(hand))
        return judge(hand, rules, **options)

    monkeypatch.setattr(winning, "built_index", lambda: None)
    monkeypatch.setattr(winning, "judge", spy)
    assert winning_value("7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]") == 50
    assert asked == ["7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]"]


def test_with_the_index_it_does_not_read_a_usual_hand_every_way(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(winning, "judge", None)
    assert winning_value("7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]") == 50
    assert winning_value("3C 3C 3C 4D 4D 4D 4D 5C 5C 5C 5C RD RD J", self_drawn=True) is None


def test_check_reads_a_losing_hand_every_way_only_when_asked_why(monkeypatch: pytest.MonkeyPatch) -> None:
    walks: list[object] = []
    real = validate._Strict

    def counted(*args: Any, **options: Any) -> Any:
        walks.append(args)
        return real(*args, **options)

    monkeypatch.setattr(validate, "_Strict", counted)
    result = check("3C 3C 3C 4D 4D 4D 4D 5C 5C 5C 5C RD RD J")
    assert not result.valid and walks == []
    assert result.reasons and len(walks) == 1


def _answers(hands: list[tuple[str, RuleSet, bool]]) -> list[tuple[dict[str, Any], list[Any], list[Any]]]:
    """Each hand's whole answer, every winning reading and every nearest reading, in order (the
    best and the nearest read first, before the rest are made, as the command line reads them)."""
    out = []
    for hand, rules, self_drawn in hands:
        result = check(hand, rules=rules, self_drawn=self_drawn)
        answer = result.as_dict()
        first = result.best or (result.nearest[0] if result.nearest else None)
        readings = [(a.value, a.blocks, a.reasons) for a in result.arrangements]
        nearest = [(a.category, a.pattern, a.blocks, a.reasons) for a in result.nearest]
        assert first == next(iter([*result.arrangements, *result.nearest]), None), hand
        out.append((answer, readings, nearest))
    return out


def test_check_finds_the_readings_the_walk_finds_in_its_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the index, check takes a hand's readings from it (verdicts.py); without,
    it walks every reading: the answers, every reading and their order are the same."""
    rng = Random(353)
    hands = [(str(hand), RuleSet(), self_drawn) for hand, self_drawn in mixed_hands(600, 353)]
    for _ in range(600):
        case = random_case(rng)
        try:
            rules = RuleSet.make(house_rules=case.house_rules, base=case.base, skill_level=case.skill_level)
            check(case.hand, rules=rules)
        except InputError:
            continue
        hands.append((str(case.hand), rules, case.self_drawn))
    with_index = _answers(hands)
    monkeypatch.setattr(winning, "built_index", lambda: None)
    assert _answers(hands) == with_index
    assert sum(answer["valid"] for answer, _, _ in with_index) > 300


def test_check_answers_the_slowest_hands_as_the_walk_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hands bench/worst.py found slowest (eight jokers: hundreds of readings, winning or
    refused by table options) and random hands of two Pungs and eight jokers: the same answers,
    readings and nearest readings, in the same order, with the index as without."""
    rng = Random(3535)
    hands = [
        (
            case["hand"],
            RuleSet.make(house_rules=case["house_rules"], base=case["base"], skill_level=case["skill_level"]),
            case["self_drawn"],
        )
        for case in json.loads(WORST_SET.read_text())
    ]
    kinds = [code for code in BY_CODE if code != "J"]
    for _ in range(40):
        first, second = rng.sample(kinds, 2)
        rules = RuleSet.make(house_rules=rng.choice([[], [3]]), skill_level=rng.randrange(6))
        hands.append(
            (f"{first} {first} {first} {second} {second} {second}" + " J" * 8, rules, rng.random() < 0.5)
        )
    with_index = _answers(hands)
    monkeypatch.setattr(winning, "built_index", lambda: None)
    assert _answers(hands) == with_index
    assert sum(len(readings) > 100 for _, readings, _ in with_index) > 10
    assert sum(len(nearest) > 100 for _, _, nearest in with_index) > 10


def test_check_explains_card_hands_table_options_refuse_as_the_walk_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Card hands held at random (jokers, exposures) at tables whose options refuse many of them:
    the readings that are card hands are judged from the look-up, the rest walked (verdicts.py:
    one option, two tied with a broken rule, or none within one and the near misses searched)."""
    rng = Random(35035)
    entries = virtual_card().entries
    tables = [
        RuleSet.make(house_rules=[3], skill_level=5),
        RuleSet.make(house_rules=[1, 3], skill_level=4),
        RuleSet.make(skill_level=3),
    ]
    hands = []
    for _ in range(250):
        hand = random_hold(entries[rng.randrange(len(entries))], rng, joker_chance=0.4)
        hands += [(str(hand), rules, False) for rules in tables]
    walked: list[object] = []
    far: list[object] = []
    real_walked, real_every = verdicts._Walked.explain, verdicts._Every

    def explain(self: Any, situation: Any) -> Any:
        walked.append(self)
        return real_walked(self, situation)

    def every(readings: Any) -> Any:
        far.append(readings)
        return real_every(readings)

    monkeypatch.setattr(verdicts._Walked, "explain", explain)
    monkeypatch.setattr(verdicts, "_Every", every)
    with_index = _answers(hands)
    monkeypatch.setattr(winning, "built_index", lambda: None)
    assert _answers(hands) == with_index
    assert len(walked) > 150 and len(far) > 50  # both ways of explaining them
    assert sum(not answer["valid"] for answer, _, _ in with_index) > 300


def test_the_index_holds_each_card_hand_s_traits() -> None:
    """Card hands alike in category, pattern and tile kinds share one Traits (support_index): each
    holds what scoring gives the hand's own, exposed and concealed (every 7th hand of the card)."""
    index, entries = support_index(), virtual_card().entries
    for place in range(0, len(entries), 7):
        entry = entries[place]
        if entry.pattern is None:
            assert index.traits[place] is None
            continue
        tiles, sizes = tuple(t for t, _ in entry.blocks), tuple(s for _, s in entry.blocks)
        exposed = bonuses_of_shape(entry.category, tiles, sizes, concealed=False)
        concealed = bonuses_of_shape(entry.category, tiles, sizes, concealed=True)
        shared = index.traits[place]
        assert shared is not None, entry
        assert (shared.category, shared.pattern) == (entry.category, entry.pattern), entry
        assert (shared.bonus, shared.concealed_bonus) == (sum(exposed.values()), sum(concealed.values())), (
            entry
        )
        assert shared.suit_bonus == (exposed["suit"] > 0), entry
        assert kinds_of(shared.tiles) == kinds_of(tiles), entry
