"""cfmj.classes.deals: a teacher deals the class a hand, every student plays it from the same wall
(the same seed, dealer, rules and bots), once each; closing it. And cfmj.classes.deal_split: how
the class split at each decision, checked against the stored actions and Decision rows."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from cfmj.classes import deal_split, deals, services
from cfmj.classes.models import ClassDeal, DealHand
from cfmj.engine import coach
from cfmj.play import services as play_services
from cfmj.play.models import Decision, Game
from cfmj.play.selectors import rebuild_to
from tests.built_once import built_once, fresh
from tests.classes.deal_helpers import a_class_of, a_deal, first, last, play
from tests.classes.helpers import coteacher, in_days, person

pytestmark = pytest.mark.django_db


def test_a_deal_has_a_secret_seed_its_dealer_and_the_class_rules() -> None:
    classroom, _ = a_class_of(1)
    services.classroom_update(
        classroom=classroom, name=classroom.name, description="", house_rules=[1, 3], skill_level=2
    )
    classroom.refresh_from_db()
    assert classroom.owner is not None
    deal = deals.deal_start(classroom=classroom, teacher=classroom.owner, bot_level="steady", mode="practice")
    other = deals.deal_start(classroom=classroom, teacher=coteacher(classroom, "cory"), bot_level="steady")
    assert int(deal.seed) != int(other.seed) and int(deal.seed) < 2**128
    assert deal.dealer == int(deal.seed) % 4
    assert (deal.house_rules, deal.skill_level, deal.bot_level, deal.mode) == (
        [1, 3],
        2,
        "steady",
        "practice",
    )
    assert other.mode == "test" and not deal.closed


@pytest.mark.parametrize(
    ("chosen", "message"),
    [
        ({"bot_level": "genius"}, "Choose the bots' level"),
        ({"bot_level": "steady", "mode": "exam"}, "Choose practice"),
    ],
)
def test_a_deal_needs_bots_and_a_mode(chosen: dict[str, Any], message: str) -> None:
    classroom, _ = a_class_of(1)
    assert classroom.owner is not None
    with pytest.raises(services.ClassError, match=message):
        deals.deal_start(classroom=classroom, teacher=classroom.owner, **chosen)


def test_only_a_teacher_of_a_live_class_deals() -> None:
    classroom, (student,) = a_class_of(1)
    with pytest.raises(services.ClassError, match="Only a teacher of the class"):
        deals.deal_start(classroom=classroom, teacher=student, bot_level="steady")
    with pytest.raises(services.ClassError, match="Only a teacher of the class"):
        deals.deal_start(classroom=classroom, teacher=person("otto", "teacher"), bot_level="steady")
    services.classroom_archive(classroom=classroom)
    classroom.refresh_from_db()
    assert classroom.owner is not None
    with pytest.raises(services.ClassError, match="archived"):
        deals.deal_start(classroom=classroom, teacher=classroom.owner, bot_level="steady")
    assert not ClassDeal.objects.exists()


def test_every_student_plays_the_same_wall_once() -> None:
    classroom, students = a_class_of(3)
    deal = a_deal(classroom, bot_level="beginner")
    hands = [deals.deal_hand_start(deal=deal, student=s) for s in students]
    assert deals.deal_hand_start(deal=deal, student=students[0]) == hands[0]  # one hand each
    assert DealHand.objects.filter(deal=deal).count() == 3
    for hand in hands:
        assert (hand.seed, hand.dealer, hand.wall, hand.bot_level, hand.mode) == (
            deal.seed,
            deal.dealer,
            hands[0].wall,
            "beginner",
            "test",
        )
        assert hand.owner in students and hand.actions == hands[0].actions  # dealt, bots up to the pass
    # Students who choose the same play the same hand: the bots' choices follow the position.
    one, two = play(hands[0]), play(hands[1])
    assert one.actions == two.actions and one.result == two.result
    three = play(hands[2], last)
    assert three.actions[: len(one.actions)] != one.actions


def test_a_deal_is_for_the_class_students_it_is_set_for_until_it_closes() -> None:
    classroom, (ann, bob) = a_class_of(2)
    deal = a_deal(classroom)
    assert classroom.owner is not None
    with pytest.raises(services.ClassError, match="Only the students"):
        deals.deal_hand_start(deal=deal, student=classroom.owner)
    with pytest.raises(services.ClassError, match="Only the students"):
        deals.deal_hand_start(deal=deal, student=person("eve"))
    services.membership_end(classroom=classroom, user=bob)
    with pytest.raises(services.ClassError, match="Only the students"):
        deals.deal_hand_start(deal=deal, student=bob)
    game = deals.deal_hand_start(deal=deal, student=ann)
    closed = deals.deal_close(deal=deal)
    assert closed.closed and deals.deal_close(deal=deal).closed_at == closed.closed_at  # twice: the same
    carl = person("carl")
    services.classroom_join(user=carl, code=classroom.code)
    with pytest.raises(services.ClassError, match="This deal is closed"):
        deals.deal_hand_start(deal=deal, student=carl)
    # A hand begun before it closed is still theirs to finish.
    assert deals.deal_hand_start(deal=deal, student=ann) == game
    assert play(game).status == Game.Status.OVER


def test_a_homework_deal_is_for_the_students_it_names() -> None:
    classroom, (ann, bob) = a_class_of(2)
    assert classroom.owner is not None
    work = services.assignment_create(
        classroom=classroom,
        teacher=classroom.owner,
        kind="deal",
        due=in_days(3),
        bot_level="strong",
        play_mode="test",
    )
    work.students.set([ann])
    deal = ClassDeal.objects.get(assignment=work)
    deals.deal_hand_start(deal=deal, student=ann)
    with pytest.raises(services.ClassError, match="homework for other students"):
        deals.deal_hand_start(deal=deal, student=bob)
    assert [s.username for s, _ in deals.deal_rows(deal)] == ["pupil0"]
    assert deals.deals_for_student(ann) == [(deal, DealHand.objects.get(student=ann).game)]
    assert deals.deals_for_student(bob) == []


def test_progress_counts_the_class_students_started_and_finished() -> None:
    classroom, students = a_class_of(3)
    deal = a_deal(classroom)
    assert deals.deal_progress(deal).key == "3-0-0"
    play(deals.deal_hand_start(deal=deal, student=students[0]))
    deals.deal_hand_start(deal=deal, student=students[1])
    progress = deals.deal_progress(deal)
    assert (progress.students, progress.started, progress.finished, progress.playing) == (3, 2, 1, 1)


# The split.


def _played() -> ClassDeal:
    """Six students, three ways of playing, one of them stopped half way: the advice (twice),
    the first tile each time (twice), the last tile, and the advice for 8 decisions."""
    classroom, students = a_class_of(6)
    deal = a_deal(classroom)
    for student, pick, decisions in zip(
        students, [None, None, first, first, last, None], [None] * 5 + [8], strict=True
    ):
        play(deals.deal_hand_start(deal=deal, student=student), pick, decisions=decisions)
    return deal


@pytest.fixture(scope="class")
def played_once(django_db_setup: None, django_db_blocker: Any) -> Iterator[ClassDeal]:
    """The six hands are played once for the class's tests (tests/built_once.py)."""
    yield from built_once(django_db_blocker, _played)


