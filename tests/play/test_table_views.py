"""The table pages: opening and joining by code or link, what each seat sees (its own rack, never
another's), acting, the fragment that answers 204 when nothing changed, and who gets a 404."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.engine.game import SEATS, PassTiles
from cfmj.engine.tiles import code
from cfmj.play import seating, table_hands
from cfmj.play.models import Table
from cfmj.play.selectors import rebuild
from tests.classes.helpers import person

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_it_opens_a_table_and_shows_its_code_link_and_qr_code() -> None:
    ann = _client(person("ann"))
    response = ann.post(
        reverse("play:table_new"), {"bot_level": "steady", "kind": "practice", "call_seconds": "12"}
    )
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("play:table", args=[table.code])
    page = ann.get(response["Location"]).content.decode()
    assert table.code in page and f'data-table-code="{table.code}"' in page and "<svg" in page
    assert table.call_seconds == 12


def test_a_friend_joins_by_the_typed_code_in_any_case() -> None:
    table = seating.table_open(host=person("ann"), bot_level="steady")
    ben = _client(person("ben"))
    response = ben.post(reverse("play:table_find"), {"code": f" {table.code[:4].lower()}-{table.code[4:]} "})
    assert response["Location"] == reverse("play:table", args=[table.code])
    offer = ben.get(response["Location"])
    assert b"Take a seat" in offer.content
    ben.post(reverse("play:table_join", args=[table.code]))
    assert table.seats.filter(number=1, user__username="ben").exists()


def test_a_link_with_the_code_in_lower_case_leads_the_seated_to_their_seat() -> None:
    ann = person("ann")
    table = seating.table_open(host=ann, bot_level="steady")
    response = _client(ann).get(reverse("play:table", args=[table.code.lower()]), follow=True)
    assert response.redirect_chain == [(reverse("play:table", args=[table.code]), 302)]
    assert b"Take a seat" not in response.content
    assert f'data-table-code="{table.code}"'.encode() in response.content


def test_a_wrong_code_says_so_a_started_table_takes_nobody_and_a_closed_one_is_a_404() -> None:
    ann = person("ann")
    table = seating.table_open(host=ann, bot_level="steady")
    eve = _client(person("eve"))
    response = eve.post(reverse("play:table_find"), {"code": "ZZZZZZZZ"}, follow=True)
    assert b"No open table has that code" in response.content
    table_hands.table_start(table=table, by=ann)
    started = eve.get(reverse("play:table", args=[table.code]))  # no seat to offer, and nothing else
    assert started.status_code == 200 and b"not taking players" in started.content
    assert b"Take a seat" not in started.content and b"data-tile" not in started.content
    assert eve.get(reverse("play:table_now", args=[table.code])).status_code == 404
    assert eve.post(reverse("play:table_act", args=[table.code]), {}).status_code == 404
    assert Client().get(reverse("play:table", args=[table.code])).status_code == 302  # to log in
    Table.objects.filter(pk=table.pk).update(status=Table.Status.CLOSED)
    assert eve.get(reverse("play:table", args=[table.code])).status_code == 404


def test_each_seat_sees_its_own_rack_and_never_anothers() -> None:
    ann, ben = person("ann"), person("ben")
    table = seating.table_open(host=ann, bot_level="steady")
    seating.table_join(table=table, user=ben)
    game = table_hands.table_start(table=table, by=ann)
    engine = rebuild(game)
    pages = {
        seat: _client(user).get(reverse("play:table", args=[table.code])).content.decode()
        for seat, user in ((0, ann), (1, ben))
    }
    for seat, page in pages.items():
        racked = re.findall(r'data-tile="([^"]+)"', page)
        assert sorted(racked) == sorted(code(t) for t in engine.concealed(seat))
        assert "You, " in page and f'name="version" value="{table_hands.moment_token(engine)}"' in page
    others = [s for s in range(SEATS) if s not in (0, 1)]
    assert others and all(engine.concealed(0) != engine.concealed(s) for s in others)


def test_the_fragment_answers_204_until_the_seat_sees_a_change() -> None:
    ann, ben = person("ann"), person("ben")
    table = seating.table_open(host=ann, bot_level="steady")
    seating.table_join(table=table, user=ben)
    annc, benc = _client(ann), _client(ben)
    page = annc.get(reverse("play:table", args=[table.code])).content.decode()
    found = re.search(r"seen=([0-9a-f]+)", page)
    assert found is not None
    seen = found.group(1)
    now = reverse("play:table_now", args=[table.code])
    assert annc.get(now, {"seen": seen}, HTTP_HX_REQUEST="true").status_code == 204
    benc.post(reverse("play:table_start", args=[table.code]))  # not the host: nothing happens
    assert annc.get(now, {"seen": seen}, HTTP_HX_REQUEST="true").status_code == 204
    annc.post(reverse("play:table_start", args=[table.code]))
    fresh = annc.get(now, {"seen": seen}, HTTP_HX_REQUEST="true")
    assert fresh.status_code == 200 and b'id="table-live"' in fresh.content and b"<html" not in fresh.content


def test_a_seat_plays_its_choice_through_the_page_forms() -> None:
    ann, ben = person("ann"), person("ben")
    table = seating.table_open(host=ann, bot_level="steady")
    seating.table_join(table=table, user=ben)
    game = table_hands.table_start(table=table, by=ann)
    first = rebuild(game).legal_actions(1)[0]
    assert isinstance(first, PassTiles)
    tiles = [code(t) for t in first.tiles]
    response = _client(ben).post(
        reverse("play:table_act", args=[table.code]),
        {
            "action": "pass_tiles",
            "version": table_hands.moment_token(rebuild(game)),
            "tiles": tiles,
            "confirm": "1",
        },
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert 1 not in rebuild(game).waiting_for() and 0 in rebuild(game).waiting_for()


def test_an_action_before_play_starts_says_so_and_a_stranger_gets_a_404() -> None:
    ann = person("ann")
    table = seating.table_open(host=ann, bot_level="steady")
    url = reverse("play:table_act", args=[table.code])
    early = _client(ann).post(url, {"action": "pass_tiles"}, follow=True)
    assert b"Play has not started yet." in early.content
    assert _client(person("eve")).post(url, {"action": "pass_tiles"}).status_code == 404
    table_hands.table_start(table=table, by=ann)
    assert _client(person("cy")).post(url, {"action": "pass_tiles"}).status_code == 404


def test_my_tables_lists_the_open_tables_i_sit_at() -> None:
    ann = person("ann")
    table = seating.table_open(host=ann, bot_level="steady")
    other = seating.table_open(host=person("ben"), bot_level="steady")
    page = _client(ann).get(reverse("play:tables")).content.decode()
    assert table.code in page and other.code not in page


def test_each_person_reviews_a_finished_hand_from_their_own_seat_only() -> None:
    from cfmj.play.models import Game

    ann, ben = person("ann"), person("ben")
    table = seating.table_open(host=ann, bot_level="steady")
    seating.table_join(table=table, user=ben)
    game = table_hands.table_start(table=table, by=ann, seed=5)
    review = reverse("play:review", args=[game.pk])
    assert _client(ben).get(review).status_code == 302  # in progress: back to the table
    Game.objects.filter(pk=game.pk).update(status=Game.Status.OVER)
    for user, seat in ((ann, 0), (ben, 1)):
        page = _client(user).get(review, {"step": "0"})
        assert page.status_code == 200
        racked = rebuild(game)
        assert page.context["step"]["view"].seat == seat
        assert page.context["step"]["view"].concealed == racked.view(seat).concealed
    assert _client(person("eve")).get(review).status_code == 404
    late = person("cy")
    seating.table_joining_set(table=table, by=ann, open_=True)
    seating.table_join(table=table, user=late)
    assert _client(late).get(review).status_code == 404  # dealt before they sat down


def test_table_talk_shows_who_said_what_to_everyone_at_the_table() -> None:
    ann, ben = person("ann"), person("ben")
    table = seating.table_open(host=ann, bot_level="steady")
    seating.table_join(table=table, user=ben)
    _client(ben).post(reverse("play:table_say", args=[table.code]), {"say": "nice"})
    page = _client(ann).get(reverse("play:table", args=[table.code])).content.decode()
    assert "ben: Nice hand!" in page
    assert "You: Nice hand!" in _client(ben).get(reverse("play:table", args=[table.code])).content.decode()


def test_guessing_codes_is_refused_once_the_join_limit_is_used_up(settings) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "join": {"ip": 100, "user": 5, "window": 3600}}
    eve = _client(person("eve"))
    answers = [eve.get(reverse("play:table", args=[f"GUESS{n:03d}"])).status_code for n in range(3)]
    answers += [eve.post(reverse("play:table_find"), {"code": f"ZZZZ{n:04d}"}).status_code for n in range(3)]
    assert answers == [404, 404, 404, 302, 302, 429]
    table = seating.table_open(host=person("ann"), bot_level="steady")
    assert eve.get(reverse("play:table", args=[table.code])).status_code == 429  # even a right one


def test_the_others_choices_never_make_a_seats_form_stale_but_a_double_click_is_refused() -> None:
    ann, ben = person("ann"), person("ben")
    table = seating.table_open(host=ann, bot_level="steady")
    seating.table_join(table=table, user=ben)
    game = table_hands.table_start(table=table, by=ann, seed=9)
    seen = table_hands.moment_token(rebuild(game))  # both pages drawn now
    url = reverse("play:table_act", args=[table.code])

    def pass_of(seat: int) -> dict[str, Any]:
        first = rebuild(game).legal_actions(seat)[0]
        assert isinstance(first, PassTiles)
        return {
            "action": "pass_tiles",
            "version": seen,
            "tiles": [code(t) for t in first.tiles],
            "confirm": "1",
        }

    annc, benc = _client(ann), _client(ben)
    ann_pass, ben_pass = pass_of(0), pass_of(1)
    assert annc.post(url, ann_pass).status_code == 302
    game.refresh_from_db()
    assert benc.post(url, ben_pass, follow=True).status_code == 200
    game.refresh_from_db()
    engine = rebuild(game)
    assert 1 not in engine.waiting_for() or engine.stage != "first_right"  # Ben's pass counted
    again = annc.post(url, ann_pass, follow=True)  # the first pass's form, posted again
    assert b"The table had moved on" in again.content


def test_the_host_gives_a_seat_to_a_bot_and_the_role_on_and_nobody_else_can() -> None:
    ann, ben = person("ann"), person("ben")
    table = seating.table_open(host=ann, bot_level="steady")
    seating.table_join(table=table, user=ben)
    url = reverse("play:table_seat", args=[table.code])
    refused = _client(ben).post(url, {"seat": "0", "do": "bot"}, follow=True)
    assert b"Only the table" in refused.content and table.seats.get(number=0).user == ann
    _client(ann).post(url, {"seat": "1", "do": "host"})
    table.refresh_from_db()
    assert table.host == ben
    _client(ben).post(url, {"seat": "0", "do": "bot"})
    assert table.seats.get(number=0).user is None
    assert _client(ann).get(reverse("play:table", args=[table.code])).status_code == 200  # the offer
    assert b"Take a seat" in _client(ann).get(reverse("play:table", args=[table.code])).content


def test_the_coach_speaks_to_one_seat_at_a_practice_table_and_not_at_all_at_a_game_table() -> None:
    ann, ben = person("ann"), person("ben")
    practice = seating.table_open(host=ann, bot_level="steady")
    seating.table_join(table=practice, user=ben)
    table_hands.table_start(table=practice, by=ann, seed=6)
    page = reverse("play:table", args=[practice.code])
    hinted = _client(ben).get(page, {"hint": "1"}).content.decode()
    assert 'id="hint"' in hinted and "Show a hint" not in hinted
    plain = _client(ann).get(page).content.decode()
    assert 'id="hint"' not in plain and "Show a hint" in plain
    game_table = seating.table_open(host=ann, bot_level="steady", kind=Table.Kind.GAME)
    seating.table_join(table=game_table, user=ben)
    table_hands.table_start(table=game_table, by=ann, seed=6)
    quiet = _client(ben).get(reverse("play:table", args=[game_table.code]), {"hint": "1"}).content.decode()
    assert 'id="hint"' not in quiet and "Show a hint" not in quiet


def test_people_at_a_table_see_each_others_usernames_never_a_real_name() -> None:
    ann, ben = person("ann"), person("ben")
    ben.real_name = "Benedict Cumberbatch"
    ben.save()
    table = seating.table_open(host=ann, bot_level="steady")
    seating.table_join(table=table, user=ben)
    assert "Benedict" not in _client(ann).get(reverse("play:table", args=[table.code])).content.decode()


def test_having_chosen_a_person_is_told_whom_the_table_waits_for() -> None:
    ann, ben = person("ann"), person("ben")
    table = seating.table_open(host=ann, bot_level="steady")
    seating.table_join(table=table, user=ben)
    game = table_hands.table_start(table=table, by=ann, seed=9)
    action = rebuild(game).legal_actions(0)[0]
    table_hands.hand_act(
        game=game, user=ann, version=table_hands.moment_token(rebuild(game)), action=action, confirmed=True
    )
    page = _client(ann).get(reverse("play:table", args=[table.code])).content.decode()
    assert re.search(r"You have passed: waiting for ben \((East|South|West|North)\) to pass\.", page)
