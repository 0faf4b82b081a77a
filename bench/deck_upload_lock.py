"""An organiser's walk-in write while players upload large decklists, on the embedded SQLite (issue 21, finding 8).

Makes a throwaway SQLite database (WAL, IMMEDIATE transactions, as ``config.settings.base`` sets them), an event
open for registration with ``--uploaders`` players, then starts one process per player that submits, again and
again for ``--seconds``, a decklist of about 1 MB of unknown card lines (``decks.services.deck_submit``, as the
pages and the API call it). Meanwhile the main process registers ``--walk-ins`` walk-ins
(``tournaments.services.walk_in_register``) one after another and times each. Prints one JSON object: the
walk-in latencies (median, mean, max, in seconds) with no uploads and during the uploads, and the uploads done.

``--inside-transaction`` wraps each upload in ``transaction.atomic()``: the reading then holds the write lock, as
``deck_submit`` did before issue 21 (the figure to compare with). Usage::

    .venv/bin/python bench/deck_upload_lock.py [--uploaders 6] [--walk-ins 15] [--inside-transaction]
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import multiprocessing
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
WORK = tempfile.mkdtemp(prefix="bench-deck-lock-")
os.environ["DATABASE_URL"] = f"sqlite:///{WORK}/db.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
os.environ.update(CELERY_TASK_ALWAYS_EAGER="true", LOG_LEVEL="ERROR")
os.environ.pop("REDIS_URL", None)

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import Group, User  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connections, transaction  # noqa: E402

from decks.services import deck_submit  # noqa: E402
from tournaments import services  # noqa: E402
from tournaments.errors import UserError  # noqa: E402
from tournaments.models import Registration, Tournament  # noqa: E402
from tournaments.services.check_in import walk_in_register  # noqa: E402
from tournaments.services.permissions import ORGANISERS_GROUP  # noqa: E402

#: about 1 MB (DECKLIST_MAX_BYTES) in 1,000 lines naming no card (more card lines are refused at once): the
#: slowest list a player can send, ~0.7 s to read
UNKNOWN_DECK = "".join(f"1x Nonexistent Card {i:04d} of the Forgotten Realms {'x' * 950}\n" for i in range(1000))
UNKNOWN_DECK = UNKNOWN_DECK[:1024 * 1024 - 64]


def upload_loop(registration_id: int, until: float, inside_transaction: bool, done) -> None:
    connections.close_all()  # a forked child opens its own connection
    registration = Registration.objects.select_related("player").get(pk=registration_id)
    while time.monotonic() < until:
        with transaction.atomic() if inside_transaction else contextlib.nullcontext():
            try:
                deck_submit(registration=registration, actor=registration.player, data=UNKNOWN_DECK)
            except UserError:
                pass  # unknown cards: refused, as expected
        with done.get_lock():
            done.value += 1


def walk_in_times(tournament: Tournament, organiser: User, count: int, prefix: str) -> list[float]:
    times = []
    for i in range(count):
        started = time.perf_counter()
        walk_in_register(tournament=tournament, actor=organiser, name=f"{prefix} walk-in {i}")
        times.append(time.perf_counter() - started)
        time.sleep(0.1)
    return times


def summary(times: list[float]) -> dict:
    return {"median": round(statistics.median(times), 3), "mean": round(statistics.mean(times), 3),
            "max": round(max(times), 3), "n": len(times)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--uploaders", type=int, default=6)
    parser.add_argument("--walk-ins", type=int, default=15)
    parser.add_argument("--inside-transaction", action="store_true",
                        help="read each decklist inside the write transaction (deck_submit before issue 21)")
    args = parser.parse_args()

    call_command("migrate", verbosity=0)
    call_command("import_cards", stdout=open(os.devnull, "w"))
    organiser = User.objects.create_user("bench-organiser")
    organiser.groups.add(Group.objects.get_or_create(name=ORGANISERS_GROUP)[0])
    tournament = services.tournament_create(actor=organiser, name="Upload lock bench", date=datetime.date.today())
    services.tournament_open_registration(tournament=tournament, actor=organiser)
    players = [User.objects.create_user(f"bench-player{i}") for i in range(args.uploaders)]
    registrations = [services.player_register(tournament=tournament, actor=user) for user in players]

    idle = walk_in_times(tournament, organiser, args.walk_ins, "idle")
    connections.close_all()
    context = multiprocessing.get_context("fork")
    done = context.Value("i", 0)
    started = time.monotonic()
    seconds = 3.0 + 0.4 * args.walk_ins
    children = [context.Process(target=upload_loop, args=(r.pk, started + seconds, args.inside_transaction, done))
                for r in registrations]
    for child in children:
        child.start()
    time.sleep(1.0)  # every uploader is reading by now
    busy = walk_in_times(tournament, organiser, args.walk_ins, "busy")
    for child in children:
        child.join()
    print(json.dumps({
        "uploaders": args.uploaders, "decklist_bytes": len(UNKNOWN_DECK.encode()),
        "reading": "inside the write transaction" if args.inside_transaction else "before the write transaction",
        "walk_in_seconds_idle": summary(idle), "walk_in_seconds_during_uploads": summary(busy),
        "uploads": done.value, "upload_seconds": round(time.monotonic() - started, 1),
    }, indent=2))


if __name__ == "__main__":
    try:
        main()
    finally:
        shutil.rmtree(WORK, ignore_errors=True)
