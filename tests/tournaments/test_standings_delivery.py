"""Standings reach players even when the broker fails; pages and the API serve them with an ETag;
standings, pairings and history export as CSV and as the rules command line's JSON."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.urls import reverse
from kombu.exceptions import OperationalError
from rest_framework.test import APIClient
from rules.history import history_from_json
from rules.standings import compute_standings

from tournaments import services
from tournaments.models import Match, StandingsSnapshot
from tournaments.services.standings import stale_tournament_ids
from tournaments.tasks import requeue_stale_standings

pytestmark = pytest.mark.django_db

WIN_A_2_0 = [{"winner": "a"}, {"winner": "a"}]


def confirm_round_one(round_one, alice, bob, capture, games=WIN_A_2_0) -> Match:
    match = round_one.matches.get()
    first = match.seats.get(number=1).registration.player
    reporter, confirmer = (alice, bob) if first == alice else (bob, alice)
    report = services.result_report(match=match, actor=reporter, games=games)
    with capture(execute=True):
        services.result_confirm(submission=report, actor=confirmer)
    match.refresh_from_db()
    return match


def test_a_confirmation_succeeds_when_the_broker_is_down_and_the_periodic_task_catches_up(
    round_one, alice, bob, tournament, django_capture_on_commit_callbacks, settings, monkeypatch
):
    from tournaments import tasks

    settings.CELERY_TASK_ALWAYS_EAGER = False

    def broker_down(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(tasks.recompute_standings, "delay", broker_down)
    match = confirm_round_one(round_one, alice, bob, django_capture_on_commit_callbacks)
    assert match.status == Match.Status.CONFIRMED  # the result is stored
    tournament.refresh_from_db()
    assert not StandingsSnapshot.objects.filter(version=tournament.results_version).exists()
    assert stale_tournament_ids() == [tournament.pk]

    monkeypatch.setattr(tasks.recompute_standings, "delay", lambda tid: tasks.recompute_standings.apply(args=[tid]))
    assert requeue_stale_standings() == [tournament.pk]
    snapshot = StandingsSnapshot.objects.get(tournament=tournament, version=tournament.results_version)
    assert snapshot.rows[0]["points"] == 3
    assert stale_tournament_ids() == []


def test_the_standings_api_and_page_answer_304_when_unchanged(
    round_one, alice, bob, tournament, client, django_capture_on_commit_callbacks
):
    confirm_round_one(round_one, alice, bob, django_capture_on_commit_callbacks)
    api = APIClient()
    url = f"/api/v1/tournaments/{tournament.pk}/standings/"
    first = api.get(url)
    etag = first.headers["ETag"]
    assert first.status_code == 200 and first.json()["version"] == first.json()["results_version"]
    assert api.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    page_url = reverse("tournaments:standings", args=[tournament.pk])
    page = client.get(page_url)
    assert page.status_code == 200
    assert client.get(page_url, HTTP_IF_NONE_MATCH=page.headers["ETag"]).status_code == 304
    tournament.refresh_from_db()
    tournament.results_version += 1  # a new confirmed result changes the tag
    tournament.save(update_fields=["results_version"])
    assert api.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_exports_rescore_to_the_same_standings(
    round_one, alice, bob, tournament, client, django_capture_on_commit_callbacks
):
    match = confirm_round_one(round_one, alice, bob, django_capture_on_commit_callbacks,
                              games=[{"winner": "a"}, {"mulligan_by": "b"}, {"winner": "b"}, {"winner": "a"}])
    history = json.loads(client.get(reverse("tournaments:export-history-json", args=[tournament.pk])).content)
    rescored = [row.to_json() for row in compute_standings(history_from_json(history))]
    snapshot = StandingsSnapshot.objects.filter(tournament=tournament).order_by("-version").first()
    assert [(r["player"], r["points"], r["gwp"]) for r in rescored] == \
        [(r["player"], r["points"], r["gwp"]) for r in snapshot.rows]

    standings = list(csv.DictReader(io.StringIO(
        client.get(reverse("tournaments:export-standings", args=[tournament.pk])).content.decode())))
    assert [row["rank"] for row in standings] == ["1", "2"] and standings[0]["points"] == "3"
    pairings = list(csv.DictReader(io.StringIO(
        client.get(reverse("tournaments:export-pairings", args=[tournament.pk])).content.decode())))
    assert pairings[0]["round"] == "1" and pairings[0]["table"] == "1"
    history_rows = list(csv.DictReader(io.StringIO(
        client.get(reverse("tournaments:export-history-csv", args=[tournament.pk])).content.decode())))
    assert pairings[0]["seat_count"] == "2" and pairings[0]["bye"] == "0"
    seats = list(match.seats.select_related("registration__player").order_by("number"))
    names = [s.registration.display_name for s in seats]
    assert pairings[0]["seats"] == " / ".join(names)
    row = history_rows[0]
    assert row["status"] == "confirmed" and row["seats"] == " / ".join(names)
    assert row["result"] == f"{names[0]} 2-1 {names[1]}" and row["wins"] == "2 1" and row["placements"] == "1 2"
    confirmed = match.submissions.get(state="confirmed")
    assert json.loads(row["record"]) == confirmed.record
    assert any(game.get("mulligan_by") for game in json.loads(row["record"])["games"])
    assert f"Game 2: two-draw mulligan declared by {names[1]}" in row["games"] and "{" not in row["games"]
