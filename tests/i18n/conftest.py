"""The compiled catalogues the i18n tests read: ``scripts/setup`` builds them; a bare ``pytest`` run builds them
here when they are missing or older than their ``.po`` file (under a lock: xdist workers share the files)."""

from __future__ import annotations

import fcntl

import pytest
from django.utils.translation import trans_real

from config.catalogues import LOCALES, ROOT, compile_catalogues, po_path


def _stale() -> bool:
    for locale in LOCALES:
        po = po_path(ROOT, locale)
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            return True
    return False


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogues() -> None:
    if not _stale():
        return
    with open(ROOT / "locale" / ".compile.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if _stale():
            compile_catalogues()
    # forget catalogues loaded before they were compiled
    trans_real._translations = {}
    trans_real._default = None
