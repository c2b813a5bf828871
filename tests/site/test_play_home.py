"""play:home: start a hand (defaults from the learner's class), and the hands in progress."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.classes.models import Classroom
from cfmj.play import services
from cfmj.play.models import Game
from tests.classes.helpers import a_class, person

pytestmark = pytest.mark.django_db


def test_it_lists_the_learners_hands_in_progress_and_no_one_elses(client: Client) -> None:
    lee = person("lee")
    mine = services.game_start(owner=lee, bot_level="beginner", seed=1)
    theirs = services.game_start(owner=person("eve"), bot_level="beginner", seed=2)
    client.force_login(lee)
    html = client.get(reverse("play:home")).content.decode()
    assert reverse("play:game", args=[mine.pk]) in html
    assert reverse("play:game", args=[theirs.pk]) not in html
    assert 'data-action="start"' in html


def test_it_takes_the_table_of_the_learners_class(client: Client) -> None:
    sam = person("sam")
    classroom = a_class(None, sam)
    Classroom.objects.filter(pk=classroom.pk).update(house_rules=[1, 3], skill_level=2)
    client.force_login(sam)
    html = client.get(reverse("play:home")).content.decode()
    assert 'name="house_rules" value="1" checked' in html and 'name="house_rules" value="3" checked' in html
    assert 'name="house_rules" value="2" checked' not in html
    assert '<option value="2" selected>' in html
    assert "those of your class, Tuesday beginners" in html


def test_it_lets_a_visitor_deal_a_hand_and_says_in_words_what_needs_an_account(client: Client) -> None:
    """A visitor gets the same start form, their own hands and no one else's; tables, classes,
    homework, sharing and statistics are said to need an account, with a sign-up link back here."""
    theirs = services.game_start(owner=person("eve"), bot_level="beginner", seed=2)
    other_visitor = services.game_start(visitor="someone-else", bot_level="beginner", seed=3)
    response = client.get(reverse("play:home"))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-action="start"' in html and "Deal a hand" in html
    words = html[html.index('id="visitor-play"') : html.index("</section>", html.index('id="visitor-play"'))]
    assert "Playing at a table with friends or a class, classes and homework" in words
    assert f'href="{reverse("accounts:signup")}?next=/play/"' in words
    assert reverse("play:tables") not in html  # where an account finds tables, a visitor reads why not
    assert reverse("play:game", args=[theirs.pk]) not in html
    assert reverse("play:game", args=[other_visitor.pk]) not in html
    client.post(reverse("play:start"), {"bot_level": "beginner"})
    mine = Game.objects.get(owner__isnull=True, visitor=client.session["practice_visitor"])
    html = client.get(reverse("play:home")).content.decode()
    assert reverse("play:game", args=[mine.pk]) in html and "Your hands in progress" in html


def test_the_menu_links_here_for_everyone(client: Client) -> None:
    visitor = client.get(reverse("home")).content.decode()
    header = visitor[visitor.index("<header") : visitor.index("</header>")]
    assert f'<a href="{reverse("play:home")}">Play</a>' in header
    main = visitor[visitor.index("<main") : visitor.index("</main>")]
    assert f'<a href="{reverse("play:home")}">Play</a>: whole hands' in main and "No account needed" in main
    client.force_login(person("lee"))
    assert 'href="/play/"' in client.get(reverse("home")).content.decode()
    html = client.get(reverse("play:home")).content.decode()
    header = html[html.index("<header") : html.index("</header>")]
    assert f'<a href="{reverse("play:home")}" aria-current="page">Play</a>' in header
    assert header.count('aria-current="page"') == 1


def test_the_tables_rules_are_folded_under_more_options_unless_set(client: Client) -> None:
    """House rules, skill level and base sit in a <details> (it works without JavaScript: folded,
    its fields are still posted), shut for the standard table, open when a class sets them."""
    lee = person("lee")
    client.force_login(lee)
    html = client.get(reverse("play:home")).content.decode()
    assert '<details class="play-more">' in html and "<summary>More options: house rules" in html
    folded = html[
        html.index('<details class="play-more">') : html.index("</details>", html.index("play-more"))
    ]
    assert 'name="house_rules"' in folded and 'name="skill_level"' in folded and 'name="base"' in folded
    client.post(reverse("play:start"), {"bot_level": "steady", "base": "25", "skill_level": "0"})
    assert Game.objects.get(owner=lee).house_rules == []
    sam = person("sam")
    classroom = a_class(None, sam)
    Classroom.objects.filter(pk=classroom.pk).update(house_rules=[1])
    client.force_login(sam)
    assert '<details class="play-more" open>' in client.get(reverse("play:home")).content.decode()
