"""Walk-ins (issue 13): the organiser registers a player by name only, enters their decklist, reports their
matches; the player claims the entry later with an account and its claim code
(``tournaments.services.check_in``)."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from django.urls import reverse
from rest_framework.test import APIClient

from decks.services import deck_submit
from tests.conftest import LEGAL_55
from tests.markup import squash
from tournaments import services
from tournaments.errors import Conflict, NotAllowed, UserError
from tournaments.models import AuditEntry, ClaimAttempts, Registration
from tournaments.services.check_in import (
    CLAIM_ATTEMPTS,
    CLAIM_CODE_LENGTH,
    CLAIM_WINDOW_SECONDS,
    format_claim_code,
    walk_in_claim,
    walk_in_register,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def walk_in(tournament, organiser):
    return walk_in_register(tournament=tournament, actor=organiser, name="  Dana   Walker ")


@pytest.fixture
def dana_with_deck(walk_in, organiser):
    deck_submit(registration=walk_in, actor=organiser, data=LEGAL_55.read_bytes(), filename=LEGAL_55.name)
    walk_in.refresh_from_db()
    return walk_in


@pytest.fixture
def paired(tournament, organiser, registered, dana_with_deck, django_capture_on_commit_callbacks):
    """alice and the walk-in Dana (bob withdrew), started; round 1 paired: alice v Dana.
    Returns (round, the match)."""
    services.player_drop(registration=registered[1], actor=registered[1].player)
    services.tournament_start(tournament=tournament, actor=organiser)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(tournament=tournament, actor=organiser, seed=5)
    return rnd, rnd.matches.get(seats__registration=dana_with_deck)


def _settle_dana_wins(match, organiser, dana, django_capture_on_commit_callbacks):
    seats = list(match.seats.order_by("number"))
    assert len(seats) == 2
    dana_seat = next(s.number for s in seats if s.registration_id == dana.pk)
    with django_capture_on_commit_callbacks(execute=True):
        services.result_settle(match=match, actor=organiser, reason="Paper slip of a walk-in",
                               games=[{"winner": dana_seat}] * 2)


# --------------------------------------------------------------------------- registering
def test_the_organiser_registers_a_walk_in_by_name_checked_in_with_a_claim_code(walk_in, organiser):
    assert walk_in.player is None and walk_in.display_name == "Dana Walker" and walk_in.is_walk_in
    assert walk_in.checked_in and walk_in.checked_in_by == organiser
    assert len(walk_in.claim_code) == CLAIM_CODE_LENGTH and re.fullmatch(r"[2-9A-HJKMNP-Z]+", walk_in.claim_code)
    entry = AuditEntry.objects.get(action=AuditEntry.Action.WALK_IN)
    assert (entry.actor, entry.after) == (organiser, {"player": "Dana Walker", "checked_in": "yes"})


def test_claim_codes_differ(tournament, organiser):
    codes = {walk_in_register(tournament=tournament, actor=organiser, name=f"Walk-in {n}").claim_code
             for n in range(5)}
    assert len(codes) == 5


def test_a_player_cannot_register_a_walk_in(tournament, alice):
    with pytest.raises(NotAllowed):
        walk_in_register(tournament=tournament, actor=alice, name="Eve")
    assert not Registration.objects.exists()


@pytest.mark.parametrize(("name", "code"), [("   ", "name_required"), ("x" * 81, "name_too_long"),
                                            ("ALICE", "name_taken")])
def test_a_walk_in_needs_a_new_name(tournament, registered, organiser, name, code):
    with pytest.raises(UserError) as exc:
        walk_in_register(tournament=tournament, actor=organiser, name=name)
    assert exc.value.code == code
    assert Registration.objects.filter(player__isnull=True).count() == 0


def test_walk_ins_are_refused_once_the_tournament_runs_without_late_entries(tournament, registered, organiser):
    services.tournament_start(tournament=tournament, actor=organiser)
    with pytest.raises(Conflict):
        walk_in_register(tournament=tournament, actor=organiser, name="Late Larry")


def test_the_unique_entry_per_account_still_holds(tournament, registered, alice):
    with pytest.raises(IntegrityError), transaction.atomic():
        Registration.objects.create(tournament=tournament, player=alice)


def test_an_entry_needs_a_player_or_a_walk_in_name(tournament):
    with pytest.raises(IntegrityError), transaction.atomic():
        Registration.objects.create(tournament=tournament, player=None, walk_in_name="")


# --------------------------------------------------------------------------- the walk-in's decklist
def test_the_organiser_enters_the_walk_ins_decklist_with_the_players_editor(client, tournament, walk_in, organiser):
    client.force_login(organiser)
    url = reverse("decks:walk-in-deck", args=[tournament.pk, walk_in.pk])
    page = client.get(url).content.decode()
    assert "Decklist of Dana Walker" in page and 'id="deck-form"' in page
    with LEGAL_55.open("rb") as upload:
        response = client.post(url, {"file": upload, "action": "submit"})
    assert response.status_code == 302 and response["Location"] == url
    walk_in.refresh_from_db()
    assert walk_in.has_legal_deck
    assert "The deck of Dana Walker is legal and registered." in client.get(url).content.decode()


def test_the_organiser_cannot_submit_a_players_own_decklist(tournament, registered, organiser, client):
    with pytest.raises(NotAllowed):
        deck_submit(registration=registered[0], actor=organiser, data=LEGAL_55.read_bytes(), filename=LEGAL_55.name)
    client.force_login(organiser)
    assert client.get(reverse("decks:walk-in-deck", args=[tournament.pk, registered[0].pk])).status_code == 404


def test_a_stranger_cannot_open_the_walk_ins_editor_or_read_the_deck(client, tournament, dana_with_deck, alice):
    client.force_login(alice)
    assert client.get(reverse("decks:walk-in-deck", args=[tournament.pk, dana_with_deck.pk])).status_code == 403
    client.logout()  # an anonymous visitor (pk None) is not the walk-in's missing player
    response = client.get(reverse("decks:registration-deck", args=[tournament.pk, dana_with_deck.pk]))
    assert response.status_code == 403
    with pytest.raises(NotAllowed):
        deck_submit(registration=dana_with_deck, actor=alice, data=LEGAL_55.read_bytes(), filename=LEGAL_55.name)


# --------------------------------------------------------------------------- playing
def test_a_walk_in_is_paired_reported_by_the_organiser_and_in_standings_csv_and_api(
        client, tournament, organiser, paired, dana_with_deck, django_capture_on_commit_callbacks):
    rnd, match = paired
    _settle_dana_wins(match, organiser, dana_with_deck, django_capture_on_commit_callbacks)
    round_page = client.get(reverse("tournaments:round", args=[tournament.pk, 1])).content.decode()
    assert "Dana Walker" in round_page
    standings = client.get(reverse("tournaments:standings", args=[tournament.pk])).content.decode()
    assert "Dana Walker" in standings
    csv = client.get(reverse("tournaments:export-standings", args=[tournament.pk])).content.decode()
    row = next(line for line in csv.splitlines() if "Dana Walker" in line)
    assert row.split(",")[:4] == ["1", str(dana_with_deck.pk), "Dana Walker", "3"]  # rank, id, name, points
    assert "Dana Walker" in client.get(reverse("tournaments:export-pairings", args=[tournament.pk])).content.decode()
    api = APIClient()
    rows = api.get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()["rows"]
    assert any(r["name"] == "Dana Walker" and r["points"] == 3 for r in rows)
    regs = api.get(f"/api/v1/tournaments/{tournament.pk}/registrations/").json()["results"]
    assert [(r["player"], r["account"], r["walk_in"], r["checked_in"]) for r in regs if r["walk_in"]] == [
        ("Dana Walker", None, True, True)]
    seats = api.get(f"/api/v1/matches/{match.pk}/").json()["seats"]
    assert "Dana Walker" in [s["player"] for s in seats]


def test_the_manage_page_lists_the_walk_in_with_its_claim_code(client, tournament, walk_in, organiser):
    client.force_login(organiser)
    page = client.get(reverse("tournaments:manage-players", args=[tournament.pk])).content.decode()
    assert format_claim_code(walk_in.claim_code) in page
    assert reverse("decks:walk-in-deck", args=[tournament.pk, walk_in.pk]) in page


def test_the_public_never_sees_a_claim_code(client, tournament, walk_in, alice):
    assert walk_in.claim_code not in client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    rows = APIClient().get(f"/api/v1/tournaments/{tournament.pk}/registrations/").json()["results"]
    assert "claim_code" not in rows[0] and walk_in.claim_code not in str(rows)


def test_the_organiser_registers_a_walk_in_from_the_manage_page(client, tournament, organiser):
    client.force_login(organiser)
    response = client.post(reverse("tournaments:manage-walk-in", args=[tournament.pk]), {"name": "Frank"},
                           follow=True)
    assert "Frank is registered and checked in." in response.content.decode()
    assert Registration.objects.get(walk_in_name="Frank").player is None
    response = client.post(reverse("tournaments:manage-walk-in", args=[tournament.pk]), {"name": "frank"},
                           follow=True)
    assert '<div class="alert alert-danger" role="alert">There is already a player named frank' in \
        squash(response.content.decode())


# --------------------------------------------------------------------------- claiming
def test_a_new_account_claims_the_entry_and_sees_its_match_slip(
        client, tournament, organiser, paired, dana_with_deck):
    rnd, match = paired
    dana = User.objects.create_user("dana", password="dana-pass-123")
    client.force_login(dana)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert f'action="{reverse("tournaments:claim", args=[tournament.pk])}"' in page
    slip = reverse("tournaments:match", args=[tournament.pk, match.pk])
    assert client.get(slip).status_code == 403  # not theirs yet
    code = format_claim_code(dana_with_deck.claim_code).lower()  # as typed: lower case, with the dash
    response = client.post(reverse("tournaments:claim", args=[tournament.pk]), {"code": code}, follow=True)
    assert "The entry of Dana Walker is yours now" in response.content.decode()
    entry = Registration.objects.get(pk=dana_with_deck.pk)
    assert (entry.player, entry.claim_code, entry.display_name) == (dana, "", "Dana Walker")
    log = AuditEntry.objects.get(action=AuditEntry.Action.WALK_IN_CLAIMED)
    assert (log.actor, log.before, log.after) == (
        dana, {"player": "Dana Walker", "account": ""}, {"player": "Dana Walker", "account": "dana"})
    assert client.get(slip).status_code == 200
    assert "your match slip" in client.get(reverse("tournaments:round", args=[tournament.pk, 1])).content.decode()


def test_a_wrong_code_is_a_form_error(client, tournament, walk_in, carol):
    client.force_login(carol)
    response = client.post(reverse("tournaments:claim", args=[tournament.pk]), {"code": "AAAAA-AAAAA"})
    assert response.status_code == 400
    body = response.content.decode()
    assert "That code does not match any walk-in entry of this tournament" in body and "is-invalid" in body
    assert Registration.objects.get(pk=walk_in.pk).player is None


def test_a_claimed_entry_cannot_be_claimed_twice(tournament, walk_in, alice, carol):
    code = walk_in.claim_code
    walk_in_claim(tournament=tournament, actor=carol, code=code)
    with pytest.raises(UserError) as exc:
        walk_in_claim(tournament=tournament, actor=alice, code=code)
    assert exc.value.code == "wrong_code"
    assert Registration.objects.get(pk=walk_in.pk).player == carol


def test_a_player_with_an_entry_cannot_claim_another(tournament, registered, walk_in, alice):
    with pytest.raises(Conflict) as exc:
        walk_in_claim(tournament=tournament, actor=alice, code=walk_in.claim_code)
    assert exc.value.code == "already_registered"
    assert Registration.objects.get(pk=walk_in.pk).player is None


def test_wrong_codes_are_bounded(tournament, walk_in, carol):
    for _ in range(CLAIM_ATTEMPTS):
        with pytest.raises(UserError):
            walk_in_claim(tournament=tournament, actor=carol, code="AAAAAAAAAA")
    with pytest.raises(Conflict) as exc:  # even the right code, until the window passes
        walk_in_claim(tournament=tournament, actor=carol, code=walk_in.claim_code)
    assert exc.value.code == "too_many_attempts"
    assert Registration.objects.get(pk=walk_in.pk).player is None


def test_a_claimed_walk_in_checks_in_and_submits_their_own_deck_from_then_on(tournament, walk_in, organiser, carol):
    from tournaments.services.check_in import registration_check_in

    walk_in_claim(tournament=tournament, actor=carol, code=walk_in.claim_code)
    walk_in.refresh_from_db()
    registration_check_in(registration=walk_in, actor=carol)
    deck_submit(registration=walk_in, actor=carol, data=LEGAL_55.read_bytes(), filename=LEGAL_55.name)
    with pytest.raises(NotAllowed):
        deck_submit(registration=walk_in, actor=organiser, data=LEGAL_55.read_bytes(), filename=LEGAL_55.name)


# --------------------------------------------------------------------------- the API
def test_api_walk_in_register_and_claim(tournament, organiser, carol):
    api = APIClient()
    api.force_authenticate(organiser)
    created = api.post(f"/api/v1/tournaments/{tournament.pk}/walk-ins/", {"name": "Gale"}, format="json")
    assert created.status_code == 201
    body = created.json()
    assert (body["player"], body["account"], body["walk_in"], body["checked_in"]) == ("Gale", None, True, True)
    assert len(body["claim_code"]) == CLAIM_CODE_LENGTH
    api.force_authenticate(carol)
    assert api.post(f"/api/v1/tournaments/{tournament.pk}/walk-ins/", {"name": "Hal"},
                    format="json").status_code == 403
    wrong = api.post(f"/api/v1/tournaments/{tournament.pk}/claim/", {"code": "ZZZZZZZZZZ"}, format="json")
    assert wrong.status_code == 400 and wrong.json()["code"] == "wrong_code"
    claimed = api.post(f"/api/v1/tournaments/{tournament.pk}/claim/", {"code": body["claim_code"]}, format="json")
    assert claimed.status_code == 200
    assert (claimed.json()["player"], claimed.json()["account"]) == ("Gale", "carol")


# --------------------------------------------------------------------------- claim attempts counted atomically
def test_each_claim_attempt_is_counted_in_one_conditional_update_with_f(tournament, walk_in, carol):
    """Issue 21, finding 10: 30 parallel wrong codes gave 15 ``wrong_code`` against a limit of 10 (the counter was
    read, then written). Each try now takes an attempt in one ``UPDATE ... SET attempts = attempts + 1 WHERE
    attempts < limit`` and goes on only if that UPDATE changed a row."""
    with CaptureQueriesContext(connection) as queries, pytest.raises(UserError):
        walk_in_claim(tournament=tournament, actor=carol, code="AAAAAAAAAA")
    updates = [q["sql"] for q in queries.captured_queries
               if q["sql"].startswith("UPDATE") and "tournaments_claimattempts" in q["sql"]]
    taken = [sql for sql in updates if re.search(r'SET "attempts" = \("tournaments_claimattempts"\."attempts" \+ 1\)',
                                                   sql)]
    assert len(taken) == 1 and '"attempts" < 10' in taken[0]
    assert ClaimAttempts.objects.get(tournament=tournament, user=carol).attempts == 1


def test_the_eleventh_attempt_is_refused_and_counts_nothing(tournament, walk_in, carol):
    for _ in range(CLAIM_ATTEMPTS):
        with pytest.raises(UserError) as exc:
            walk_in_claim(tournament=tournament, actor=carol, code="AAAAAAAAAA")
        assert exc.value.code == "wrong_code"
    with pytest.raises(Conflict) as exc:
        walk_in_claim(tournament=tournament, actor=carol, code="AAAAAAAAAA")
    assert exc.value.code == "too_many_attempts" and exc.value.status == 409
    assert ClaimAttempts.objects.get(tournament=tournament, user=carol).attempts == CLAIM_ATTEMPTS


def test_a_refusal_that_is_not_a_wrong_code_gives_the_attempt_back(tournament, registered, walk_in, alice):
    with pytest.raises(Conflict):
        walk_in_claim(tournament=tournament, actor=alice, code=walk_in.claim_code)  # alice has an entry already
    assert ClaimAttempts.objects.get(tournament=tournament, user=alice).attempts == 0


def test_the_attempts_start_again_once_the_window_is_over(tournament, walk_in, carol):
    for _ in range(CLAIM_ATTEMPTS):
        with pytest.raises(UserError):
            walk_in_claim(tournament=tournament, actor=carol, code="AAAAAAAAAA")
    ClaimAttempts.objects.filter(user=carol).update(
        window_started=timezone.now() - datetime.timedelta(seconds=CLAIM_WINDOW_SECONDS + 1))
    assert walk_in_claim(tournament=tournament, actor=carol, code=walk_in.claim_code).player == carol


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql",
                    reason="parallel claims need a server database: SQLite serialises every writer, so threads on it "
                           "prove nothing (the counting is checked above on the UPDATE itself)")
def test_thirty_parallel_wrong_codes_give_exactly_ten_wrong_code_answers(organiser):
    from concurrent.futures import ThreadPoolExecutor

    from django.db import connections

    from tournaments.services import tournament_create, tournament_open_registration

    tournament = tournament_open_registration(
        tournament=tournament_create(actor=organiser, name="Race", date=datetime.date(2026, 12, 5),
                                     deck_format_id="55", best_of=3, swiss_rounds=3, top_cut=0), actor=organiser)
    walk_in_register(tournament=tournament, actor=organiser, name="Dana")
    carol = User.objects.create_user("carol", password="carol-pass-123")

    def attempt(_: int) -> str:
        try:
            walk_in_claim(tournament=tournament, actor=carol, code="AAAAAAAAAA")
        except (UserError, Conflict) as exc:
            return exc.code
        finally:
            connections.close_all()  # this thread's connection: the test database is dropped afterwards
        return "claimed"

    with ThreadPoolExecutor(max_workers=10) as pool:
        codes = list(pool.map(attempt, range(30)))
    assert codes.count("wrong_code") == CLAIM_ATTEMPTS
    assert codes.count("too_many_attempts") == 30 - CLAIM_ATTEMPTS
