"""Issue 26, item 6: scripts/backup copies the embedded default's SQLite database with the online backup API, a
consistent and valid database even while another connection writes."""

from __future__ import annotations

import datetime
import sqlite3
import subprocess
import threading
from pathlib import Path

import pytest

from config.backup import ROOT, backup, database_path


def make_database(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("CREATE TABLE result (id INTEGER PRIMARY KEY, score INTEGER NOT NULL)")
        db.executemany("INSERT INTO result (score) VALUES (?)", [(i,) for i in range(1000)])
    db.close()


def test_a_backup_taken_while_another_connection_writes_is_a_valid_database_with_the_rows(tmp_path):
    source = tmp_path / "db.sqlite3"
    make_database(source)
    stop = threading.Event()
    written = []

    def write() -> None:
        db = sqlite3.connect(source, timeout=30)
        while not stop.is_set():
            with db:
                db.execute("INSERT INTO result (score) VALUES (-1)")
            written.append(1)
        db.close()

    writer = threading.Thread(target=write)
    writer.start()
    try:
        while len(written) < 20:  # the writer is busy before the backup starts
            stop.wait(0.01)
        copies = [backup(source, tmp_path / "backups",
                         now=datetime.datetime(2026, 12, 5, 14, 30, i, tzinfo=datetime.UTC)) for i in range(3)]
    finally:
        stop.set()
        writer.join()
    for copy in copies:
        db = sqlite3.connect(copy)
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert db.execute("PRAGMA journal_mode").fetchone() == ("delete",)  # a standalone file
        assert db.execute("SELECT count(*) FROM result WHERE score >= 0").fetchone() == (1000,)
        db.close()
    assert [c.name for c in copies] == [f"db-20261205T1430{i:02d}000000Z.sqlite3" for i in range(3)]
    assert not list((tmp_path / "backups").glob(".*"))  # no partial file left


def test_there_is_nothing_to_back_up_before_the_first_run(tmp_path):
    with pytest.raises(FileNotFoundError, match="has scripts/run ever run here"):
        backup(tmp_path / "db.sqlite3", tmp_path / "backups")


def test_the_database_is_var_db_unless_database_url_names_a_sqlite_file(tmp_path):
    assert database_path({}) == ROOT / "var" / "db.sqlite3"
    assert database_path({"DATABASE_URL": f"sqlite:///{tmp_path}/x.sqlite3"}) == tmp_path / "x.sqlite3"
    with pytest.raises(ValueError, match="pg_dump"):
        database_path({"DATABASE_URL": "postgres://db.example.org/spellfire"})


def test_scripts_backup_prints_the_path_of_the_copy(tmp_path):
    source = tmp_path / "db.sqlite3"
    make_database(source)
    done = subprocess.run([ROOT / "scripts" / "backup", str(tmp_path / "out")], capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "DATABASE_URL": f"sqlite:///{source}"}, timeout=60, check=True)
    copy = Path(done.stdout.strip())
    assert copy.parent == tmp_path / "out" and copy.name.startswith("db-") and copy.suffix == ".sqlite3"
    with sqlite3.connect(copy) as db:
        assert db.execute("SELECT count(*) FROM result").fetchone() == (1000,)
    db.close()
