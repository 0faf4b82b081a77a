"""The rules module stays pure: no Django, no apps (../shared/design/ARCHITECTURE.md, Boundaries)."""

import ast
import pathlib
import subprocess
import sys

RULES = pathlib.Path(__file__).resolve().parents[1] / "rules"
FORBIDDEN = {"django", "rest_framework", "celery", "tournaments", "decks", "config"}


def test_no_module_under_rules_imports_the_web_layer():
    offenders = []
    for path in RULES.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert offenders == []


def test_importing_every_rules_module_loads_no_django():
    code = ("import sys, rules.cards, rules.formats, rules.decklists, rules.legality, rules.results, "
            "rules.standings, rules.pairings, rules.__main__; "
            "print(any(m.split('.')[0] in ('django','celery') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=RULES.parent, check=True)
    assert out.stdout.strip() == "False"


# --------------------------------------------------------------------------- tournaments and decks
# ``decks`` sits on top of ``tournaments`` (ARCHITECTURE.md: "Django app on top of tournaments
# (one way)"). ``tournaments`` announces changes with signals (``tournaments.signals``) and its
# templates may load ``decks``' template tags and reverse ``decks:`` URL names, but no Python module
# of ``tournaments`` imports ``decks``. Neither app hides an import of either app inside a function
# (the usual way to paper over a cycle); the one import allowed to wait is an ``AppConfig.ready()``
# importing its own app's signal-wiring module, which needs the app registry to be ready.
ROOT = RULES.parent
APPS = ("tournaments", "decks")
# tournaments.language: the login receiver that copies a user's saved language into the session (issue 14);
# tournaments.page_state: the receivers that retire the cached visitor pages (issue 12)
READY_IMPORTS = {("tournaments", "tournaments.tasks"), ("tournaments", "tournaments.language"),
                 ("tournaments", "tournaments.page_state"), ("tournaments", "tournaments.notifications"),
                 ("decks", "decks.receivers")}


def _app_modules(app: str):
    for path in sorted((ROOT / app).rglob("*.py")):
        if "migrations" not in path.relative_to(ROOT).parts:
            yield path


def _module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    """The absolute module names an import statement names (relative imports resolved)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        package = module.split(".") if is_package else module.split(".")[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join(package + ([node.module] if node.module else []))
    return [base] if node.module else [f"{base}.{alias.name}" for alias in node.names]


def _imports(path: pathlib.Path):
    """(imported module, enclosing function or None, line) for every import statement in the file."""
    return _imports_in(path.read_text(), _module_name(path), path.name == "__init__.py")


def _imports_in(source: str, module: str, is_package: bool = False):
    tree = ast.parse(source)

    def walk(node, function):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                for name in _imported(child, module, is_package):
                    yield name, function, child.lineno
            inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            yield from walk(child, inner)

    yield from walk(tree, None)


def test_no_tournaments_module_imports_decks():
    offenders = [f"{path.relative_to(ROOT)}:{line}: {name}"
                 for path in _app_modules("tournaments")
                 for name, _, line in _imports(path) if name.split(".")[0] == "decks"]
    assert offenders == []


def test_neither_app_hides_an_import_of_either_app_inside_a_function():
    offenders = []
    for app in APPS:
        for path in _app_modules(app):
            for name, function, line in _imports(path):
                if function is None or name.split(".")[0] not in APPS:
                    continue
                if path.name == "apps.py" and function == "ready" and (app, name) in READY_IMPORTS:
                    continue
                offenders.append(f"{path.relative_to(ROOT)}:{line}: {name} inside {function}()")
    assert offenders == []


def test_the_checks_see_relative_and_nested_imports():
    """The helper resolves relative imports and names the enclosing function (guards the tests above)."""
    source = ("from tournaments import signals\nimport decks.models\n\n"
              "def f():\n    from . import services\n    from .pages import views\n")
    assert list(_imports_in(source, "decks.receivers")) == [
        ("tournaments", None, 1), ("decks.models", None, 2), ("decks.services", "f", 5), ("decks.pages", "f", 6)]


# --------------------------------------------------------------------------- layers inside the apps
# Services write, selectors read (ARCHITECTURE.md, Boundaries). A selector imports no service: what both need (the
# check-in and late-entry predicates, who runs a tournament) lives below both (``tournaments.event_rules``,
# ``tournaments.roles``). The web layers (``pages``, ``api``) sit on top and are siblings: neither imports the other.
SELECTORS = ("tournaments/selectors.py", "decks/selectors.py", "decks/draft_selectors.py")
SERVICES = ("tournaments.services", "decks.services", "decks.draft_services")


def _from_imports(path: pathlib.Path):
    """(module, names) of every ``from ... import`` and (module, {}) of every ``import`` in the file."""
    module, is_package = _module_name(path), path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            for name in _imported(node, module, is_package):
                yield name, frozenset(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, frozenset()


def _is_within(name: str, packages) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def test_no_selector_imports_a_service():
    offenders = []
    for relative in SELECTORS:
        for name, names in _from_imports(ROOT / relative):
            if _is_within(name, SERVICES):
                offenders.append(f"{relative}: {name} ({', '.join(sorted(names))})")
    assert offenders == []


def test_the_api_and_the_pages_do_not_import_each_other():
    offenders = []
    for app in APPS:
        for path in _app_modules(app):
            parts = path.relative_to(ROOT).parts
            layer = "api" if "api" in parts else "pages" if "pages" in parts else None
            if layer is None:
                continue
            other = {f"{a}.{'pages' if layer == 'api' else 'api'}" for a in APPS}
            offenders += [f"{path.relative_to(ROOT)}:{line}: {name}" for name, _, line in _imports(path)
                          if _is_within(name, other)]
    assert offenders == []


def test_reads_writes_and_jobs_import_no_web_layer():
    """Selectors, services, tasks and the predicates below them never import pages or the API."""
    web = {f"{a}.{layer}" for a in APPS for layer in ("pages", "api")}
    paths = [ROOT / p for p in (*SELECTORS, "decks/services.py", "decks/draft_services.py",
                                "tournaments/tasks.py",
                                "tournaments/event_rules.py", "tournaments/roles.py")]
    paths += sorted((ROOT / "tournaments" / "services").glob("*.py"))
    offenders = [f"{path.relative_to(ROOT)}:{line}: {name}"
                 for path in paths for name, _, line in _imports(path) if _is_within(name, web)]
    assert offenders == []


WRITING_CALLS = {"save", "update", "create", "update_or_create", "get_or_create", "bulk_update", "bulk_create"}


def test_the_decks_app_writes_no_field_of_a_tournaments_row():
    """``Registration.has_legal_deck`` is written by ``tournaments.services.deck_status``; the decks app calls it."""
    offenders = []
    for path in _app_modules("decks"):
        for node in ast.walk(ast.parse(path.read_text())):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
                node, (ast.AugAssign, ast.AnnAssign)) else []
            offenders += [f"{path.relative_to(ROOT)}:{node.lineno}" for t in targets
                          if isinstance(t, ast.Attribute) and t.attr == "has_legal_deck"]
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") in WRITING_CALLS and any(
                    k.arg == "has_legal_deck" or "has_legal_deck" in ast.unparse(k.value) for k in node.keywords):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)[:60]}")
    assert offenders == []


def test_the_layer_checks_see_what_they_look_for():
    """The helpers above find a service import in a selector and a web import (guards the tests above)."""
    source = "from tournaments.services.standings import standings_recompute\nfrom .pages import views\n"
    assert [name for name, _, _ in _imports_in(source, "tournaments.selectors")] == [
        "tournaments.services.standings", "tournaments.pages"]
    assert _is_within("tournaments.services.standings", SERVICES) and not _is_within("tournaments.servicesx", SERVICES)
