"""The one match model, as a spec: every match is a set of seats, every result a versioned submission.

Each test here fails on the old design (``player_a``/``player_b``, ``wins_a``/``wins_b`` overwritten in
place, a separate service for multiplayer tables, penalties for duels only).
"""

from __future__ import annotations

import datetime

import pytest
from django.db import IntegrityError, transaction
from rules.standings import compute_standings

from decks.services import deck_submit
from tests.conftest import (
    LEGAL_55,
    call_time,
    confirmed_submission,
    make_event,
    score_text,
    seat_places,
    seat_regs,
    seat_users,
    seat_wins,
)
from tests.factories import UserFactory
from tournaments import selectors, services
from tournaments.adapters import history_for, standings_options
from tournaments.errors import Conflict, UserError
from tournaments.models import AuditEntry, Match, Penalty, ResultSubmission, Tournament
from tournaments.services.round_changes import round_swap_players

pytestmark = pytest.mark.django_db

State = ResultSubmission.State
A_2_1 = [{"winner": "a"}, {"winner": "b"}, {"winner": "a"}]


def duel(round_one):
    match = round_one.matches.get()
    return match, *seat_users(match)


# --------------------------------------------------------------------------- a dispute keeps the evidence


def disputed(round_one):
    """Seat 1 reports 2-1; seat 2 disputes it with a reason. Returns (match, seat 1, seat 2, report)."""
    match, first, second = duel(round_one)
    report = services.result_report(match=match, actor=first, games=A_2_1)
    services.result_dispute(submission=report, actor=second, reason="I won the third game")
    match.refresh_from_db()
    return match, first, second, report


def test_a_dispute_keeps_the_report_and_the_reason(round_one):
    match, first, second, report = disputed(round_one)
    assert match.status == Match.Status.DISPUTED
    report.refresh_from_db()
    assert report.state == State.DISPUTED and report.dispute_reason == "I won the third game"
    assert [g["winners"] for g in report.record["games"]] == [[1], [2], [1]]
    assert report.outcome["wins"] == [2, 1] and report.responded_by == second
    (row,) = selectors.match_submissions(match)
    assert row["submission"] == report and row["by"] == first.username
    assert row["dispute_reason"] == "I won the third game" and row["responded_by"] == second.username
    assert row["result"] == f"{first.username} 2-1 {second.username}"
    assert row["games"] == [f"Game 1: {first.username} won", f"Game 2: {second.username} won",
                            f"Game 3: {first.username} won"]


def test_settling_by_picking_the_report_confirms_it_and_deletes_nothing(round_one, organiser):
    match, first, second, report = disputed(round_one)
    entry = services.result_settle(match=match, actor=organiser, submission=report,
                                   reason="The judge saw game 3")
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED and seat_wins(match) == (2, 1)
    assert confirmed_submission(match) == report
    assert match.submissions.count() == 1
    assert entry.action == AuditEntry.Action.DISPUTE_SETTLED and entry.reason == "The judge saw game 3"
    assert all(isinstance(line, str) for line in entry.before_lines + entry.after_lines)
    assert "Result: no confirmed result" in entry.before_lines and "Status: Disputed" in entry.before_lines
    assert f"Result: {first.username} 2-1 {second.username}" in entry.after_lines


def test_settling_with_a_new_record_supersedes_the_reports_and_keeps_them(round_one, organiser):
    match, first, second, report = disputed(round_one)

    entry = services.result_settle(match=match, actor=organiser, games=[{"winner": "b"}, {"winner": "b"}],
                                   reason="Slip was filled in the wrong way round")
    match.refresh_from_db()
    assert seat_wins(match) == (0, 2)
    states = sorted(match.submissions.values_list("source", "state"))
    assert states == [("organiser", "confirmed"), ("player", "superseded")]
    report.refresh_from_db()
    assert report.dispute_reason == "I won the third game"  # the evidence stays
    assert [row["state"] for row in selectors.match_submissions(match)] == ["confirmed", "superseded"]
    assert f"Result: {first.username} 0-2 {second.username}" in entry.after_lines
    assert "Result: no confirmed result" in entry.before_lines


