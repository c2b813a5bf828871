"""Tile pictures: one small, self-contained SVG per tile kind, drawn from code.

``python -m cfmj.core.tile_art`` writes ``static/tiles/<CODE>.svg`` for the 36 tile kinds
(1C-9C, 1B-9B, 1D-9D, N E W S, RD GD WD, F, J) and ``static/tiles/back.svg`` (a face-down tile).

The art is made for older eyes and small phone screens: a few bold shapes, big text, and
every tile readable without colour (numeral, suit word and suit glyph on every number tile;
a distinct shape on every honour). Nothing depends on fonts beyond a common sans-serif
stack: no CJK characters, no emoji, no external references. Each file carries
``role="img"``, an ``aria-label`` and a ``<title>`` with the engine's spoken name.
"""

from __future__ import annotations

import math
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from cfmj.engine.tiles import CODES, KINDS, spoken

TILE_CODES: tuple[str, ...] = CODES[:KINDS]  # NEWS is a block name, not a tile
BACK = "back"
ALL_CODES: tuple[str, ...] = (*TILE_CODES, BACK)

ALT_TEXT: dict[str, str] = {code: spoken(index) for index, code in enumerate(TILE_CODES)}
ALT_TEXT[BACK] = "face-down tile"

OUT_DIR = Path(__file__).resolve().parents[2] / "static" / "tiles"

WIDTH, HEIGHT = 60, 80
MID = WIDTH / 2
FONT = "system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif"

# Colours. Every ink is at least 4.5:1 against the ivory face.
IVORY = "#fffdf5"
EDGE = "#5c4a32"
INK = "#1f2328"
RED = "#b91c1c"
GREEN = "#166534"
BLUE = "#1d4ed8"
PINK = "#9d174d"
GOLD = "#a16207"
PURPLE = "#5b21b6"
BACK_FILL = "#0f5e59"
INKS: dict[str, str] = {"ink": INK, "red": RED, "green": GREEN, "blue": BLUE, "pink": PINK, "purple": PURPLE}

SUIT_WORD = {"C": "CRAK", "B": "BAM", "D": "DOT"}
SUIT_INK = {"C": RED, "B": GREEN, "D": BLUE}
WIND_WORD = {"N": "NORTH", "E": "EAST", "W": "WEST", "S": "SOUTH"}

# Text widths are estimated (bold sans capitals run about 0.7 em) and pinned with textLength,
# so a word takes the same room whatever font the device picks, and never leaves the face.
CAP_EM = 0.7
MAX_TEXT = 48.0


