"""The tournament workflow through its services: one behaviour per test."""

from __future__ import annotations

import datetime

import pytest

from tests.conftest import deck_of, deck_pk
from decks.models import DeckSubmission
from decks.services import deck_submit
from tests.conftest import LEGAL_55, pair_or_finish, seat_regs, seat_users, seat_wins
from tests.factories import UserFactory
from tournaments import services
from tournaments.errors import Conflict, NotAllowed, UserError
from tournaments.models import AuditEntry, Match, ResultSubmission, Round, Seat, StandingsSnapshot, Tournament

pytestmark = pytest.mark.django_db

WIN_A_2_0 = [{"winner": "a"}, {"winner": "a"}]


def test_a_legal_deck_becomes_the_registered_deck(registered):
    alice_reg, _ = registered
    assert deck_of(alice_reg) is not None and deck_of(alice_reg).legal
    assert deck_of(alice_reg).verdict["total_cards"] == 55


def test_an_illegal_deck_is_stored_with_its_verdict_but_keeps_the_legal_one(registered, alice):
    alice_reg, _ = registered
    legal = deck_of(alice_reg)
    submission = deck_submit(registration=alice_reg, actor=alice, data="3rd/54\n3rd/54\nElminster")
    alice_reg.refresh_from_db()
    assert not submission.legal
    assert {v["code"] for v in submission.verdict["violations"]} >= {"deck_size"}
    assert deck_of(alice_reg) == legal


@pytest.mark.parametrize("data", [b"", b"\x00\x01\x02\xff\xfe garbage", "   \n\n"])
def test_an_unreadable_or_empty_deck_is_refused_and_nothing_is_saved(registered, alice, data):
    alice_reg, _ = registered
    before = DeckSubmission.objects.count()
    with pytest.raises(UserError):
        deck_submit(registration=alice_reg, actor=alice, data=data)
    assert DeckSubmission.objects.count() == before
    alice_reg.refresh_from_db()
    assert deck_of(alice_reg).legal


def test_an_unknown_card_is_refused_with_the_name_looked_for(registered, alice):
    alice_reg, _ = registered
    with pytest.raises(UserError) as exc:
        deck_submit(registration=alice_reg, actor=alice, data="2x War Party\nElminstr the Sage of Shadowdale")
    assert "Elminstr" in exc.value.message


def test_a_deck_submitted_after_the_lock_is_refused(round_one, registered, alice):
    alice_reg, _ = registered
    before = deck_pk(alice_reg)
    with pytest.raises(Conflict, match="locked"):
        deck_submit(registration=alice_reg, actor=alice, data=LEGAL_55.read_bytes())
    alice_reg.refresh_from_db()
    assert deck_pk(alice_reg) == before


def test_only_the_player_may_submit_their_deck(registered, bob):
    alice_reg, _ = registered
    with pytest.raises(NotAllowed):
        deck_submit(registration=alice_reg, actor=bob, data=LEGAL_55.read_bytes())


def test_a_tournament_with_one_player_cannot_start(tournament, organiser, alice):
    reg = services.player_register(tournament=tournament, actor=alice)
    deck_submit(registration=reg, actor=alice, data=LEGAL_55.read_bytes())
    with pytest.raises(UserError, match="at least 2 players"):
        services.tournament_start(tournament=tournament, actor=organiser)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.REGISTRATION and not tournament.decks_locked


def test_starting_names_players_without_a_legal_deck(tournament, organiser, registered, carol):
    services.player_register(tournament=tournament, actor=carol)
    with pytest.raises(UserError, match="carol"):
        services.tournament_start(tournament=tournament, actor=organiser)


def test_only_the_organiser_starts_the_tournament(tournament, registered, alice):
    with pytest.raises(NotAllowed):
        services.tournament_start(tournament=tournament, actor=alice)


def test_round_one_pairs_alice_and_bob_at_table_one(round_one, registered):
    match = round_one.matches.get()
    assert match.table == 1
    assert set(seat_regs(match)) == set(registered) and match.seats.count() == 2


def test_a_report_confirmed_by_the_opponent_counts_and_recomputes_standings(
    round_one, alice, bob, tournament, django_capture_on_commit_callbacks
):
    match = round_one.matches.get()
    reporter, confirmer = seat_users(match)
    report = services.result_report(match=match, actor=reporter, games=WIN_A_2_0)
    with django_capture_on_commit_callbacks(execute=True):
        services.result_confirm(submission=report, actor=confirmer)
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED and seat_wins(match) == (2, 0)
    tournament.refresh_from_db()
    snapshot = StandingsSnapshot.objects.get(tournament=tournament, version=tournament.results_version)
    top = snapshot.rows[0]
    assert top["player"] == str(seat_regs(match)[0].pk) and top["points"] == 3


def test_the_reporter_cannot_confirm_their_own_report(round_one, alice, bob):
    match = round_one.matches.get()
    reporter = alice
    report = services.result_report(match=match, actor=reporter, games=WIN_A_2_0)
    with pytest.raises(NotAllowed):
        services.result_confirm(submission=report, actor=reporter)
    report.refresh_from_db()
    assert report.state == ResultSubmission.State.PENDING