def test_two_different_reports_are_both_kept_for_the_organiser(round_one, organiser):
    match, first, second = duel(round_one)
    services.result_report(match=match, actor=first, games=A_2_1)
    theirs = services.result_report(match=match, actor=second, games=[{"winner": "b"}, {"winner": "b"}])
    match.refresh_from_db()
    assert match.status == Match.Status.DISPUTED
    assert sorted(match.submissions.values_list("state", flat=True)) == ["disputed", "disputed"]
    services.result_settle(match=match, actor=organiser, submission=theirs, reason="Bob's slip is signed")
    assert sorted(match.submissions.values_list("state", flat=True)) == ["confirmed", "superseded"]
    assert confirmed_submission(match) == theirs and seat_wins(match) == (0, 2)


def test_a_correction_of_a_confirmed_result_logs_both_results_as_text(round_one, organiser):
    match, first, second = duel(round_one)
    report = services.result_report(match=match, actor=first, games=A_2_1)
    services.result_confirm(submission=report, actor=second)
    entry = services.result_settle(match=match, actor=organiser, games=[{"winner": "a"}, {"winner": "a"}],
                                   reason="Game 2 was a misreport")
    assert f"Result: {first.username} 2-1 {second.username}" in entry.before_lines
    assert f"Result: {first.username} 2-0 {second.username}" in entry.after_lines
    assert entry.action == AuditEntry.Action.RESULT_ENTERED
    new = confirmed_submission(match)
    assert new.supersedes == report and new.source == ResultSubmission.Source.ORGANISER
    report.refresh_from_db()
    assert report.state == State.SUPERSEDED


# --------------------------------------------------------------------------- every correction is a new submission


def test_a_game_loss_on_a_confirmed_match_is_a_new_penalty_submission(round_one, tournament, organiser):
    match, first, second = duel(round_one)
    call_time(round_one)
    report = services.result_report(match=match, actor=first, games=[{"winner": "a"}, {"unfinished": True}])
    services.result_confirm(submission=report, actor=second)
    assert ResultSubmission.objects.filter(match=match).count() == 1
    services.penalty_issue(tournament=tournament, actor=organiser, registration=seat_regs(match)[0],
                           kind=Penalty.Kind.GAME_LOSS, reason="Marked cards")
    assert ResultSubmission.objects.filter(match=match).count() == 2
    new = confirmed_submission(match)
    assert new.source == ResultSubmission.Source.PENALTY and new.supersedes == report
    assert new.record == report.record  # the games played; the game loss is the Penalty row
    assert "Game loss" in new.reason and "Marked cards" in new.reason
    report.refresh_from_db()
    assert report.state == State.SUPERSEDED and report.outcome["wins"] == [1, 0]  # the old version, untouched
    assert score_text(match) == "1-1-1"


def test_a_match_has_at_most_one_confirmed_submission(round_one, organiser):
    match, first, second = duel(round_one)
    report = services.result_report(match=match, actor=first, games=A_2_1)
    services.result_confirm(submission=report, actor=second)
    with pytest.raises(IntegrityError), transaction.atomic():
        ResultSubmission.objects.create(match=match, source=ResultSubmission.Source.ORGANISER,
                                        submitted_by=organiser, record={"games": []},
                                        outcome={"wins": [0, 2], "placements": [2, 1], "draws": 0},
                                        state=State.CONFIRMED)
    assert match.submissions.filter(state=State.CONFIRMED).count() == 1


def test_the_confirmed_submissions_of_a_tournament_are_one_per_decided_match(round_one, organiser):
    match, first, second = duel(round_one)
    services.result_report(match=match, actor=first, games=A_2_1)
    services.result_report(match=match, actor=second, games=A_2_1)  # the same: confirms
    services.result_settle(match=match, actor=organiser, games=[{"winner": "b"}] * 2, reason="fix")
    services.result_settle(match=match, actor=organiser, games=A_2_1, reason="fix back")
    assert match.submissions.count() == 4
    assert match.submissions.filter(state=State.CONFIRMED).count() == 1
    assert seat_wins(match) == (2, 1)


# --------------------------------------------------------------------------- elimination with a drawn game


