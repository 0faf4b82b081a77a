"""The round's clock ends when its last two tables are confirmed at the same moment (issue 27).

At the end of a round the last tables confirm together. Each confirmation checks whether any table of the round is
still without a confirmed result and, if none is, ends the round's clock. The check ran before the confirmation took
the tournament's row (the results version): of two confirmations in flight at once, each saw the other's match still
"reported" (not yet committed), so neither ended the clock and the round ran on with every result in. The results
version is now taken first: the second confirmation waits for the first to commit, then sees its match confirmed.

PostgreSQL only: SQLite runs one write transaction at a time, so the two cannot overlap there.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection, transaction

from tests.conftest import make_event
from tournaments import services
from tournaments.models import Match, Round

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="two write transactions overlap only on PostgreSQL"),
]


def test_the_last_two_tables_confirmed_at_once_end_the_round(organiser):
    t, _ = make_event(organiser, 4, structure="swiss", swiss_rounds=3)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=3)
    reports = []
    for match in rnd.matches.order_by("table"):
        first, second = (s.registration.player for s in match.seats.order_by("number"))
        reports.append((services.result_report(match=match, actor=first, games=[{"winner": "a"}, {"winner": "a"}]),
                        second))
    (report_a, player_a), (report_b, player_b) = reports

    first_confirmed, release_first = threading.Event(), threading.Event()
    failures: list[BaseException] = []

    def confirm_a_and_hold_the_commit() -> None:
        try:
            with transaction.atomic():
                services.result_confirm(submission=report_a, actor=player_a)
                first_confirmed.set()
                assert release_first.wait(10)
        except BaseException as exc:  # reported by the main thread
            failures.append(exc)
            first_confirmed.set()
        finally:
            connection.close()

    def confirm_b() -> None:
        try:
            services.result_confirm(submission=report_b, actor=player_b)
        except BaseException as exc:
            failures.append(exc)
        finally:
            connection.close()

    first = threading.Thread(target=confirm_a_and_hold_the_commit)
    first.start()
    assert first_confirmed.wait(10)
    second = threading.Thread(target=confirm_b)
    second.start()
    second.join(1.0)  # the second confirmation is now waiting for the first one's commit (the results version)
    release_first.set()
    first.join(10)
    second.join(10)
    assert not failures, failures
    assert set(Match.objects.filter(round=rnd).values_list("status", flat=True)) == {Match.Status.CONFIRMED}
    assert Round.objects.get(pk=rnd.pk).ended_at is not None, "every table has its result: the round's clock ends"