def test_a_result_reported_by_someone_not_at_the_table_is_refused(round_one, carol):
    match = round_one.matches.get()
    with pytest.raises(NotAllowed, match="table 1"):
        services.result_report(match=match, actor=carol, games=WIN_A_2_0)
    assert not match.submissions.exists()


def test_a_second_report_of_a_confirmed_match_is_refused(round_one, alice, bob):
    match = round_one.matches.get()
    report = services.result_report(match=match, actor=alice, games=WIN_A_2_0)
    services.result_confirm(submission=report, actor=bob)
    with pytest.raises(Conflict, match="already has a confirmed result"):
        services.result_report(match=match, actor=bob, games=[{"winner": "b"}, {"winner": "b"}])
    assert seat_wins(match) == (2, 0)


def test_a_third_mulligan_in_a_row_by_the_same_player_is_refused(round_one, alice):
    match = round_one.matches.get()
    games = [{"mulligan_by": "a"}, {"mulligan_by": "a"}, {"mulligan_by": "a"}, {"winner": "a"}, {"winner": "a"}]
    with pytest.raises(UserError, match="Two-Draw Mulligan"):
        services.result_report(match=match, actor=alice, games=games)
    assert not match.submissions.exists()


def test_two_mulligans_in_a_row_are_allowed_and_do_not_count_as_games(round_one, alice):
    match = round_one.matches.get()
    games = [{"mulligan_by": "b"}, {"mulligan_by": "b"}, {"winner": "a"}, {"winner": "b"}, {"winner": "a"}]
    report = services.result_report(match=match, actor=alice, games=games)
    assert report.outcome["wins"] == [2, 1] and report.outcome["draws"] == 0
    assert len(report.record["games"]) == 5  # the mulligans are kept in the record


def test_matching_reports_from_both_players_confirm_the_match(round_one, alice, bob):
    match = round_one.matches.get()
    services.result_report(match=match, actor=alice, games=WIN_A_2_0)
    services.result_report(match=match, actor=bob, games=WIN_A_2_0)
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED


def test_different_reports_make_a_dispute_the_organiser_settles_with_a_logged_reason(
    round_one, alice, bob, organiser
):
    match = round_one.matches.get()
    services.result_report(match=match, actor=alice, games=WIN_A_2_0)
    services.result_report(match=match, actor=bob, games=[{"winner": "b"}, {"winner": "b"}])
    match.refresh_from_db()
    assert match.status == Match.Status.DISPUTED
    with pytest.raises(UserError, match="reason"):
        services.result_settle(match=match, actor=organiser, games=WIN_A_2_0, reason=" ")
    entry = services.result_settle(match=match, actor=organiser, games=WIN_A_2_0,
                                     reason="Both players agreed at the judge station")
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    assert entry.action == AuditEntry.Action.DISPUTE_SETTLED
    assert entry.actor == organiser and entry.before["status"] == "Disputed"
    assert entry.after["result"] == "{} 2-0 {}".format(*(u.username for u in seat_users(match)))


def test_a_disputed_report_waits_for_the_organiser(round_one, alice, bob):
    match = round_one.matches.get()
    report = services.result_report(match=match, actor=alice, games=WIN_A_2_0)
    services.result_dispute(submission=report, actor=bob, reason="I won game two")
    report.refresh_from_db()
    assert report.state == ResultSubmission.State.DISPUTED and report.dispute_reason == "I won game two"
    with pytest.raises(Conflict):
        services.result_report(match=match, actor=alice, games=WIN_A_2_0)


def test_the_organiser_can_correct_a_confirmed_result_and_both_versions_are_logged(round_one, alice, bob, organiser):
    match = round_one.matches.get()
    report = services.result_report(match=match, actor=alice, games=WIN_A_2_0)
    services.result_confirm(submission=report, actor=bob)
    entry = services.result_settle(match=match, actor=organiser, games=[{"winner": "b"}, {"winner": "b"}],
                                     reason="Slip was filled in the wrong way round")
    first, second = (u.username for u in seat_users(match))
    assert (entry.before["result"], entry.after["result"]) == (f"{first} 2-0 {second}", f"{first} 0-2 {second}")
    assert entry.created_at is not None


def test_pairing_the_next_round_while_results_are_missing_is_refused(round_one, tournament, organiser):
    with pytest.raises(Conflict, match="without a confirmed result"):
        services.round_pair_next(tournament=tournament, actor=organiser)
    assert Round.objects.filter(tournament=tournament).count() == 1


def test_an_odd_player_gets_a_bye_scored_as_a_2_0_win(tournament, organiser, registered, carol):
    reg = services.player_register(tournament=tournament, actor=carol)
    deck_submit(registration=reg, actor=carol, data=LEGAL_55.read_bytes())
    services.tournament_start(tournament=tournament, actor=organiser)
    rnd = services.round_pair_next(tournament=tournament, actor=organiser, seed=3)
    byes = [m for m in rnd.matches.all() if m.seats.count() == 1]
    assert len(byes) == 1 and byes[0].status == Match.Status.CONFIRMED
    assert seat_wins(byes[0]) == (2,)


