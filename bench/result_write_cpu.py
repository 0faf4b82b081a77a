"""The CPU time of one result write, in-process, through the real stack (issue 27, target: at most 10 ms).

Builds a started Swiss event of ``2 x --tables`` players with round 1 paired (through the services), logs every
player in (``Client.force_login``: a real session in this deployment's session engine), then, with a Django test
``Client`` per player (the URL resolver, every middleware, CSRF enforced with the token the browser would send, DRF's
authentication, permissions, throttles and serializers): every table's first seat reports a 2-1
(``POST /api/v1/matches/<id>/reports/``), then every second seat confirms it (``POST /api/v1/reports/<id>/confirm/``).

Each write is timed with ``time.process_time`` (this process's CPU, every thread) and split by phase (inclusive
timers around the framework's own functions, then subtracted):

* ``middleware``: ``BaseHandler.get_response`` outside DRF's ``APIView.dispatch`` (sessions, locale, CSRF,
  authentication middleware, the URL resolver, the response's headers);
* ``drf_initial``: ``APIView.initial`` (DRF's authentication, content negotiation, permissions, throttles);
* ``view``: the rest of ``dispatch`` (parsing and validating the input, the lookup, the answer's serializer and
  rendering);
* ``service``: ``services.result_report`` / ``result_confirm`` without the commit hooks;
* ``commit_hooks``: ``run_and_clear_commit_hooks`` (the standings queued: a Celery publish on the scaled path; on
  the embedded default the first confirmation computes the standings in the request, the others wait for the end
  of the eager window, after the measure).

Prints one JSON object: per kind of write (``report``, ``confirm``), the mean and median CPU ms, the mean of each
phase, and the queries (the app's, without the session row, and all of them); with ``--profile`` also the top 30
functions by cumulative time (cProfile) of every write, after the JSON, on standard error; with ``--calls`` the mean
number of Python function calls per write (``python_calls_mean``): unlike CPU time, the same however loaded or slow
the machine is, so two versions compare on it in any minute.

Usage: the scaled path (your own database and Redis db, never CI's)::

    createdb -h 127.0.0.1 -U postgres bench_write_cpu
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_write_cpu REDIS_URL=redis://127.0.0.1:6379/7 \\
        .venv/bin/python bench/result_write_cpu.py [--tables 200] [--profile]

or the embedded default (no ``DATABASE_URL``: a temporary SQLite file, the in-process cache, eager standings)::

    .venv/bin/python bench/result_write_cpu.py --tables 200

Not part of CI.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import io
import json
import os
import pstats
import re
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
_TMP = tempfile.TemporaryDirectory(prefix="bench-write-cpu-")
if not os.environ.get("DATABASE_URL"):
    os.environ["DATABASE_URL"] = f"sqlite:///{_TMP.name}/bench.sqlite3"
    os.environ.pop("REDIS_URL", None)
if any(os.environ["DATABASE_URL"].rstrip("/").endswith(f"/{name}") for name in ("test", "test_test")):
    sys.exit("The databases test and test_test are CI's: use your own (e.g. bench_write_cpu).")
if re.search(r"/(14|15)/?$", os.environ.get("REDIS_URL", "")):
    sys.exit("Redis databases 14 and 15 are CI's: use another (e.g. redis://127.0.0.1:6379/7).")
os.environ.setdefault("STANDINGS_EAGER_WINDOW_SECONDS", "600")  # the embedded default: one run, after the measure

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import Group, User  # noqa: E402
from django.core.handlers.base import BaseHandler  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.db.backends.base.base import BaseDatabaseWrapper  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from rest_framework.views import APIView  # noqa: E402

from tournaments import services  # noqa: E402
from tournaments.models import Match, Tournament  # noqa: E402
from tournaments.services.permissions import ORGANISERS_GROUP  # noqa: E402

CSRF_SECRET = "rushRUSHrushRUSHrushRUSHrushRUSH"  # 32 characters of CSRF_ALLOWED_CHARS, sent as cookie and header
GAMES = {"games": [{"winner": "a"}, {"winner": "b"}, {"winner": "a"}]}


# --- the event -----------------------------------------------------------------------------------------------

def build(tables: int, name: str) -> tuple[Tournament, list[tuple[int, User, User]]]:
    """A running Swiss event of ``2 x tables`` players with round 1 paired, through the services; returns it and
    (match id, first seat's player, second seat's player) for each table."""
    organiser, _ = User.objects.get_or_create(username=f"{name}-organiser")
    organiser.groups.add(Group.objects.get_or_create(name=ORGANISERS_GROUP)[0])
    t = services.tournament_create(actor=organiser, name=name, date=datetime.date.today(), swiss_rounds=9)
    services.tournament_open_registration(tournament=t, actor=organiser)
    users = User.objects.bulk_create([User(username=f"{name}-p{i:04d}") for i in range(2 * tables)])
    for user in users:
        registration = services.player_register(tournament=t, actor=user)
        services.registration_deck_status_set(registration=registration, legal=True)
    t = services.tournament_start(tournament=t, actor=organiser)
    services.round_pair_next(tournament=t, actor=organiser, seed=27)
    by_id = {u.pk: u for u in users}
    seats: dict[int, dict[int, User]] = defaultdict(dict)
    for match_id, number, player_id in Match.objects.filter(round__tournament=t).values_list(
            "pk", "seats__number", "seats__registration__player_id"):
        seats[match_id][number] = by_id[player_id]
    return t, [(pk, s[1], s[2]) for pk, s in sorted(seats.items()) if len(s) == 2]


def logged_in(user: User) -> Client:
    """A client with a real session of ``user`` and the CSRF cookie and header a browser's page would send."""
    client = Client(enforce_csrf_checks=True, HTTP_X_CSRFTOKEN=CSRF_SECRET)
    client.force_login(user)
    client.cookies["csrftoken"] = CSRF_SECRET
    return client


