"""Which part of the site may import which, read from the source (not by importing it).

The code stands on floors, one folder each, lowest first (FLOORS): the rules engine; core, what
every app stands on (htmx helpers, rate limits, days, drawing tiles); accounts (the user, who is
learning); practice (drills); lessons (built on practice's drills); play (hands against the bots:
it knows no class); classes (homework of lessons, drills and hands, and what comes next: seating a
class at tables); and the site, the pages and jobs that put several apps together (home, the
dashboard, the Play page, the account pages, an account's download and deletion). A module's floor
is its folder's: it imports its own folder and the floors below, never a floor above and never a
folder beside it on the same floor. The project's own modules (settings, URLs, the Celery and WSGI
apps) sit on top of everything.
"""

from __future__ import annotations

import ast
import importlib
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIRST_PARTY = ("cfmj", "practice", "lessons")

# The floors, lowest first; folders on one floor may not import each other.
FLOORS: list[tuple[str, ...]] = [
    ("cfmj/engine",),
    ("cfmj/core",),
    ("cfmj/accounts",),
    ("practice",),
    ("lessons", "cfmj/play"),
    ("cfmj/classes",),
    ("cfmj/site",),
]
PROJECT = "cfmj"  # the project's own modules (cfmj/*.py): above every floor


def _folders_on_disk() -> set[str]:
    """Every app folder: a top-level package, or a package directly in cfmj/."""
    found = {package for package in FIRST_PARTY if package != PROJECT}
    found |= {f"{PROJECT}/{path.parent.name}" for path in (ROOT / PROJECT).glob("*/__init__.py")}
    return found


def _modules() -> list[str]:
    found = []
    for package in FIRST_PARTY:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                found.append(".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"))
    return found


def _path(module: str) -> Path:
    path = ROOT / (module.replace(".", "/") + ".py")
    return path if path.exists() else ROOT / module.replace(".", "/") / "__init__.py"


def _imports(module: str) -> set[str]:
    """Every first-party module `module` names in an import, at the top or inside a function."""
    path = _path(module)
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


def _folder(module: str) -> str | None:
    """The app folder a module lives in; None for the project's own modules (cfmj/*.py)."""
    parts = module.split(".")
    if parts[0] != PROJECT:
        return parts[0]
    return f"{PROJECT}/{parts[1]}" if len(parts) > 1 and f"{PROJECT}/{parts[1]}" in FOLDERS else None


def _floor(folder: str) -> int:
    return next(number for number, floor in enumerate(FLOORS) if folder in floor)


def _folder_imports() -> dict[tuple[str, str], set[str]]:
    """(importing folder, imported folder) -> the importing modules, for imports between folders."""
    edges: dict[tuple[str, str], set[str]] = defaultdict(set)
    for module in MODULES:
        source = _folder(module)
        for imported in _imports(module):
            target = _folder(imported)
            if source is not None and target is not None and target != source:
                edges[source, target].add(module)
    return edges


MODULES = set(_modules())
FOLDERS = {folder for floor in FLOORS for folder in floor}


def test_every_app_folder_stands_on_a_floor() -> None:
    assert _folders_on_disk() == FOLDERS
    assert {"cfmj.engine.drills", "cfmj.accounts.learners", "practice.views", "lessons.selectors"} <= MODULES
    assert "cfmj.classes.selectors" in _imports("cfmj.classes.reports")
    assert _folder("cfmj.play.views") == "cfmj/play" and _folder("cfmj.urls") is None


@pytest.mark.parametrize("module", sorted(m for m in MODULES if (_folder(m) or "").startswith("cfmj/engine")))
def test_the_engine_imports_no_django_and_no_app(module: str) -> None:
    tree = ast.parse(_path(module).read_text())
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


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _folder(m) is not None))
def test_a_module_imports_only_its_folder_and_the_floors_below(module: str) -> None:
    folder = _folder(module)
    assert folder is not None
    wrong = sorted(
        imported
        for imported in _imports(module)
        if (target := _folder(imported)) not in (None, folder) and _floor(target) >= _floor(folder)
    )
    assert wrong == [], f"{module} ({folder}, floor {_floor(folder)}) imports {wrong} from its floor or above"


def test_no_two_app_folders_import_each_other() -> None:
    edges = _folder_imports()
    both = sorted({(min(a, b), max(a, b)) for a, b in edges if (b, a) in edges})
    assert both == [], [((a, b), sorted(edges[a, b] | edges[b, a])) for a, b in both]


def test_the_floors_check_catches_an_import_upwards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A play module that asked classes would fail: the check reads the module's source."""
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    (tmp_path / "cfmj" / "play").mkdir(parents=True)
    (tmp_path / "cfmj" / "play" / "sneaky.py").write_text("from cfmj.classes import selectors\n")
    monkeypatch.setitem(globals(), "MODULES", MODULES | {"cfmj.play.sneaky"})
    with pytest.raises(AssertionError, match="imports"):
        test_a_module_imports_only_its_folder_and_the_floors_below("cfmj.play.sneaky")


def test_play_knows_no_class() -> None:
    """Classes will seat students at play's tables and open their hands: play stays below."""
    assert _floor("cfmj/play") < _floor("cfmj/classes")
    assert ("cfmj/play", "cfmj/classes") not in _folder_imports()


# What the play app may import of the engine: its public faces (a package's `__all__`) and the
# public names of the modules that draw tiles and name them.
ENGINE_FACES = ("cfmj.engine", "cfmj.engine.game", "cfmj.engine.coach")
ENGINE_MODULES = ("cfmj.engine.tiles", "cfmj.engine.labels", "cfmj.engine.layout")


def _engine_names(module: str) -> list[tuple[str, str | None]]:
    """(source, name) for every engine name `module` imports; name None for `import source`."""
    path = _path(module)
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
