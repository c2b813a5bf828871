"""Reading the course from its files: lessons (Markdown with TOML front matter) and the rules
reference (TOML). Everything is checked here, so that a mistake in a file stops `load_lessons`
with the file and line to fix, rather than reaching a learner.

Lesson file format (lessons/content/NN-slug.md): front matter between `+++` lines (title,
summary, drills, quiz), an optional introduction, then one step per `## ` heading. The line after
a heading is `teaches: <rule line ids>`; each step ends with one fenced ```check block holding
`kind [focus] [band N]`. Tiles are written {{5D 5D}}; a whole rack as a fenced ```hand block.

What a learner knows at a step is what the steps before it teach: every rule line of the earlier
lessons and of this lesson's steps up to and including it (the quiz: the whole lesson). A step's
check and the quiz are made within that (drills.Scope, see `scope_at`), and a check that cannot be
stops the load: nothing is checked before it is taught. A step's check asks about what that step
teaches, not only what an earlier step did: where its focus names the rule lines it asks about
(drills.focus_lines), one of them is among the step's `teaches` (a step that teaches no
rule line, as in the strategy unit, practises what came before).
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cfmj.engine import InputError, drills, parse_hand
from cfmj.engine.drills.scope import Scope
from cfmj.engine.numbers import option_number
from cfmj.engine.rulebook import RULE_LINES

CONTENT_DIR = Path(__file__).resolve().parent / "content"
RULES_DIR = CONTENT_DIR / "rules"
FILE_NAME = re.compile(r"^(\d\d)-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$")
TILES = re.compile(r"\{\{([^{}]*)\}\}")
FENCE = re.compile(r"^```(\w+)\s*\n(.*?)^```\s*$", re.M | re.S)
DEFAULT_BAND = 1
QUIZ_SIZES = range(3, 6)


class ContentError(Exception):
    """A course file that cannot be used, with where and why."""


@dataclass(frozen=True)
class CheckSpec:
    kind: str
    focus: str | None
    band: int

    def as_list(self) -> list[Any]:
        return [self.kind, self.focus or "", self.band]


@dataclass(frozen=True)
class StepSource:
    number: int
    title: str
    body: str  # Markdown, with the check block taken out
    teaches: tuple[str, ...]
    check: CheckSpec


@dataclass(frozen=True)
class LessonSource:
    number: int
    slug: str
    title: str
    summary: str
    intro: str
    drills: tuple[str, ...]
    quiz: tuple[CheckSpec, ...]
    steps: tuple[StepSource, ...]
    source_hash: str


@dataclass(frozen=True)
class RuleText:
    id: str
    text: str
    reading: str  # the site's reading of a [D] rule ("" for other rules)


@dataclass(frozen=True)
class RuleSectionText:
    number: str
    title: str
    lines: tuple[RuleText, ...]


def fingerprints(folder: Path = CONTENT_DIR) -> dict[tuple[int, str], str]:
    """(number, slug) -> source hash of each lesson file, without reading it further: enough to
    tell that nothing changed since the last load (reading checks every check, which is slow)."""
    found = {}
    for path in sorted(folder.glob("*.md")):
        named = FILE_NAME.match(path.name)
        if named is not None:
            digest = hashlib.sha256(path.read_text(encoding="utf-8").encode("utf-8")).hexdigest()
            found[(int(named.group(1)), named.group(2))] = digest
    return found


def read_lessons(folder: Path = CONTENT_DIR) -> list[LessonSource]:
    lessons = [read_lesson(path) for path in sorted(folder.glob("*.md"))]
    numbers = [lesson.number for lesson in lessons]
    if numbers != list(range(1, len(lessons) + 1)):
        raise ContentError(f"{folder}: lessons must be numbered 01, 02, ... without gaps, not {numbers}")
    teaches = [[step.teaches for step in lesson.steps] for lesson in lessons]
    for lesson in lessons:
        where = f"{lesson.number:02d}-{lesson.slug}.md"
        for step in lesson.steps:
            _check_in_scope(
                step.check, scope_at(teaches, lesson.number, step.number), f"{where}, step {step.number}"
            )
        for check in lesson.quiz:
            _check_in_scope(check, scope_at(teaches, lesson.number), f"{where}, quiz")
    return lessons


def scope_at(teaches: Sequence[Sequence[Sequence[str]]], lesson: int, step: int | None = None) -> Scope:
    """What a learner knows at this step of this lesson (numbered from 1; None: its quiz, after
    every step), given the rule lines each step of each lesson teaches, in course order."""
    lines = [line for earlier in teaches[: lesson - 1] for taught in earlier for line in taught]
    steps = teaches[lesson - 1] if step is None else teaches[lesson - 1][:step]
    return Scope.of([*lines, *(line for taught in steps for line in taught)])


def _check_on_step(step: StepSource, where: str) -> None:
    """A step's check asks about what this step teaches (where its focus names its rule lines),
    not about what an earlier step taught: each step's check is on that step."""
    asks = drills.focus_lines(step.check.kind, step.check.focus)
    if step.teaches and asks is not None and not set(asks) & set(step.teaches):
        raise ContentError(
            f"{where} ({step.title}): its check ({step.check.kind} {step.check.focus}) asks about "
            f"{', '.join(asks)}, which this step does not teach (it teaches {', '.join(step.teaches)}): "
            "check each step on what it teaches"
        )


