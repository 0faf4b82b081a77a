"""The pages, as a player, an organiser and a spectator use them."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import LEGAL_55
from tournaments.models import AuditEntry, Match, Tournament

pytestmark = pytest.mark.django_db


def test_a_new_user_signs_up_and_is_logged_in(client):
    response = client.post(reverse("tournaments:signup"), {
        "username": "dave", "display_name": "Dave Lister", "password1": "a-long-pass-phrase-9",
        "password2": "a-long-pass-phrase-9"}, follow=True)
    assert response.status_code == 200
    assert response.context["user"].username == "dave"
    assert "Welcome, Dave Lister." in response.content.decode()


def test_anyone_sees_the_list_the_tournament_and_its_standings(client, tournament):
    assert "Spellfire Open" in client.get("/").content.decode()
    detail = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "Six unrazed realms" in detail and "Best of 3" in detail
    assert client.get(reverse("tournaments:standings", args=[tournament.pk])).status_code == 200
    assert client.get(reverse("tournaments:bracket", args=[tournament.pk])).status_code == 200


def test_a_player_registers_uploads_a_cfd_and_sees_legal(client, tournament, alice):
    client.force_login(alice)
    client.post(reverse("tournaments:register", args=[tournament.pk]))
    with LEGAL_55.open("rb") as fh:
        response = client.post(reverse("decks:deck", args=[tournament.pk]), {"file": fh}, follow=True)
    page = response.content.decode()
    assert "Legal" in page and "55 cards" in page
    assert "Champion" in page  # totals per card type


def test_an_illegal_paste_shows_each_violation_with_its_rule(client, tournament, alice):
    client.force_login(alice)
    client.post(reverse("tournaments:register", args=[tournament.pk]))
    response = client.post(reverse("decks:deck", args=[tournament.pk]), {"text": "3rd/54\n2x War Party"},
                           follow=True)
    page = response.content.decode()
    assert "Not legal" in page and "Spellfire Tournament Rules 2.0" in page


def test_an_unknown_card_is_a_form_error_that_keeps_the_pasted_text(client, tournament, alice):
    client.force_login(alice)
    client.post(reverse("tournaments:register", args=[tournament.pk]))
    response = client.post(reverse("decks:deck", args=[tournament.pk]),
                           {"text": "War Party\nZzyzx the Unknowable"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Zzyzx the Unknowable" in page and "could not be matched" in page
    assert "War Party\nZzyzx the Unknowable" in page  # the textarea still holds the input


def test_a_decklist_is_private_to_its_owner_and_the_organiser(client, registered, tournament, bob, organiser):
    alice_reg, _ = registered
    url = reverse("decks:registration-deck", args=[tournament.pk, alice_reg.pk])
    client.force_login(bob)
    assert client.get(url).status_code == 403
    client.force_login(organiser)
    assert "Legal" in client.get(url).content.decode()
    client.logout()
    assert client.get(url).status_code == 403


def test_a_player_cannot_open_the_organiser_pages(client, tournament, alice):
    client.force_login(alice)
    assert client.get(reverse("tournaments:manage", args=[tournament.pk])).status_code == 403
    assert client.post(reverse("tournaments:manage-start", args=[tournament.pk])).status_code == 403
    assert client.get(reverse("tournaments:new")).status_code == 403


def test_the_organiser_creates_a_tournament_from_the_form(client, organiser):
    client.force_login(organiser)
    response = client.post(reverse("tournaments:new"), {
        "name": "Harvest Cup", "date": "2026-12-20", "deck_format_id": "110", "victory_condition": "10_realms",
        "best_of": "3", "structure": "swiss", "swiss_rounds": "5", "top_cut": "8"})
    t = Tournament.objects.get(name="Harvest Cup")
    assert response.status_code == 302 and t.deck_format_id == "110" and t.top_cut == 8


def _players(match: Match):
    """The users at seat 1 and seat 2 of a duel."""
    seats = list(match.seats.select_related("registration__player").order_by("number"))
    return seats[0].registration.player, seats[1].registration.player


def test_start_pair_report_confirm_and_standings_through_the_pages(
    client, registered, tournament, organiser, alice, bob, django_capture_on_commit_callbacks
):
    client.force_login(organiser)
    client.post(reverse("tournaments:manage-start", args=[tournament.pk]))
    response = client.post(reverse("tournaments:manage-pair", args=[tournament.pk]), follow=True)
    assert "Table" in response.content.decode()
    match = Match.objects.get()
    a_user, b_user = _players(match)
    client.force_login(b_user)
    page = client.get(reverse("tournaments:round", args=[tournament.pk, 1])).content.decode()
    assert 'class="mine"' in page and "your match slip" in page
    client.force_login(a_user)
    slip = reverse("tournaments:match", args=[tournament.pk, match.pk])
    assert "Six unrazed realms" in client.get(slip).content.decode()
    client.post(slip, {"game-1": "me", "game-2": "mulligan_opponent", "game-3": "me"})
    report = match.submissions.get()
    assert report.record["games"][1]["mulligan_by"] == 2
    client.force_login(b_user)
    page = client.get(slip).content.decode()
    assert f"two-draw mulligan declared by {b_user.username}" in page
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("tournaments:report-answer", args=[tournament.pk, match.pk, report.pk, "confirm"]))
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    assert [s.wins for s in match.seats.order_by("number")] == [2, 0]
    round_page = client.get(reverse("tournaments:round", args=[tournament.pk, 1])).content.decode()
    assert f"{a_user.username} 2-0 {b_user.username}" in round_page
    standings = client.get(reverse("tournaments:standings", args=[tournament.pk])).content.decode()
    assert a_user.username in standings and "100.00%" in standings


def test_a_third_mulligan_in_a_row_is_a_form_error_citing_the_rule(client, round_one):
    match = round_one.matches.get()
    client.force_login(_players(match)[0])
    response = client.post(reverse("tournaments:match", args=[round_one.tournament_id, match.pk]), {
        "game-1": "mulligan_me", "game-2": "mulligan_me", "game-3": "mulligan_me", "game-4": "me", "game-5": "me"})
    assert response.status_code == 400
    assert "Two-Draw Mulligan" in response.content.decode()
    assert not match.submissions.exists()


def test_someone_not_at_the_table_cannot_open_the_match_slip(client, round_one, carol):
    match = round_one.matches.get()
    client.force_login(carol)
    assert client.get(reverse("tournaments:match", args=[round_one.tournament_id, match.pk])).status_code == 403


def test_an_override_needs_a_reason_and_lands_in_the_audit_log(client, round_one, organiser):
    match = round_one.matches.get()
    url = reverse("tournaments:override", args=[round_one.tournament_id, match.pk])
    client.force_login(organiser)
    response = client.post(url, {"game-1": "a", "game-2": "a", "reason": ""}, follow=True)
    assert "reason" in response.content.decode().lower()
    assert not AuditEntry.objects.exists()
    response = client.post(url, {"game-1": "a", "game-2": "a", "reason": "Entered from the paper slip"})
    assert response["Location"] == reverse("tournaments:manage", args=[round_one.tournament_id])  # the Round tab
    page = client.get(reverse("tournaments:manage-audit", args=[round_one.tournament_id])).content.decode()
    assert "Entered from the paper slip" in page
    assert AuditEntry.objects.get().actor == organiser
    a_user, b_user = _players(match)
    assert f"Result: {a_user.username} 2-0 {b_user.username}" in page
    assert "{" not in page.split("Audit log")[1]


def test_pairing_with_results_missing_shows_a_message_and_pairs_nothing(client, round_one, organiser):
    client.force_login(organiser)
    response = client.post(reverse("tournaments:manage-pair", args=[round_one.tournament_id]), follow=True)
    assert "without a confirmed result" in response.content.decode()
    assert round_one.tournament.rounds.count() == 1


def test_the_organiser_corrects_a_confirmed_result_from_the_match_slip(client, round_one, organiser, alice, bob):
    from tournaments import services

    match = round_one.matches.get()
    a_user, b_user = _players(match)
    report = services.result_report(match=match, actor=a_user, games=[{"winner": "a"}, {"winner": "a"}])
    services.result_confirm(submission=report, actor=b_user)
    client.force_login(organiser)
    slip = reverse("tournaments:match", args=[round_one.tournament_id, match.pk])
    assert "enter or correct the result" in client.get(slip).content.decode()
    client.post(reverse("tournaments:override", args=[round_one.tournament_id, match.pk]),
                {"game-1": "b", "game-2": "b", "reason": "Slip filled in the wrong way round", "next": "match"})
    match.refresh_from_db()
    assert [s.wins for s in match.seats.order_by("number")] == [0, 2]
    page = client.get(slip).content.decode()
    assert "Slip filled in the wrong way round" in page
    assert f"Result: {a_user.username} 2-0 {b_user.username}" in page
    assert f"Result: {b_user.username} 0-2" not in page and f"Result: {a_user.username} 0-2 {b_user.username}" in page


def test_a_bye_is_listed_as_one_seat_with_no_slip_link(client, tournament, organiser, registered, carol,
                                                        django_capture_on_commit_callbacks):
    from decks.services import deck_submit
    from tests.conftest import LEGAL_55
    from tournaments import services

    reg = services.player_register(tournament=tournament, actor=carol)
    deck_submit(registration=reg, actor=carol, data=LEGAL_55.read_bytes(), filename=LEGAL_55.name)
    services.tournament_start(tournament=tournament, actor=organiser)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(tournament=tournament, actor=organiser, seed=7)
    bye = next(m for m in rnd.matches.all() if m.seats.count() == 1)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:round", args=[tournament.pk, 1])).content.decode()
    assert f'<tr id="m{bye.pk}" class="bye">' in page and '<span class="badge text-bg-secondary">Bye</span>' in page
    assert reverse("tournaments:match", args=[tournament.pk, bye.pk]) not in page
