"""Drawing tiles: one tile, a hand (rack), and an arrangement (blocks grouped)."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import Any

from django import template
from django.templatetags.static import static
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from cfmj.engine import Hand, InputError, drills, labels, parse_hand
from cfmj.engine.labels import block_label, palette, tile_alt, tile_badge
from cfmj.engine.layout import TileGroup, rack, shown

register = template.Library()
NEWS_CODES = ("N", "E", "W", "S")


@register.simple_tag
def tile(code: str, stands_for: str = "") -> SafeString:
    """One tile picture with its text alternative. A joker may say what it stands for."""
    return _tile(str(code), str(stands_for))


@functools.lru_cache(maxsize=1024)
def _tile(code: str, stands_for: str) -> SafeString:
    # Kept: a rack draws fourteen tiles, and each drawing (static URL, alt text, escaping) costs
    # about as much as the page's database work. A code is checked by tile_alt before caching.
    alt = tile_alt(code)
    if code == "J" and stands_for:
        alt = f"joker, standing for {tile_alt(stands_for)}"
        return format_html(
            '<span class="tile-wrap"><img class="tile" src="{}" alt="{}">'
            '<span class="joker-as" aria-hidden="true">{}</span></span>',
            static("tiles/J.svg"),
            alt,
            tile_badge(stands_for),
        )
    return format_html('<img class="tile" src="{}" alt="{}">', static(f"tiles/{code}.svg"), alt)


def tile_pictures(tile_codes: list[str]) -> SafeString:
    """Several tiles' pictures in a row (the rack, a block, a group of tiles in a lesson's text)."""
    return format_html_join("", "{}", ((tile(c),) for c in tile_codes))


@register.simple_tag
def hand(value: str | Hand) -> SafeString:
    """A hand as it sits on a rack: its concealed tiles by suit, a gap between suits, then each
    exposure set apart (the engine's layout.rack)."""
    if isinstance(value, str):
        try:
            value = parse_hand(value)
        except InputError:
            return format_html('<span class="hand hand-unreadable">{}</span>', value)
    return hand_drawing(rack(value))


@register.simple_tag
@functools.lru_cache(maxsize=256)
def shown_hand(text: str) -> SafeString:
    """A hand in a lesson's text or the home page's example: as its blocks where it is a winning
    hand, else on a rack (the engine's layout.shown). Kept: a text always draws the same."""
    try:
        value = parse_hand(text)
    except InputError:
        return hand(text)
    return hand_drawing(shown(value))


@register.simple_tag
def question_hand(kind: str, question: Mapping[str, Any]) -> SafeString:
    """A question's hand as its kind draws it: shown for Mah Jongg, as its blocks; in play, on a
    rack (drills.hand_groups)."""
    return hand_drawing(drills.hand_groups(kind, question))


@register.simple_tag
def hand_groups(kind: str, question: Mapping[str, Any]) -> tuple[TileGroup, ...]:
    """`{% hand_groups kind question as groups %}`: the groups of a question's hand, for an answer
    partial that draws the hand itself (the hand whose tiles are the choices)."""
    return drills.hand_groups(kind, question)


@register.simple_tag
def seat_rows(question: Mapping[str, Any]) -> list[Any]:
    """`{% seat_rows question as rows %}`: the exposures on the table by seat, where the question
    shows them (drills.seat_rows: a class's table, also kept as "table", is none)."""
    return list(drills.seat_rows(question))


@register.simple_tag
def exposure(text: str) -> SafeString:
    """One exposure on the table, written as its tiles ('5D 5D 5D J'): framed, and named for a
    screen reader as the engine reads the block ("exposed Pung of 5 Dot with a joker")."""
    try:
        value = parse_hand(f"[{text}]")
    except InputError:
        return hand(text)
    return group_drawings(rack(value))


def group_drawings(groups: Iterable[TileGroup]) -> SafeString:
    """Each group's tiles together, the group named for a screen reader; exposures framed, and
    captioned "Exposed" under their tiles."""
    return format_html_join(
        "",
        '<span class="{}" role="group" aria-label="{}">{}{}</span>',
        (
            (group_classes(g), g.name, tile_pictures(list(g.tiles)), exposed_label() if g.exposed else "")
            for g in groups
        ),
    )


# The word under every exposed block wherever a hand or a table is drawn (a dashed frame alone is
# a line to tell apart): seen, not read out twice, as the block's name says "exposed" already.
EXPOSED_LABEL = mark_safe('<span class="exposed-label" aria-hidden="true">Exposed</span>')  # a constant


@register.simple_tag
def exposed_label() -> SafeString:
    """`{% exposed_label %}`: the caption of an exposed block, for a partial that draws a hand's
    groups itself (the hand whose tiles are the choices)."""
    return EXPOSED_LABEL


def hand_drawing(groups: Iterable[TileGroup]) -> SafeString:
    """Groups of tiles as the engine laid them out: a gap between groups, each named for a screen
    reader; exposures in a dashed frame."""
    groups = tuple(groups)
    drawn = group_drawings(groups)
    blocks = " hand-blocks" if groups and all(g.block for g in groups) else ""
    label = "hand, in blocks" if blocks else "hand"
    return format_html('<span class="hand{}" role="group" aria-label="{}">{}</span>', blocks, label, drawn)


@register.filter
def group_classes(group: TileGroup) -> str:
    """The classes of a group of a hand: a block or a rack's group, exposed or not."""
    return "hand-group" + (" hand-block" if group.block else "") + (" rack-exposed" if group.exposed else "")


@register.simple_tag
def arrangement(blocks: list[dict[str, Any]]) -> SafeString:
    """Blocks as the engine reports them, grouped; exposures marked; jokers say what they are."""
    figures = []
    for block in blocks:
        code, size, jokers = block["tile"], block["size"], block["jokers"]
        if code == "NEWS":
            pictures = tile_pictures(list(NEWS_CODES))
        else:
            pictures = format_html(
                "{}{}",
                tile_pictures([code] * (size - jokers)),
                format_html_join("", "{}", ((tile("J", code),) for _ in range(jokers))),
            )
        notes = []
        if block.get("exposed"):
            notes.append("exposed")
        if jokers:
            notes.append(f"{jokers} joker{'s' if jokers > 1 else ''}")
        if block.get("kind") == "filler":
            notes.append("filler")
        caption = block_label(code, size) + (f" ({', '.join(notes)})" if notes else "")
        figures.append(
            format_html(
                '<figure class="block{}"><div class="block-tiles">{}</div>'
                "<figcaption>{}</figcaption></figure>",
                " block-exposed" if block.get("exposed") else "",
                pictures,
                caption,
            )
        )
    return format_html(
        '<div class="arrangement">{}</div>', format_html_join("", "{}", ((f,) for f in figures))
    )


@register.inclusion_tag("components/hand_builder.html")
def hand_builder(
    name: str, value: str = "", label: str = "Your hand", max_tiles: int = 14, help_text: str = ""
) -> dict[str, Any]:
    """The hand builder: palette, self-sorting rack and notation field, kept in step."""
    rows, order = _palette_rows()
    return {
        "name": name,
        "value": value,
        "label": label,
        "max_tiles": max_tiles,
        "palette_rows": rows,
        "order": order,
        "help_text": help_text,
        "field_id": f"id_{name}",
    }


@functools.cache
def _palette_rows() -> tuple[list[list[dict[str, Any]]], list[str]]:
    """The palette's rows with each tile's picture, made once per process (its 42 static URLs cost
    the hand checker's page about 2 ms each time)."""
    tiles = palette()
    for entry in tiles:
        entry["src"] = static(f"tiles/{entry['code']}.svg")
    rows = [tiles[0:9], tiles[9:18], tiles[18:27], tiles[27:]]  # craks, bams, dots, honours
    return rows, [str(t["code"]) for t in tiles]


@register.filter
def category_name(value: str) -> str:
    return labels.category_label(value)


@register.filter
def pattern_name(value: str) -> str:
    return labels.pattern_label(value)


@register.filter
def set_name(value: list[str]) -> str:
    return labels.set_label(value)


@register.filter
def bonus_name(value: str) -> str:
    return labels.BONUS_LABELS.get(value, value)


@register.filter
def bonus_hint(value: str) -> str:
    return labels.BONUS_HINTS.get(value, "")
