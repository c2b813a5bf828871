"""Every rule line of RULES.md §2-6 is listed in the rulebook (cfmj.engine.rulebook) and has a test
named after it; §1's lines are listed too (lessons teach them), without the named-test rule."""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

import pytest

from cfmj.engine.rulebook import RULE_LINES, SECTIONS, lines_in_section
from tests.engine.rule_lines import RULE_LINES as QUOTES

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "RULES.md"
SHARED_RULES = ROOT.parent / "shared" / "RULES.md"
TESTS = Path(__file__).parent
NAMED_TEST_SECTIONS = ("2", "3", "4", "5", "6")  # §1 is taught and quizzed, not a rule of play
SENTENCE_END = re.compile(r"(?<=\.)\s+(?=[A-Z])")


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def section_text(section: str) -> str:
    """The text under a section's heading (`## 3.` or `### 2.1`), up to the next heading."""
    text = RULES.read_text()
    heading = re.search(rf"^#+ {re.escape(section)}\.?\s", text, re.MULTILINE)
    assert heading is not None, f"no heading for section {section}"
    following = re.search(r"^#+ ", text[heading.end() :], re.MULTILINE)
    return text[heading.end() : heading.end() + following.start() if following else len(text)]


def rule_items(first: int, last: int) -> list[str]:
    """The logical lines of sections first..last: table rows, list items and paragraphs."""
    text = RULES.read_text()
    start = text.index(f"\n## {first}.")
    following = text.find(f"\n## {last + 1}.")
    end = following if following >= 0 else len(text)
    items: list[str] = []
    for line in text[start:end].splitlines():
        stripped = line.strip()
        if (
            not stripped
            or set(stripped) <= set("|-: ")
            or stripped.startswith("| id")
            or stripped.startswith("| bonus |")
        ):
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


def _all_quotes() -> list[str]:
    return [_squash(q) for line in RULE_LINES.values() for q in (line.quote, *line.also)]


def test_it_finds_every_quote_in_rules_md() -> None:
    text = _squash(RULES.read_text())
    missing = [
        line.id
        for line in RULE_LINES.values()
        if any(_squash(q) not in text for q in (line.quote, *line.also))
    ]
    assert not missing


def test_it_finds_every_quote_in_the_section_it_names() -> None:
    misplaced = [
        line.id
        for line in RULE_LINES.values()
        if _squash(line.quote) not in _squash(section_text(line.section))
    ]
    assert not misplaced
    assert all(line.id.startswith(line.section.replace(".", "_") + "_") for line in RULE_LINES.values())


def test_it_keeps_the_old_id_to_quote_map_for_the_tests() -> None:
    assert {line_id: line.quote for line_id, line in RULE_LINES.items()} == QUOTES
    assert list(RULE_LINES) == [
        line_id
        for section in SECTIONS
        for line_id in lines_in_section(section)
        if RULE_LINES[line_id].section == section
    ]


def test_it_lists_a_sections_lines_with_its_subsections() -> None:
    assert lines_in_section("6")[0] == "6_seats_and_directions" and len(lines_in_section("6")) == 21
    assert lines_in_section("1") == ("1_tile_set", "1_notation", "1_dragon_suits", "1_tile_limits")
    assert "2_1_jokers_never_in_pairs" in lines_in_section("2")
    assert lines_in_section("2.1") == tuple(i for i in lines_in_section("2") if i.startswith("2_1_"))
    assert lines_in_section("7") == () and lines_in_section("2.") == ()


def test_it_maps_every_rule_line_of_sections_2_to_5() -> None:
    quotes = _all_quotes()
    unmapped = [item for item in rule_items(2, 5) if not any(q in item for q in quotes)]
    assert not unmapped, "rule lines with no entry in cfmj/engine/rulebook.py"


def test_it_maps_every_sentence_of_the_section_6_bullet_points() -> None:
    """A §6 bullet holds several rules, so each sentence must touch a quote (a quote may run on
    over two sentences, as "East gets 14, the others 13. Turn order goes to the right.")."""
    quotes = _all_quotes()
    unmapped = []
    for item in rule_items(6, 6):
        spans = [(m.start(), m.start() + len(q)) for q in quotes for m in re.finditer(re.escape(q), item)]
        start = 0
        for sentence in SENTENCE_END.split(item):
            begin = item.index(sentence, start)
            end = start = begin + len(sentence)
            if not any(a < end and begin < b for a, b in spans):
                unmapped.append(sentence)
    assert rule_items(6, 6) and not unmapped, "sentences with no entry in cfmj/engine/rulebook.py"


def _test_names() -> set[str]:
    names = set()
    for path in TESTS.rglob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    return names


def test_it_has_a_test_named_after_every_rule_line() -> None:
    names = _test_names()
    lines = [line_id for section in NAMED_TEST_SECTIONS for line_id in lines_in_section(section)]
    untested = [line_id for line_id in lines if not any(f"test_{line_id}" in n for n in names)]
    assert lines and not untested


def test_it_keeps_docs_rules_md_in_step_with_the_shared_copy() -> None:
    # On CI the shared folder lies beside the clone: there the copy must be compared, not skipped.
    if not SHARED_RULES.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{SHARED_RULES} is missing: CI must compare docs/RULES.md with it")
        pytest.skip("the shared RULES.md is not beside this checkout")
    assert RULES.read_text() == SHARED_RULES.read_text()
