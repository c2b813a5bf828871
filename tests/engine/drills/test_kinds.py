"""One definition per drill kind (drills.kind.DrillKind): every kind's definition gives every piece
the site asks for, no list of kinds is kept anywhere else, and a kind added to the registry works
through generate, grade and the answer form with nothing but its definition."""

from __future__ import annotations

import re
from pathlib import Path
from random import Random
from typing import Any

import pytest
from django.conf import settings
from django.template.loader import render_to_string

from cfmj.engine import drills
from cfmj.engine.drills import DEFINITIONS, KINDS, AnswerField, DrillKind, GetList
from cfmj.engine.drills.choices import choice_fields
from cfmj.engine.drills.common import RIGHT, WRONG, Graded, graded, int_field
from practice.answering import response_shown
from tests.engine.drills.helpers import puzzles, right_response
from tests.lessons.helpers import chosen

ROOT = Path(settings.BASE_DIR)
TEMPLATES = ROOT / "templates"


@pytest.mark.parametrize("kind", DEFINITIONS, ids=KINDS)
def test_every_definition_gives_what_the_site_asks_for(kind: DrillKind[Any, Any]) -> None:
    assert kind.title and kind.description.endswith((".", "?"))
    assert kind.fields and set(kind.needs) <= set(kind.field_names)
    assert (TEMPLATES / kind.template).is_file()
    assert (kind.table_make is None) == bool(kind.ignores_table)
    assert choice_fields(kind.name) == tuple((f.name, f.board) for f in kind.fields if f.board)
    assert drills.definition(kind.name) is kind


def _getlist(posted: dict[str, list[str]]) -> GetList:
    return lambda name: posted.get(name, [])


@pytest.mark.parametrize("kind", KINDS)
def test_its_partial_shows_an_answer_again_and_the_form_reads_it_back(kind: str) -> None:
    """Right answer -> shown in its partial -> posted as the browser would -> read -> right."""
    for puzzle in puzzles(kind)[::7][:4]:
        response = right_response(puzzle)
        context = {
            "puzzle": puzzle,
            "question": puzzle.question,
            "prefix": "",
            "chosen": response_shown(kind, response, puzzle.question),
        }
        posted = chosen(render_to_string("components/answer_fields.html", context).encode())
        read = drills.definition(kind).response_of(drills.form_response(_getlist(posted)))
        assert drills.grade(kind, puzzle.question, puzzle.answer, read).correct, (read, response)


def test_answer_field_names_mean_one_thing_in_every_kind() -> None:
    """A posted form is read once for every kind: a name is one kind's field."""
    names = [field.name for kind in DEFINITIONS for field in kind.fields]
    assert len(names) == len(set(names))


# Kind names that are no other word of the engine's ("call", "discard", ... also name its advisers
# and a game's actions): two of them in one file of the site is a list of kinds.
PLAIN_NAMES = [kind for kind in KINDS if kind not in ("call", "charleston", "discard", "distance")]
KIND_NAME = re.compile("[\"'](" + "|".join(PLAIN_NAMES) + ")[\"']")
# Where kind names may stand as text: the kinds' own modules and the registry (its examples).
OWN_MODULES = {Path("cfmj/engine/drills") / f"{kind}.py" for kind in KINDS} | {
    Path("cfmj/engine/drills/__init__.py")
}


def test_no_list_of_kinds_is_kept_outside_the_definitions() -> None:
    """The site's code and templates (migrations keep the history of the model's choices)."""
    lists = {}
    for folder in ("cfmj", "practice", "lessons", "templates"):
        for path in (ROOT / folder).rglob("*"):
            where = path.relative_to(ROOT)
            if path.suffix not in (".py", ".html") or where in OWN_MODULES or "migrations" in where.parts:
                continue
            named = set(KIND_NAME.findall(path.read_text(encoding="utf-8")))
            if len(named) > 1:
                lists[str(where)] = sorted(named)
            assert (
                not re.search(r"kind (==|!=|in) ", path.read_text(encoding="utf-8")) or path.suffix == ".py"
            ), where
    assert lists == {}
    for path in TEMPLATES.rglob("*.html"):
        assert "puzzle.kind ==" not in path.read_text(encoding="utf-8"), path


def _make(rng: Random, band: int, focus: str | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    number = rng.randint(1, 9) + band
    return {"prompt": f"What is {number} doubled?"}, {"double": 2 * number}


def _grade(question: dict[str, Any], answer: dict[str, Any], response: object) -> Graded:
    right = int_field(response, "double") == answer["double"]
    return graded(RIGHT if right else WRONG, explanation="Twice the number.", expected="", rules=())


TOY = DrillKind(
    name="doubling",
    title="Double it",
    description="Twice a number.",
    fields=(AnswerField("double", "number", required=True),),
    focuses=(),
    practises=(),
    make=_make,
    grade=_grade,
    template="components/answers/doubling.html",
    ignores_table="it doubles numbers",
)


def test_a_kind_added_to_the_registry_needs_only_its_definition(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(drills._BY_NAME, TOY.name, TOY)
    monkeypatch.setitem(drills._FIELDS, "double", TOY.fields[0])
    puzzle = drills.generate("doubling", seed=4, band=2)
    assert puzzle == drills.generate("doubling", seed=4, band=2)
    posted = {"double": ["\x00" + str(puzzle.answer["double"])], "valid": ["yes"]}
    response = TOY.response_of(drills.form_response(_getlist(posted)))
    assert response == {"double": str(puzzle.answer["double"])}
    assert drills.grade("doubling", puzzle.question, puzzle.answer, response).correct
    assert not drills.grade("doubling", puzzle.question, puzzle.answer, {"double": "0"}).correct
    assert drills.unanswered("doubling", {"double": " "}) == ("double",)
    assert drills.response_fields("doubling") == ("double",)
    assert response_shown("doubling", response, puzzle.question) == {"double": [response["double"]]}
    assert choice_fields("doubling") == ()


def test_a_definition_says_how_it_takes_a_table() -> None:
    with pytest.raises(ValueError, match="takes a table or says why"):
        DrillKind(**{**TOY.__dict__, "ignores_table": ""})
    with pytest.raises(ValueError, match="values hands"):
        DrillKind(**{**TOY.__dict__, "values_hands": True})
