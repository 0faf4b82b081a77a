"""Issue #11, item 13: the embedded default (SQLite, eager standings) under concurrent writes.

A real server (gunicorn, 4 processes of 5 threads, on 127.0.0.1) over a file SQLite database: 20
players confirm the results of 20 tables at the same moment. Every request must succeed (WAL,
``transaction_mode=IMMEDIATE`` and a busy timeout make writers queue instead of failing with
"database is locked"; an eager standings run that fails after the commit is logged, not a 500), and
all 20 results must be saved. Bounded in time: the whole test takes a few seconds."""

from __future__ import annotations

import base64
import json
import os
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TABLES = 20
PASSWORD = "player-pass-123"  # tests.factories.UserFactory


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for(port: int, server: subprocess.Popen, seconds: float = 15) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server exited: {server.stderr.read().decode()[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError("the server did not start")


def _confirm(port: int, report: int, username: str) -> tuple[int, str]:
    token = base64.b64encode(f"{username}:{PASSWORD}".encode()).decode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/v1/reports/{report}/confirm/", data=b"",
                                     method="POST", headers={"Authorization": f"Basic {token}"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, ""
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode(errors="replace")[:500]


@pytest.fixture
def sqlite_env(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
    env.update(DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}", DJANGO_SETTINGS_MODULE="config.settings.test",
               PYTHONPATH=str(ROOT))
    return env, tmp_path / "db.sqlite3"


def test_twenty_parallel_confirmations_all_succeed_and_are_saved(sqlite_env):
    env, db = sqlite_env
    setup = subprocess.run([sys.executable, "-m", "tests.live.sqlite_event", str(TABLES)], cwd=ROOT, env=env,
                           capture_output=True, timeout=120)
    assert setup.returncode == 0, setup.stderr.decode()[-3000:]
    reports = json.loads(setup.stdout.decode().strip().splitlines()[-1])
    assert len(reports) == TABLES

    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "4",
         "--threads", "5", "--timeout", "60", "--log-level", "warning"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        _wait_for(port, server)
        started = time.monotonic()
        with ThreadPoolExecutor(max_workers=TABLES) as pool:
            answers = list(pool.map(lambda r: _confirm(port, r["report"], r["username"]), reports))
        elapsed = time.monotonic() - started
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
    failures = [a for a in answers if a[0] != 200]
    assert failures == [], failures
    with sqlite3.connect(db) as conn:
        confirmed = conn.execute("SELECT COUNT(*) FROM tournaments_resultsubmission WHERE state = 'confirmed'"
                                 " AND id IN (%s)" % ",".join(str(r["report"]) for r in reports)).fetchone()[0]
    assert confirmed == TABLES
    print(f"{TABLES} parallel confirmations in {elapsed:.2f} s")
