"""``scripts/backup``: a consistent copy of the embedded default's SQLite database (issue 26).

``python -m config.backup`` copies ``var/db.sqlite3`` (or the database of ``DATABASE_URL`` when it is a SQLite
file) to ``var/backups/db-<UTC timestamp>.sqlite3`` with SQLite's online backup API
(``sqlite3.Connection.backup``): the copy is one consistent state of the database, taken while the server goes on
serving and writing (WAL mode). Prints the copy's path. Restoring: stop the server, copy the file over
``var/db.sqlite3`` (docs/operations.md, "Backups"). For PostgreSQL (the scaled path) use ``pg_dump``.

Needs no Django settings: it reads the path the settings would use, so it also works while the server runs.
"""

from __future__ import annotations

import datetime
import os
import sqlite3
import sys
from pathlib import Path

import environ

ROOT = Path(__file__).resolve().parents[1]


def database_path(variables: dict[str, str] | None = None) -> Path:
    """The SQLite file the embedded default uses: ``DATABASE_URL``'s path when it is ``sqlite:///...``, else
    ``var/db.sqlite3``. Raises ``ValueError`` when ``DATABASE_URL`` names another database (use ``pg_dump``)."""
    url = (os.environ if variables is None else variables).get("DATABASE_URL", "").strip()
    if not url:
        return ROOT / "var" / "db.sqlite3"
    config = environ.Env.db_url_config(url)  # as the settings read it
    name = str(config.get("NAME", ""))
    if not str(config.get("ENGINE", "")).endswith("sqlite3") or not name or name == ":memory:":
        raise ValueError(f"DATABASE_URL is not a SQLite file ({url.split(':', 1)[0]}://...): back it up with its "
                         "own tool, e.g. pg_dump for PostgreSQL (docs/operations.md, Backups).")
    return Path(name)


def backup(source: Path, directory: Path, now: datetime.datetime | None = None) -> Path:
    """Copy the SQLite database ``source`` into ``directory`` (created if need be) as
    ``db-<YYYYmmddTHHMMSSffffff>Z.sqlite3`` (UTC) with the online backup API; returns the copy's path.

    Safe while other connections read and write ``source``: the copy is one committed state. The copy is written
    under a temporary name and renamed when complete, so a file named ``db-*.sqlite3`` is always a whole backup.
    Raises ``FileNotFoundError`` when ``source`` does not exist (nothing to back up: the server never ran) and
    ``sqlite3.Error`` when it cannot be read."""
    if not source.is_file():
        raise FileNotFoundError(f"no database at {source} (has scripts/run ever run here?)")
    stamp = (now or datetime.datetime.now(datetime.UTC)).strftime("%Y%m%dT%H%M%S%fZ")
    directory.mkdir(parents=True, exist_ok=True)
    target = directory / f"db-{stamp}.sqlite3"
    partial = directory / f".db-{stamp}.sqlite3.partial"
    src = sqlite3.connect(source, timeout=30)
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)
            # a standalone file: no WAL beside it, whatever mode the source runs in
            dst.execute("PRAGMA journal_mode=DELETE")
        finally:
            dst.close()
    finally:
        src.close()
    os.replace(partial, target)
    return target


def main(argv: list[str]) -> int:
    """``python -m config.backup [DIRECTORY]`` (default ``var/backups``): prints the backup's path."""
    directory = Path(argv[0]) if argv else ROOT / "var" / "backups"
    try:
        target = backup(database_path(), directory)
    except (ValueError, FileNotFoundError, sqlite3.Error) as error:
        print(f"scripts/backup: {error}", file=sys.stderr)
        return 1
    print(target)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