def test_a_dropped_player_is_never_paired_again(tournament, organiser, registered, carol, alice):
    reg = services.player_register(tournament=tournament, actor=carol)
    deck_submit(registration=reg, actor=carol, data=LEGAL_55.read_bytes())
    services.tournament_start(tournament=tournament, actor=organiser)
    rnd = services.round_pair_next(tournament=tournament, actor=organiser, seed=3)
    for match in duels(rnd):
        services.result_settle(match=match, actor=organiser, games=WIN_A_2_0, reason="entered from slip")
    services.player_drop(registration=reg, actor=carol)
    rnd2 = services.round_pair_next(tournament=tournament, actor=organiser, seed=4)
    players = set(Seat.objects.filter(match__round=rnd2).values_list("registration_id", flat=True))
    assert reg.pk not in players


def test_the_organiser_must_give_a_reason_to_drop_a_player(registered, organiser):
    alice_reg, _ = registered
    with pytest.raises(UserError, match="reason"):
        services.player_drop(registration=alice_reg, actor=organiser)


def duels(rnd) -> list[Match]:
    """The round's matches of two seats (not the byes), in table order."""
    return [m for m in rnd.matches.order_by("table") if m.seats.count() == 2]


def _run_swiss_event(organiser, players: int, rounds: int, top_cut: int):
    tournament = services.tournament_create(actor=organiser, name="Cut test", date=datetime.date(2026, 12, 1),
                                            swiss_rounds=rounds, top_cut=top_cut)
    services.tournament_open_registration(tournament=tournament, actor=organiser)
    for _ in range(players):
        user = UserFactory()
        reg = services.player_register(tournament=tournament, actor=user)
        deck_submit(registration=reg, actor=user, data=LEGAL_55.read_bytes())
    services.tournament_start(tournament=tournament, actor=organiser)
    rounds_seen = []
    while True:
        rnd = pair_or_finish(tournament, organiser, seed=len(rounds_seen))
        if rnd is None:
            break
        rounds_seen.append(rnd)
        for match in duels(rnd):
            # the lower registration id always wins: a predictable field
            first, second = seat_regs(match)
            games = WIN_A_2_0 if first.pk < second.pk else [{"winner": "b"}, {"winner": "b"}]
            services.result_settle(match=match, actor=organiser, games=games, reason="entered from slip")
    tournament.refresh_from_db()
    return tournament, rounds_seen


def test_a_top_8_is_seeded_1v8_4v5_2v7_3v6_by_swiss_rank_and_played_to_a_winner(organiser):
    from rules.standings import compute_standings
    from tournaments.adapters import history_for

    tournament, rounds = _run_swiss_event(organiser, players=12, rounds=3, top_cut=8)
    assert [r.kind for r in rounds] == ["swiss"] * 3 + ["elimination"] * 3
    swiss_only = history_for(tournament)
    ranked = [row.player for row in compute_standings(swiss_only)]
    quarter = sorted(rounds[3].matches.all(), key=lambda m: m.table)
    seeds = [tuple(ranked.index(str(r.pk)) + 1 for r in seat_regs(m)) for m in quarter]
    assert seeds == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert tournament.status == Tournament.Status.FINISHED
    final = rounds[-1].matches.get()
    assert tournament.winner in seat_regs(final)


def test_an_elimination_match_cannot_be_a_draw(organiser):
    tournament = services.tournament_create(actor=organiser, name="KO", date=datetime.date(2026, 12, 1),
                                            structure=Tournament.Structure.SINGLE_ELIMINATION)
    services.tournament_open_registration(tournament=tournament, actor=organiser)
    for _ in range(4):
        user = UserFactory()
        reg = services.player_register(tournament=tournament, actor=user)
        deck_submit(registration=reg, actor=user, data=LEGAL_55.read_bytes())
    services.tournament_start(tournament=tournament, actor=organiser)
    rnd = services.round_pair_next(tournament=tournament, actor=organiser)
    match = rnd.matches.first()
    with pytest.raises(UserError, match="cannot end (in a draw|drawn)"):
        services.result_settle(match=match, actor=organiser, games=[{"winner": "a"}, {"winner": "b"}],
                                 reason="time")


def test_the_organiser_sees_disputed_tables_first(organiser):
    from tournaments.selectors import open_matches

    tournament, _ = _run_swiss_event(organiser, players=6, rounds=1, top_cut=0)
    tournament.status = Tournament.Status.RUNNING
    tournament.save()
    # reopen the round: three tables, one disputed, one reported, one pending
    matches = list(Match.objects.filter(round__tournament=tournament).order_by("table"))
    for match, status in zip(matches, [Match.Status.PENDING, Match.Status.REPORTED, Match.Status.DISPUTED]):
        match.status = status
        match.save(update_fields=["status"])
    assert [m.status for m in open_matches(tournament)] == ["disputed", "reported", "pending"]
