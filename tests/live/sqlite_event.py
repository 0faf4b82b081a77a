"""Set up a file SQLite database for tests/live/test_sqlite_concurrency.py, in its own process:
migrate, then a started Swiss event of ``2 * TABLES`` players with round 1 paired and every table's
result reported by its first seat. Prints JSON: ``[{"report": id, "username": confirming player}]``.

Run as ``python -m tests.live.sqlite_event TABLES`` with ``DATABASE_URL=sqlite:////path`` set."""

from __future__ import annotations

import json
import sys

import django


def main(tables: int) -> None:
    django.setup()
    from django.contrib.auth.hashers import make_password
    from django.contrib.auth.models import Group, User
    from django.core.management import call_command

    from tests.conftest import make_event
    from tournaments.services import result_report, round_pair_next
    from tournaments.services.permissions import ORGANISERS_GROUP

    call_command("migrate", verbosity=0)
    organiser = User.objects.create_user("organiser", password="organiser-pass-123")
    organiser.groups.add(Group.objects.get_or_create(name=ORGANISERS_GROUP)[0])
    tournament, _regs = make_event(organiser, 2 * tables, structure="swiss", swiss_rounds=3)
    User.objects.exclude(pk=organiser.pk).update(password=make_password("player-pass-123"))
    round_ = round_pair_next(tournament=tournament, actor=organiser, seed=1)
    out = []
    for match in round_.matches.prefetch_related("seats__registration__player"):
        first, second = (s.registration.player for s in match.seats.order_by("number"))
        report = result_report(match=match, actor=first, games=[{"winner": "a"}, {"winner": "a"}])
        out.append({"report": report.pk, "username": second.username})
    print(json.dumps(out))


if __name__ == "__main__":
    main(int(sys.argv[1]))
