"""Requests per second of the standings and pairings pages under a crowd, served by gunicorn from PostgreSQL and Redis.

Loads a large event (default 4,096 players, 12 Swiss rounds, every result confirmed; the loader of
``bench/standings_job.py``) into the database of ``DATABASE_URL``, stores its standings snapshot, starts gunicorn
(``--workers 2``) on 127.0.0.1 with ``REDIS_URL`` as the cache, then drives each page with ``--connections`` (64)
concurrent clients for ``--seconds`` (15) each, without ``If-None-Match`` (every answer a full 200 page): the
standings page (pages 1 to 5 in turn) and the pairings of the last round (pages 1 to 5). The client is a small
asyncio HTTP/1.1 client in this file, bounded in time. Prints one JSON object per page: ``requests_per_s``,
``p50_ms``, ``p99_ms``, ``errors`` (non-200 answers and failed connections). The event is deleted afterwards.

Usage::

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/perfbench REDIS_URL=redis://127.0.0.1:6379/7 \\
        .venv/bin/python bench/standings_page.py [--players 4096] [--rounds 12] [--seconds 15] [--connections 64]

``--keep`` only loads the event (and its snapshot) and prints ``{"tournament": <id>}``; ``--tournament ID`` drives
an event loaded earlier (and keeps it). Target (issue #12): at least 500 requests/s with p99 at most 200 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.core.management import call_command  # noqa: E402
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


def start_server(port: int, workers: int) -> subprocess.Popen:
    env = dict(os.environ, DEBUG="0", ALLOWED_HOSTS="127.0.0.1", DJANGO_SETTINGS_MODULE="config.settings.base",
               LOG_LEVEL="WARNING")
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", str(workers),
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4096)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--workers", type=int, default=2)
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
    port = free_port()
    server = start_server(port, args.workers)
    try:
        for name, paths in pages.items():
            result = asyncio.run(drive(port, paths, args.connections, args.seconds))
            print(json.dumps({"page": name, "players": Registration.objects.filter(tournament=tournament).count(),
                              "connections": args.connections, "workers": args.workers, **result,
                              "target_met": result["requests_per_s"] >= 500 and (result["p99_ms"] or 1e9) <= 200
                              and result["errors"] == 0}), flush=True)
    finally:
        server.terminate()
        server.wait(timeout=10)
        if not args.tournament:
            delete(tournament)


if __name__ == "__main__":
    main()
