"""The `tiles` template tags: one tile, a hand on a rack, an arrangement, the hand builder."""

from __future__ import annotations

import re

import pytest
from django.template import Context, Template

from cfmj.engine import check


def render(source: str, **context: object) -> str:
    return Template("{% load tiles %}" + source).render(Context(context))


def test_it_renders_a_tile():
    html = render("{% tile code %}", code="5D")
    assert html == '<img class="tile" src="/static/tiles/5D.svg" alt="five dot">'


@pytest.mark.parametrize(
    ("code", "alt"),
    [
        ("RD", "red dragon"),
        ("N", "north wind"),
        ("F", "flower"),
        ("J", "joker"),
        ("9C", "nine crak"),
        ("1B", "one bam"),
    ],
)
def test_it_names_each_kind_of_tile(code, alt):
    assert f'src="/static/tiles/{code}.svg" alt="{alt}"' in render("{% tile code %}", code=code)


def test_it_says_what_a_joker_stands_for():
    html = render('{% tile "J" "5C" %}')
    assert 'src="/static/tiles/J.svg" alt="joker, standing for five crak"' in html
    assert '<span class="joker-as" aria-hidden="true">5 Crak</span>' in html
    assert '<span class="joker-as" aria-hidden="true">Red</span>' in render('{% tile "J" "RD" %}')


def test_it_ignores_stands_for_on_a_tile_that_is_not_a_joker():
    html = render('{% tile "5D" "5C" %}')
    assert html == '<img class="tile" src="/static/tiles/5D.svg" alt="five dot">'


def groups_of(html: str) -> list[tuple[str, str, int]]:
    """(classes, accessible name, how many tiles) of each group of a drawn hand."""
    group = r'<span class="(hand-group[^"]*)" role="group" aria-label="([^"]*)">(.*?)</span>'
    found = re.findall(group, html)
    return [(classes, name, tiles.count("<img")) for classes, name, tiles in found]


def test_it_renders_a_hand_on_a_rack_with_a_gap_between_suits_and_each_exposure_set_apart():
    html = render("{% hand value %}", value="7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]")
    assert html.startswith('<span class="hand" role="group" aria-label="hand">')
    assert groups_of(html) == [
        ("hand-group", "Craks", 7),
        ("hand-group", "Dots", 4),
        ("hand-group hand-block rack-exposed", "exposed Pung of Red Dragon", 3),
    ]
    assert html.count("<img") == 14


def test_it_puts_a_racks_jokers_in_a_group_of_their_own_at_the_end_of_the_concealed_tiles():
    html = render("{% hand value %}", value="J 5D 5D 5D 5D 1C J [2C 2C 2C]")
    assert [name for _, name, _ in groups_of(html)] == ["Craks", "Dots", "Jokers", "exposed Pung of 2 Crak"]


def test_it_renders_each_exposure_as_its_own_group():
    html = render("{% hand value %}", value="1C 1C [2C 2C 2C] [RD RD RD J]")
    assert html.count('rack-exposed"') == 2


def test_it_renders_a_parsed_hand():
    verdict = check("7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]")
    html = render("{% hand value %}", value=verdict.hand)
    assert html.count("<img") == 14
    assert html.count('rack-exposed"') == 1


def test_it_draws_a_question_hand_shown_for_mah_jongg_as_its_blocks():
    question = {"prompt": "What is it worth?", "hand": "3C 3C 4C 4C 5D 5D 5D 5D 6D 6D 6D 6D J J"}
    html = render("{% question_hand kind question %}", kind="worth", question=question)
    assert html.startswith('<span class="hand hand-blocks" role="group" aria-label="hand, in blocks">')
    assert groups_of(html) == [
        ("hand-group hand-block", "Pair of 3 Crak", 2),
        ("hand-group hand-block", "Pair of 4 Crak", 2),
        ("hand-group hand-block", "Quint of 5 Dot with a joker", 5),
        ("hand-group hand-block", "Quint of 6 Dot with a joker", 5),
    ]
    quint = re.search(r'aria-label="Quint of 5 Dot with a joker">(.*?)</span>', html)
    assert quint is not None
    assert re.findall(r'alt="([^"]+)"', quint.group(1)) == ["five dot"] * 4 + ["joker"]


def test_it_draws_an_exposure_on_the_table_framed_and_named_as_its_block():
    html = render("{% exposure group %}", group="5D 5D 5D J")
    framed = "hand-group hand-block rack-exposed"
    assert groups_of(html) == [(framed, "exposed Kong of 5 Dot with a joker", 4)]
    assert render("{% exposure group %}", group="5D 6D J").count('aria-label="exposed tiles"') == 1


def test_it_draws_a_question_hand_in_play_on_a_rack():
    question = {"prompt": "Which tile?", "hand": "3C 3C 4C 4C 5D 5D 5D 5D 6D 6D 6D 6D J J"}
    html = render("{% question_hand kind question %}", kind="discard", question=question)
    assert [name for _, name, _ in groups_of(html)] == ["Craks", "Dots", "Jokers"]


def test_a_lesson_hand_is_drawn_as_blocks_where_it_wins_and_on_a_rack_where_not():
    from cfmj.core.templatetags.tiles import shown_hand

    assert "hand-blocks" in shown_hand("3D 3D 3D 4D 4D 4D 4D 5D 5D 5D 6D 6D 6D 6D")
    assert "hand-blocks" not in shown_hand("3D 3D 3D 4D 4D 4D 4D 5D 5D 5C 6D 6D 6D 6D")
    assert "hand-unreadable" in shown_hand("XX YY")


