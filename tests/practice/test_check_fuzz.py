"""No query string can make /check/ fail: random and hostile values always get a page."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st

TILE_WORDS = st.sampled_from(
    [
        "1C",
        "5D",
        "9B",
        "N",
        "RD",
        "WD",
        "F",
        "J",
        "[",
        "]",
        "x",
        "10C",
        "",
        "５D",
        "\u017f",
        "\x00",
        "<script>",
        "%",
        "&",
        "'",
        '"',
    ]
)
HANDS = st.one_of(
    st.text(max_size=60),
    st.lists(TILE_WORDS, max_size=20).map(" ".join),
    st.text(max_size=5).map(lambda s: s * 400),
)
OPTIONS = st.one_of(
    st.none(), st.text(max_size=8), st.sampled_from(["0", "1", "3", "5", "9", "-1", "on", "20", "25"])
)


@pytest.mark.django_db
@settings(max_examples=120, deadline=None)
@given(
    hand=HANDS,
    house=st.lists(OPTIONS, max_size=4),
    level=OPTIONS,
    base=OPTIONS,
    drawn=OPTIONS,
    htmx=st.booleans(),
)
def test_it_never_fails_on_any_query(
    hand: str, house: list[str | None], level: str | None, base: str | None, drawn: str | None, htmx: bool
) -> None:
    query: dict[str, str | list[str]] = {"hand": hand.replace("\x00", "")}
    query["house_rules"] = [h for h in house if h is not None]
    for key, value in (("skill_level", level), ("base", base), ("self_drawn", drawn)):
        if value is not None:
            query[key] = value.replace("\x00", "")
    headers: dict[str, Any] = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = Client().get("/check/", query, **headers)
    assert response.status_code == 200
    assert b"<script>" not in response.content.replace(b"<script src=", b"").replace(
        b"<script defer", b""
    ).replace(b"<script nonce", b"")
