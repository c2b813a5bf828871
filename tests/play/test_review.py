"""play:review, play:share and play:shared: the review of a finished hand, for its owner and, by a
link the owner makes, for anyone; stepping through it; and what it may draw (only what seat 0 saw
at the time, the public tiles and the winning hand)."""

from __future__ import annotations

from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.engine.game import CallMahJongg, NoCall, action_from_dict, wins
from cfmj.engine.game import Game as EngineGame
from cfmj.engine.game.advice_player import AdvicePlayer
from cfmj.engine.game.events import Discarded, ExposureMade, MahJonggCalled
from cfmj.engine.notation import parse_hand
from cfmj.engine.tiles import code, parse_tile
from cfmj.play import services
from cfmj.play.models import Decision, Game
from cfmj.play.review import Review, replay_to, review_of
from cfmj.play.selectors import rebuild, rules_of
from tests.classes.helpers import person
from tests.play.helpers import play_out, tiles_drawn

pytestmark = pytest.mark.django_db
SHORT = 19  # strong bots: a bot wins in 118 actions, the learner makes 13 decisions
WAITING = 14  # beginner bots, the advice's learner: one tile from Mah Jongg from turn 2 on
FED = 64  # strong bots, the advice's learner (East): North calls its 5 Dot, then its Green Dragon to win


def url(game: Game, step: int | str | None = None) -> str:
    return reverse("play:review", args=[game.pk]) + ("" if step is None else f"?step={step}")


@pytest.fixture
def lee(client: Client) -> Any:
    user = person("lee")
    user.real_name = "Ada Lovelace"
    user.save()
    client.force_login(user)
    return user


@pytest.fixture
def finished(lee: Any) -> Game:
    return play_out(services.game_start(owner=lee, bot_level="strong", seed=SHORT))


def advised(game: Game, *, let_go: int = 0) -> Game:
    """The learner plays the advice to the end, but lets the first `let_go` discards that would
    win go by (going ahead past the coach's caution before a dangerous discard)."""
    while game.status != Game.Status.OVER:
        engine = rebuild(game)
        choice = AdvicePlayer().choose(engine.view(0), engine.legal_actions(0))
        if let_go and isinstance(choice, CallMahJongg):
            let_go, choice = let_go - 1, NoCall(0)
        game = services.game_act(game=game, version=game.version, action=choice, confirmed=True)
    return game


def test_it_shows_the_owner_every_decision_with_its_mark(client: Client, finished: Game) -> None:
    finished.decisions.all().delete()  # the coach's own marks, replaced by two known ones
    review = review_of(finished, [])
    first, weak = review.steps[0], review.steps[-1]
    Decision.objects.create(
        game=finished,
        index=first.index,
        kind="pass",
        chosen="Pass 1, 2, 3",
        mark="best",
        preferred="Pass 3, 2, 1",
    )
    Decision.objects.create(
        game=finished,
        index=weak.index,
        kind="discard",
        chosen="Discard 8 Bam",
        mark="weak",
        preferred="Discard North",
        why="North is the tile no hand you aim at uses.",
    )
    response = client.get(url(finished))
    assert response.status_code == 200
    html = response.content.decode()
    assert f"{review.last_step} decisions: 1 best, 0 good, 1 weak, {review.last_step - 2} not marked." in html
    every = html[html.index('<details id="every-move"') : html.index('id="waits"')]
    assert every.count('class="mark mark-') == review.last_step  # every move, folded
    assert "Show every move (" in every
    # The weak choice is also listed unfolded, worth a second look, with the coach's choice.
    second = html[html.index('id="second-look-title"') : html.index('<details id="every-move"')]
    assert second.count('class="mark mark-') == 1 and "Discard 8 Bam" in second
    assert "The coach's choice: Discard North" in second
    # Readable without colour: the word and a shape.
    assert '<span aria-hidden="true">▲</span> Weak' in html
    assert '<span aria-hidden="true">★</span> Best' in html
    assert "The coach's choice: Discard North" in html
    assert "Pass 3, 2, 1" not in html  # a best choice is the coach's, told another way or not
    assert "North is the tile no hand you aim at uses." in html
    assert f'href="{url(finished, weak.number)}#step"' in html
    assert 'id="review-result"' in html and "Who paid what" in html
    assert 'data-action="share"' in html


