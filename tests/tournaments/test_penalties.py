"""Penalties: warnings, game losses, match losses and disqualifications, issued by the organiser only,
each one in the audit log with the result before and after; bad requests change nothing."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tournaments import services
from tournaments.errors import Conflict, NotAllowed, UserError
from tests.conftest import call_time, confirmed_submission, score_text, seat_regs, seat_users, seat_wins
from tests.markup import squash
from tournaments.models import AuditEntry, Match, Penalty, ResultSubmission, Seat, StandingsSnapshot, Tournament

pytestmark = pytest.mark.django_db


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def seats(match: Match, alice=None, bob=None):
    """(the user at seat 1 ("a"), the user at seat 2 ("b"))."""
    return tuple(seat_users(match))


def names(match: Match) -> tuple[str, str]:
    return tuple(u.username for u in seat_users(match))


def confirm(match: Match, player_a, player_b, games: list[dict]) -> None:
    report = services.result_report(match=match, actor=player_a, games=games)
    services.result_confirm(submission=report, actor=player_b)
    match.refresh_from_db()


def nothing_penalised(tournament: Tournament) -> bool:
    return not Penalty.objects.filter(tournament=tournament).exists() and not AuditEntry.objects.filter(
        tournament=tournament, action=AuditEntry.Action.PENALTY).exists()


# --- every kind ---------------------------------------------------------------------------------------


def test_a_warning_is_recorded_and_logged_and_changes_no_result(round_one, tournament, organiser):
    match = round_one.matches.get()
    penalty = services.penalty_issue(tournament=tournament, actor=organiser, registration=seat_regs(match)[0],
                                     kind=Penalty.Kind.WARNING, reason="Slow play")
    assert penalty.round_number == 1 and penalty.issued_by == organiser
    entry = AuditEntry.objects.get(action=AuditEntry.Action.PENALTY)
    assert "Warning" in entry.reason and "Slow play" in entry.reason and entry.actor == organiser
    match.refresh_from_db()
    assert match.status == Match.Status.PENDING and not match.submissions.exists()


def test_a_game_loss_before_the_match_counts_as_the_opponents_first_game(round_one, tournament, organiser,
                                                                         alice, bob):
    match = round_one.matches.get()
    player_a, player_b = seats(match, alice, bob)
    services.penalty_issue(tournament=tournament, actor=organiser, registration=seat_regs(match)[0],
                           kind=Penalty.Kind.GAME_LOSS, reason="Decklist error")
    # the players report the games they played; the game loss is added for them
    confirm(match, player_a, player_b, [{"winner": "a"}, {"winner": "a"}])
    assert score_text(match) == "2-1"
    result = confirmed_submission(match)
    assert [g["winners"] for g in result.record["games"]] == [[1], [1]]  # the games played, as reported
    assert result.outcome["wins"] == [2, 1]  # with the game loss: a game won by seat 2


def test_a_game_loss_on_a_confirmed_match_rescores_it_and_logs_before_and_after(round_one, tournament, organiser,
                                                                                alice, bob):
    match = round_one.matches.get()
    player_a, player_b = seats(match, alice, bob)
    call_time(round_one)
    confirm(match, player_a, player_b, [{"winner": "a"}, {"unfinished": True}])  # 1-0-1 at time
    version = Tournament.objects.get(pk=tournament.pk).results_version
    services.penalty_issue(tournament=tournament, actor=organiser, registration=seat_regs(match)[0],
                           kind=Penalty.Kind.GAME_LOSS, reason="Marked cards")
    match.refresh_from_db()
    assert seat_wins(match) == (1, 1) and match.draws == 1
    entry = AuditEntry.objects.get(action=AuditEntry.Action.PENALTY)
    first, second = names(match)
    assert entry.before["result"] == f"{first} 1-0-1 {second}"
    assert entry.after["result"] == f"{first} 1-1-1 {second}" and entry.match == match
    assert Tournament.objects.get(pk=tournament.pk).results_version == version + 1  # standings recomputed


def test_a_game_loss_a_decided_match_cannot_take_is_refused_and_changes_nothing(round_one, tournament, organiser,
                                                                                alice, bob):
    match = round_one.matches.get()
    player_a, player_b = seats(match, alice, bob)
    confirm(match, player_a, player_b, [{"winner": "b"}, {"winner": "b"}])
    with pytest.raises(UserError, match="next match") as exc:
        services.penalty_issue(tournament=tournament, actor=organiser, registration=seat_regs(match)[0],
                               kind=Penalty.Kind.GAME_LOSS, reason="Late")
    assert exc.value.code == "game_loss_refused"
    match.refresh_from_db()
    assert score_text(match) == "0-2" and nothing_penalised(tournament)
    assert match.submissions.count() == 1


def test_a_game_loss_supersedes_a_report_waiting_for_confirmation(round_one, tournament, organiser, alice, bob):
    match = round_one.matches.get()
    player_a, _ = seats(match, alice, bob)
    report = services.result_report(match=match, actor=player_a, games=[{"winner": "a"}, {"winner": "a"}])
    services.penalty_issue(tournament=tournament, actor=organiser, registration=seat_regs(match)[1],
                           kind=Penalty.Kind.GAME_LOSS, reason="Outside assistance")
    report.refresh_from_db()
    match.refresh_from_db()
    assert report.state == ResultSubmission.State.SUPERSEDED and match.status == Match.Status.PENDING


def test_two_game_losses_in_a_best_of_3_decide_the_match(round_one, tournament, organiser):
    match = round_one.matches.get()
    for reason in ("Tardy", "Tardy again"):
        services.penalty_issue(tournament=tournament, actor=organiser, registration=seat_regs(match)[1],
                               kind=Penalty.Kind.GAME_LOSS, reason=reason, match=match)
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED and score_text(match) == "2-0"


def test_a_match_loss_makes_the_match_a_loss_for_the_player(round_one, tournament, organiser, alice, bob):
    match = round_one.matches.get()
    player_a, player_b = seats(match, alice, bob)
    confirm(match, player_a, player_b, [{"winner": "a"}, {"winner": "a"}])
    services.penalty_issue(tournament=tournament, actor=organiser, registration=seat_regs(match)[0],
                           kind=Penalty.Kind.MATCH_LOSS, reason="Unsporting conduct")
    match.refresh_from_db()
    assert score_text(match) == "0-2" and match.status == Match.Status.CONFIRMED
    entry = AuditEntry.objects.get(action=AuditEntry.Action.PENALTY)
    first, second = names(match)
    assert entry.before["result"] == f"{first} 2-0 {second}" and entry.after["result"] == f"{first} 0-2 {second}"
    assert entry.before["games"] == [f"Game 1: {first} won", f"Game 2: {first} won"]  # the played games stay


def test_a_match_loss_before_any_report_closes_the_match(round_one, tournament, organiser, alice, bob):
    match = round_one.matches.get()
    player_a, _ = seats(match, alice, bob)
    services.penalty_issue(tournament=tournament, actor=organiser, registration=seat_regs(match)[1],
                           kind=Penalty.Kind.MATCH_LOSS, reason="No show")
    assert score_text(match) == "2-0"
    with pytest.raises(Conflict):
        services.result_report(match=match, actor=player_a, games=[{"winner": "a"}])


def test_a_match_loss_for_both_players_is_refused(round_one, tournament, organiser):
    match = round_one.matches.get()
    services.penalty_issue(tournament=tournament, actor=organiser, registration=seat_regs(match)[1],
                           kind=Penalty.Kind.MATCH_LOSS, reason="No show")
    with pytest.raises(Conflict):
        services.penalty_issue(tournament=tournament, actor=organiser, registration=seat_regs(match)[0],
                               kind=Penalty.Kind.MATCH_LOSS, reason="Also")
    assert Penalty.objects.count() == 1


def test_a_disqualified_player_leaves_the_standings_but_their_match_counts_for_the_opponent(
    round_one, tournament, organiser, alice, bob, django_capture_on_commit_callbacks
):
    match = round_one.matches.get()
    player_a, player_b = seats(match, alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        confirm(match, player_a, player_b, [{"winner": "a"}, {"winner": "a"}])
        services.penalty_issue(tournament=tournament, actor=organiser, registration=seat_regs(match)[0],
                               kind=Penalty.Kind.DISQUALIFICATION, reason="Cheating")
    reg = seat_regs(match)[0]
    assert reg.disqualified and reg.dropped_after_round == 1
    tournament.refresh_from_db()
    snapshot = StandingsSnapshot.objects.get(tournament=tournament, version=tournament.results_version)
    assert [row["player"] for row in snapshot.rows] == [str(seat_regs(match)[1].pk)]
    assert snapshot.rows[0]["omwp"] == 1.0  # the disqualified player's 1-0 record still counts as an opponent


def test_a_disqualified_player_is_never_paired_again(tournament, organiser, registered, carol):
    from decks.services import deck_submit
    from tests.conftest import LEGAL_55

    third = services.player_register(tournament=tournament, actor=carol)
    deck_submit(registration=third, actor=carol, data=LEGAL_55.read_bytes(), filename=LEGAL_55.name)
    services.tournament_start(tournament=tournament, actor=organiser)
    first = services.round_pair_next(tournament=tournament, actor=organiser, seed=3)
    (match,) = [m for m in first.matches.all() if m.seats.count() == 2]
    services.result_settle(match=match, actor=organiser, games=[{"winner": "a"}, {"winner": "a"}],
                             reason="From the slip")
    services.penalty_issue(tournament=tournament, actor=organiser, registration=seat_regs(match)[0],
                           kind=Penalty.Kind.DISQUALIFICATION, reason="Aggressive behaviour")
    second = services.round_pair_next(tournament=tournament, actor=organiser, seed=3)
    paired = set(Seat.objects.filter(match__round=second).values_list("registration_id", flat=True))
    assert seat_regs(match)[0].pk not in paired and len(paired) == 2


def test_a_game_loss_on_a_bye_is_refused(tournament, organiser, registered, carol):
    from decks.services import deck_submit
    from tests.conftest import LEGAL_55

    third = services.player_register(tournament=tournament, actor=carol)
    deck_submit(registration=third, actor=carol, data=LEGAL_55.read_bytes(), filename=LEGAL_55.name)
    services.tournament_start(tournament=tournament, actor=organiser)
    rnd = services.round_pair_next(tournament=tournament, actor=organiser, seed=3)
    (bye,) = [m for m in rnd.matches.all() if m.seats.count() == 1]
    with pytest.raises(UserError, match="A bye has no games to lose"):
        services.penalty_issue(tournament=tournament, actor=organiser, registration=seat_regs(bye)[0],
                               kind=Penalty.Kind.GAME_LOSS, reason="Late")
    assert seat_wins(bye) == (2,) and bye.submissions.count() == 1 and nothing_penalised(tournament)


def test_a_disqualification_makes_the_players_open_match_a_loss(round_one, tournament, organiser):
    match = round_one.matches.get()
    services.penalty_issue(tournament=tournament, actor=organiser, registration=seat_regs(match)[1],
                           kind=Penalty.Kind.DISQUALIFICATION, reason="Cheating")
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED and score_text(match) == "2-0"
    with pytest.raises(Conflict):
        services.penalty_issue(tournament=tournament, actor=organiser, registration=seat_regs(match)[1],
                               kind=Penalty.Kind.DISQUALIFICATION, reason="Twice")


# --- refusals: nothing changes ------------------------------------------------------------------------


def test_only_the_organiser_issues_penalties(round_one, tournament, alice):
    match = round_one.matches.get()
    with pytest.raises(NotAllowed):
        services.penalty_issue(tournament=tournament, actor=alice, registration=seat_regs(match)[1],
                               kind=Penalty.Kind.MATCH_LOSS, reason="I say so")
    match.refresh_from_db()
    assert match.status == Match.Status.PENDING and nothing_penalised(tournament)


def test_a_player_not_in_the_tournament_cannot_be_penalised(round_one, tournament, organiser, carol):
    other = services.tournament_create(actor=organiser, name="Other", date=datetime.date(2026, 12, 6))
    services.tournament_open_registration(tournament=other, actor=organiser)
    stranger = services.player_register(tournament=other, actor=carol)
    with pytest.raises(UserError, match="not a player in this tournament"):
        services.penalty_issue(tournament=tournament, actor=organiser, registration=stranger,
                               kind=Penalty.Kind.WARNING, reason="Noise")
    assert nothing_penalised(tournament)


def test_a_penalty_needs_a_reason(round_one, tournament, organiser):
    match = round_one.matches.get()
    with pytest.raises(UserError, match="reason"):
        services.penalty_issue(tournament=tournament, actor=organiser, registration=seat_regs(match)[0],
                               kind=Penalty.Kind.GAME_LOSS, reason="  ")
    assert nothing_penalised(tournament)


def test_a_game_loss_needs_a_match_the_player_plays(round_one, tournament, organiser, carol):
    match = round_one.matches.get()
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.REGISTRATION)
    late = services.player_register(tournament=tournament, actor=carol)  # registered, not paired
    with pytest.raises(UserError, match="no match in the current round"):
        services.penalty_issue(tournament=tournament, actor=organiser, registration=late,
                               kind=Penalty.Kind.GAME_LOSS, reason="Late")
    with pytest.raises(UserError, match="does not play at round 1, table 1"):
        services.penalty_issue(tournament=tournament, actor=organiser, registration=late,
                               kind=Penalty.Kind.GAME_LOSS, reason="Late", match=match)
    assert nothing_penalised(tournament)


# --- the API ------------------------------------------------------------------------------------------


@pytest.mark.web
def test_the_organiser_issues_and_lists_penalties_over_the_api(round_one, tournament, organiser):
    match = round_one.matches.get()
    url = f"/api/v1/tournaments/{tournament.pk}/penalties/"
    response = api(organiser).post(url, {"registration": seat_regs(match)[1].pk, "kind": "game_loss",
                                         "reason": "Decklist error", "match": match.pk}, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["kind"] == "game_loss" and response.json()["round_number"] == 1
    listed = api(organiser).get(url)
    assert listed.status_code == 200 and [p["reason"] for p in listed.json()] == ["Decklist error"]
    assert AuditEntry.objects.filter(action=AuditEntry.Action.PENALTY).count() == 1


@pytest.mark.web
def test_players_and_strangers_can_neither_issue_nor_list_penalties(round_one, tournament, alice):
    match = round_one.matches.get()
    url = f"/api/v1/tournaments/{tournament.pk}/penalties/"
    body = {"registration": seat_regs(match)[1].pk, "kind": "warning", "reason": "x"}
    assert api(alice).post(url, body, format="json").status_code == 403
    assert api(alice).get(url).status_code == 403
    assert api().get(url).status_code in (401, 403)
    assert nothing_penalised(tournament)


@pytest.mark.web
@pytest.mark.parametrize("change, status", [
    ({"reason": ""}, 400),
    ({"kind": "yellow_card"}, 400),
    ({"registration": 999999}, 400),
    ({"match": 999999}, 400),
])
def test_bad_penalty_requests_are_a_400_and_store_nothing(round_one, tournament, organiser, change, status):
    match = round_one.matches.get()
    body = {"registration": seat_regs(match)[1].pk, "kind": "game_loss", "reason": "Late", **change}
    response = api(organiser).post(f"/api/v1/tournaments/{tournament.pk}/penalties/", body, format="json")
    assert response.status_code == status, response.content
    assert nothing_penalised(tournament)


@pytest.mark.web
def test_a_penalty_for_a_player_of_another_tournament_is_a_400(round_one, tournament, organiser, carol):
    other = services.tournament_create(actor=organiser, name="Other", date=datetime.date(2026, 12, 6))
    services.tournament_open_registration(tournament=other, actor=organiser)
    stranger = services.player_register(tournament=other, actor=carol)
    response = api(organiser).post(f"/api/v1/tournaments/{tournament.pk}/penalties/",
                                   {"registration": stranger.pk, "kind": "warning", "reason": "x"}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "not_a_player"
    assert nothing_penalised(tournament)


# --- the manage page ----------------------------------------------------------------------------------


def test_the_organiser_issues_a_penalty_from_the_manage_page_and_sees_it_logged(client, round_one, tournament,
                                                                               organiser):
    match = round_one.matches.get()
    client.force_login(organiser)
    tab = reverse("tournaments:penalty", args=[tournament.pk])
    assert "Issue penalty" in client.get(tab).content.decode()
    response = client.post(reverse("tournaments:penalty", args=[tournament.pk]), {
        "registration": seat_regs(match)[0].pk, "kind": "match_loss", "reason": "Bribery", "match": match.pk},
        follow=True)
    page = response.content.decode()
    assert response.redirect_chain == [(tab, 302)]  # back to the Penalties tab
    assert "Match loss issued to" in page and "Bribery" in page
    assert "Penalty issued" in client.get(reverse("tournaments:manage-audit", args=[tournament.pk])).content.decode()
    assert score_text(match) == "0-2"


def test_a_penalty_without_a_reason_from_the_page_is_an_error_message(client, round_one, tournament, organiser):
    match = round_one.matches.get()
    client.force_login(organiser)
    response = client.post(reverse("tournaments:penalty", args=[tournament.pk]), {
        "registration": seat_regs(match)[0].pk, "kind": "warning", "reason": ""}, follow=True)
    assert "Say why the penalty is issued" in response.content.decode()
    assert nothing_penalised(tournament)


def test_a_player_cannot_post_a_penalty_from_the_page(client, round_one, tournament, alice):
    match = round_one.matches.get()
    client.force_login(alice)
    response = client.post(reverse("tournaments:penalty", args=[tournament.pk]), {
        "registration": seat_regs(match)[1].pk, "kind": "warning", "reason": "x"})
    assert response.status_code == 403 and nothing_penalised(tournament)


def test_the_match_slip_shows_its_penalties(client, round_one, tournament, organiser, alice):
    match = round_one.matches.get()
    services.penalty_issue(tournament=tournament, actor=organiser, registration=seat_regs(match)[0],
                           kind=Penalty.Kind.GAME_LOSS, reason="Tardy")
    client.force_login(alice)
    page = squash(client.get(reverse("tournaments:match", args=[tournament.pk, match.pk])).content.decode())
    # The players see that a game is lost by penalty, never the penalty's reason (organiser-only, issue #11).
    assert "Game loss (penalty) for" in page and "Tardy" not in page and "Report only the games you played" in page
    client.force_login(organiser)
    page = client.get(reverse("tournaments:match", args=[tournament.pk, match.pk])).content.decode()
    assert "Game loss for" in page and "Tardy" in page
