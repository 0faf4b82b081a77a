"""Issue 26, item 2: with no SECRET_KEY given, the embedded default signs with a key of its own, generated on the
first run into var/secret_key (mode 0600) and reused; there is no public default."""

from __future__ import annotations

import runpy
import stat
import threading
from pathlib import Path

import pytest

import config.secret_key
from config.secret_key import MIN_LENGTH, stored_secret_key

ROOT = Path(__file__).resolve().parents[1]


def test_the_first_run_generates_a_key_readable_by_its_owner_only_and_later_runs_reuse_it(tmp_path):
    path = tmp_path / "var" / "secret_key"
    key = stored_secret_key(path)
    assert len(key) >= MIN_LENGTH and len(set(key)) >= 5
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stored_secret_key(path) == key
    assert stored_secret_key(tmp_path / "elsewhere" / "secret_key") != key  # random, not a default
    assert [p.name for p in path.parent.iterdir()] == ["secret_key"]  # no temporary file left


def test_processes_starting_together_all_get_the_same_complete_key(tmp_path):
    path = tmp_path / "secret_key"
    keys: list[str] = []
    barrier = threading.Barrier(8)

    def start() -> None:
        barrier.wait()
        keys.append(stored_secret_key(path))

    threads = [threading.Thread(target=start) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(keys) == 8 and len(set(keys)) == 1 and len(keys[0]) >= MIN_LENGTH


def test_a_file_without_a_usable_key_is_refused_with_what_to_do(tmp_path):
    path = tmp_path / "secret_key"
    path.write_text("short\n")
    with pytest.raises(ValueError, match="delete it and start again"):
        stored_secret_key(path)


@pytest.mark.filterwarnings("ignore:.*found in sys.modules:RuntimeWarning")
def test_the_environments_key_wins_and_the_public_default_is_gone(monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "k" * 30 + "ey-from-the-environment-0123456789")
    assert runpy.run_module("config.settings.base")["SECRET_KEY"] == "k" * 30 + "ey-from-the-environment-0123456789"
    assert "dev-only-not-secret" not in (ROOT / "config" / "settings" / "base.py").read_text()


@pytest.mark.filterwarnings("ignore:.*found in sys.modules:RuntimeWarning")
def test_without_a_key_in_the_environment_the_base_settings_use_the_stored_one(monkeypatch):
    monkeypatch.delenv("SECRET_KEY")
    asked = []

    def stored(path: Path) -> str:
        asked.append(path)
        return "s" * 50

    monkeypatch.setattr(config.secret_key, "stored_secret_key", stored)
    assert runpy.run_module("config.settings.base")["SECRET_KEY"] == "s" * 50
    assert asked == [ROOT / "var" / "secret_key"]
