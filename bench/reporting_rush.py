"""The reporting rush: every table of a round reports through the API at once (issue 27, item 1).

Builds a started event of ``--players`` players with round 1 paired, through the services (a tournament, each
player registered, a legal deck recorded, started, round 1 paired), every player with a password (one hash made
once and shared: the build is not the login bench). Starts gunicorn (2 workers x 4 threads, like production) and
one Celery worker (``--concurrency=1``) on this ``DATABASE_URL`` and ``REDIS_URL``, unless ``--url`` names a
running server (a worker must then be running too). Logs every player in through the login page before the clock
starts (``--login-threads`` at a time; the time it took is reported apart; ``--login force`` makes the same
sessions in this process instead, without the password checks, to iterate on the rush alone), then runs the rush
from ``--clients``
concurrent clients (threads with their own ``requests`` session): for each table the first seat reports a 2-1
(``POST /api/v1/matches/<id>/reports/``) and, once every report is in, the opponent confirms it
(``POST /api/v1/reports/<id>/confirm/``). Then waits (bounded) until the standings snapshot reaches the final
results version and prints one JSON object::

    {"players", "clients", "requests", "errors", "wall_s", "requests_per_s",
     "reports": {"p50_ms", "p95_ms", "p99_ms", "max_ms"}, "confirmations": {...}, "cpu_ms_per_write",
     "confirmed_matches", "final_results_version", "last_snapshot_version", ...}

``cpu_ms_per_write``: the CPU time (``/proc/<pid>/stat``, user + system) of the gunicorn processes, the Celery
worker and the PostgreSQL backends connected to this database during the rush and until the standings are final,
divided by the writes (reports + confirmations), and split by process (``cpu_ms_per_write_by``); the clients' own
CPU and PostgreSQL's shared background processes are not counted (the clients' is printed apart,
``client_cpu_ms_per_request``: this process, every client thread; it shares the 2 cores with the server). With
``--url`` only PostgreSQL's is known.
Checks that every match has exactly one confirmed submission and the last snapshot has the final version (exit
status 1 otherwise). Stops what it started and deletes the event. Not part of CI; only 127.0.0.1.

Usage (your own database and Redis db, never CI's ``test``/``test_test`` nor db 14/15)::

    createdb -h 127.0.0.1 -U postgres bench_rush
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_rush REDIS_URL=redis://127.0.0.1:6379/7 \\
        .venv/bin/python bench/reporting_rush.py --players 512 --clients 32
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")

if not (os.environ.get("DATABASE_URL", "").startswith("postgres") and os.environ.get("REDIS_URL")):
    sys.exit("Set DATABASE_URL (PostgreSQL) and REDIS_URL: this bench runs the scaled path.")
if any(os.environ["DATABASE_URL"].rstrip("/").endswith(f"/{name}") for name in ("test", "test_test")):
    sys.exit("The databases test and test_test are CI's: use your own (e.g. bench_rush).")
if re.search(r"/(14|15)/?$", os.environ["REDIS_URL"]):
    sys.exit("Redis databases 14 and 15 are CI's: use another (e.g. redis://127.0.0.1:6379/7).")
os.environ["CELERY_TASK_ALWAYS_EAGER"] = "0"

import django  # noqa: E402

django.setup()

import requests  # noqa: E402
from django.contrib.auth.hashers import make_password  # noqa: E402
from django.contrib.auth.models import Group, User  # noqa: E402
from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from config.celery import app as celery_app  # noqa: E402
from tournaments import services  # noqa: E402
from tournaments.models import Match, ResultSubmission, StandingsSnapshot, Tournament  # noqa: E402
from tournaments.services.permissions import ORGANISERS_GROUP  # noqa: E402

PASSWORD = "rush-Pa55word-27"
TIMEOUT = 30.0  # seconds per request


# --- the event -----------------------------------------------------------------------------------------------

def build(players: int, name: str) -> tuple[Tournament, list[User]]:
    """A running tournament of ``players`` players (passwords set) with round 1 paired, through the services."""
    organiser, _ = User.objects.get_or_create(username=f"{name}-organiser")
    organiser.groups.add(Group.objects.get_or_create(name=ORGANISERS_GROUP)[0])
    t = services.tournament_create(actor=organiser, name=name, date=datetime.date.today(), swiss_rounds=9)
    services.tournament_open_registration(tournament=t, actor=organiser)
    hashed = make_password(PASSWORD)  # one hash (its own salt) shared by every bench player: build speed only
    users = User.objects.bulk_create([User(username=f"{name}-p{i:04d}", password=hashed) for i in range(players)])
    for user in users:
        registration = services.player_register(tournament=t, actor=user)
        services.registration_deck_status_set(registration=registration, legal=True)
    t = services.tournament_start(tournament=t, actor=organiser)
    services.round_pair_next(tournament=t, actor=organiser, seed=27)
    return Tournament.objects.get(pk=t.pk), users


def tables(tournament: Tournament) -> list[tuple[int, str, str]]:
    """(match id, first seat's username, second seat's username) of every two-seat match of round 1."""
    rows: dict[int, dict[int, str]] = {}
    for match_id, number, username in Match.objects.filter(round__tournament=tournament).values_list(
            "pk", "seats__number", "seats__registration__player__username"):
        rows.setdefault(match_id, {})[number] = username
    return [(pk, seats[1], seats[2]) for pk, seats in sorted(rows.items()) if len(seats) == 2]


def teardown(tournament: Tournament, users: list[User]) -> None:
    Match.objects.filter(round__tournament=tournament).delete()
    tournament.delete()
    User.objects.filter(pk__in=[u.pk for u in users]).delete()


# --- the processes -------------------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(tmp: str, port: int, workers: int = 2, threads: int = 4) -> subprocess.Popen:
    env = {**os.environ, "CELERY_TASK_ALWAYS_EAGER": "0", "API_THROTTLE_USER": "none", "API_THROTTLE_ANON": "none",
           "LOGIN_IP_FAILURE_LIMIT": "100000"}
    server = subprocess.Popen(
        [str(ROOT / ".venv" / "bin" / "gunicorn"), "config.wsgi", "-b", f"127.0.0.1:{port}", "--workers", str(workers),
         "--threads", str(threads), "--worker-class", "gthread", "--log-level", "warning", "--timeout", "120"],
        cwd=ROOT, env=env, stdout=open(Path(tmp) / "gunicorn.log", "w"), stderr=subprocess.STDOUT,
        start_new_session=True)
    deadline = time.monotonic() + 60
    while True:
        try:
            requests.get(f"http://127.0.0.1:{port}/accounts/login/", timeout=5)
            return server
        except (requests.ConnectionError, requests.Timeout):  # not listening yet, or too busy starting to answer
            if time.monotonic() > deadline or server.poll() is not None:
                stop(server)
                raise SystemExit(f"gunicorn did not start: {(Path(tmp) / 'gunicorn.log').read_text()[-2000:]}") from None
            time.sleep(0.3)


def start_worker(tmp: str) -> subprocess.Popen:
    worker = subprocess.Popen(
        [str(ROOT / ".venv" / "bin" / "celery"), "-A", "config", "worker", "-n", "rush@%h", "--loglevel=WARNING",
         "--concurrency=1", "--pool=prefork"],
        cwd=ROOT, env={**os.environ, "CELERY_TASK_ALWAYS_EAGER": "0"},
        stdout=open(Path(tmp) / "worker.log", "w"), stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 60
    while not celery_app.control.ping(timeout=1.0):
        if time.monotonic() > deadline:
            raise SystemExit("the Celery worker did not answer within 60 s")
    return worker


def stop(process: subprocess.Popen, seconds: float = 20.0) -> None:
    """SIGTERM the process group that was started, SIGKILL it if still there after ``seconds``."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=seconds)
    except ProcessLookupError:
        pass
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def group_pids(pgid: int) -> list[int]:
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if os.getpgid(int(entry)) == pgid:
                    pids.append(int(entry))
            except ProcessLookupError:
                continue
    return pids


