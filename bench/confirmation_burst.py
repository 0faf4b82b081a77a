"""A burst of result confirmations against PostgreSQL, Redis and two real Celery workers (issue 12, item 2).

Creates an event of ``2 x --confirmations`` players with round 1 paired and every result reported by the
first seat, starts two ``celery worker`` nodes (``--concurrency=1``, prefork, like ``.ci/run``) on the same
database and Redis, then confirms every report from ``--threads`` threads at once, calling the service
(``services.result_confirm``) as the pages and the API do. It waits (bounded) until the standings snapshot
has the final results version and no standings job is left running or waiting, then prints one JSON object:
confirmations, snapshots written, the last snapshot's version, the final results version, seconds (the burst,
and until the standings were up to date). The workers are stopped at the end (SIGTERM, then SIGKILL after
``--stop-seconds``), and the event deleted.

Targets: at most 20 snapshots for 500 confirmations, and the last snapshot's version == the final results
version. Usage (your own database and Redis db, never CI's ``test``/``test_test`` nor db 15)::

    createdb -h 127.0.0.1 -U postgres bench_burst
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_burst REDIS_URL=redis://127.0.0.1:6379/8 \\
        .venv/bin/python bench/confirmation_burst.py [--confirmations 500] [--threads 8]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import signal
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
    sys.exit("Set DATABASE_URL (PostgreSQL) and REDIS_URL: this bench needs real Celery workers.")
if any(os.environ["DATABASE_URL"].rstrip("/").endswith(f"/{name}") for name in ("test", "test_test")):
    sys.exit("The databases test and test_test are CI's: use your own (e.g. bench_burst).")
os.environ["CELERY_TASK_ALWAYS_EAGER"] = "0"

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import Group, User  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connections  # noqa: E402

from config.celery import app as celery_app  # noqa: E402
from tournaments import services  # noqa: E402
from tournaments.models import Match, Registration, ResultSubmission, Round, Seat, StandingsSnapshot, Tournament  # noqa: E402
from tournaments.services.permissions import ORGANISERS_GROUP  # noqa: E402
from tournaments.tasks import queued_key  # noqa: E402

WORKERS = 2


def event(organiser: User, matches: int, name: str) -> tuple[Tournament, list[ResultSubmission], dict[int, User]]:
    """A running tournament with round 1 paired (two seats a match) and every result reported by seat 1;
    returns it, the reports and, by match id, the user who confirms."""
    t = services.tournament_create(actor=organiser, name=name, date=datetime.date(2026, 12, 5), swiss_rounds=5)
    users = User.objects.bulk_create([User(username=f"{name}-p{i:05d}") for i in range(2 * matches)])
    regs = Registration.objects.bulk_create([Registration(tournament=t, player=u) for u in users])
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.RUNNING,
                                              decks_locked_at=datetime.datetime.now(datetime.UTC))
    rnd = Round.objects.create(tournament=t, number=1, kind=Round.Kind.SWISS, seed=1, created_by=organiser)
    rows = Match.objects.bulk_create([Match(round=rnd, table=k + 1) for k in range(matches)])
    Seat.objects.bulk_create([Seat(match=m, registration=regs[2 * k + n], number=n + 1)
                              for k, m in enumerate(rows) for n in (0, 1)])
    scores = ([{"winner": "a"}, {"winner": "b"}, {"winner": "a"}], [{"winner": "a"}, {"winner": "a"}],
              [{"winner": "b"}, {"winner": "b"}], [{"winner": "a"}, {"drawn": True}, {"winner": "b"}])
    reports = [services.result_report(match=m, actor=users[2 * k], games=scores[k % 4]) for k, m in enumerate(rows)]
    return Tournament.objects.get(pk=t.pk), reports, {m.pk: users[2 * k + 1] for k, m in enumerate(rows)}


def start_workers(tmp: str) -> list[Path]:
    """Two detached worker nodes on this DATABASE_URL and REDIS_URL; returns their pid files."""
    pidfiles = []
    for n in range(1, WORKERS + 1):
        pidfile = Path(tmp) / f"worker-{n}.pid"
        subprocess.run([str(ROOT / ".venv" / "bin" / "celery"), "-A", "config", "worker", "-n", f"burst{n}@%h",
                        "--loglevel=WARNING", "--concurrency=1", "--pool=prefork",
                        f"--logfile={tmp}/worker-{n}.log", f"--pidfile={pidfile}", "--detach"],
                       cwd=ROOT, check=True, env={**os.environ, "CELERY_TASK_ALWAYS_EAGER": "0"})
        pidfiles.append(pidfile)
    deadline = time.monotonic() + 60
    while len(celery_app.control.ping(timeout=1.0) or []) < WORKERS:
        if time.monotonic() > deadline:
            raise SystemExit("the Celery workers did not answer within 60 s")
    return pidfiles


def stop_workers(pidfiles: list[Path], seconds: float) -> None:
    """SIGTERM each worker (a warm shutdown), SIGKILL what is still alive after ``seconds``."""
    pids = []
    for pidfile in pidfiles:
        try:
            pids.append(int(pidfile.read_text().strip()))
        except (OSError, ValueError):
            continue
    for pid in pids:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    deadline = time.monotonic() + seconds
    for pid in pids:
        while time.monotonic() < deadline:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.2)
        else:
            try:
                os.killpg(os.getpgid(pid), signal.SIGKILL)
            except ProcessLookupError:
                pass


def idle(tournament: Tournament) -> bool:
    """No standings job of the tournament left waiting (marker) or running (active on a worker)."""
    if cache.get(queued_key(tournament.pk)):
        return False
    active = celery_app.control.inspect(timeout=1.0).active() or {}
    return not any(task for tasks in active.values() for task in tasks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--confirmations", type=int, default=500)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--wait", type=float, default=120.0, help="seconds to wait for the standings")
    parser.add_argument("--stop-seconds", type=float, default=20.0)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    organiser, _ = User.objects.get_or_create(username="burst-organiser")
    organiser.groups.add(Group.objects.get_or_create(name=ORGANISERS_GROUP)[0])
    name = f"burst{int(time.time()) % 100000}"
    tournament, reports, confirmer = event(organiser, args.confirmations, name)
    StandingsSnapshot.objects.filter(tournament=tournament).delete()
    cache.delete(queued_key(tournament.pk))
    with tempfile.TemporaryDirectory(prefix="bench-burst-") as tmp:
        pidfiles = start_workers(tmp)
        try:
            barrier = threading.Barrier(args.threads)

            def confirm(chunk: list[ResultSubmission]) -> int:
                barrier.wait()
                try:
                    for report in chunk:
                        services.result_confirm(submission=report, actor=confirmer[report.match_id])
                    return len(chunk)
                finally:
                    connections.close_all()

            started = time.perf_counter()
            with ThreadPoolExecutor(max_workers=args.threads) as pool:
                confirmed = sum(pool.map(confirm, [reports[i::args.threads] for i in range(args.threads)]))
            burst_s = time.perf_counter() - started
            tournament.refresh_from_db()
            final = tournament.results_version
            deadline = time.monotonic() + args.wait
            while not StandingsSnapshot.objects.filter(tournament=tournament, version=final).exists():
                if time.monotonic() > deadline:
                    break
                time.sleep(0.1)
            up_to_date_s = time.perf_counter() - started
            while not idle(tournament) and time.monotonic() < deadline:  # count the jobs still waiting too
                time.sleep(0.5)
            versions = list(StandingsSnapshot.objects.filter(tournament=tournament).order_by("version")
                            .values_list("version", flat=True))
            print(json.dumps({
                "database": "postgresql", "workers": WORKERS, "threads": args.threads, "confirmations": confirmed,
                "snapshots": len(versions), "last_snapshot_version": versions[-1] if versions else None,
                "final_results_version": final, "burst_s": round(burst_s, 2),
                "up_to_date_s": round(up_to_date_s, 2),
                "at_most_20_snapshots": len(versions) <= 20, "last_is_final": bool(versions) and versions[-1] == final,
                "snapshot_versions": versions,
            }))
        finally:
            stop_workers(pidfiles, args.stop_seconds)
            users = list(Registration.objects.filter(tournament=tournament).values_list("player_id", flat=True))
            Match.objects.filter(round__tournament=tournament).delete()
            tournament.delete()
            User.objects.filter(pk__in=users).delete()


if __name__ == "__main__":
    main()
