"""Disputes and results of any seat count through the pages: the evidence the organiser settles from,
the audit log as text, an elimination match with a drawn game, a table of four."""

from __future__ import annotations

import datetime

import pytest

from tests.markup import squash
from django.contrib.auth.models import User
from django.urls import reverse

from tests.conftest import LEGAL_55
from tournaments.models import AuditEntry, Match, ResultSubmission

pytestmark = pytest.mark.django_db


def _seat_users(match: Match) -> list[User]:
    return [s.registration.player for s in match.seats.select_related("registration__player").order_by("number")]


def _started(organiser, users, capture, **options):
    """A tournament with ``users`` registered (legal decks), started and round 1 paired."""
    from decks.services import deck_submit
    from tournaments import services

    t = services.tournament_create(actor=organiser, name="Cup", date=datetime.date(2026, 12, 5), deck_format_id="55",
                                   **options)
    services.tournament_open_registration(tournament=t, actor=organiser)
    for user in users:
        reg = services.player_register(tournament=t, actor=user)
        deck_submit(registration=reg, actor=user, data=LEGAL_55.read_bytes(), filename=LEGAL_55.name)
    services.tournament_start(tournament=t, actor=organiser)
    with capture(execute=True):
        rnd = services.round_pair_next(tournament=t, actor=organiser, seed=7)
    return t, rnd


def test_a_dispute_shows_every_report_and_the_settlement_is_logged_as_text(
    client, round_one, organiser, django_capture_on_commit_callbacks
):
    t = round_one.tournament
    match = round_one.matches.get()
    first, second = _seat_users(match)
    slip = reverse("tournaments:match", args=[t.pk, match.pk])

    # The player at seat 1 reports 2-1: won, lost, won (a mulligan by the opponent in between).
    client.force_login(first)
    response = client.post(slip, {"slip_round": "1", "slip_table": str(match.table), "game-1": "me",
                                  "game-2": "mulligan_opponent", "game-3": "opponent", "game-4": "me"})
    assert response.status_code == 302
    report = match.submissions.get()
    assert report.outcome["wins"] == [2, 1]

    # The opponent sees the games and disputes, saying why.
    client.force_login(second)
    page = client.get(slip).content.decode()
    # (a two-draw mulligan restarts a game: the slip numbers the games played, the mulligan told with game 2)
    assert f"Game 2: {second.username} won" in page and "Dispute" in page
    assert f"two-draw mulligan declared by {second.username}" in page
    client.post(reverse("tournaments:report-answer", args=[t.pk, match.pk, report.pk, "dispute"]),
                {"reason": "I won game 1: the slip is the wrong way round"})
    match.refresh_from_db()
    assert match.status == Match.Status.DISPUTED

    # The organiser's match page shows the report's games, its state and the dispute reason.
    client.force_login(organiser)
    page = client.get(slip).content.decode()
    assert "Disputed: every report, side by side" in page
    assert f"{first.username} 2-1 {second.username}" in page
    assert f"Game 1: {first.username} won" in page
    assert f"Game 2: two-draw mulligan declared by {second.username}" in page
    assert f"Game 4: {first.username} won" in page
    assert "I won game 1: the slip is the wrong way round" in page
    assert "Accept this report" in page
    # ... and so does the manage page's list of open tables.
    manage = client.get(reverse("tournaments:manage", args=[t.pk])).content.decode()
    assert "I won game 1: the slip is the wrong way round" in manage and f"Game 3: {second.username} won" in manage

    # A settlement needs a reason; then the chosen report is the result.
    override = reverse("tournaments:override", args=[t.pk, match.pk])
    client.post(override, {"submission": report.pk, "reason": "", "next": "match"})
    assert not AuditEntry.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(override, {"submission": report.pk, "reason": "Both players agreed at the desk",
                                          "next": "match"})
    assert response.status_code == 302 and response["Location"] == slip
    report.refresh_from_db()
    match.refresh_from_db()
    assert report.state == ResultSubmission.State.CONFIRMED and match.status == Match.Status.CONFIRMED
    entry = AuditEntry.objects.get()
    assert entry.action == AuditEntry.Action.DISPUTE_SETTLED

    # The audit log shows the result before and after as text, never a Python dict.
    manage = client.get(reverse("tournaments:manage-audit", args=[t.pk])).content.decode()
    audit_html = manage.split(">Audit log</h2>")[1]
    assert "Both players agreed at the desk" in audit_html
    assert "Status: Disputed" in audit_html and "Result: no confirmed result" in audit_html
    assert f"Result: {first.username} 2-1 {second.username}" in audit_html
    assert "{" not in audit_html and "'wins_a'" not in audit_html and "&#x27;" not in audit_html
    page = client.get(slip).content.decode()
    match_audit = page.split("Changes to this match")[1]
    assert f"Result: {first.username} 2-1 {second.username}" in match_audit
    assert "{" not in match_audit and "'wins_a'" not in match_audit