def postgres_pids(database: str) -> list[int]:
    """The PostgreSQL backends connected to ``database`` now (their title names it): the web processes and the
    worker keep their connections (``CONN_MAX_AGE``), and other databases on the server are not counted."""
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                title = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            if title.startswith("postgres:") and f" {database} " in title:
                pids.append(int(entry))
    return pids


def backend_pid() -> int:
    """The PostgreSQL backend of this process's own connection (its polling is not the server's work)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def cpu_seconds(pids: list[int]) -> dict[int, float]:
    """User + system CPU seconds of each live process (children already reaped included)."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        out[pid] = sum(int(f) for f in fields[11:15]) / tick  # utime stime cutime cstime
    return out


# --- the clients ---------------------------------------------------------------------------------------------

def login(base: str, username: str) -> requests.Session:
    """A session logged in through the login page, with its CSRF token set as the API expects it."""
    session = requests.Session()
    session.get(f"{base}/accounts/login/", timeout=TIMEOUT)
    answer = session.post(f"{base}/accounts/login/", timeout=TIMEOUT, allow_redirects=False,
                          data={"username": username, "password": PASSWORD,
                                "csrfmiddlewaretoken": session.cookies["csrftoken"]},
                          headers={"Referer": f"{base}/accounts/login/"})
    if answer.status_code != 302 or "sessionid" not in session.cookies:
        raise SystemExit(f"login of {username} failed: {answer.status_code}")
    session.headers.update({"X-CSRFToken": session.cookies["csrftoken"], "Referer": f"{base}/"})
    return session


