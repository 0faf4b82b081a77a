"""Query counts of the two writes of a round's end are pinned: a player's report and the opponent's confirmation
through the API (issue 27: at the end of a round every table writes at once).

Each is measured for a 4-player and a 12-player event in the same state (round 1 paired): the count must be the
pinned number for both, so a query per match, seat or player fails here. The standings job that a confirmation
queues runs after the commit (on a Celery worker on the scaled path): it is not part of the request's count.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from tests.conftest import app_queries, make_event
from tournaments import services
from tournaments.api.serializers import MatchSerializer, SeatSerializer
from tournaments.models import Match, ResultSubmission

pytestmark = pytest.mark.django_db

# 13 before issue 27: -1 the session read from the cache (cached_db sessions), -2 the answer built from the rows
# the service wrote (the seats and every submission of the match were read again), -1 the match read once, locked
# by the service (the view looked it up first); -1 a first report (the match not yet "reported") looks for no
# pending report to answer (9 before)
REPORT_QUERIES = 8
# 17 before issue 27: -1 the session from the cache, -1 the match locked by id (it was read once unlocked first),
# -2 the answer serialised from the locked match and its seats (they were read again), -1 no earlier confirmed
# submission looked for when the match is not confirmed; +1 (issue 20) whether the round has a table left without a
# confirmed result (the last one stops the round's clock: one UPDATE more then); -1 the report's match locked
# through the report's id (the view read the report first; 13 before); +1 the seats written by one plain UPDATE each
# instead of one CASE WHEN for both: a query more, but Django builds two plain UPDATEs of a duel's seats with 1,035
# Python calls against 3,612 for bulk_update's one (12 before)
CONFIRM_QUERIES = 13


def _first_duel(organiser, players: int):
    t, _ = make_event(organiser, players, structure="swiss", swiss_rounds=3)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=5)
    match = next(m for m in rnd.matches.order_by("table") if m.seats.count() == 2)
    first, second = (s.registration.player for s in match.seats.order_by("number"))
    return match, first, second


def _client(user) -> APIClient:
    client = APIClient()
    client.force_login(user)
    client.get("/api/v1/tournaments/")  # the session and per-process caches (content types) are warm
    return client


def _report_and_confirm(organiser, players: int) -> tuple[int, int]:
    match, first, second = _first_duel(organiser, players)
    reporter, confirmer = _client(first), _client(second)
    with CaptureQueriesContext(connection) as report_queries:
        answer = reporter.post(f"/api/v1/matches/{match.pk}/reports/",
                               {"games": [{"winner": "a"}, {"winner": "b"}, {"winner": "a"}]}, format="json")
    assert answer.status_code == 201, answer.content
    with CaptureQueriesContext(connection) as confirm_queries:
        answer = confirmer.post(f"/api/v1/reports/{answer.json()['id']}/confirm/")
    assert answer.status_code == 200, answer.content
    assert ResultSubmission.objects.filter(match=match, state=ResultSubmission.State.CONFIRMED).count() == 1
    assert Match.objects.get(pk=match.pk).status == Match.Status.CONFIRMED
    return len(app_queries(report_queries)), len(app_queries(confirm_queries))


def test_a_report_and_its_confirmation_cost_a_fixed_number_of_queries(organiser):
    counts = [_report_and_confirm(organiser, players) for players in (4, 12)]
    assert counts == [(REPORT_QUERIES, CONFIRM_QUERIES)] * 2


@pytest.mark.parametrize("body", [{"games": [{"winner": "a"}]}, {"games": "not a list"}, {"placements": [1, 1]}])
def test_a_report_of_a_missing_match_is_a_404_whatever_its_body(alice, body):
    """The view no longer looks the match up before the service locks it; a missing match still answers 404,
    before its input is validated, as it did."""
    answer = _client(alice).post("/api/v1/matches/999999/reports/", body, format="json")
    assert answer.status_code == 404 and answer.json()["code"] == "not_found", answer.content


def test_a_confirmation_locks_the_match_before_it_reads_the_report(organiser):
    """The report's match is locked through the report's id, before the report itself is read (the order every
    result service keeps: the match, then its submissions; issue 27: the view no longer reads the report first)."""
    match, first, second = _first_duel(organiser, 4)
    report = services.result_report(match=match, actor=first, games=[{"winner": "a"}, {"winner": "a"}])
    with CaptureQueriesContext(connection) as captured:
        answer = _client(second).post(f"/api/v1/reports/{report.pk}/confirm/")
    assert answer.status_code == 200 and answer.json()["status"] == "confirmed", answer.content
    reads = [q["sql"] for q in app_queries(captured) if q["sql"].startswith("SELECT")]
    match_read = next(i for i, sql in enumerate(reads) if 'FROM "tournaments_match"' in sql)
    assert not any('FROM "tournaments_resultsubmission"' in sql for sql in reads[:match_read]), reads
    assert 'JOIN "tournaments_resultsubmission"' in reads[match_read], reads[match_read]
    if connection.vendor == "postgresql":  # SQLite locks the whole database instead
        assert reads[match_read].endswith('FOR UPDATE OF "tournaments_match"'), reads[match_read]
    assert reads[match_read].count('"tournaments_tournament"."') < 12, "only the fields a result write reads"


def test_a_confirmation_rewrites_only_what_confirming_changes(organiser):
    """The report's record, submitter and time are never written again when it is confirmed: only its state, outcome,
    who answered and when (and what it supersedes). Money-grade results (STYLE.md): what a player reported stays as
    reported."""
    match, first, second = _first_duel(organiser, 4)
    report = services.result_report(match=match, actor=first, games=[{"winner": "a"}, {"winner": "a"}])
    reported = (report.record, report.submitted_by_id, report.submitted_at)
    with CaptureQueriesContext(connection) as captured:
        services.result_confirm(submission=report, actor=second)
    updates = [q["sql"] for q in captured.captured_queries
               if q["sql"].startswith('UPDATE "tournaments_resultsubmission"')]
    assert len(updates) == 1, updates
    assert '"state"' in updates[0] and '"responded_by_id"' in updates[0]
    assert not any(f'"{column}"' in updates[0] for column in ("record", "submitted_by_id", "submitted_at")), updates
    report.refresh_from_db()
    assert report.state == ResultSubmission.State.CONFIRMED and report.responded_by == second
    assert (report.record, report.submitted_by_id, report.submitted_at) == reported


def test_a_repeated_report_by_the_same_player_still_replaces_their_pending_one(organiser):
    """A first report looks for no pending one (issue 27), but a second report by the same player, the match now
    "reported", still supersedes their first: one pending report per match."""
    match, first, _ = _first_duel(organiser, 4)
    earlier = services.result_report(match=match, actor=first, games=[{"winner": "b"}, {"winner": "b"}])
    later = services.result_report(match=match, actor=first, games=[{"winner": "a"}, {"winner": "a"}])
    earlier.refresh_from_db()
    assert earlier.state == ResultSubmission.State.SUPERSEDED and later.supersedes_id == earlier.pk
    assert list(match.submissions.filter(state=ResultSubmission.State.PENDING)) == [later]


def test_the_answers_model_fields_are_built_once_per_class(organiser, monkeypatch):
    """A match's and a seat's API shape is built from the model once; each answer copies it (issue 27: DRF built
    it again for every serializer, a tenth of a millisecond each), and no two answers share a field."""
    match, _, _ = _first_duel(organiser, 4)
    assert MatchSerializer(match).data["id"] == match.pk  # built (or already built by another test)
    built: list[str] = []
    original = MatchSerializer.build_field

    def counting(self, field_name, *args, **kwargs):
        built.append(field_name)
        return original(self, field_name, *args, **kwargs)

    monkeypatch.setattr(MatchSerializer, "build_field", counting)
    monkeypatch.setattr(SeatSerializer, "build_field", counting)
    one, other = MatchSerializer(match), MatchSerializer(match)
    assert one.data == other.data and one.data["seats"][0]["seat"] == 1
    assert built == []
    assert one.fields["status"] is not other.fields["status"] and one.fields["status"].parent is one
