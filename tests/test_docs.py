"""The documentation: the README is what a newcomer reads first (short, and starting with the two
set-up commands); docs/ holds the rest, every page listed in docs/index.md and every link landing
somewhere; no prose points at a numbered issue of a tracker the repository does not hold; and
docs/CLI.md is the team's shared command-line contract, kept in step with ../shared/CLI.md as
docs/RULES.md is with ../shared/RULES.md (tests/engine/test_rule_coverage.py)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
INDEX = DOCS / "index.md"
CLI = DOCS / "CLI.md"
SHARED_CLI = ROOT.parent / "shared" / "CLI.md"
MAX_README_LINES = 250
SET_UP_COMMANDS = ("make dev", "make test")
LINK = re.compile(r"\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
ISSUE_NUMBER = re.compile(r"\bissues?\s+#?\d+", re.IGNORECASE)


def _pages() -> list[Path]:
    return sorted(DOCS.glob("*.md"))


def _prose(path: Path) -> str:
    """The file's text without its fenced code blocks (a hand such as [RD RD RD] is not a link)."""
    return FENCE.sub("", path.read_text(encoding="utf-8"))


def _anchor(heading: str) -> str:
    """The anchor a Markdown renderer (GitHub's rule) gives a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    anchors = set()
    for line in _prose(path).splitlines():
        heading = re.match(r"#+\s+(.*)", line)
        if heading:
            base = _anchor(heading.group(1))
            count = seen.get(base, 0)
            seen[base] = count + 1
            anchors.add(base if count == 0 else f"{base}-{count}")
    return anchors


def _local_links(path: Path) -> list[str]:
    return [target for target in LINK.findall(_prose(path)) if not re.match(r"[a-z]+:", target)]


def test_the_readme_is_short() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) < MAX_README_LINES


def test_the_readme_starts_with_the_two_set_up_commands() -> None:
    text = README.read_text(encoding="utf-8")
    headings = re.findall(r"^(#+) (.*)$", text, re.MULTILINE)
    assert headings[0] == ("#", "Card Free Mah Jongg")
    assert headings[1][0] == "##" and headings[1][1].startswith("Set-up: two commands")
    set_up = text.split("\n## ")[1]
    block = re.search(r"```sh\n(.*?)```", set_up, re.DOTALL)
    assert block, "the set-up section shows its commands in a code block"
    commands = [line.split("#")[0].strip() for line in block.group(1).splitlines() if line.strip()]
    assert tuple(commands) == SET_UP_COMMANDS
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    for command in SET_UP_COMMANDS:
        assert re.search(rf"^{command.split()[1]}:", makefile, re.MULTILINE)


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "make check" in ci
    assert re.search(r"^check:.*\btest\b", makefile, re.MULTILINE)


def test_the_index_lists_every_page_in_docs() -> None:
    listed = {Path(target.split("#")[0]).name for target in _local_links(INDEX)}
    pages = {page.name for page in _pages()} - {INDEX.name}
    assert pages and pages <= listed, f"docs/index.md does not list {sorted(pages - listed)}"


@pytest.mark.parametrize("path", [README, *_pages()], ids=lambda path: path.name)
def test_every_link_lands_somewhere(path: Path) -> None:
    broken = []
    for target in _local_links(path):
        file_part, _, anchor = target.partition("#")
        landing = (path.parent / file_part).resolve() if file_part else path
        if not landing.exists() or (anchor and landing.suffix == ".md" and anchor not in _anchors(landing)):
            broken.append(target)
    assert not broken, f"{path.name} links to nothing at {broken}"


def test_the_readme_links_the_index() -> None:
    assert "docs/index.md" in _local_links(README)


def test_no_prose_points_at_a_numbered_issue() -> None:
    # The issue tracker is not in the repository: say what a thing is, not which issue asked for it.
    prose = [
        README,
        *_pages(),
        *(ROOT / "templates").rglob("*.html"),
        *(ROOT / "lessons" / "content").rglob("*.md"),
    ]
    found = {
        str(path.relative_to(ROOT)): hits
        for path in prose
        if (hits := ISSUE_NUMBER.findall(path.read_text(encoding="utf-8")))
    }
    assert not found


def test_it_keeps_docs_cli_md_in_step_with_the_shared_copy() -> None:
    # On CI the shared folder lies beside the clone: there the copy must be compared, not skipped.
    if not SHARED_CLI.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{SHARED_CLI} is missing: CI must compare docs/CLI.md with it")
        pytest.skip("the shared CLI.md is not beside this checkout")
    assert CLI.read_text() == SHARED_CLI.read_text()