def _check_in_scope(check: CheckSpec, scope: Scope, where: str) -> None:
    try:
        drills.generate(check.kind, seed=0, band=check.band, focus=check.focus, scope=scope)
    except InputError as error:
        raise ContentError(f"{where}: {error}") from None


def read_lesson(path: Path) -> LessonSource:
    named = FILE_NAME.match(path.name)
    if named is None:
        raise ContentError(f"{path.name}: a lesson file is named NN-slug.md (e.g. 03-jokers.md)")
    text = path.read_text(encoding="utf-8")
    where = path.name
    front, body = _front_matter(text, where)
    title = _text(front, "title", where)
    summary = _text(front, "summary", where)
    kinds = front.get("drills", [])
    if not isinstance(kinds, list) or not kinds or any(k not in drills.KINDS for k in kinds):
        raise ContentError(f"{where}: 'drills' lists drill kinds from {', '.join(drills.KINDS)}")
    quiz_rows = front.get("quiz", [])
    if not isinstance(quiz_rows, list) or len(quiz_rows) not in QUIZ_SIZES:
        raise ContentError(f"{where}: 'quiz' lists {QUIZ_SIZES.start} to {QUIZ_SIZES.stop - 1} checks")
    quiz = tuple(_quiz_check(row, where) for row in quiz_rows)
    intro, steps = _steps(body, where)
    return LessonSource(
        int(named.group(1)),
        named.group(2),
        title,
        summary,
        intro,
        tuple(kinds),
        quiz,
        steps,
        hashlib.sha256(text.encode("utf-8")).hexdigest(),
    )