@pytest.fixture
def knockout_match(organiser):
    t = services.tournament_create(actor=organiser, name="KO", date=datetime.date(2026, 12, 1), best_of=3,
                                   structure=Tournament.Structure.SINGLE_ELIMINATION)
    services.tournament_open_registration(tournament=t, actor=organiser)
    for _ in range(2):
        user = UserFactory()
        reg = services.player_register(tournament=t, actor=user)
        deck_submit(registration=reg, actor=user, data=LEGAL_55.read_bytes())
    services.tournament_start(tournament=t, actor=organiser)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    assert rnd.is_elimination
    return rnd.matches.get()


DRAWN_THIRD = [{"winner": "a"}, {"winner": "b"}, {"drawn": True}, {"winner": "a"}]


def test_an_elimination_duel_plays_on_after_a_drawn_game_reported(knockout_match):
    first, second = seat_users(knockout_match)
    report = services.result_report(match=knockout_match, actor=first, games=DRAWN_THIRD)
    assert report.outcome == {"wins": [2, 1], "placements": [1, 2], "draws": 1}
    services.result_confirm(submission=report, actor=second)
    assert score_text(knockout_match) == "2-1-1"


def test_an_elimination_duel_with_a_drawn_game_settled_by_the_organiser(knockout_match, organiser):
    services.result_settle(match=knockout_match, actor=organiser, games=DRAWN_THIRD, reason="from the slip")
    assert score_text(knockout_match) == "2-1-1"
    assert seat_places(knockout_match) == (1, 2)


def test_an_elimination_duel_at_1_1_1_is_refused_with_play_on(knockout_match, organiser):
    first, _ = seat_users(knockout_match)
    games = [{"winner": "a"}, {"winner": "b"}, {"drawn": True}]
    with pytest.raises(UserError, match="play on|Play on"):
        services.result_report(match=knockout_match, actor=first, games=games)
    with pytest.raises(UserError, match="play on|Play on"):
        services.result_settle(match=knockout_match, actor=organiser, games=games, reason="time")
    knockout_match.refresh_from_db()
    assert knockout_match.status == Match.Status.PENDING and not knockout_match.submissions.exists()


# --------------------------------------------------------------------------- penalties at a multiplayer table


def test_a_match_loss_at_a_table_places_the_player_last_once_the_table_is_confirmed(
        pods_four, organiser, django_capture_on_commit_callbacks):
    t, regs, table = pods_four
    users = seat_users(table)
    services.penalty_issue(tournament=t, actor=organiser, registration=seat_regs(table)[0],
                           kind=Penalty.Kind.MATCH_LOSS, reason="Unsporting conduct")
    table.refresh_from_db()
    assert table.status == Match.Status.PENDING and not table.submissions.exists()  # the others play on
    with django_capture_on_commit_callbacks(execute=True):
        report = services.result_report(match=table, actor=users[1], placements=[1, 2, 3, 4])
        services.result_confirm(submission=report, actor=users[2])
    table.refresh_from_db()
    assert table.status == Match.Status.CONFIRMED
    assert seat_places(table) == (4, 1, 2, 3)  # last; the other three keep their order
    history = history_for(t)
    (record,) = history.rounds[0].matches
    assert set(record.players) == {str(r.pk) for r in regs.values()}
    assert record.placements == (4, 1, 2, 3)
    rows = compute_standings(history, t.tiebreakers, **standings_options(t))
    assert len(rows) == 4 and rows[-1].player == str(seat_regs(table)[0].pk)


def test_a_match_loss_on_a_confirmed_table_rescores_it(pods_four, organiser):
    t, regs, table = pods_four
    services.result_settle(match=table, actor=organiser, placements=[1, 2, 3, 4], reason="slip")
    services.penalty_issue(tournament=t, actor=organiser, registration=seat_regs(table)[0],
                           kind=Penalty.Kind.MATCH_LOSS, reason="Bribery", match=table)
    assert seat_places(table) == (4, 1, 2, 3)
    assert confirmed_submission(table).source == ResultSubmission.Source.PENALTY
    assert table.submissions.count() == 2


