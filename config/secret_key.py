"""The embedded default's own secret key (issue 26): generated on the first run, kept in ``var/secret_key``.

With no ``SECRET_KEY`` in the environment, ``config.settings.base`` signs with the key stored in
``var/secret_key``; the first run generates it (Django's ``get_random_secret_key``: 50 random characters) and
every later run reuses it, so sessions and password-reset links survive a restart. The file is readable and
writable by its owner only (mode 0600). No key is ever public: there is no built-in default.

The production settings never read this file: they require ``SECRET_KEY`` (config/settings/production.py)."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from django.core.management.utils import get_random_secret_key

#: What the key file holds at least (a shorter file is someone's mistake, not a key).
MIN_LENGTH = 50


def stored_secret_key(path: Path) -> str:
    """The key in ``path`` (its first line), created first if the file does not exist yet.

    Creation is atomic: the key is written to a temporary file opened with ``O_CREAT | O_EXCL`` and mode 0600,
    then hard-linked to ``path``, so a process starting at the same moment (two gunicorn workers, two test
    processes) either creates the file or reads the complete key the other wrote, never an empty file.

    Raises ``ValueError`` when the existing file holds fewer than :data:`MIN_LENGTH` characters, and ``OSError``
    when ``path``'s directory cannot be created or written."""
    try:
        return _read(path)
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(8)}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as file:
            file.write(get_random_secret_key() + "\n")
            file.flush()
            os.fsync(file.fileno())
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass  # another process created it first: use theirs
    finally:
        temporary.unlink(missing_ok=True)
    return _read(path)


def _read(path: Path) -> str:
    key = path.read_text(encoding="ascii").strip()
    if len(key) < MIN_LENGTH:
        raise ValueError(f"{path} holds no usable secret key (fewer than {MIN_LENGTH} characters): delete it and "
                         "start again to generate a new one, or set SECRET_KEY.")
    return key
