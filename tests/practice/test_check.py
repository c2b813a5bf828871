"""/check/: the hand checker page and its htmx verdict fragment."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import pytest
from django.urls import reverse
from django.utils.html import escape

from cfmj.engine import InputError, RuleSet, check
from practice.views import EXAMPLES

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as TestResponse

URL = reverse("practice:check")
EXAMPLE = "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]"
CONCEALED_EXAMPLE = "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D RD RD RD"
WOVEN = "3C 3C 3C 4D 4D 4D 4D 5C 5C 5C 5C RD RD RD"
WITH_JOKER = "1C 1C 1C 2C 2C J 3D 3D 3D 3D [RD RD RD RD]"


def _engine_message(hand: str, **options: Any) -> str:
    with pytest.raises(InputError) as problem:
        check(hand, **options)
    return str(problem.value)


def _html(response: TestResponse) -> str:
    return response.content.decode()


def test_it_shows_the_example_links_without_a_query(client):
    response = client.get(URL)
    assert response.status_code == 200
    html = _html(response)
    assert 'id="verdict"' in html
    assert "Your verdict will appear here" in html
    for _title, example in EXAMPLES:
        assert f'href="?hand={quote(example, safe="/")}#verdict"' in html
    assert "Mah Jongg!" not in html
    assert "Not a winning hand" not in html


def test_it_checks_the_worked_example(client):
    response = client.get(URL, {"hand": EXAMPLE})
    assert response.status_code == 200
    html = _html(response)
    assert "Mah Jongg" in html
    assert "Consecutive Run" in html
    assert "Two Pungs and Two Kongs" in html
    assert "<h3>Value: 50 points</h3>" in html
    assert ('<th scope="row">The player who discarded the winning tile</th><td>100</td>') in html
    assert '<th scope="row">Each of the other two players</th><td>50</td>' in html
    assert '<th scope="row">The winner receives</th><td>200</td>' in html
    assert "Not a winning hand" not in html


def test_it_keeps_the_hand_in_the_input(client):
    response = client.get(URL, {"hand": EXAMPLE})
    assert f'value="{escape(EXAMPLE)}"' in _html(response)


def test_it_marks_the_exposure_in_the_verdict(client):
    html = _html(client.get(URL, {"hand": EXAMPLE}))
    assert 'rack-exposed" role="group" aria-label="exposed Pung of Red Dragon"' in html
    assert "Pung of Red Dragon (exposed, filler)" in html


def test_it_scores_a_concealed_self_drawn_hand(client):
    response = client.get(URL, {"hand": CONCEALED_EXAMPLE, "self_drawn": "on"})
    assert response.status_code == 200
    html = _html(response)
    assert "Mah Jongg" in html
    assert "<h3>Value: 140 points</h3>" in html
    assert '<th scope="row">Each of the three other players</th><td>140</td>' in html
    assert '<th scope="row">The winner receives</th><td>420</td>' in html
    assert "discarded the winning tile" not in html
    assert 'name="self_drawn" checked' in html


def test_it_explains_a_woven_hand(client):
    response = client.get(URL, {"hand": WOVEN})
    assert response.status_code == 200
    html = _html(response)
    assert "Not a winning hand" in html
    reason = check(WOVEN).as_dict()["reasons"][0]
    assert reason.startswith("Woven suits")
    assert escape(reason) in html
    assert "The nearest way to read it" in html
    assert "Mah Jongg!" not in html


@pytest.mark.parametrize(
    ("hand", "options"),
    [
        pytest.param("1C 1C 1C 2C 2C 2C XX 3C 3C 4C 4C 4C 5C 5C", {}, id="unknown-code"),
        pytest.param("1C 1C 1C 1C 1C 2C 2C 2C 3C 3C 3C 4C 4C 4C", {}, id="five-copies"),
        pytest.param("7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D RD RD", {}, id="thirteen-tiles"),
        pytest.param("1C " * 3334, {}, id="ten-thousand-characters"),
        pytest.param("7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD", {}, id="unclosed-bracket"),
        pytest.param("7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D RD RD RD]", {}, id="stray-close-bracket"),
        pytest.param("[7C 7C [7C]] 8C 8C 8C 8C 9D 9D 9D 9D RD RD RD", {}, id="nested-brackets"),
        pytest.param("7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD] []", {}, id="empty-exposure"),
        pytest.param("７C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D RD RD RD", {}, id="fullwidth-digit"),
        pytest.param("🀄 " * 14, {}, id="emoji"),
        pytest.param(EXAMPLE, {"house_rules": "9"}, id="house-rule-9"),
        pytest.param(EXAMPLE, {"house_rules": "x"}, id="house-rule-x"),
        pytest.param(EXAMPLE, {"skill_level": "x"}, id="skill-level-x"),
        pytest.param(EXAMPLE, {"skill_level": "6"}, id="skill-level-6"),
        pytest.param(EXAMPLE, {"base": "30"}, id="base-30"),
    ],
)
def test_it_answers_malformed_input_with_the_engine_message(client, hand, options):
    response = client.get(URL, {"hand": hand, **options})
    assert response.status_code == 200
    html = _html(response)
    assert "That hand cannot be read" in html
    engine_options = {key: [value] if key == "house_rules" else value for key, value in options.items()}
    message = _engine_message(hand.strip(), **engine_options)
    assert f'<p class="problem" role="alert">{escape(message)}</p>' in html
    assert "Mah Jongg!" not in html


def test_it_shows_ten_thousand_characters_of_one_token_cut_short(client):
    html = _html(client.get(URL, {"hand": "x" * 10_000}))
    problem = html.split('<p class="problem" role="alert">', 1)[1].split("</p>", 1)[0]
    assert problem.startswith("&#x27;xxxxxxxxxxxx...&#x27; is not a tile code.")


def test_it_answers_bytes_that_are_not_utf8(client):
    response = client.get(f"{URL}?hand=%FF%FE%00")
    assert response.status_code == 200
    html = _html(response)
    assert "That hand cannot be read" in html
    assert "has a character that is not a plain letter or digit" in html


def test_it_treats_a_blank_hand_as_no_hand(client):
    response = client.get(URL, {"hand": "   "})
    assert response.status_code == 200
    assert "Your verdict will appear here" in _html(response)


def test_it_refuses_post(client):
    response = client.post(URL, {"hand": EXAMPLE})
    assert response.status_code == 405


def test_it_returns_only_the_verdict_to_htmx(client):
    response = client.get(URL, {"hand": EXAMPLE}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = _html(response)
    assert 'id="verdict"' in html
    assert "Mah Jongg" in html
    assert "<html" not in html
    assert "hand-builder" not in html
    assert html.lstrip().startswith('<section id="verdict"')


def test_it_returns_the_error_fragment_to_htmx(client):
    response = client.get(URL, {"hand": "1C 1C"}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = _html(response)
    assert 'id="verdict"' in html
    assert "That hand cannot be read" in html
    assert "<html" not in html


@pytest.mark.parametrize("htmx", [False, True])
def test_it_varies_on_hx_request(client, htmx):
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.get(URL, {"hand": EXAMPLE}, headers=headers)
    vary = [part.strip().lower() for part in response["Vary"].split(",")]
    assert "hx-request" in vary


def test_it_applies_house_rule_3(client):
    plain = _html(client.get(URL, {"hand": WITH_JOKER}))
    assert "Mah Jongg!" in plain
    assert "<h3>Value: 25 points</h3>" in plain

    response = client.get(URL, {"hand": WITH_JOKER, "house_rules": "3"})
    assert response.status_code == 200
    html = _html(response)
    assert "Not a winning hand" in html
    assert "House rule 3 (minimum hand) is on" in html
    assert 'name="house_rules" value="3" checked' in html


def test_it_reads_several_house_rules(client):
    response = client.get(URL, {"hand": WITH_JOKER, "house_rules": ["1", "3"]})
    assert response.status_code == 200
    html = _html(response)
    assert "House rule 3 (minimum hand) is on" in html
    assert 'name="house_rules" value="1" checked' in html
    assert 'name="house_rules" value="2" checked' not in html


def test_it_applies_house_rule_2_to_the_joker_count(client):
    six_jokers = "5C 5C 5C 5B 5B 5B 5D 5D J J J J J J"
    assert "Mah Jongg!" in _html(client.get(URL, {"hand": six_jokers}))
    html = _html(client.get(URL, {"hand": six_jokers, "house_rules": "2"}))
    assert "That hand cannot be read" in html
    assert "J appears 6 times; a set has only four with house rule 2 (the 144-tile set)." in html


@pytest.mark.parametrize(("level", "wins"), [("0", True), ("1", True), ("2", False), ("5", False)])
def test_it_applies_the_skill_level(client, level, wins):
    response = client.get(URL, {"hand": EXAMPLE, "skill_level": level})
    assert response.status_code == 200
    html = _html(response)
    assert ("Mah Jongg!" in html) is wins
    assert ("Not a winning hand" in html) is not wins
    if not wins:
        assert "At skill level 2 and up, a Consecutive Run hand has no flowers" in html
    assert f'<option value="{level}" selected>' in html


def test_it_scores_with_base_20(client):
    html = _html(client.get(URL, {"hand": EXAMPLE, "base": "20"}))
    assert "Mah Jongg!" in html
    assert "<h3>Value: 40 points</h3>" in html
    assert '<option value="20" selected>' in html


def test_it_counts_from_the_tables_standard_base_when_none_is_chosen(client):
    response = client.get(URL, {"hand": EXAMPLE})
    assert response.status_code == 200
    html = _html(response)
    assert f'<tr><th scope="row">Base</th><td>{RuleSet().base}</td></tr>' in html
    assert f'<option value="{RuleSet().base}" selected>' in html
    assert f"<h3>Value: {check(EXAMPLE).as_dict()['value']} points</h3>" in html


def test_it_says_what_a_joker_stands_for(client):
    response = client.get(URL, {"hand": WITH_JOKER})
    assert response.status_code == 200
    html = _html(response)
    assert 'src="/static/tiles/J.svg" alt="joker, standing for two crak"' in html
    assert "Pung of 2 Crak (1 joker)" in html


def test_the_doublings_read_right_with_and_without_jokers(client):
    """The score table (components/score_table.html, shared with the play table's result) names
    what decided each doubling: "No jokers: × 2", or "Jokers used: no doubling"."""
    plain = _html(client.get(URL, {"hand": CONCEALED_EXAMPLE, "self_drawn": "on"}))
    assert '<tr><th scope="row">No jokers</th><td>× 2</td></tr>' in plain
    assert '<tr><th scope="row">Self-drawn</th><td>× 2</td></tr>' in plain
    assert "Jokers used" not in plain and "Not self-drawn" not in plain
    joker = _html(client.get(URL, {"hand": WITH_JOKER}))
    assert check(WITH_JOKER).valid
    assert '<tr><th scope="row">Jokers used</th><td>no doubling</td></tr>' in joker
    assert '<tr><th scope="row">Not self-drawn</th><td>no doubling</td></tr>' in joker
    assert '<th scope="row">No jokers</th>' not in joker
