"""A 512-player round paired with e-mail and web push notifications (issue 25): the pairing request's time with the
notifications queued against the same request without them, side by side, and the workers' throughput.

Builds a started Swiss event of ``--players`` players (each with a verified address, every ``--push-every``-th with
a browser subscribed to web push) on a temporary SQLite file (or ``DATABASE_URL``), then, ``--repeat`` times each,
alternating:

* ``pair_without``: ``round_pair_next`` with notifications off (the e-mail and push receiver of ``event_happened`` disconnected), and
  the commit hooks run;
* ``pair_with``: the same with ``send_notifications`` queued after the commit as on the scaled path (a broker
  publish: ``delay`` records the call instead of sending it, so the request pays what it pays with a broker: building
  the on-commit hook and the signal, never the sending);

each pairing rolled back (the round is deleted) before the next. Then ``worker``: the fan-out task and every chunk
task run in this process, as a worker runs them, with Django's in-memory e-mail backend (every mail is built and
"sent" over one connection per chunk) and a fake push service (``pywebpush.webpush`` answering at once, after the
real payload is built); the webhooks (``tokens25``) are not part of this branch.

Prints one JSON object: per pairing kind the median and each run's wall seconds, the ratio with/without; the worker's
chunks, mails, pushes, notification rows, wall seconds and notifications per second. Usage::

    .venv/bin/python bench/notifications.py [--players 512] [--repeat 3] [--chunk 100] [--push-every 4]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
_TMP = tempfile.TemporaryDirectory(prefix="bench-notifications-")
if not os.environ.get("DATABASE_URL"):
    os.environ["DATABASE_URL"] = f"sqlite:///{_TMP.name}/bench.sqlite3"
os.environ["EMAIL_URL"] = "memorymail://"  # django-environ: the locmem backend
os.environ.setdefault("VAPID_PUBLIC_KEY", "BBenchPublicKey")
os.environ.setdefault("VAPID_PRIVATE_KEY", "bench-private-key")

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import Group, User  # noqa: E402
from django.core import mail  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import transaction  # noqa: E402
from django.test.utils import override_settings  # noqa: E402
from django.utils import timezone  # noqa: E402

from tournaments import services, tasks  # noqa: E402
from tournaments.models import Notification, PushSubscription, Registration, Round, Tournament, VerifiedEmail  # noqa: E402
from tournaments.services.permissions import ORGANISERS_GROUP  # noqa: E402
from tournaments.notifications.events import event_happened  # noqa: E402


def build(players: int, push_every: int) -> tuple[Tournament, User]:
    """A started Swiss event of ``players`` verified players with legal decks (the flag set directly)."""
    call_command("migrate", verbosity=0)
    organiser = User.objects.create_user("bench-organiser", password="x")
    organiser.groups.add(Group.objects.get_or_create(name=ORGANISERS_GROUP)[0])
    t = services.tournament_create(
        actor=organiser,
        name="Bench Open",
        date=datetime.date(2026, 12, 5),
        deck_format_id="55",
        best_of=3,
        swiss_rounds=9,
        top_cut=0,
    )
    services.tournament_open_registration(tournament=t, actor=organiser)
    users = User.objects.bulk_create(
        [User(username=f"p{n:04d}", email=f"p{n:04d}@example.org") for n in range(players)]
    )
    users = list(User.objects.filter(username__startswith="p").order_by("pk"))
    now = timezone.now()
    VerifiedEmail.objects.bulk_create(
        [VerifiedEmail(user=u, address=u.email, verified_at=now) for u in users]
    )
    PushSubscription.objects.bulk_create(
        [
            PushSubscription(user=u, endpoint=f"https://push.example/{u.pk}", p256dh="BKey", auth="secret")
            for n, u in enumerate(users)
            if push_every and n % push_every == 0
        ]
    )
    Registration.objects.bulk_create(
        [Registration(tournament=t, player=u, has_legal_deck=True) for u in users]
    )
    services.tournament_start(tournament=t, actor=organiser)
    return Tournament.objects.get(pk=t.pk), organiser


def pair_once(t: Tournament, organiser: User, seed: int) -> tuple[float, int]:
    """Pair round 1 and run the commit hooks, as a request does; returns (seconds, rounds paired)."""
    start = time.perf_counter()
    with transaction.atomic():
        rnd = services.round_pair_next(tournament=t, actor=organiser, seed=seed)
    elapsed = time.perf_counter() - start
    Round.objects.filter(pk=rnd.pk).delete()
    return elapsed, rnd.number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=512)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--chunk", type=int, default=100)
    parser.add_argument("--push-every", type=int, default=4)
    args = parser.parse_args()
    t, organiser = build(args.players, args.push_every)
    queued: list[tuple] = []
    runs: dict[str, list[float]] = {"pair_without": [], "pair_with": []}
    with (
        mock.patch.object(tasks.send_notifications, "delay", side_effect=lambda *a: queued.append(a)),
        mock.patch.object(tasks.call_round_time, "apply_async"),  # the time call a broker would hold
    ):
        for n in range(args.repeat):
            event_happened.disconnect(dispatch_uid="tournaments.queue_notifications")
            runs["pair_without"].append(pair_once(t, organiser, seed=n)[0])
            event_happened.connect(tasks.queue_notifications, dispatch_uid="tournaments.queue_notifications")
            runs["pair_with"].append(pair_once(t, organiser, seed=n)[0])
    assert len(queued) == args.repeat, queued
    # the worker: pair once more (kept), then run the fan-out and its chunks in this process
    with (
        mock.patch.object(tasks.send_notifications, "delay", side_effect=lambda *a: queued.append(a)),
        mock.patch.object(tasks.call_round_time, "apply_async"),
    ):
        with transaction.atomic():
            rnd = services.round_pair_next(tournament=t, actor=organiser, seed=99)
    event, payload = queued[-1]
    mail.outbox = []
    with (
        override_settings(NOTIFICATION_CHUNK_SIZE=args.chunk, CELERY_TASK_ALWAYS_EAGER=True),
        mock.patch("tournaments.services.notifications.pywebpush.webpush") as webpush,
    ):
        start = time.perf_counter()
        chunks = tasks.send_notifications.apply(args=(event, payload)).get()
        worker_seconds = time.perf_counter() - start
    rows = Notification.objects.filter(key__startswith=f"round.paired:round={rnd.pk}:").count()
    without, with_ = statistics.median(runs["pair_without"]), statistics.median(runs["pair_with"])
    print(
        json.dumps(
            {
                "players": args.players,
                "database": django.db.connection.vendor,
                "pairing_seconds": {
                    "without_notifications": round(without, 4),
                    "with_notifications": round(with_, 4),
                    "ratio": round(with_ / without, 3),
                    "runs": {k: [round(v, 4) for v in vs] for k, vs in runs.items()},
                },
                "worker": {
                    "chunks": chunks,
                    "chunk_size": args.chunk,
                    "mails": len(mail.outbox),
                    "pushes": webpush.call_count,
                    "notification_rows": rows,
                    "seconds": round(worker_seconds, 3),
                    "notifications_per_second": round(rows / worker_seconds, 1),
                },
                "load_average": os.getloadavg(),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
