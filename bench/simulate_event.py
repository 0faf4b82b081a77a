"""CPU cost of ``manage.py simulate_event`` per player, from 64 to 1,024 players (issue 12, item 2).

Each size runs in a fresh Python process (the command in-process there, through ``call_command``) on
the embedded default: a temporary SQLite file, Celery tasks run eagerly, the in-memory cache. The
database is migrated and the card catalogue imported before the clock starts; what is measured is the
command alone: registration with real CrossFire decks, the Swiss rounds (6 by default), the top cut, the
standings. ``--database-url postgres://...`` runs the same against that database instead (each size
creates its own event; still eager unless ``REDIS_URL`` is set in the environment).

CPU seconds are ``time.process_time()`` of the child process plus its own children
(``os.times()``), so a loaded machine changes the wall time, not the figure. Prints one JSON object per
size, then a summary with the ratio of the CPU per player at the largest size to that at the smallest.
Target: ratio <= 1.2 (flat within 20 %).
Usage: ``.venv/bin/python bench/simulate_event.py [--sizes 64,256,1024] [--rounds 6] [--profile DIR]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def child(players: int, rounds: int, seed: int, profile: str | None) -> None:
    """Run one simulated event in this process and print its figures as one JSON line."""
    import io

    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from tournaments.models import StandingsSnapshot, Tournament

    call_command("migrate", verbosity=0)
    call_command("import_cards", verbosity=0, stdout=io.StringIO())
    out = io.StringIO()
    before_children = os.times()
    cpu0, wall0 = time.process_time(), time.perf_counter()
    if profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    call_command("simulate_event", players=players, rounds=rounds, seed=seed, stdout=out)
    if profile:
        profiler.disable()
        profiler.dump_stats(str(Path(profile) / f"simulate_{players}.prof"))
    after_children = os.times()
    cpu = time.process_time() - cpu0 + (after_children.children_user - before_children.children_user) + (
        after_children.children_system - before_children.children_system)
    wall = time.perf_counter() - wall0
    tournament = Tournament.objects.order_by("-pk").first()
    assert tournament is not None and "Winner:" in out.getvalue(), out.getvalue()[-2000:]
    print(json.dumps({
        "database": connection.vendor, "players": players, "rounds": rounds,
        "snapshots": StandingsSnapshot.objects.filter(tournament=tournament).count(),
        "results_version": tournament.results_version,
        "cpu_s": round(cpu, 2), "wall_s": round(wall, 2),
        "cpu_ms_per_player": round(1000 * cpu / players, 2),
    }))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="64,256,1024")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database-url", help="run against this database instead of a temporary SQLite file")
    parser.add_argument("--profile", help="write a cProfile dump per size into this directory")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.rounds, args.seed, args.profile)
        return
    results = []
    for players in [int(s) for s in args.sizes.split(",")]:
        with tempfile.TemporaryDirectory(prefix="bench-simulate-") as tmp:
            env = dict(os.environ)
            env["DATABASE_URL"] = args.database_url or f"sqlite:///{tmp}/db.sqlite3"
            if not args.database_url:
                env.pop("REDIS_URL", None)  # the embedded default: eager Celery, in-memory cache
            command = [sys.executable, __file__, "--child", str(players), "--rounds", str(args.rounds),
                       "--seed", str(args.seed)] + (["--profile", args.profile] if args.profile else [])
            done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, check=False)
            if done.returncode:
                sys.exit(f"simulate_event with {players} players failed:\n{done.stderr[-4000:]}")
            line = json.loads(done.stdout.strip().splitlines()[-1])
            print(json.dumps(line), flush=True)
            results.append(line)
    first, last = results[0], results[-1]
    ratio = last["cpu_ms_per_player"] / first["cpu_ms_per_player"]
    print(json.dumps({"cpu_ms_per_player": {str(r["players"]): r["cpu_ms_per_player"] for r in results},
                      f"ratio_{last['players']}_to_{first['players']}": round(ratio, 3),
                      "flat_within_20_percent": ratio <= 1.2}))


if __name__ == "__main__":
    main()
