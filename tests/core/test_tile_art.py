"""The tile pictures: all present, accessible, self-contained, and in step with the generator."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cfmj.core import tile_art
from cfmj.core.tile_art import ALL_CODES, ALT_TEXT, OUT_DIR, tile_svg
from cfmj.engine.tiles import CODES, KINDS, spoken

SVG = "{http://www.w3.org/2000/svg}"
EXPECTED = [
    *(f"{n}{s}" for s in "CBD" for n in range(1, 10)),
    "N",
    "E",
    "W",
    "S",
    "RD",
    "GD",
    "WD",
    "F",
    "J",
    "back",
]


def _root(code: str) -> ET.Element:
    return ET.fromstring((OUT_DIR / f"{code}.svg").read_text(encoding="utf-8"))


def _luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_it_covers_every_tile_kind_and_the_back() -> None:
    assert list(ALL_CODES) == EXPECTED
    assert set(ALT_TEXT) == set(EXPECTED)


def test_it_uses_the_engine_spoken_names_as_alt_text() -> None:
    for index, code in enumerate(CODES[:KINDS]):
        assert ALT_TEXT[code] == spoken(index)
    assert ALT_TEXT["5D"] == "five dot"
    assert ALT_TEXT["RD"] == "red dragon"
    assert ALT_TEXT["back"] == "face-down tile"


@pytest.mark.parametrize("code", EXPECTED)
def test_it_has_a_file_for_each_tile(code: str) -> None:
    assert (OUT_DIR / f"{code}.svg").is_file()


@pytest.mark.parametrize("code", EXPECTED)
def test_it_parses_as_svg_with_an_accessible_name(code: str) -> None:
    root = _root(code)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 60 80"
    assert root.get("role") == "img"
    assert root.get("aria-label") == ALT_TEXT[code]
    assert root.get("width") is None
    assert root.get("height") is None
    first = root[0]
    assert first.tag == f"{SVG}title"
    assert first.text == ALT_TEXT[code]


@pytest.mark.parametrize("code", EXPECTED)
def test_it_matches_the_generator_byte_for_byte(code: str) -> None:
    assert (OUT_DIR / f"{code}.svg").read_bytes() == tile_svg(code).encode("utf-8")


@pytest.mark.parametrize("code", EXPECTED)
def test_it_has_no_external_references_or_scripts(code: str) -> None:
    text = (OUT_DIR / f"{code}.svg").read_text(encoding="utf-8")
    without_namespace = text.replace('xmlns="http://www.w3.org/2000/svg"', "", 1)
    lowered = without_namespace.lower()
    for forbidden in (
        "http",
        "href",
        "<image",
        "<script",
        "<foreignobject",
        "url(",
        "@import",
        "@font-face",
        ".woff",
        ".ttf",
        ".otf",
        "data:",
    ):
        assert forbidden not in lowered, forbidden
    assert not re.search(r"\son\w+\s*=", lowered)  # no event handlers
    for element in _root(code).iter():
        assert element.tag.startswith(SVG)


@pytest.mark.parametrize("code", EXPECTED)
def test_it_stays_small(code: str) -> None:
    assert len(tile_svg(code).encode("utf-8")) < 4096


@pytest.mark.parametrize("code", EXPECTED)
def test_it_keeps_text_inside_the_face(code: str) -> None:
    for text in _root(code).iter(f"{SVG}text"):
        x, size = float(text.get("x", "0")), float(text.get("font-size", "0"))
        length = text.get("textLength")
        width = float(length) if length else len(text.text or "") * size * 0.7
        assert x - width / 2 >= 6 and x + width / 2 <= 54, (code, text.text)
        assert float(text.get("y", "0")) <= 74


def test_it_shows_the_numeral_and_suit_word_on_number_tiles() -> None:
    words = {"C": "CRAK", "B": "BAM", "D": "DOT"}
    for code in EXPECTED[:27]:
        texts = [t.text for t in _root(code).iter(f"{SVG}text")]
        assert texts == [code[0], words[code[1]]]


def test_it_labels_winds_dragons_flower_and_joker_in_words() -> None:
    words = {
        "N": "NORTH",
        "E": "EAST",
        "W": "WEST",
        "S": "SOUTH",
        "RD": "RED",
        "GD": "GREEN",
        "WD": "WHITE",
        "F": "FLOWER",
        "J": "JOKER",
    }
    for code, word in words.items():
        assert word in [t.text for t in _root(code).iter(f"{SVG}text")]


def test_it_draws_every_tile_differently() -> None:
    bodies = [re.sub(r"<title>.*?</title>|aria-label=\"[^\"]*\"", "", tile_svg(c)) for c in EXPECTED]
    assert len(set(bodies)) == len(bodies)


def test_it_uses_inks_with_enough_contrast_on_the_face() -> None:
    for name, colour in tile_art.INKS.items():
        assert _contrast(colour, tile_art.IVORY) >= 4.5, name


def test_it_is_deterministic() -> None:
    assert [tile_svg(c) for c in EXPECTED] == [tile_svg(c) for c in EXPECTED]


def test_it_rejects_an_unknown_code() -> None:
    with pytest.raises(ValueError):
        tile_svg("NEWS")


def test_it_writes_all_files_to_a_chosen_directory(tmp_path: Path) -> None:
    written = tile_art.write_all(tmp_path)
    assert sorted(p.name for p in written) == sorted(f"{c}.svg" for c in EXPECTED)
    for path in written:
        assert path.read_bytes() == (OUT_DIR / path.name).read_bytes()