@pytest.fixture
def played(played_once: ClassDeal) -> tuple[ClassDeal, list[deal_split.HandLog]]:
    """The deal as `_played` left it, read afresh in the test's own savepoint, and its logs."""
    deal = fresh(played_once)
    return deal, deal_split.deal_logs(deal)


def _by_hand(logs: list[deal_split.HandLog], number: int) -> dict[str, list[tuple[Game, Decision]]]:
    """The split worked out plainly: each hand's decision at step `number`, by the exact log before it."""
    out: dict[str, list[tuple[Game, Decision]]] = {}
    for log in logs:
        if len(log.decisions) >= number:
            decision = log.decisions[number - 1]
            out.setdefault(repr(log.game.actions[: decision.index]), []).append((log.game, decision))
    return out


def _group_of(groups: list[deal_split.Group], members: list[tuple[Game, Decision]]) -> deal_split.Group:
    """The group of exactly these hands, its counts those of their stored choices."""
    (group,) = [g for g in groups if g.games == tuple(sorted(game.pk for game, _ in members))]
    counted = {row.words: row.count for row in group.rows if row.count}
    assert counted == dict(Counter(d.chosen for _, d in members))
    return group


def _groups_with_members(
    logs: list[deal_split.HandLog], number: int
) -> list[tuple[deal_split.Group, list[tuple[Game, Decision]]]]:
    step = deal_split.split_step(logs, number)
    plain = [m for m in _by_hand(logs, number).values() if len(m) > 1]
    return [(_group_of(list(step.groups), m), m) for m in plain]