@pytest.mark.parametrize("value", ["XX YY", "1C 1C 1C 1C 1C", "[1C", "<script>alert(1)</script>"])
def test_it_shows_an_unreadable_hand_as_text(value):
    html = render("{% hand value %}", value=value)
    assert html.startswith('<span class="hand hand-unreadable">')
    assert "<img" not in html
    assert "<script>" not in html


def test_it_escapes_an_unreadable_hand():
    html = render("{% hand value %}", value='<script>alert("x")</script>')
    assert html == (
        '<span class="hand hand-unreadable">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</span>'
    )


def test_it_groups_an_arrangement_into_blocks():
    blocks = check("7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]").as_dict()["blocks"]
    html = render("{% arrangement blocks %}", blocks=blocks)
    assert html.startswith('<div class="arrangement">')
    figures = re.findall(
        r'<figure class="(block[^"]*)"><div class="block-tiles">(.*?)</div>'
        r"<figcaption>(.*?)</figcaption></figure>",
        html,
    )
    assert [(classes, caption) for classes, _, caption in figures] == [
        ("block", "Pung of 7 Crak"),
        ("block", "Kong of 8 Crak"),
        ("block", "Kong of 9 Dot"),
        ("block block-exposed", "Pung of Red Dragon (exposed, filler)"),
    ]
    assert [tiles.count("<img") for _, tiles, _ in figures] == [3, 4, 4, 3]


def test_it_shows_the_jokers_in_a_block():
    blocks = [{"tile": "2C", "size": 3, "jokers": 2, "kind": "set", "exposed": False}]
    html = render("{% arrangement blocks %}", blocks=blocks)
    assert html.count('alt="two crak"') == 1
    assert html.count('alt="joker, standing for two crak"') == 2
    assert "<figcaption>Pung of 2 Crak (2 jokers)</figcaption>" in html


def test_it_shows_one_joker_in_the_singular():
    blocks = [{"tile": "WD", "size": 4, "jokers": 1, "kind": "filler", "exposed": True}]
    html = render("{% arrangement blocks %}", blocks=blocks)
    assert "<figcaption>Kong of White Dragon (exposed, 1 joker, filler)</figcaption>" in html
    assert 'class="block block-exposed"' in html


def test_it_draws_a_news_block_as_four_winds():
    blocks = [{"tile": "NEWS", "size": 4, "jokers": 0, "kind": "filler", "exposed": False}]
    html = render("{% arrangement blocks %}", blocks=blocks)
    winds = ["north wind", "east wind", "west wind", "south wind"]
    assert re.findall(r'alt="([^"]+)"', html) == winds
    assert "<figcaption>NEWS (filler)</figcaption>" in html


def test_it_renders_an_empty_arrangement():
    assert render("{% arrangement blocks %}", blocks=[]) == '<div class="arrangement"></div>'


def test_it_renders_the_hand_builder():
    html = render('{% hand_builder "hand" value "Your hand" 14 %}', value="1C 2C")
    assert html.count('class="hb-tile"') == 36
    labels = re.findall(r'aria-label="Add ([^"]+)"', html)
    assert len(labels) == 36
    assert labels[:2] == ["one crak", "two crak"]
    assert {"nine dot", "north wind", "red dragon", "flower", "joker"} <= set(labels)
    assert html.count('class="hb-row"') == 4
    assert re.search(r'<input type="text" class="hb-input" id="id_hand" name="hand" value="1C 2C"', html)
    assert '<label class="hb-label" for="id_hand">Your hand</label>' in html
    assert 'data-max="14"' in html


def test_it_names_the_hand_builder_field():
    html = render('{% hand_builder "exposure" "" "Exposed tiles" 4 "Type up to four tiles." %}')
    assert 'id="id_exposure" name="exposure" value=""' in html
    assert '<label class="hb-label" for="id_exposure">Exposed tiles</label>' in html
    assert "Type up to four tiles." in html
    assert 'data-max="4"' in html


def test_it_escapes_what_the_user_typed():
    html = render('{% hand_builder "hand" value %}', value='"><script>alert(1)</script>')
    assert "<script>" not in html
    assert 'value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"' in html


def test_it_escapes_a_help_text():
    html = render('{% hand_builder "hand" "" "Your hand" 14 help %}', help="<b>bold</b>")
    assert "<b>bold</b>" not in html
    assert "&lt;b&gt;bold&lt;/b&gt;" in html


@pytest.mark.parametrize(
    ("source", "value", "expected"),
    [
        ("{{ value|category_name }}", "consecutive_run", "Consecutive Run"),
        ("{{ value|pattern_name }}", "two_pungs_two_kongs", "Two Pungs and Two Kongs"),
        ("{{ value|set_name }}", ["7", "8", "9"], "7-8-9"),
        ("{{ value|bonus_name }}", "concealed", "Concealed bonus"),
        ("{{ value|bonus_hint }}", "concealed", "Nothing exposed before the winning tile."),
        ("{{ value|category_name }}", "<b>", "&lt;b&gt;"),
    ],
)
def test_it_names_things_with_filters(source, value, expected):
    assert render(source, value=value) == expected


def test_it_captions_each_exposed_block_exposed_and_no_concealed_group():
    html = render("{% hand value %}", value="1C 1C [2C 2C 2C] [RD RD RD J]")
    label = '<span class="exposed-label" aria-hidden="true">Exposed</span>'
    assert html.count(label) == 2
    assert html.count(label + "</span>") == 2  # the last thing in each exposed group, under its tiles
    assert label in render("{% exposure group %}", group="5D 5D 5D J")
    assert label not in render("{% hand value %}", value="1C 1C 2C 2C 2C")
    assert render("{% exposed_label %}") == label
