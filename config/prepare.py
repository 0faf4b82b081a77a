"""What ``scripts/run`` does between setting up ``.venv`` and serving, in one process (issue 26).

``python -m config.prepare`` runs, on the settings of ``DJANGO_SETTINGS_MODULE`` (the embedded default unless set),
each step with one progress line first: the migrations, the card catalogue import, the organiser account (its
login printed the first time) and the static files. One process instead of one ``manage.py`` per step saves
Django's start-up each time. Last, it loads every view (the URL configuration): in a fresh ``.venv`` that writes
the compiled ``.pyc`` files once, here, instead of in each gunicorn worker at its first request.

The static files are collected (and compressed, for whitenoise) only when they changed: a digest of every source
file's path, size and modification time is kept in ``var/static-collected`` (not in ``staticfiles/``, which
whitenoise serves); the same digest, with ``staticfiles/`` still there, skips the step.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import django
from django.conf import settings
from django.contrib.staticfiles.finders import get_finders
from django.core.management import call_command
from django.urls import get_resolver


def step(text: str) -> None:
    """One progress line of ``scripts/run`` (flushed at once: the output may be a pipe)."""
    print(f"scripts/run: {text}", flush=True)


def static_sources() -> Iterator[tuple[str, Path]]:
    """Every static file the finders see, as (its path under STATIC_URL, its file), in a stable order."""
    found: dict[str, Path] = {}
    for finder in get_finders():
        for path, storage in finder.list([]):
            found.setdefault(path, Path(storage.path(path)))
    yield from sorted(found.items())


def static_digest() -> str:
    """A digest of the static sources (path, size, modification time): it changes when any file would."""
    digest = hashlib.sha256()
    for name, file in static_sources():
        stat = file.stat()
        digest.update(f"{name}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def collect_static(static_root: Path, stamp: Path) -> bool:
    """``collectstatic`` into ``static_root`` unless the sources are unchanged since the digest in ``stamp`` was
    written (and ``static_root`` is still there); True when it ran."""
    digest = static_digest()
    if static_root.is_dir() and stamp.exists() and stamp.read_text().strip() == digest:
        return False
    call_command("collectstatic", interactive=False, verbosity=0)
    stamp.write_text(digest + "\n")
    return True


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
    django.setup()
    step("migrations")
    call_command("migrate", interactive=False, verbosity=0)
    step("card catalogue import")
    call_command("import_cards")
    step("organiser account")
    call_command("create_organiser")
    step("static files")
    if not collect_static(Path(settings.STATIC_ROOT), Path(settings.VAR_DIR) / "static-collected"):
        print("Static files unchanged.", flush=True)
    get_resolver().url_patterns  # noqa: B018 - imports every view (see above)
    return 0


if __name__ == "__main__":
    sys.exit(main())
