"""Issue 26, done when: ``scripts/run`` from a fresh copy of the repository, with no GNU gettext on PATH, serves the
home page in Portuguese (the catalogues compiled in Python) from gunicorn, with a secret key of its own in
``var/secret_key`` (mode 0600), and stops cleanly.

The copy holds the tracked files only (``git ls-files``: no ``.mo``, no ``var/``, no ``staticfiles/``), with
``../shared`` beside it and this repository's ``.venv`` linked in (installing the packages is what
``bench/first_answer.py`` measures; here it would only make the test slow). PATH is a directory of links to the few
programs the scripts call, so ``msgfmt`` cannot be found."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import stat
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: What scripts/run and scripts/setup call (bash through /usr/bin/env), and nothing else.
PROGRAMS = ("bash", "env", "dirname", "mkdir", "cat", "cut", "sha256sum", "hostname", "python3")


def fresh_copy(tmp_path: Path) -> Path:
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    copy = tmp_path / "repo"
    for name in filter(None, files.decode().split("\0")):
        source = ROOT / name
        if not source.exists():  # deleted in the work tree, not yet committed
            continue
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, copy / name)
    (tmp_path / "shared").symlink_to((ROOT.parent / "shared").resolve())
    (copy / ".venv").symlink_to((ROOT / ".venv").resolve())
    return copy


def path_without_gettext(tmp_path: Path) -> str:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for program in PROGRAMS:
        found = shutil.which(program)
        assert found, program
        (bin_dir / program).symlink_to(found)
    assert shutil.which("msgfmt", path=str(bin_dir)) is None
    return str(bin_dir)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def get_home(port: int) -> tuple[int, str] | None:
    request = urllib.request.Request(f"http://127.0.0.1:{port}/", headers={"Accept-Language": "pt-BR"})
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, response.read().decode()
    except (urllib.error.URLError, OSError):
        return None


def test_scripts_run_serves_a_fresh_copy_in_portuguese_with_its_own_key_and_no_gettext(tmp_path):
    copy = fresh_copy(tmp_path)
    port = free_port()
    env = {"PATH": path_without_gettext(tmp_path), "HOME": str(tmp_path), "LANG": "C.UTF-8", "PORT": str(port),
           "PYTHONDONTWRITEBYTECODE": "1"}
    log = tmp_path / "run.log"
    with open(log, "w") as out:
        server = subprocess.Popen([copy / "scripts" / "run"], cwd=copy, env=env, stdout=out, stderr=subprocess.STDOUT,
                                  start_new_session=True)
    try:
        answer = None
        deadline = time.monotonic() + 90
        while answer is None and time.monotonic() < deadline and server.poll() is None:
            answer = get_home(port)
            time.sleep(0.2)
        assert answer is not None, log.read_text()
        status, html = answer
        assert status == 200
        assert '<html lang="pt-br"' in html and re.search(r"<h1[^>]*>\s*Torneios\s*</h1>", html), html[:2000]
        key = copy / "var" / "secret_key"
        assert stat.S_IMODE(key.stat().st_mode) == 0o600
        assert len(key.read_text().strip()) >= 50
        assert (copy / "locale" / "pt_BR" / "LC_MESSAGES" / "django.mo").exists()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            returncode = server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
            raise
    output = log.read_text()
    assert returncode == 0, output  # gunicorn stops cleanly on SIGTERM
    steps = [line for line in output.splitlines() if line.startswith("scripts/run: ")]
    assert [step.split(" (")[0] for step in steps] == [
        "scripts/run: environment", "scripts/run: migrations", "scripts/run: card catalogue import",
        "scripts/run: organiser account", "scripts/run: static files",
        f"scripts/run: serving at http://127.0.0.1:{port}/",
    ], output
    assert "gunicorn: 2 workers x 4 threads" in steps[-1]
    assert "Traceback" not in output