def test_the_organiser_settles_a_dispute_with_a_new_result(client, round_one, organiser):
    from tournaments import services

    t = round_one.tournament
    match = round_one.matches.get()
    first, second = _seat_users(match)
    report = services.result_report(match=match, actor=first, games=[{"winner": "a"}, {"winner": "a"}])
    services.result_report(match=match, actor=second, games=[{"winner": "b"}, {"winner": "b"}])
    match.refresh_from_db()
    assert match.status == Match.Status.DISPUTED
    client.force_login(organiser)
    manage = client.get(reverse("tournaments:manage", args=[t.pk])).content.decode()
    assert manage.count("Accept this report") == 2 and "reported a different result" in manage
    client.post(reverse("tournaments:override", args=[t.pk, match.pk]),
                {"game-1": "a", "game-2": "b", "game-3": "a", "reason": "Judge watched game 3"})
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    assert [s.wins for s in match.seats.order_by("number")] == [2, 1]
    report.refresh_from_db()
    assert report.state == ResultSubmission.State.SUPERSEDED
    confirmed = match.submissions.get(state=ResultSubmission.State.CONFIRMED)
    assert confirmed.source == ResultSubmission.Source.ORGANISER and confirmed.reason == "Judge watched game 3"


def test_an_elimination_best_of_3_with_a_drawn_game_through_the_slip(
    client, organiser, alice, bob, django_capture_on_commit_callbacks
):
    t, rnd = _started(organiser, [alice, bob], django_capture_on_commit_callbacks,
                      structure="single_elimination", best_of=3)
    assert rnd.is_elimination
    match = rnd.matches.get()
    first, second = _seat_users(match)
    slip = reverse("tournaments:match", args=[t.pk, match.pk])
    client.force_login(first)
    assert "drawn games do not count" in client.get(slip).content.decode()
    # Three games leave it undecided (1-1, a draw): refused, nothing stored.
    response = client.post(slip, {"game-1": "me", "game-2": "opponent", "game-3": "drawn"})
    assert response.status_code == 400 and not match.submissions.exists()
    response = client.post(slip, {"game-1": "me", "game-2": "opponent", "game-3": "drawn", "game-4": "me"})
    assert response.status_code == 302
    report = match.submissions.get()
    client.force_login(second)
    page = client.get(slip).content.decode()
    assert "Game 3: drawn" in page and f"{first.username} 2-1-1 {second.username}" in page
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("tournaments:report-answer", args=[t.pk, match.pk, report.pk, "confirm"]))
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED and match.draws == 1
    assert [(s.wins, s.placement) for s in match.seats.order_by("number")] == [(2, 1), (1, 2)]
    bracket = client.get(reverse("tournaments:bracket", args=[t.pk])).content.decode()
    assert f'<strong>{first.username}</strong><span class="visually-hidden"> advances' in bracket


def test_a_table_of_four_is_reported_and_confirmed_through_the_slip(
    client, organiser, django_capture_on_commit_callbacks
):
    users = [User.objects.create_user(f"p{n}", password="pass-123-pass") for n in range(4)]
    t, rnd = _started(organiser, users, django_capture_on_commit_callbacks, structure="pods", table_size=4,
                      tiebreakers="pods", swiss_rounds=2)
    match = rnd.matches.get()
    seated = _seat_users(match)
    assert len(seated) == 4
    slip = reverse("tournaments:match", args=[t.pk, match.pk])
    client.force_login(seated[0])
    page = client.get(slip).content.decode()
    assert "A multiplayer table of 4" in page and 'name="place-4"' in page and 'name="game-1"' not in page
    # Game by game: seat 2 wins game 1, seat 1 game 2, seat 2 game 3.
    response = client.post(slip, {"mode": "games", "game-1-winners": ["2"], "game-2-winners": ["1"],
                                  "game-3-winners": ["2"]})
    assert response.status_code == 302
    report = match.submissions.get()
    assert report.outcome["placements"] == [2, 1, 3, 3]
    client.force_login(seated[2])
    page = client.get(slip).content.decode()
    assert f"Game 1: {seated[1].username} won" in page
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("tournaments:report-answer", args=[t.pk, match.pk, report.pk, "confirm"]))
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    assert [s.placement for s in match.seats.order_by("number")] == [2, 1, 3, 3]
    round_page = client.get(reverse("tournaments:round", args=[t.pk, 1])).content.decode()
    assert f"1. {seated[1].username} (2 won)" in round_page


def test_a_table_of_four_by_placements_and_the_organiser_sees_the_table_form(
    client, organiser, django_capture_on_commit_callbacks
):
    users = [User.objects.create_user(f"q{n}", password="pass-123-pass") for n in range(4)]
    t, rnd = _started(organiser, users, django_capture_on_commit_callbacks, structure="pods", table_size=4,
                      tiebreakers="pods", swiss_rounds=2)
    match = rnd.matches.get()
    seated = _seat_users(match)
    slip = reverse("tournaments:match", args=[t.pk, match.pk])
    client.force_login(seated[3])
    response = client.post(slip, {"mode": "placements", "place-1": "3", "place-2": "1", "place-3": "1",
                                  "place-4": "4"})
    assert response.status_code == 302
    client.force_login(seated[0])
    report = match.submissions.get()
    client.post(reverse("tournaments:report-answer", args=[t.pk, match.pk, report.pk, "dispute"]),
                {"reason": "I came second"})
    client.force_login(organiser)
    manage = client.get(reverse("tournaments:manage", args=[t.pk])).content.decode()
    assert "I came second" in manage and f"Placements: {seated[0].username} 3" in manage
    assert 'name="placement_choice"' in squash(manage)  # the desk's one-tap results; the full form is on the slip
    assert 'name="place-4"' in client.get(slip).content.decode()
    client.post(reverse("tournaments:override", args=[t.pk, match.pk]),
                {"mode": "placements", "place-1": "2", "place-2": "1", "place-3": "3", "place-4": "4",
                 "reason": "Table judge's notes"})
    match.refresh_from_db()
    assert [s.placement for s in match.seats.order_by("number")] == [2, 1, 3, 4]
