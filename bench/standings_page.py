"""Requests per second of the standings and pairings pages under a crowd, served by gunicorn from PostgreSQL and Redis.

Loads a large event (default 4,096 players, 12 Swiss rounds, every result confirmed; the loader of
``bench/standings_job.py``) into the database of ``DATABASE_URL``, stores its standings snapshot, then:

1. measures in this process what one cached visitor request costs (the WSGI application called directly, no
   network, no load client): ``in_process``: ``ms_per_request`` (wall), ``cpu_ms_per_request`` and ``queries``,
   over ``--in-process`` (500) requests of page 1. Less sensitive to a busy machine than the load test;
2. starts gunicorn (``--workers 2``; ``--worker-class``/``--threads`` as given, default ``gthread`` with 4 threads)
   on 127.0.0.1 with ``REDIS_URL`` as the cache, then drives each page with ``--connections`` (64) concurrent
   clients for ``--seconds`` (15) each, without ``If-None-Match`` (every answer a full 200 page): the standings page
   (pages 1 to 5 in turn) and the pairings of the last round (pages 1 to 5). Each path is requested a few times
   first (the workers' first requests and each page's first render are not what a crowd sees).

The load client is ``wrk`` when it is installed (``apt-get install wrk``, a Debian package; not needed by
``.ci/run``: this bench is not part of CI): written in C, it leaves the two cores to the server, with a Lua script
that rotates the paths and reports exact percentiles. Without it (or with ``--client python``) a small asyncio
HTTP/1.1 client in this file, bounded in time, which itself costs about as much CPU as the server. Prints one JSON
object per page: ``in_process``, ``requests_per_s``, ``p50_ms``, ``p99_ms``, ``errors`` (non-2xx/3xx answers, failed
or timed-out connections) and ``client``. The event is deleted afterwards.

Usage::

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/perfbench REDIS_URL=redis://127.0.0.1:6379/7 \\
        .venv/bin/python bench/standings_page.py [--players 4096] [--rounds 12] [--seconds 15] [--connections 64]

``--keep`` only loads the event (and its snapshot) and prints ``{"tournament": <id>}``; ``--tournament ID`` drives
an event loaded earlier (and keeps it). Target (issue #12): at least 500 requests/s with p99 at most 200 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.core.handlers.wsgi import WSGIHandler  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from standings_job import load_event  # noqa: E402

from tournaments.models import Match, Registration, Tournament  # noqa: E402
from tournaments.services.standings import standings_recompute  # noqa: E402


def load(players: int, rounds: int, seed: int) -> Tournament:
    call_command("migrate", verbosity=0)
    organiser, _ = User.objects.get_or_create(username="bench-organiser")
    tournament = load_event(players, rounds, seed, organiser)
    standings_recompute(tournament_id=tournament.pk)
    return tournament


def delete(tournament: Tournament) -> None:
    users = list(Registration.objects.filter(tournament=tournament).values_list("player_id", flat=True))
    Match.objects.filter(round__tournament=tournament).delete()  # matches protect their registrations
    tournament.delete()
    User.objects.filter(pk__in=users).delete()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def in_process(path: str, requests: int) -> dict:
    """What one cached visitor GET of ``path`` costs through the whole Django stack in this process (the page is
    requested once first, so it is cached): wall and CPU milliseconds per request, and SQL queries per request."""
    application = WSGIHandler()
    statuses: list[str] = []

    def get() -> None:
        environ = {"REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": "", "SERVER_NAME": "127.0.0.1",
                   "SERVER_PORT": "80", "HTTP_HOST": "127.0.0.1", "SERVER_PROTOCOL": "HTTP/1.1",
                   "REMOTE_ADDR": "127.0.0.1", "wsgi.input": io.BytesIO(), "wsgi.url_scheme": "http",
                   "wsgi.errors": sys.stderr}
        b"".join(application(environ, lambda status, headers, exc_info=None: statuses.append(status)))

    get()
    queries: list[str] = []
    with connection.execute_wrapper(lambda execute, sql, *args: (queries.append(sql), execute(sql, *args))[1]):
        get()
    statuses.clear()
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(requests):
        get()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {"ms_per_request": round(wall / requests * 1000, 3), "cpu_ms_per_request": round(cpu / requests * 1000, 3),
            "queries": len(queries), "errors": sum(not s.startswith("200") for s in statuses)}


def start_server(port: int, workers: int, worker_class: str, threads: int) -> subprocess.Popen:
    env = dict(os.environ, DEBUG="0", ALLOWED_HOSTS="127.0.0.1", DJANGO_SETTINGS_MODULE="config.settings.base",
               LOG_LEVEL="WARNING")
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", str(workers),
         "--worker-class", worker_class, "--threads", str(threads),
         "--backlog", "2048", "--timeout", "60", "--log-level", "warning"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"gunicorn exited with {server.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return server
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("gunicorn did not start within 30 s")


async def get(port: int, path: str) -> int:
    """One GET (a new connection, ``Connection: close``); returns the status code after reading the whole body."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        await writer.drain()
        data = await reader.read()  # until the server closes
    finally:
        writer.close()
    return int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.") else 0