class TestOnePlayedDeal:
    """The tests on one deal played six ways, played once for them all."""

    def test_the_split_matches_the_stored_actions_at_every_step(
        self,
        played: tuple[ClassDeal, list[deal_split.HandLog]],
    ) -> None:
        _, logs = played
        assert len(logs) == 6
        stored = {g.pk: list(g.decisions.filter(seat=0).order_by("index")) for g in Game.objects.all()}
        assert {log.game.pk: list(log.decisions) for log in logs} == stored
        last_step = deal_split.steps_of(logs)
        assert last_step == max(len(d) for d in stored.values())
        diverged = False
        for number in range(1, last_step + 1):
            step = deal_split.split_step(logs, number)
            plain = _by_hand(logs, number)
            groups = [*step.groups, *step.alone]
            assert step.reached == sum(len(members) for members in plain.values())
            assert sorted(g.students for g in groups) == sorted(len(m) for m in plain.values())
            assert [g.students for g in step.groups] == sorted(
                (g.students for g in step.groups), reverse=True
            )
            assert all(g.students == 1 for g in step.alone) and all(g.students > 1 for g in step.groups)
            diverged |= len(groups) > 1
            # Each position's counts are the stored choices of the students who stood there.
            wanted = sorted(
                sorted(Counter(d.chosen for _, d in members).values()) for members in plain.values()
            )
            found = sorted(sorted(row.count for row in g.rows if row.count) for g in groups)
            assert found == wanted, number
            for members in plain.values():
                group = _group_of(groups, members)
                assert sum(row.count for row in group.rows) == len(members)
                assert [row for row in group.rows if row.coach] == [group.coach_row]  # one ★ a group
                assert group.preferred == members[0][1].preferred
                advised = [d for _, d in members if "coach's choice: " not in d.why]
                if advised:  # the coach's row is the one its choice was made in, with that count
                    assert group.coach_row is not None and group.coach_row.words == advised[0].chosen
                    assert group.coach_row.count == len(advised)
        assert diverged

    def test_each_group_tells_the_coach_choice_and_reason_as_the_engine_does(
        self,
        played: tuple[ClassDeal, list[deal_split.HandLog]],
    ) -> None:
        _, logs = played
        for number in range(1, deal_split.steps_of(logs) + 1):
            for group, members in _groups_with_members(logs, number):
                game, decision = members[0]
                hint = coach.hint(rebuild_to(game, decision.index), 0)
                assert hint is not None
                assert (group.preferred, group.why) == (hint.advice, hint.why), number
                assert group.rack is not None and group.kind == decision.kind
                assert not any(len(code) == 2 and code[0].isdigit() for code in group.why.split())  # no "3C"
                row = group.coach_row
                assert row is not None and row.words == hint.advice
                if row.tiles:  # drawn as the tiles the coach gives
                    assert len(row.tiles) in (1, 2, 3)

    def test_the_first_decision_finds_everyone_at_one_position(
        self,
        played: tuple[ClassDeal, list[deal_split.HandLog]],
    ) -> None:
        _, logs = played
        step = deal_split.split_step(logs, 1)
        assert [g.students for g in step.groups] == [6] and step.alone == ()
        assert step.groups[0].kind_label == "Charleston pass" and step.previous is None and step.next == 2


def test_a_pass_in_another_order_is_the_same_choice_and_position() -> None:
    one = {"kind": "pass_tiles", "seat": 0, "tiles": [3, 17, 40], "blind": []}
    two = {"kind": "pass_tiles", "seat": 0, "tiles": [40, 3, 17], "blind": []}
    assert deal_split.choice_key(one) == deal_split.choice_key(two)
    assert deal_split.position_key([one]) == deal_split.position_key([two])
    assert deal_split.choice_key({"kind": "discard", "seat": 0, "tile": 3}) != deal_split.choice_key(one)


def test_the_coach_reason_is_read_from_the_decision_words() -> None:
    mine = Decision(why="Discard West: your nearest hand needs it least.")
    other = Decision(why="It breaks a pair. The coach's choice: Discard West: it is needed least.")
    same = Decision(why="Equal. As good as the coach's choice: Discard West: it is needed least.")
    assert deal_split.coach_reason(mine) == (True, "Discard West: your nearest hand needs it least.")
    assert deal_split.coach_reason(other) == (False, "Discard West: it is needed least.")
    assert deal_split.coach_reason(same) == (False, "Discard West: it is needed least.")


def test_a_hand_dealt_twice_at_once_keeps_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two requests deal the same student's hand at the same moment: the second finds the first's
    row on saving and keeps it, its own game deleted."""
    classroom, (ann,) = a_class_of(1)
    deal = a_deal(classroom)
    earlier = play_services.game_start(owner=ann, bot_level="strong", seed=int(deal.seed), dealer=deal.dealer)
    real = deals.deal_open_to

    def raced(found: ClassDeal, student: object) -> None:
        real(found, student)  # type: ignore[arg-type]
        DealHand.objects.create(deal=found, student=ann, game=earlier)

    monkeypatch.setattr(deals, "deal_open_to", raced)
    assert deals.deal_hand_start(deal=deal, student=ann) == earlier
    assert list(Game.objects.filter(owner=ann)) == [earlier]