def test_another_user_and_a_visitor_get_a_404(finished: Game) -> None:
    other = Client()
    other.force_login(person("eve"))
    assert other.get(url(finished)).status_code == 404
    assert other.get(url(finished, 3)).status_code == 404
    assert other.post(reverse("play:share", args=[finished.pk]), {"sharing": "on"}).status_code == 404
    finished.refresh_from_db()
    assert finished.share_token == ""
    visitor = Client()
    assert visitor.get(url(finished)).status_code == 404
    assert visitor.get(url(finished, 3)).status_code == 404
    response = visitor.post(reverse("play:share", args=[finished.pk]), {"sharing": "on"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]  # sharing: an account's
    finished.refresh_from_db()
    assert finished.share_token == ""


def test_a_hand_in_progress_has_no_review(client: Client, lee: Any) -> None:
    game = services.game_start(owner=lee, bot_level="strong", seed=SHORT)
    for asked in (url(game), url(game, 5)):
        response = client.get(asked, follow=True)
        assert response.redirect_chain == [(reverse("play:game", args=[game.pk]), 302)]
        html = response.content.decode()
        assert "its review opens when it is over" in html and 'id="step"' not in html
    response = client.post(reverse("play:share", args=[game.pk]), {"sharing": "on"}, follow=True)
    assert "Only a finished hand can be shared" in response.content.decode()
    game.refresh_from_db()
    assert game.share_token == ""


@pytest.mark.parametrize(
    ("asked", "shown", "message"),
    [
        ("0", 0, ""),
        ("4", 4, ""),
        ("-1", 0, "There is no step -1: here is the first step."),
        ("abc", 0, "“abc” is not a step number: here is the first step."),
        ("", 0, "“” is not a step number"),
        ("1e3", 0, "“1e3” is not a step number"),
        ("999", None, "here is the last."),
        ("9" * 40, 0, "is not a step number"),
    ],
)
def test_a_step_out_of_bounds_is_clamped_with_a_message(
    client: Client, finished: Game, asked: str, shown: int | None, message: str
) -> None:
    last = review_of(finished, []).last_step
    response = client.get(url(finished, asked))
    assert response.status_code == 200
    html = response.content.decode()
    number = last if shown is None else shown
    title = "The deal" if number == 0 else f"Step {number} of {last}:"
    assert title in html
    assert (message in html) if message else 'role="alert"' not in html


def test_steps_link_to_each_other_and_htmx_gets_the_step_alone(client: Client, finished: Game) -> None:
    last = review_of(finished, []).last_step
    first = client.get(url(finished, 0)).content.decode()
    assert 'aria-disabled="true">← Previous' in first and f'href="{url(finished, 1)}#step"' in first
    middle = client.get(url(finished, 5), HTTP_HX_REQUEST="true")
    assert middle.status_code == 200
    html = middle.content.decode()
    assert html.lstrip().startswith('<section id="step"')
    assert f'href="{url(finished, 4)}#step"' in html and f'hx-get="{url(finished, 6)}"' in html
    end = client.get(url(finished, last)).content.decode()
    assert 'aria-disabled="true">Next →' in end and 'id="review-result"' in end


def test_sharing_makes_a_link_anyone_can_read_until_it_is_stopped(client: Client, finished: Game) -> None:
    share = reverse("play:share", args=[finished.pk])
    response = client.post(share, {"sharing": "on"})
    assert response.status_code == 302 and response["Location"] == url(finished) + "#share"
    finished.refresh_from_db()
    token = finished.share_token
    assert len(token) >= 20
    client.post(share, {"sharing": "on"})  # a double click: the same link
    finished.refresh_from_db()
    assert finished.share_token == token
    link = reverse("play:shared", args=[token])
    assert link in client.get(url(finished)).content.decode()

    visitor = Client()
    response = visitor.get(link)
    assert response.status_code == 200
    assert response["X-Robots-Tag"] == "noindex" and "no-store" in response["Cache-Control"]
    html = response.content.decode()
    assert "Ada’s hand against the bots" in html
    assert "Lovelace" not in html
    assert 'data-action="share"' not in html and 'data-action="stop_sharing"' not in html
    assert reverse("play:game", args=[finished.pk]) not in html
    step = visitor.get(link + "?step=3").content.decode()
    assert "Step 3 of" in step and f'href="{link}?step=4#step"' in step
    assert visitor.post(share, {"sharing": "off"}).status_code == 302  # to log in: nothing changes
    finished.refresh_from_db()
    assert finished.share_token == token

    client.post(share, {"sharing": "off"})
    finished.refresh_from_db()
    assert finished.share_token == ""
    assert visitor.get(link).status_code == 404
    assert visitor.get(link + "?step=3").status_code == 404
    assert visitor.get(reverse("play:shared", args=["x" * 22])).status_code == 404


def test_a_learner_without_a_real_name_is_a_learner(client: Client, lee: Any) -> None:
    zed = person("zephyrine")
    game = play_out(services.game_start(owner=zed, bot_level="strong", seed=SHORT))
    game = services.review_share(game=game, sharing=True)
    html = Client().get(reverse("play:shared", args=[game.share_token])).content.decode()
    assert "A learner’s hand" in html and "zephyrine" not in html


def test_an_unfinished_hand_is_never_shared_even_with_a_token(lee: Any) -> None:
    game = services.game_start(owner=lee, bot_level="strong", seed=SHORT)
    Game.objects.filter(pk=game.pk).update(share_token="forged-token-in-the-row")
    assert Client().get(reverse("play:shared", args=["forged-token-in-the-row"])).status_code == 404


def test_it_finds_the_tiles_waited_for_and_the_win_let_go(client: Client, lee: Any) -> None:
    game = advised(services.game_start(owner=lee, bot_level="beginner", seed=WAITING), let_go=1)
    assert game.result is not None and game.result["winner"] == 0 and game.result["won_by"] == "discard"
    review = review_of(game, [])
    wait = review.waits[-1]
    assert wait.tiles == ("5C", "1D", "GD", "J") and wait.to_turn is None  # to the end of the hand
    assert [came.words for came in wait.came_by] == [
        "Green Dragon: East discarded it on turn 28, you let it go",
        "5 Crak: East discarded it on turn 36, you called it for Mah Jongg",
    ]
    (chance,) = review.chances
    assert chance.tile == "GD" and chance.turn == 28
    # Checked afresh: at that decision the discard was Green Dragon, it won, and the learner let it go.
    decision = review.step(chance.step)
    assert decision is not None and decision.chosen == "Let Green Dragon go"
    engine = replay_before(game, decision.index)
    view = engine.view(0)
    assert view.pending_discard is not None and code(view.pending_discard[1]) == "GD"
    assert wins(view, (view.pending_discard[1],))
    html = client.get(url(game)).content.decode()
    assert "you could have called it for Mah Jongg, but you let it go." in html
    assert "From turn 2 until you won, one tile from Mah Jongg" in html


def test_a_drawn_tile_that_won_is_told(lee: Any) -> None:
    game = advised(services.game_start(owner=lee, bot_level="beginner", seed=1))
    assert game.result is not None and game.result["winner"] == 0 and game.result["won_by"] == "wall"
    review = review_of(game, [])
    assert review.chances == ()  # won at the first chance
    assert review.waits[-1].came_by[-1].words == "Joker: you drew it on turn 18 and declared Mah Jongg"


def test_a_hand_never_one_tile_away_says_so(client: Client, finished: Game) -> None:
    review = review_of(finished, [])
    assert review.waits == () and review.chances == ()
    html = client.get(url(finished)).content.decode()
    assert "You were never one tile from Mah Jongg in this hand." in html
    assert "No tile that came your way would have completed your hand." in html


def test_it_marks_the_discards_that_fed_the_winner_on_the_summary_each_step_and_the_share(
    client: Client, lee: Any
) -> None:
    game = advised(services.game_start(owner=lee, bot_level="strong", seed=FED))
    assert game.result is not None and (game.result["winner"], game.result["discarder"]) == (3, 0)
    review = review_of(game, [])
    assert [(f.tile, f.mah_jongg, f.label) for f in review.feeds] == [
        ("5D", False, "Fed North's Pung of 5 Dot"),
        ("GD", True, "Fed North's Mah Jongg"),
    ]
    exposure, mah_jongg = review.feeds
    assert exposure.words == "North called your 5 Dot for a Pung of 5 Dot, on the way to North's Mah Jongg."
    assert mah_jongg.words == (
        "North called your Green Dragon for Mah Jongg: as its discarder, you paid double."
    )
    # Checked afresh against the record: each marked step is the learner's discard of that tile,
    # and the winner called it, for an exposure, then for Mah Jongg, in the events that followed.
    for feed, called in ((exposure, ExposureMade), (mah_jongg, MahJonggCalled)):
        step = review.step(feed.step)
        assert step is not None and step.kind == "discard" and step.feed == feed
        end = review.starts[feed.step + 1] if feed.step < review.last_step else None
        events = review.engine.events[review.starts[feed.step] : end]
        assert events[0] == Discarded(0, parse_tile(feed.tile))
        assert any(isinstance(e, called) and e.seat == 3 for e in events)
    assert [s.number for s in review.steps if s.feed] == [exposure.step, mah_jongg.step]
    summary = unescape(client.get(url(game)).content.decode())
    fed = summary[summary.index('id="fed"') : summary.index('id="review-result"')]
    assert '<span aria-hidden="true">◆</span> Fed North\'s Mah Jongg' in fed
    assert f'href="{url(game, exposure.step)}#step">Turn {exposure.turn}: {exposure.words}' in fed
    second = summary[summary.index('id="second-look-title"') : summary.index('id="every-move"')]
    every = summary[summary.index('id="every-move"') : summary.index('id="waits"')]
    assert second.count('class="fed-mark"') == 2 and every.count('class="fed-mark"') == 2
    at = unescape(client.get(url(game, mah_jongg.step)).content.decode())
    assert "◆</span> Fed North's Mah Jongg</span> North called your Green Dragon for Mah Jongg" in at
    assert 'class="fed-mark"' not in client.get(url(game, mah_jongg.step - 1)).content.decode()
    # The shared review shows the same marks to anyone with the link.
    shared = reverse("play:shared", args=[services.review_share(game=game, sharing=True).share_token])
    visitor = Client()
    assert unescape(visitor.get(shared).content.decode()).count('class="fed-mark"') == 6
    page = visitor.get(f"{shared}?step={exposure.step}").content.decode()
    assert "Fed North's Pung of 5 Dot" in unescape(page)


def test_a_hand_won_without_your_discard_is_unmarked(client: Client, lee: Any, finished: Game) -> None:
    assert finished.result is not None and finished.result["discarder"] != 0
    assert review_of(finished, []).feeds == ()
    html = unescape(client.get(url(finished)).content.decode())
    assert "won without calling any of your discards." in html and 'class="fed-mark"' not in html
    won = advised(services.game_start(owner=lee, bot_level="beginner", seed=1))
    assert review_of(won, []).feeds == ()
    assert "You won: nobody called your discards" in client.get(url(won)).content.decode()


def replay_before(game: Game, index: int) -> EngineGame:
    engine = EngineGame(game.seed_number, rules_of(game), game.dealer, wall=game.wall)
    for data in game.actions[:index]:
        engine.apply(action_from_dict(data))
    return engine


def seen_by_the_learner(game: Game, review: Review, number: int) -> set[str]:
    """Every tile seat 0 held or saw at any moment up to step `number`, and the public ones."""
    engine = EngineGame(game.seed_number, rules_of(game), game.dealer, wall=game.wall)
    seen: set[str] = set()

    def look() -> None:
        view = engine.view(0)
        seen.update(code(t) for t in view.concealed + view.received)
        seen.update(code(t) for seat in view.exposures for e in seat for t in e.tiles)
        seen.update(code(t) for _, t in view.discards)

    look()
    for data in game.actions[: review.ends[number]]:
        engine.apply(action_from_dict(data))
        look()
    if engine.over and game.result and game.result.get("hand"):
        seen.update(code(t) for t in parse_hand(game.result["hand"]).tiles)
    return seen


@pytest.mark.parametrize(("seed", "level"), [(SHORT, "strong"), (WAITING, "beginner")])
def test_the_review_and_every_step_draw_only_what_seat_0_saw(
    client: Client, lee: Any, seed: int, level: str
) -> None:
    game = advised(services.game_start(owner=lee, bot_level=level, seed=seed), let_go=1)
    review = review_of(game, [])
    hidden = set()  # what the test would catch: tiles seat 0 never saw
    for seat in (1, 2, 3):
        hidden |= {code(t) for t in review.engine.concealed(seat)}
    hidden |= {code(t) for t in review.engine.wall}
    waited = {tile for wait in review.waits for tile in wait.tiles}  # kinds, from seat 0's own hand
    everything = seen_by_the_learner(game, review, review.last_step)
    assert hidden - everything, "a hand where every tile is seen tests nothing"
    summary = tiles_drawn(client.get(url(game)).content.decode())
    assert summary <= everything | waited, sorted(summary - everything - waited)
    for number in range(review.last_step + 1):
        drawn = tiles_drawn(client.get(url(game, number)).content.decode())
        allowed = seen_by_the_learner(game, review, number)
        assert drawn <= allowed, (number, sorted(drawn - allowed))
    # And a step shows the rack as it was then, not as it ended.
    assert replay_to(game, review, 0).view(0).concealed != review.engine.view(0).concealed


def test_the_result_and_the_finished_list_link_to_the_review(client: Client, finished: Game) -> None:
    link = f'href="{url(finished)}"'
    table = client.get(reverse("play:game", args=[finished.pk])).content.decode()
    result = table[table.index('id="hand-result"') :]
    assert link in result and "Review this hand" in result
    assert link in client.get(reverse("play:home")).content.decode()
