"""Time from a fresh clone to the first answer of ``scripts/run`` (issue 26: under a minute on a 2-core machine).

Clones this repository (``git clone``, committed files only) into a temporary directory with ``../shared`` beside it
(a symlink to this repository's), runs ``scripts/run`` there on a free port and asks the home page until it answers
200. Prints JSON: ``clone_s``, ``first_answer_s`` (from the start of ``scripts/run`` to the first 200), ``total_s``
and ``steps``, each line ``scripts/run`` printed with the seconds since it started.

    .venv/bin/python bench/first_answer.py                  # HEAD
    .venv/bin/python bench/first_answer.py --commit ca7e00a # another commit (e.g. before issue 26)
    .venv/bin/python bench/first_answer.py --reuse-venv     # symlink this .venv (no install: the rest of the steps)

Everything but the package download cache (uv's, pip's) is fresh; the temporary directory is removed afterwards.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError):
        return False


def measure(commit: str, reuse_venv: bool, timeout: float) -> dict[str, object]:
    tmp = Path(tempfile.mkdtemp(prefix="first-answer-"))
    try:
        (tmp / "shared").symlink_to((ROOT.parent / "shared").resolve())
        clone = tmp / "clone"
        start = time.monotonic()
        subprocess.run(["git", "clone", "--quiet", "--no-checkout", str(ROOT), str(clone)], check=True)
        subprocess.run(["git", "-C", str(clone), "checkout", "--quiet", commit], check=True)
        if reuse_venv:
            (clone / ".venv").symlink_to((ROOT / ".venv").resolve())
        clone_s = time.monotonic() - start
        port = free_port()
        env = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DJANGO_SETTINGS_MODULE", "VIRTUAL_ENV")}
        env.update(PORT=str(port), HOST="127.0.0.1")
        run_start = time.monotonic()
        proc = subprocess.Popen([str(clone / "scripts" / "run")], cwd=clone, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, start_new_session=True)
        steps: list[dict[str, object]] = []

        def read() -> None:
            assert proc.stdout is not None
            for line in proc.stdout:
                steps.append({"at_s": round(time.monotonic() - run_start, 2), "line": line.rstrip()})

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        url = f"http://127.0.0.1:{port}/"
        answered = None
        try:
            while time.monotonic() - run_start < timeout and proc.poll() is None:
                if answers(url):
                    answered = time.monotonic() - run_start
                    break
                time.sleep(0.2)
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
            reader.join(timeout=5)
        return {
            "commit": commit,
            "reuse_venv": reuse_venv,
            "clone_s": round(clone_s, 2),
            "first_answer_s": None if answered is None else round(answered, 2),
            "total_s": None if answered is None else round(clone_s + answered, 2),
            "steps": steps,
        }
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--commit", default="HEAD")
    parser.add_argument("--reuse-venv", action="store_true")
    parser.add_argument("--timeout", type=float, default=600.0)
    args = parser.parse_args()
    result = measure(args.commit, args.reuse_venv, args.timeout)
    print(json.dumps(result, indent=2))
    return 0 if result["first_answer_s"] is not None else 1


if __name__ == "__main__":
    sys.exit(main())
