"""How the suite chooses what to run (docs/testing.md): ``--db-only`` keeps exactly the tests that use the database
(.ci/run's PostgreSQL pass), and the tests marked ``slow`` run only with ``--slow`` (``scripts/test --slow``).

Each check runs pytest in a child process on a few small tests, as .ci/run and a developer would."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: a slow parameter of the reader sweep that is quick to run (the doubling check on one long text line)
SLOW_CASE = "tests/rules/test_reader_work.py::test_doubling_the_input_doubles_the_work[text_long_line]"


def pytest_run(*args: str) -> str:
    result = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", *args],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode in (0, 5), result.stdout + result.stderr
    return result.stdout


def test_db_only_keeps_the_tests_that_use_the_database_and_no_other():
    out = pytest_run("--collect-only", "-q", "--db-only", "tests/rules/test_errors.py", "tests/test_boundaries.py",
                     "tests/tournaments/test_services.py")
    collected = [line for line in out.splitlines() if "::" in line]
    assert collected, out
    assert all(line.startswith("tests/tournaments/test_services.py::") for line in collected), out
    assert "deselected" in out, out


def test_a_slow_test_is_skipped_without_slow_and_runs_with_it():
    assert "1 skipped" in pytest_run("-q", "-rs", SLOW_CASE)
    assert "1 passed" in pytest_run("-q", "--slow", SLOW_CASE)
