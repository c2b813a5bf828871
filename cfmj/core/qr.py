"""A link as a QR code, for a phone to scan: a class's join card and a table's invitation."""

from __future__ import annotations

import segno
from django.utils.safestring import SafeString, mark_safe


def qr_svg(url: str) -> SafeString:
    """`url` as an inline SVG sized by its viewBox (the page's CSS gives its width), black on white
    with the quiet border scanners need. segno writes only the path of its modules: no text of
    ours goes into the markup."""
    qr = segno.make(url, error="m")
    svg = qr.svg_inline(scale=1, border=4, omitsize=True, light="#fff", svgclass="qr-code", lineclass=None)
    return mark_safe(svg)  # segno's own markup: the URL is in it only as modules