#: The CSRF secret every ``--login force`` session sends (cookie and header: what the browser would send).
CSRF_SECRET = "rushCsrfSecret27rushCsrfSecret27"


def force_login(base: str, user: User) -> requests.Session:
    """A session made in this process (``Client.force_login``: the same session row and cache entry a login
    writes, in this deployment's session engine, without the password check), for iterating on the rush alone."""
    client = Client()
    client.force_login(user)
    session = requests.Session()
    session.cookies.set(settings.SESSION_COOKIE_NAME, client.cookies[settings.SESSION_COOKIE_NAME].value)
    session.cookies.set(settings.CSRF_COOKIE_NAME, CSRF_SECRET)
    session.headers.update({"X-CSRFToken": CSRF_SECRET, "Referer": f"{base}/"})
    return session


def percentiles(samples: list[float]) -> dict[str, float | None]:
    if not samples:
        return {"p50_ms": None, "p95_ms": None, "p99_ms": None, "max_ms": None}
    ordered = sorted(samples)

    def at(q: float) -> float:
        return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)
    return {"p50_ms": at(0.50), "p95_ms": at(0.95), "p99_ms": at(0.99), "max_ms": round(1000 * ordered[-1], 1)}


def rush(base: str, sessions: dict[str, requests.Session], rows: list[tuple[int, str, str]],
         clients: int) -> tuple[list[float], list[float], int, float]:
    """Every first seat reports 2-1, then every second seat confirms; returns the times, errors and wall time."""
    report_ids: dict[int, int] = {}
    errors = [0]
    failures: list[str] = []
    lock = threading.Lock()

    def report(row: tuple[int, str, str]) -> float:
        match_id, first, _ = row
        started = time.perf_counter()
        try:
            answer = sessions[first].post(f"{base}/api/v1/matches/{match_id}/reports/", timeout=TIMEOUT,
                                          json={"games": [{"winner": "a"}, {"winner": "b"}, {"winner": "a"}]})
            ok = answer.status_code == 201
            if ok:
                report_ids[match_id] = answer.json()["id"]
            else:
                failures.append(f"report of match {match_id}: {answer.status_code} {answer.text[:300]}")
        except requests.RequestException as exc:
            ok = False
            failures.append(f"report of match {match_id}: {exc}")
        if not ok:
            with lock:
                errors[0] += 1
        return time.perf_counter() - started

    def confirm(row: tuple[int, str, str]) -> float:
        match_id, _, second = row
        started = time.perf_counter()
        try:
            answer = sessions[second].post(f"{base}/api/v1/reports/{report_ids[match_id]}/confirm/",
                                           timeout=TIMEOUT) if match_id in report_ids else None
            ok = answer is not None and answer.status_code == 200
            if answer is not None and not ok:
                failures.append(f"confirmation of match {match_id}: {answer.status_code} {answer.text[:300]}")
        except requests.RequestException as exc:
            ok = False
            failures.append(f"confirmation of match {match_id}: {exc}")
        if not ok:
            with lock:
                errors[0] += 1
        return time.perf_counter() - started

    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=clients) as pool:
        reports = list(pool.map(report, rows))
        confirmations = list(pool.map(confirm, rows))
    for failure in failures[:10]:  # what went wrong, on standard error (the JSON stays alone on standard output)
        print(failure, file=sys.stderr)
    return reports, confirmations, errors[0], time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=512)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--url", help="a running server (http://127.0.0.1:PORT) with its worker; else started here")
    parser.add_argument("--login-threads", type=int, default=8)
    parser.add_argument("--login", choices=("page", "force"), default="page",
                        help="page: every player logs in through the login page (the password checked, timed apart); "
                             "force: sessions made in this process (Client.force_login), to iterate on the rush")
    parser.add_argument("--web-workers", type=int, default=2, help="gunicorn processes (scripts/run's WEB_WORKERS)")
    parser.add_argument("--web-threads", type=int, default=4, help="threads per process (scripts/run's WEB_THREADS)")
    parser.add_argument("--wait", type=float, default=120.0, help="seconds to wait for the final standings")
    args = parser.parse_args()
    # a SIGTERM (e.g. from `timeout`) ends the run through the finally below: the server and worker are stopped
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    if args.url and not re.match(r"^http://127\.0\.0\.1(:\d+)?/?$", args.url):
        sys.exit("--url: only http://127.0.0.1[:port]")
    call_command("migrate", verbosity=0)
    name = f"rush{int(time.time()) % 100000}"
    tournament, users = build(args.players, name)
    rows = tables(tournament)
    connection.close()
    started_here: list[subprocess.Popen] = []
    ok = False
    with tempfile.TemporaryDirectory(prefix="bench-rush-") as tmp:
        try:
            if args.url:
                base = args.url.rstrip("/")
            else:
                port = free_port()
                started_here.append(start_server(tmp, port, args.web_workers, args.web_threads))
                started_here.append(start_worker(tmp))
                base = f"http://127.0.0.1:{port}"
            login_started = time.perf_counter()
            players = [u for row in rows for u in row[1:]]
            if args.login == "force":
                by_name = {u.username: u for u in users}
                sessions = {name: force_login(base, by_name[name]) for name in players}
                connection.close()
                # the page logins warm every web process (its URLconf, DRF, the first connections); these reads
                # do the same, so the rush does not time a process's first requests
                with ThreadPoolExecutor(max_workers=args.clients) as pool:
                    list(pool.map(lambda row: sessions[row[1]].get(f"{base}/api/v1/matches/{row[0]}/",
                                                                   timeout=TIMEOUT), rows[:4 * args.clients]))
                for row in rows[:4 * args.clients]:  # gunicorn closes an idle connection after 2 s: a POST sent
                    sessions[row[1]].close()          # on it as it closes is reset (a browser would send it again)
            else:
                with ThreadPoolExecutor(max_workers=args.login_threads) as pool:
                    sessions = dict(zip(players, pool.map(lambda u: login(base, u), players)))
            login_s = time.perf_counter() - login_started

            web = group_pids(started_here[0].pid) if started_here else []
            worker = group_pids(started_here[1].pid) if started_here else []
            own_backend = backend_pid()
            database = [pid for pid in postgres_pids(str(connection.settings_dict["NAME"])) if pid != own_backend]
            watched = web + worker + database
            cpu_before = cpu_seconds(watched)
            client_cpu = time.process_time()
            reports, confirmations, errors, wall = rush(base, sessions, rows, args.clients)
            client_cpu = time.process_time() - client_cpu
            tournament.refresh_from_db()
            final = tournament.results_version
            deadline = time.monotonic() + args.wait
            while not StandingsSnapshot.objects.filter(tournament=tournament, version__gte=final).exists():
                if time.monotonic() > deadline:
                    break
                time.sleep(0.1)
            final_after_s = time.perf_counter() - login_started - login_s - wall
            # the backends opened during the rush too (a server that had not touched the database yet): counted
            # from their start
            database = sorted(set(database) | set(postgres_pids(str(connection.settings_dict["NAME"]))) - {own_backend})
            cpu_after = cpu_seconds(web + worker + database)
            by = {name: sum(cpu_after[pid] - cpu_before.get(pid, 0.0) for pid in pids if pid in cpu_after)
                  for name, pids in (("web", web), ("worker", worker), ("postgresql", database))}
            cpu = sum(by.values())
            versions = list(StandingsSnapshot.objects.filter(tournament=tournament).order_by("version")
                            .values_list("version", flat=True))
            confirmed = dict(Match.objects.filter(round__tournament=tournament).values_list("pk", "pk"))
            per_match = {pk: 0 for pk in confirmed}
            for match_id in ResultSubmission.objects.filter(
                    match__round__tournament=tournament, state=ResultSubmission.State.CONFIRMED).values_list(
                    "match_id", flat=True):
                per_match[match_id] += 1
            byes = len(per_match) - len(rows)
            exactly_one = all(n == 1 for n in per_match.values())
            writes = len(reports) + len(confirmations)
            last = versions[-1] if versions else None
            ok = errors == 0 and exactly_one and last == final
            print(json.dumps({
                "players": args.players, "clients": args.clients,
                "server": None if args.url else f"gunicorn {args.web_workers}x{args.web_threads}",
                "requests": writes, "errors": errors,
                "wall_s": round(wall, 2), "requests_per_s": round(writes / wall, 1),
                "reports": percentiles(reports), "confirmations": percentiles(confirmations),
                "cpu_ms_per_write": round(1000 * cpu / writes, 1),
                "cpu_ms_per_write_by": {name: round(1000 * seconds / writes, 1) for name, seconds in by.items()},
                "client_cpu_ms_per_request": round(1000 * client_cpu / writes, 1),
                "confirmed_matches": sum(per_match.values()) - byes, "byes": byes,
                "every_match_one_confirmed": exactly_one, "final_results_version": final,
                "last_snapshot_version": last, "standings_snapshots": len(versions),
                "final_snapshot_s_after_last_request": round(final_after_s, 2),
                "logins": len(sessions), "login": args.login, "login_wall_s": round(login_s, 1),
            }), flush=True)
        finally:
            for process in reversed(started_here):
                stop(process)
            if not ok and started_here:  # the server's and the worker's own account of what failed
                for log in ("gunicorn.log", "worker.log"):
                    print(f"--- {log}\n{(Path(tmp) / log).read_text(errors='replace')[-3000:]}", file=sys.stderr)
            teardown(tournament, users)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
