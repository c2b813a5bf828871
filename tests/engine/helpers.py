"""Build test hands from blocks instead of counting tiles: '7C*3 8C*4 [RD*3]'."""

from __future__ import annotations

from typing import Any

from cfmj.engine import check


def spell(spec: str) -> str:
    """'7C*3 8C*4 [RD*3 J]' -> '7C 7C 7C 8C 8C 8C 8C [RD RD RD J]'."""
    words = []
    for token in spec.replace("[", " [ ").replace("]", " ] ").split():
        tile, _, times = token.partition("*")
        words += [tile] * (int(times) if times else 1)
    return " ".join(words).replace("[ ", "[").replace(" ]", "]")


def verdict(spec: str, **options: Any) -> dict[str, Any]:
    return check(spell(spec), **options).as_dict()


def reason_ids(spec: str, **options: Any) -> list[str]:
    answer = verdict(spec, **options)
    assert not answer["valid"], f"{spec} unexpectedly wins: {answer}"
    assert answer["reasons"], "a losing hand must say why"
    return list(answer["reason_ids"])


def wins(spec: str, **options: Any) -> dict[str, Any]:
    answer = verdict(spec, **options)
    assert answer["valid"], f"{spec} should win but: {answer['reasons']}"
    return answer