async def drive(port: int, paths: list[str], connections: int, seconds: float) -> dict:
    latencies: list[float] = []
    errors = 0
    deadline = time.monotonic() + seconds

    async def client(n: int) -> None:
        nonlocal errors
        i = n
        while time.monotonic() < deadline:
            started = time.perf_counter()
            try:
                status = await asyncio.wait_for(get(port, paths[i % len(paths)]), timeout=30)
            except (OSError, asyncio.TimeoutError):
                status = 0
            latencies.append(time.perf_counter() - started)
            if status != 200:
                errors += 1
            i += 1

    started = time.monotonic()
    await asyncio.gather(*(client(n) for n in range(connections)))
    elapsed = time.monotonic() - started
    latencies.sort()
    return {"requests": len(latencies), "seconds": round(elapsed, 1),
            "requests_per_s": round(len(latencies) / elapsed, 1),
            "p50_ms": round(statistics.median(latencies) * 1000, 1) if latencies else None,
            "p99_ms": round(latencies[int(len(latencies) * 0.99) - 1] * 1000, 1) if latencies else None,
            "errors": errors}


WRK_SCRIPT = """
paths = {%s}
counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", paths[(counter %% #paths) + 1])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK {"requests": %%d, "us": %%d, "p50_us": %%d, "p99_us": %%d, "errors": %%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.status + e.timeout))
end
"""


def drive_wrk(port: int, paths: list[str], connections: int, seconds: float, threads: int) -> dict:
    """The same load with ``wrk`` (keep-alive when the server allows it; non-2xx/3xx answers are errors)."""
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write(WRK_SCRIPT % ", ".join(json.dumps(p) for p in paths))
    try:
        out = subprocess.run(
            ["wrk", "--threads", str(min(threads, connections)), "--connections", str(connections),
             "--duration", f"{max(1, round(seconds))}s", "--timeout", "30s", "--script", script.name,
             f"http://127.0.0.1:{port}"], capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(script.name)
    line = next(x for x in out.splitlines() if x.startswith("WRK "))
    found = json.loads(line[4:])
    elapsed = found["us"] / 1e6
    return {"requests": found["requests"], "seconds": round(elapsed, 1),
            "requests_per_s": round(found["requests"] / elapsed, 1), "p50_ms": round(found["p50_us"] / 1000, 1),
            "p99_ms": round(found["p99_us"] / 1000, 1), "errors": found["errors"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4096)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--worker-class", default="gthread", help="gunicorn's --worker-class (sync, gthread)")
    parser.add_argument("--threads", type=int, default=4, help="gunicorn's --threads per worker (gthread)")
    parser.add_argument("--client", choices=("auto", "wrk", "python"), default="auto",
                        help="the load client: wrk if installed (auto), or the asyncio client in this file")
    parser.add_argument("--client-threads", type=int, default=1, help="wrk's --threads")
    parser.add_argument("--in-process", type=int, default=500, help="requests timed in this process per page")
    parser.add_argument("--keep", action="store_true", help="only load the event and print its id")
    parser.add_argument("--tournament", type=int, help="drive an event loaded earlier (--keep) and keep it")
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL") or not os.environ.get("REDIS_URL"):
        raise SystemExit("Set DATABASE_URL (PostgreSQL) and REDIS_URL (the cache, e.g. redis://127.0.0.1:6379/7).")
    if args.tournament:
        tournament = Tournament.objects.get(pk=args.tournament)
    else:
        started = time.perf_counter()
        tournament = load(args.players, args.rounds, args.seed)
        if args.keep:
            print(json.dumps({"tournament": tournament.pk}))
            return
        print(json.dumps({"loaded": tournament.pk, "players": args.players, "rounds": args.rounds,
                          "load_s": round(time.perf_counter() - started, 1)}), flush=True)
    last = tournament.rounds.order_by("-number").first()
    pages = {
        "standings": [f"/t/{tournament.pk}/standings/"] + [f"/t/{tournament.pk}/standings/?page={n}"
                                                          for n in range(2, 6)],
        "pairings": [f"/t/{tournament.pk}/rounds/{last.number}/"] + [
            f"/t/{tournament.pk}/rounds/{last.number}/?page={n}" for n in range(2, 6)],
    }
    client = args.client if args.client != "auto" else ("wrk" if shutil.which("wrk") else "python")
    costs = {name: in_process(paths[0], args.in_process) for name, paths in pages.items()} if args.in_process else {}
    port = free_port()
    server = start_server(port, args.workers, args.worker_class, args.threads)
    try:
        for paths in pages.values():  # each worker's first request and each page's first render are not the crowd
            for _ in range(2 * args.workers):
                for path in paths:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=60).read()
        for name, paths in pages.items():
            if client == "wrk":
                result = drive_wrk(port, paths, args.connections, args.seconds, args.client_threads)
            else:
                result = asyncio.run(drive(port, paths, args.connections, args.seconds))
            print(json.dumps({"page": name, "players": Registration.objects.filter(tournament=tournament).count(),
                              "in_process": costs.get(name), "client": client, "connections": args.connections,
                              "workers": args.workers, "worker_class": args.worker_class, "threads": args.threads,
                              **result,
                              "target_met": result["requests_per_s"] >= 500 and (result["p99_ms"] or 1e9) <= 200
                              and result["errors"] == 0}), flush=True)
    finally:
        server.terminate()
        server.wait(timeout=10)
        if not args.tournament:
            delete(tournament)


if __name__ == "__main__":
    main()
