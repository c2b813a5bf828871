"""Which part of the site may import which (read from the source, not by importing it).

Layers, lowest first: the rules engine; core and an account's user row; practice; lessons (built
on practice's drills); classes (homework of lessons and drills); then what reads across every app:
an account's data (export, deletion, sign-up limits) and the purge of visitors' rows. A module
imports only its own layer and the ones below. Pages sit above them all: views, URL confs,
template tags, app configs, context processors and management commands put together what several
apps know (the course page asks classes for the lessons set as homework, the dashboard asks
lessons where to continue).
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIRST_PARTY = ("cfmj", "practice", "lessons")

# Module (or package) -> layer; the longest matching prefix decides.
LAYERS = {
    "cfmj.engine": 0,
    "cfmj.core": 1,
    "cfmj.accounts.models": 1,
    "cfmj.accounts.usernames": 1,
    "cfmj.accounts.redirects": 1,
    "cfmj.accounts.names": 1,  # how a real name is cleaned: plain text rules, no models
    "practice": 2,
    "cfmj.play": 2,  # a hand against the bots: the engine, a user's row, nothing of the other apps
    "lessons": 3,
    "cfmj.classes": 4,
    "cfmj.accounts": 5,
    "cfmj.core.services": 5,
    "cfmj.core.tasks": 5,
}
# Known imports across the layers, each with its reason (a new one needs a reason too).
ACROSS = {
    # Teacher-made accounts need a free name; accounts.selectors also reads an account's data in
    # every app (its download), which puts it above classes.
    ("cfmj.classes.services", "cfmj.accounts.selectors"),
    # Accounts made from a pasted list of names need free names too.
    ("cfmj.classes.roster", "cfmj.accounts.selectors"),
}
PAGES = ("views", "urls", "templatetags", "apps", "context_processors", "management")
TOP = ("cfmj.urls", "cfmj.settings", "cfmj.wsgi", "cfmj.celery", "cfmj.__main__", "cfmj.env", "cfmj")


def _modules() -> list[str]:
    found = []
    for package in FIRST_PARTY:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                found.append(".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"))
    return found


def _imports(module: str) -> set[str]:
    """Every first-party module `module` names in an import, at the top or inside a function."""
    path = ROOT / (module.replace(".", "/") + ".py")
    if not path.exists():
        path = ROOT / module.replace(".", "/") / "__init__.py"
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    named: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            source = ".".join(part for part in (base, node.module) if part)
            named.add(source)
            named.update(f"{source}.{alias.name}" for alias in node.names)  # `from lessons import views`
    return {name for name in named if name.split(".")[0] in FIRST_PARTY and name in MODULES}


def _layer(module: str) -> int | None:
    matches = [prefix for prefix in LAYERS if module == prefix or module.startswith(prefix + ".")]
    return LAYERS[max(matches, key=len)] if matches else None


def _is_page(module: str) -> bool:
    return module in TOP or any(
        part in PAGES or part.endswith(("_views", "_urls")) for part in module.split(".")
    )


MODULES = set(_modules())


def test_it_reads_every_app() -> None:
    assert {"cfmj.engine.drills", "cfmj.core.learners", "practice.views", "lessons.selectors"} <= MODULES
    assert "cfmj.classes.selectors" in _imports("cfmj.classes.reports")


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m.startswith("cfmj.engine")))
def test_the_engine_imports_no_django_and_no_app(module: str) -> None:
    path = ROOT / (module.replace(".", "/") + ".py")
    if not path.exists():
        path = ROOT / module.replace(".", "/") / "__init__.py"
    tree = ast.parse(path.read_text())
    roots = {
        alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    roots |= {
        node.module.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and not node.level
    }
    assert "django" not in roots
    assert {m for m in _imports(module) if not m.startswith("cfmj.engine")} == set()


@pytest.mark.parametrize("module", sorted(m for m in MODULES if not _is_page(m)))
def test_a_module_imports_only_its_layer_and_below(module: str) -> None:
    layer = _layer(module)
    assert layer is not None, f"{module}: add it to LAYERS"
    above = {m for m in _imports(module) if (_layer(m) or 0) > layer and (module, m) not in ACROSS}
    assert above == set(), f"{module} (layer {layer}) imports {sorted(above)}"


def test_lessons_import_nothing_of_classes_below_their_pages() -> None:
    """The lesson pages ask classes which lessons are homework and pass them to the selectors."""
    lessons = [m for m in MODULES if m.startswith("lessons") and not _is_page(m)]
    assert "lessons.selectors" in lessons
    assert {m: _imports(m) for m in lessons if any(i.startswith("cfmj.classes") for i in _imports(m))} == {}


# What the play app may import of the engine: its public faces (a package's `__all__`) and the
# public names of the modules that draw tiles and name them.
ENGINE_FACES = ("cfmj.engine", "cfmj.engine.game", "cfmj.engine.coach")
ENGINE_MODULES = ("cfmj.engine.tiles", "cfmj.engine.labels", "cfmj.engine.layout")


def _engine_names(module: str) -> list[tuple[str, str | None]]:
    """(source, name) for every engine name `module` imports; name None for `import source`."""
    path = ROOT / (module.replace(".", "/") + ".py")
    if not path.exists():
        path = ROOT / module.replace(".", "/") / "__init__.py"
    found: list[tuple[str, str | None]] = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, None) for alias in node.names if alias.name.startswith("cfmj.engine")]
        elif (
            isinstance(node, ast.ImportFrom)
            and not node.level
            and (node.module or "").startswith("cfmj.engine")
        ):
            found += [(str(node.module), alias.name) for alias in node.names]
    return found


def _public(source: str, name: str) -> bool:
    if name.startswith("_"):
        return False
    if source in ENGINE_FACES:
        package = importlib.import_module(source)
        return name in package.__all__ or f"{source}.{name}" in ENGINE_FACES
    return hasattr(importlib.import_module(source), name)


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m.startswith("cfmj.play")))
def test_play_asks_the_engine_only_through_its_public_faces(module: str) -> None:
    behind = [
        f"{source}.{name}" if name else source
        for source, name in _engine_names(module)
        if source not in ENGINE_FACES + ENGINE_MODULES or name is None or not _public(source, name)
    ]
    assert behind == [], f"{module} imports {behind}: ask cfmj.engine, cfmj.engine.game or cfmj.engine.coach"


def test_the_faces_check_catches_a_name_behind_a_package() -> None:
    assert not _public("cfmj.engine.game", "advice_player")
    assert not _public("cfmj.engine.tiles", "_parse")
    assert _public("cfmj.engine", "coach") and _public("cfmj.engine.coach", "hint")
    assert ("cfmj.engine.game", "play_on") in _engine_names("cfmj.play.services")