# --- the phases ----------------------------------------------------------------------------------------------

class Phases:
    """Inclusive CPU seconds of the wrapped functions during one write (``time.process_time``)."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = defaultdict(float)

    def wrap(self, owner: Any, attribute: str, phase: str) -> None:
        original: Callable[..., Any] = getattr(owner, attribute)

        def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.process_time()
            try:
                return original(*args, **kwargs)
            finally:
                self.spent[phase] += time.process_time() - started
        setattr(owner, attribute, timed)

    @contextmanager
    def write(self) -> Iterator[dict[str, float]]:
        self.spent.clear()
        split: dict[str, float] = {}
        yield split
        s = self.spent
        split.update({
            "middleware": s["request"] - s["dispatch"],
            "drf_initial": s["drf_initial"],
            "view": s["dispatch"] - s["drf_initial"] - s["service"],
            "service": s["service"] - s["commit_hooks"],
            "commit_hooks": s["commit_hooks"],
        })


def instrumented() -> Phases:
    phases = Phases()
    phases.wrap(BaseHandler, "get_response", "request")
    phases.wrap(APIView, "dispatch", "dispatch")
    phases.wrap(APIView, "initial", "drf_initial")
    phases.wrap(BaseDatabaseWrapper, "run_and_clear_commit_hooks", "commit_hooks")
    phases.wrap(services, "result_report", "service")
    phases.wrap(services, "result_confirm", "service")
    return phases


def summary(samples: list[dict[str, float]]) -> dict[str, Any]:
    def ms(values: list[float]) -> float:
        return round(1000 * statistics.fmean(values), 2)
    return {
        "writes": len(samples),
        "cpu_ms_mean": ms([x["cpu"] for x in samples]),
        "cpu_ms_median": round(1000 * statistics.median(x["cpu"] for x in samples), 2),
        "phases_ms_mean": {phase: ms([x[phase] for x in samples])
                           for phase in ("middleware", "drf_initial", "view", "service", "commit_hooks")},
        "app_queries": sorted({int(x["app_queries"]) for x in samples}),
        "all_queries": sorted({int(x["all_queries"]) for x in samples}),
        **({"python_calls_mean": round(statistics.fmean(x["calls"] for x in samples))} if "calls" in samples[0] else {}),
    }


def measured(phases: Phases, profile: cProfile.Profile | None, client: Client, path: str, body: dict | None,
             expected: int, count_calls: bool = False) -> tuple[Any, dict[str, float]]:
    """One ``POST path`` (JSON ``body``) by ``client``: its answer and its CPU seconds, phases and queries; with
    ``count_calls`` also the Python function calls it made (``calls``: cProfile's count, the same from run to run
    whatever the machine's load, where the CPU time is not; the profiler then adds to the CPU figures)."""
    counter = cProfile.Profile() if count_calls else None
    with CaptureQueriesContext(connection) as queries, phases.write() as split:
        if profile is not None:
            profile.enable()
        if counter is not None:
            counter.enable()
        started = time.process_time()
        answer = client.post(path, body, content_type="application/json")
        cpu = time.process_time() - started
        if counter is not None:
            counter.disable()
        if profile is not None:
            profile.disable()
    if answer.status_code != expected:
        raise SystemExit(f"{answer.status_code}: {answer.content[:500]!r}")
    app = [q for q in queries.captured_queries if "django_session" not in q["sql"]]
    calls = {"calls": pstats.Stats(counter).total_calls} if counter is not None else {}  # type: ignore[attr-defined]
    return answer, {"cpu": cpu, **split, "app_queries": len(app), "all_queries": len(queries.captured_queries),
                    **calls}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--profile", action="store_true", help="cProfile every write; top 30 by cumtime on stderr")
    parser.add_argument("--profile-out", metavar="FILE", help="with --profile: also dump the stats (pstats) here")
    parser.add_argument("--calls", action="store_true",
                        help="count each write's Python function calls (python_calls_mean: a figure the machine's "
                             "load does not move, to compare two versions; the CPU figures then include the counting)")
    args = parser.parse_args()
    if args.calls and args.profile:
        parser.error("--calls and --profile each need the profiler: use one")
    call_command("migrate", verbosity=0)
    name = f"cpu{int(time.time()) % 100000}"
    tournament, rows = build(args.tables, name)
    clients = {u.pk: logged_in(u) for _, first, second in rows for u in (first, second)}
    # per-process caches (content types, URL patterns, serializer fields) warm, as in a running server
    clients[rows[0][1].pk].get("/api/v1/tournaments/")
    phases = instrumented()
    profile = cProfile.Profile(time.process_time) if args.profile else None
    reports, confirmations, report_ids = [], [], {}
    for match_id, first, _ in rows:
        answer, sample = measured(phases, profile, clients[first.pk], f"/api/v1/matches/{match_id}/reports/",
                                  GAMES, 201, args.calls)
        report_ids[match_id] = answer.json()["id"]
        reports.append(sample)
    for match_id, _, second in rows:
        _, sample = measured(phases, profile, clients[second.pk], f"/api/v1/reports/{report_ids[match_id]}/confirm/",
                             None, 200, args.calls)
        confirmations.append(sample)
    print(json.dumps({
        "database": connection.vendor, "session_engine": django.conf.settings.SESSION_ENGINE,
        "standings": "eager" if django.conf.settings.CELERY_TASK_ALWAYS_EAGER else "celery",
        "tables": len(rows), "report": summary(reports), "confirm": summary(confirmations),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }), flush=True)
    if profile is not None:
        out = io.StringIO()
        stats = pstats.Stats(profile, stream=out)
        stats.sort_stats("cumulative").print_stats(30)
        stats.sort_stats("tottime").print_stats(30)
        print(out.getvalue(), file=sys.stderr)
        if args.profile_out:
            stats.dump_stats(args.profile_out)
    if connection.vendor != "sqlite":
        Match.objects.filter(round__tournament=tournament).delete()
        tournament.delete()
        User.objects.filter(username__startswith=f"{name}-").delete()


if __name__ == "__main__":
    main()
