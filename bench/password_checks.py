"""What a login costs: one password check per hasher, and one whole login through the login page (issue 27, item 3).

For each hasher (Django's PBKDF2 at Django's own strength, and Argon2 through ``argon2-cffi`` at Django's
``Argon2PasswordHasher`` parameters) it hashes once, then times ``--checks`` checks (``check_password``): CPU ms per
check (``time.process_time``) and wall ms, and what 500 logins cost on one core and on ``--cores`` cores. Then it
logs in ``--logins`` times through the login page in-process (``django.test.Client``, a temporary SQLite database,
the hashers of the settings) and reports the CPU ms per login. Prints one JSON object. Nothing is weakened: the
hashers run with the parameters Django ships. Usage::

    .venv/bin/python bench/password_checks.py [--checks 10] [--logins 10] [--cores 2]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

HASHERS = ("django.contrib.auth.hashers.PBKDF2PasswordHasher", "django.contrib.auth.hashers.Argon2PasswordHasher")
PASSWORD = "bench-Pa55word-27"


def check_cost(path: str, checks: int) -> dict:
    """One hasher at Django's parameters: the CPU and wall ms of one check (``verify``, as a login does)."""
    from django.utils.module_loading import import_string

    hasher = import_string(path)()
    encoded = hasher.encode(PASSWORD, hasher.salt())
    assert hasher.verify(PASSWORD, encoded)  # the first call loads the library
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(checks):
        assert hasher.verify(PASSWORD, encoded)
    cpu_ms, wall_ms = 1000 * (time.process_time() - cpu) / checks, 1000 * (time.perf_counter() - wall) / checks
    return {"parameters": {str(k): str(v) for k, v in hasher.safe_summary(encoded).items()
                           if str(k) not in ("hash", "salt")},
            "cpu_ms_per_check": round(cpu_ms, 1), "wall_ms_per_check": round(wall_ms, 1)}


def login_cost(logins: int) -> float:
    """CPU ms of one whole login through the login page (GET the form, POST it), in this process."""
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.test import Client

    call_command("migrate", verbosity=0)
    users = [User.objects.create_user(f"bench-login-{i}", password=PASSWORD) for i in range(logins + 1)]
    Client().post("/accounts/login/", {"username": users[-1].username, "password": PASSWORD})  # warm up
    cpu = time.process_time()
    for user in users[:logins]:
        client = Client()
        client.get("/accounts/login/")
        answer = client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
        assert answer.status_code == 302, answer.status_code
    return round(1000 * (time.process_time() - cpu) / logins, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checks", type=int, default=10)
    parser.add_argument("--logins", type=int, default=10)
    parser.add_argument("--cores", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="bench-login-")
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/db.sqlite3"
    os.environ.pop("REDIS_URL", None)
    os.environ["AXES_ENABLED"] = "0"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
    import django

    django.setup()
    from django.conf import settings

    figures: dict = {"hashers": {}}
    for path in HASHERS:
        try:
            row = check_cost(path, args.checks)
        except ValueError as error:  # Argon2 without argon2-cffi (requirements-dev.txt pins it for this bench)
            figures["hashers"][path.rsplit(".", 1)[1]] = {"unavailable": str(error)}
            continue
        row["cpu_s_for_500_logins"] = round(row["cpu_ms_per_check"] * 500 / 1000, 1)
        row[f"wall_s_for_500_logins_on_{args.cores}_cores"] = round(row["cpu_ms_per_check"] * 500 / 1000 / args.cores, 1)
        figures["hashers"][path.rsplit(".", 1)[1]] = row
    figures["settings_hasher"] = settings.PASSWORD_HASHERS[0].rsplit(".", 1)[1]
    figures["cpu_ms_per_login_page_login"] = login_cost(args.logins)
    figures["session_cookie_age_days"] = settings.SESSION_COOKIE_AGE / 86400
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