def _n(value: float) -> str:
    """A coordinate as short, stable text: 30, 4.5, 12.25."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _word(text: str, y: float, size: float, fill: str) -> str:
    """A centred word whose width is fixed, and capped at MAX_TEXT."""
    length = min(MAX_TEXT, len(text) * size * CAP_EM)
    return (
        f'<text x="{_n(MID)}" y="{_n(y)}" font-size="{_n(size)}" fill="{fill}" '
        f'textLength="{_n(length)}" lengthAdjust="spacingAndGlyphs">{escape(text)}</text>'
    )


def _big(text: str, y: float, size: float, fill: str) -> str:
    """A large single character (numeral or wind letter)."""
    return f'<text x="{_n(MID)}" y="{_n(y)}" font-size="{_n(size)}" fill="{fill}">{escape(text)}</text>'


def _poly(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _diamond(cx: float, cy: float, r: float) -> str:
    return _poly([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)])


def _star(cx: float, cy: float, outer: float, inner: float, tips: int = 5) -> list[tuple[float, float]]:
    points = []
    for i in range(tips * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi * i / tips - math.pi / 2
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


# Suit glyphs, drawn centred on (MID, cy) inside roughly an 18-unit square.


def _dot_glyph(cy: float) -> str:
    return (
        f'<circle cx="{_n(MID)}" cy="{_n(cy)}" r="7" fill="none" stroke="{BLUE}" stroke-width="3.5"/>'
        f'<circle cx="{_n(MID)}" cy="{_n(cy)}" r="2.6" fill="{BLUE}"/>'
    )


def _bam_glyph(cy: float) -> str:
    # Two bamboo sticks, each with a swollen node in the middle.
    parts = []
    for x in (MID - 4.5, MID + 4.5):
        parts.append(
            f'<rect x="{_n(x - 2.5)}" y="{_n(cy - 9.5)}" width="5" height="19" rx="2"/>'
            f'<rect x="{_n(x - 3.5)}" y="{_n(cy - 1.5)}" width="7" height="3" rx="1"/>'
        )
    return f'<g fill="{GREEN}">{"".join(parts)}</g>'


def _crak_glyph(cy: float) -> str:
    # A red diamond seal with an ivory window: not a font character, so it always draws.
    return (
        f'<polygon points="{_diamond(MID, cy, 9.5)}" fill="{RED}" stroke="{RED}" stroke-width="1.5" '
        f'stroke-linejoin="round"/><polygon points="{_diamond(MID, cy, 4)}" fill="{IVORY}"/>'
    )


SUIT_GLYPH = {"C": _crak_glyph, "B": _bam_glyph, "D": _dot_glyph}

# Layout shared by the face tiles: picture or numeral above, word in the bottom band.
WORD_Y = 71.5
WORD_SIZE = 14


def _number(code: str) -> str:
    number, suit = code[0], code[1]
    ink = SUIT_INK[suit]
    return _big(number, 33, 33, ink) + SUIT_GLYPH[suit](46) + _word(SUIT_WORD[suit], WORD_Y, WORD_SIZE, ink)


def _wind(code: str) -> str:
    return _big(code, 50, 44, INK) + _word(WIND_WORD[code], WORD_Y, WORD_SIZE, INK)


def _red_dragon() -> str:
    # The box-and-bar of the traditional red dragon, built from strokes.
    return (
        f'<g fill="none" stroke="{RED}" stroke-width="4.5" stroke-linecap="round">'
        f'<rect x="15" y="22" width="30" height="19" rx="2"/><path d="M30 10v45"/></g>'
        + _word("RED", WORD_Y, WORD_SIZE, RED)
    )


def _green_dragon() -> str:
    # A bold two-tier pine on a trunk (distinct in greyscale from the box and the frame).
    upper = _poly([(MID, 9), (MID + 12, 28), (MID - 12, 28)])
    lower = _poly([(MID, 20), (MID + 17, 45), (MID - 17, 45)])
    return (
        f'<g fill="{GREEN}" stroke="{GREEN}" stroke-width="2" stroke-linejoin="round">'
        f'<rect x="26.5" y="44" width="7" height="12"/><polygon points="{lower}"/>'
        f'<polygon points="{upper}"/></g>' + _word("GREEN", WORD_Y, WORD_SIZE, GREEN)
    )


def _white_dragon() -> str:
    # The "soap": a double frame.
    return (
        f'<g fill="none" stroke="{BLUE}"><rect x="12" y="9" width="36" height="48" rx="3" '
        f'stroke-width="4"/><rect x="19.5" y="16.5" width="21" height="33" rx="1.5" '
        f'stroke-width="2.5"/></g>' + _word("WHITE", WORD_Y, WORD_SIZE, BLUE)
    )


def _flower() -> str:
    cx, cy = MID, 24
    petals = "".join(
        f'<circle cx="{_n(cx + 8.5 * math.cos(a))}" cy="{_n(cy + 8.5 * math.sin(a))}" r="6"/>'
        for a in (math.pi * (2 * i / 5 - 0.5) for i in range(5))
    )
    return (
        f'<path d="M30 34v21M30 50q-9 -1 -11 -9q8 0 11 7" fill="{GREEN}" stroke="{GREEN}" '
        f'stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>'
        f'<g fill="{PINK}">{petals}</g>'
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="4.5" fill="{GOLD}" stroke="{IVORY}" stroke-width="1.5"/>'
        + _word("FLOWER", WORD_Y, 13, PINK)
    )


def _joker() -> str:
    star = _poly(_star(MID, 32, 22, 9))
    return (
        f'<polygon points="{star}" fill="{PURPLE}" stroke="{PURPLE}" stroke-width="2" '
        f'stroke-linejoin="round"/>'
        f'<circle cx="{_n(MID)}" cy="32" r="3.5" fill="{IVORY}"/>'
        f'<rect x="5" y="59" width="50" height="17" rx="3" fill="{INK}"/>' + _word("JOKER", WORD_Y, 13, IVORY)
    )


def _face(code: str) -> str:
    if code[0].isdigit():
        return _number(code)
    if code in WIND_WORD:
        return _wind(code)
    drawings = {"RD": _red_dragon, "GD": _green_dragon, "WD": _white_dragon, "F": _flower, "J": _joker}
    return drawings[code]()


def _back() -> str:
    # A lattice of diamonds inside an inset frame: two columns, with a third staggered between.
    centres = [(x, y) for y in (22, 40, 58) for x in (21, 39)] + [(30, 31), (30, 49)]
    diamonds = "".join(f'<polygon points="{_diamond(x, y, 4.5)}"/>' for x, y in centres)
    return (
        f'<rect x="8" y="8" width="44" height="64" rx="3" fill="none" stroke="{IVORY}" '
        f'stroke-width="2" stroke-opacity="0.7"/><g fill="{IVORY}" fill-opacity="0.55">{diamonds}</g>'
    )


def tile_svg(code: str) -> str:
    """The SVG text for one tile kind (a code from CODES, without NEWS) or "back"."""
    if code not in ALT_TEXT:
        raise ValueError(f"no tile picture for {code!r}")
    alt = ALT_TEXT[code]
    fill, body = (BACK_FILL, _back()) if code == BACK else (IVORY, _face(code))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f"aria-label={quoteattr(alt)}>"
        f"<title>{escape(alt)}</title>"
        f'<rect x="1.5" y="1.5" width="57" height="77" rx="7" fill="{fill}" '
        f'stroke="{EDGE}" stroke-width="3"/>'
        f'<g font-family="{FONT}" font-weight="bold" text-anchor="middle">{body}</g>'
        "</svg>\n"
    )


def write_all(directory: Path = OUT_DIR) -> list[Path]:
    """Write every tile picture into directory; return the paths written."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for code in ALL_CODES:
        path = directory / f"{code}.svg"
        path.write_text(tile_svg(code), encoding="utf-8", newline="\n")
        written.append(path)
    return written


def main() -> None:
    paths = write_all()
    print(f"Wrote {len(paths)} tile pictures to {OUT_DIR}")


if __name__ == "__main__":
    main()
