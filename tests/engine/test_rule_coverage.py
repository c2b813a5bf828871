"""Every rule line of RULES.md §2-5 is listed in the coverage map and has a test named after it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.engine.rule_lines import RULE_LINES

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "RULES.md"
SHARED_RULES = ROOT.parent / "shared" / "RULES.md"


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def rule_items(first: int, last: int) -> list[str]:
    """The logical lines of sections first..last: table rows, list items and paragraphs."""
    text = RULES.read_text()
    start = text.index(f"\n## {first}.")
    end = text.index(f"\n## {last + 1}.")
    items: list[str] = []
    for line in text[start:end].splitlines():
        stripped = line.strip()
        if not stripped or set(stripped) <= set("|-: ") or stripped.startswith("| id") \
                or stripped.startswith("| bonus |"):
            if not stripped and items and items[-1]:
                items.append("")
            continue
        if stripped.startswith("## "):
            continue  # a section title; the rules are in its lines (and in its ### headings)
        if stripped.startswith(("#", "|", "- ")) or re.match(r"\d+\. ", stripped):
            items.append(stripped)
        elif items and items[-1]:
            items[-1] += " " + stripped
        else:
            items.append(stripped)
    return [_squash(i) for i in items if i]


def test_it_finds_every_quote_in_rules_md() -> None:
    text = _squash(RULES.read_text())
    missing = [slug for slug, quote in RULE_LINES.items() if _squash(quote) not in text]
    assert not missing


def test_it_maps_every_rule_line_of_sections_2_to_5() -> None:
    quotes = [_squash(q) for q in RULE_LINES.values()]
    unmapped = [item for item in rule_items(2, 5) if not any(q in item for q in quotes)]
    assert not unmapped, "rule lines with no entry in tests/engine/rule_lines.py"


def test_it_has_a_test_named_after_every_rule_line() -> None:
    names = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    untested = [slug for slug in RULE_LINES if not any(f"test_{slug}" in n for n in names)]
    assert not untested


@pytest.mark.skipif(not SHARED_RULES.exists(), reason="the shared RULES.md is not beside this checkout")
def test_it_keeps_docs_rules_md_in_step_with_the_shared_copy() -> None:
    assert RULES.read_text() == SHARED_RULES.read_text()