def read_rules(folder: Path = RULES_DIR) -> list[RuleSectionText]:
    sections: list[RuleSectionText] = []
    seen: set[str] = set()
    for path in sorted(folder.glob("*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            raise ContentError(f"{path.name}: {error}") from None
        for section in data.get("section", []):
            number, title = str(section.get("number", "")), str(section.get("title", ""))
            lines = []
            for line in section.get("line", []):
                rule_id = str(line.get("id", ""))
                where = f"{path.name}, rule {rule_id or '?'}"
                if rule_id not in RULE_LINES:
                    raise ContentError(f"{where}: not a rule line id (see cfmj/engine/rulebook.py)")
                if rule_id in seen:
                    raise ContentError(f"{where}: this rule line is written twice")
                seen.add(rule_id)
                text = _text(line, "text", where)
                _check_tiles(text, where)
                reading = str(line.get("reading", ""))
                _check_tiles(reading, where)
                lines.append(RuleText(rule_id, text, reading))
            if not number or not title or not lines:
                raise ContentError(f"{path.name}: each [[section]] has a number, a title and lines")
            sections.append(RuleSectionText(number, title, tuple(lines)))
    missing = sorted(set(RULE_LINES) - seen)
    if missing:
        raise ContentError(f"{folder}: the rules reference does not explain {', '.join(missing)}")
    return sections


def _front_matter(text: str, where: str) -> tuple[dict[str, Any], str]:
    parts = text.split("+++\n", 2)
    if len(parts) != 3 or parts[0].strip():
        raise ContentError(f"{where}: a lesson starts with front matter between two '+++' lines")
    try:
        return tomllib.loads(parts[1]), parts[2]
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{where}: front matter: {error}") from None


def _text(table: dict[str, Any], key: str, where: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ContentError(f"{where}: '{key}' is missing or empty")
    return value.strip()


def _steps(body: str, where: str) -> tuple[str, tuple[StepSource, ...]]:
    chunks = re.split(r"^## +(.+?)\s*$", body, flags=re.M)
    intro = chunks[0].strip()
    if not len(chunks) // 2 >= 1:
        raise ContentError(f"{where}: a lesson has steps, each under a '## ' heading")
    steps: list[StepSource] = []
    for index in range(1, len(chunks), 2):
        number = len(steps) + 1
        steps.append(_step(number, chunks[index].strip(), chunks[index + 1], f"{where}, step {number}"))
    _check_tiles(intro, where)
    return intro, tuple(steps)


def _step(number: int, title: str, text: str, where: str) -> StepSource:
    first, _, rest = text.strip().partition("\n")
    if not first.startswith("teaches:"):
        raise ContentError(f"{where} ({title}): the line after the heading is 'teaches: <rule line ids>'")
    teaches = tuple(t.strip() for t in first.removeprefix("teaches:").split(",") if t.strip())
    unknown = [t for t in teaches if t not in RULE_LINES]
    if unknown:
        raise ContentError(f"{where}: {', '.join(unknown)} is not a rule line id")
    checks = [m for m in FENCE.finditer(rest) if m.group(1) == "check"]
    if len(checks) != 1:
        raise ContentError(f"{where} ({title}): a step ends with exactly one ```check block")
    check = _check_spec(checks[0].group(2).split(), where)
    body = (rest[: checks[0].start()] + rest[checks[0].end() :]).strip()
    for fence in FENCE.finditer(body):
        if fence.group(1) != "hand":
            raise ContentError(
                f"{where}: only ```hand and ```check blocks are known, not ```{fence.group(1)}"
            )
        _check_hand(fence.group(2).strip(), where)
    _check_tiles(body, where)
    step = StepSource(number, title, body, teaches, check)
    _check_on_step(step, where)
    return step


def _quiz_check(row: object, where: str) -> CheckSpec:
    if not isinstance(row, list) or not 1 <= len(row) <= 3 or not all(isinstance(x, (str, int)) for x in row):
        raise ContentError(f"{where}: each quiz entry is [kind, focus] or [kind, focus, band]")
    words = [str(row[0])] + ([str(row[1])] if len(row) > 1 and row[1] else [])
    if len(row) == 3:
        words += ["band", str(row[2])]
    return _check_spec(words, where + ", quiz")


def _check_spec(words: list[str], where: str) -> CheckSpec:
    band = DEFAULT_BAND
    if len(words) >= 2 and words[-2] == "band":
        written = option_number(words[-1])  # ASCII digits: a '²' is a mistake in the content, named
        if written is None or written not in drills.BANDS:
            raise ContentError(f"{where}: a band is a number from 1 to 5")
        band, words = written, words[:-2]
    if not 1 <= len(words) <= 2:
        raise ContentError(f"{where}: a check is 'kind [focus] [band N]', not {' '.join(words)!r}")
    kind, focus = words[0], (words[1] if len(words) == 2 else None)
    try:
        drills.generate(kind, seed=0, band=band, focus=focus)  # the kind and focus exist and work
    except InputError as error:
        raise ContentError(f"{where}: {error}") from None
    return CheckSpec(kind, focus, band)


def _check_tiles(text: str, where: str) -> None:
    for group in TILES.findall(text):
        _check_hand(group, where)


def _check_hand(text: str, where: str) -> None:
    try:
        parse_hand(text, sizes=None)
    except InputError as error:
        raise ContentError(f"{where}: {text!r}: {error}") from None
