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