def test_a_game_loss_at_a_table_is_a_game_won_by_every_other_seat(pods_four, organiser):
    t, regs, table = pods_four
    users = seat_users(table)
    services.penalty_issue(tournament=t, actor=organiser, registration=seat_regs(table)[1],
                           kind=Penalty.Kind.GAME_LOSS, reason="Decklist error")
    table.refresh_from_db()
    assert table.status == Match.Status.PENDING
    report = services.result_report(match=table, actor=users[0], games=[{"winners": [3]}])
    services.result_confirm(submission=report, actor=users[3])
    assert seat_wins(table) == (1, 0, 2, 1)
    assert seat_places(table) == (2, 4, 1, 2)
    assert confirmed_submission(table).record["games"][0]["winners"] == [3]  # only the game played


# --------------------------------------------------------------------------- a penalty follows its player


def test_a_penalty_follows_its_player_after_a_seat_swap(organiser):
    t, _ = make_event(organiser, 4, structure="swiss")
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    table_1, table_2 = rnd.matches.order_by("table")
    x, y = seat_regs(table_1)[0], seat_regs(table_2)[0]
    penalty = services.penalty_issue(tournament=t, actor=organiser, registration=x,
                                     kind=Penalty.Kind.GAME_LOSS, reason="Tardy", match=table_1)
    # a game loss alone does not decide a best of 3: the round has not started, the swap is allowed
    round_swap_players(tournament=t, actor=organiser, first=x, second=y, reason="seated at the wrong table")
    assert seat_regs(table_1)[0] == y and seat_regs(table_2)[0] == x
    penalty.refresh_from_db()
    assert penalty.registration == x and penalty.match == table_2  # with the player, at their new table
    # x (seat 1 of table 2) wins the two games played; the game loss still counts against x
    first, second = seat_users(table_2)
    report = services.result_report(match=table_2, actor=second, games=[{"winner": "a"}, {"winner": "a"}])
    services.result_confirm(submission=report, actor=first)
    assert score_text(table_2) == "2-1"
    # and y, now at table 1, carries no penalty
    first, second = seat_users(table_1)
    report = services.result_report(match=table_1, actor=first, games=[{"winner": "a"}, {"winner": "a"}])
    services.result_confirm(submission=report, actor=second)
    assert score_text(table_1) == "2-0"


def test_a_round_with_a_decided_penalty_has_started_and_cannot_be_swapped(organiser):
    t, _ = make_event(organiser, 4, structure="swiss")
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    table_1, table_2 = rnd.matches.order_by("table")
    x, y = seat_regs(table_1)[0], seat_regs(table_2)[0]
    services.penalty_issue(tournament=t, actor=organiser, registration=x, kind=Penalty.Kind.MATCH_LOSS,
                           reason="No show", match=table_1)
    with pytest.raises(Conflict, match="started"):
        round_swap_players(tournament=t, actor=organiser, first=x, second=y, reason="late")
    assert seat_regs(table_1)[0] == x


# --------------------------------------------------------------------------- a bye


def test_a_bye_is_a_one_seat_match_confirmed_by_the_pairing(tournament, organiser, registered, carol):
    reg = services.player_register(tournament=tournament, actor=carol)
    deck_submit(registration=reg, actor=carol, data=LEGAL_55.read_bytes())
    services.tournament_start(tournament=tournament, actor=organiser)
    rnd = services.round_pair_next(tournament=tournament, actor=organiser, seed=3)
    (bye,) = [m for m in rnd.matches.all() if m.seats.count() == 1]
    assert bye.status == Match.Status.CONFIRMED and seat_wins(bye) == (2,) and seat_places(bye) == (1,)
    submission = confirmed_submission(bye)
    assert submission.source == ResultSubmission.Source.PAIRING and bye.submissions.count() == 1
    (player,) = seat_regs(bye)
    records = history_for(tournament).rounds[0].matches
    (record,) = [r for r in records if str(player.pk) in r.players]
    assert record.bye and record.players == (str(player.pk),)
    with pytest.raises(Conflict):
        services.result_report(match=bye, actor=player.player, games=[{"winner": "a"}])
