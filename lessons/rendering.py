"""Lesson and rule text to HTML: Markdown (raw HTML off), {{tiles}} drawn as tile pictures and
```hand blocks drawn as a hand (as its blocks where it wins, else on a rack). The drawing of a
text is kept in each process's memory, keyed by the text itself, since the same text always draws
the same."""

from __future__ import annotations

import hashlib
from typing import Any

from django.core.cache import caches
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from markdown_it import MarkdownIt

from cfmj.core.templatetags.tiles import shown_hand, tile_pictures
from cfmj.engine import parse_hand
from cfmj.engine.tiles import codes
from lessons.content import TILES

DRAWINGS = "drawings"
KEEP_SECONDS = 24 * 3600


def _fence(renderer: Any, tokens: list[Any], index: int, options: Any, env: Any) -> str:
    token = tokens[index]
    if token.info.strip() == "hand":
        return str(format_html('<div class="rack-view">{}</div>\n', shown_hand(token.content.strip())))
    return str(renderer.renderToken(tokens, index, options, env))  # pragma: no cover - only hand fences load


_MARKDOWN = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
_MARKDOWN.add_render_rule("fence", _fence)


def warm_up() -> None:
    """Compile the Markdown parser's rules (done on its first text) without drawing anything:
    a server does it before it forks its workers (cfmj/site/warm.py)."""
    _MARKDOWN.parse("*a*")


def tile_group(text: str) -> SafeString:
    """'7C 7C 7C' as pictures, inline in a sentence; a reader hears each tile's name."""
    pictures = tile_pictures(codes(parse_hand(text).concealed).split())
    return format_html('<span class="tile-inline">{}</span>', pictures)


def render_markdown(text: str, *, inline: bool = False) -> SafeString:
    key = "md:" + ("i:" if inline else "b:") + hashlib.sha256(text.encode("utf-8")).hexdigest()
    cache = caches[DRAWINGS]
    drawn: str | None = cache.get(key)
    if drawn is None:
        html = _MARKDOWN.renderInline(text) if inline else _MARKDOWN.render(text)
        # The text was escaped by Markdown; only {{...}} groups, checked at load, become pictures.
        drawn = TILES.sub(lambda m: str(tile_group(m.group(1))), html)
        cache.set(key, drawn, KEEP_SECONDS)
    return mark_safe(drawn)
