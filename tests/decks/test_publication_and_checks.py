"""Decklists stay private until the organiser publishes them; deck checks are picked and recorded."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.conftest import deck_of, deck_pk
from decks.models import DeckCheck
from decks.services import deck_check_record, deck_checks_pick, deck_submit, decklists_publish
from tournaments.errors import NotAllowed, UserError
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_published_decklists_appear_on_the_public_page(client, registered, tournament, organiser):
    alice_reg, _ = registered
    url = reverse("decks:registration-deck", args=[tournament.pk, alice_reg.pk])
    assert client.get(url).status_code == 403
    decklists_publish(tournament=tournament, actor=organiser, scope="all")
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert url in page
    assert "Legal" in client.get(url).content.decode()
    assert APIClient().get(f"/api/v1/tournaments/{tournament.pk}/registrations/{alice_reg.pk}/deck/").status_code \
        == 200


def test_the_public_sees_the_registered_deck_not_the_players_other_attempts(client, registered, tournament,
                                                                            organiser, alice):
    alice_reg, _ = registered
    deck_submit(registration=alice_reg, actor=alice, data="3rd/54\nElminster")  # an illegal later attempt
    decklists_publish(tournament=tournament, actor=organiser, scope="all")
    body = APIClient().get(f"/api/v1/tournaments/{tournament.pk}/registrations/{alice_reg.pk}/deck/").json()
    assert body["latest"]["legal"] is True and body["latest"]["id"] == deck_pk(alice_reg)


def test_top_cut_publication_shows_only_top_cut_players(registered, tournament, organiser, bob):
    from decks.selectors import can_view_decklist, published_decklists

    decklists_publish(tournament=tournament, actor=organiser, scope="top_cut")
    alice_reg, _ = registered
    assert published_decklists(tournament) == []  # no top cut played yet
    assert not can_view_decklist(bob, alice_reg)


def test_only_the_organiser_publishes(registered, tournament, alice):
    with pytest.raises(NotAllowed):
        decklists_publish(tournament=tournament, actor=alice, scope="all")
    tournament.refresh_from_db()
    assert tournament.decklists_published == Tournament.Publication.NONE


def test_a_random_deck_check_is_reproducible_from_its_seed(registered, tournament, organiser):
    first = deck_checks_pick(tournament=tournament, actor=organiser, count=1, seed=42)
    second = deck_checks_pick(tournament=tournament, actor=organiser, count=1, seed=42)
    assert first[0].registration == second[0].registration
    assert first[0].random_pick and first[0].seed == 42 and first[0].deck == deck_of(first[0].registration)


def test_a_deck_check_records_findings_and_a_penalty_note(registered, tournament, organiser):
    alice_reg, _ = registered
    (check,) = deck_checks_pick(tournament=tournament, actor=organiser, registrations=[alice_reg])
    with pytest.raises(UserError):
        deck_check_record(check=check, actor=organiser, findings="  ")
    deck_check_record(check=check, actor=organiser, findings="Two cards missing from the registered list",
                      penalty_note="Game loss (deck problem)")
    check.refresh_from_db()
    assert check.checked_by == organiser and check.penalty_note == "Game loss (deck problem)"


def test_asking_for_more_checks_than_players_is_refused(registered, tournament, organiser):
    with pytest.raises(UserError, match="between 1 and 2"):
        deck_checks_pick(tournament=tournament, actor=organiser, count=5)
    assert not DeckCheck.objects.exists()


def test_the_organiser_picks_and_records_a_deck_check_from_the_manage_page(client, registered, tournament,
                                                                           organiser, alice):
    client.force_login(organiser)
    client.post(reverse("decks:deck-checks", args=[tournament.pk]), {"count": "1"})
    check = DeckCheck.objects.get()
    response = client.post(reverse("decks:deck-check-record", args=[tournament.pk, check.pk]),
                           {"findings": "Matches the registered list"})
    assert response["Location"] == reverse("decks:manage", args=[tournament.pk])  # back to the Decks tab
    page = client.get(reverse("decks:manage", args=[tournament.pk])).content.decode()
    assert "Matches the registered list" in page
    client.force_login(alice)
    assert client.post(reverse("decks:deck-checks", args=[tournament.pk]), {"count": "1"}).status_code == 403


def test_a_waitlisted_player_who_never_got_a_place_keeps_their_decklist_private(client, registered, tournament,
                                                                                organiser, carol):
    """Issue 21, finding 7: anonymous ``GET .../registrations/<r>/deck/export/?as=text`` of a waitlisted player
    answered 200 once every list was published, and the public page linked it. Publication covers the players who
    played only, as for withdrawn players."""
    from decks.selectors import can_view_decklist, published_decklists
    from tests.conftest import LEGAL_55
    from tournaments.services import player_register, tournament_update

    tournament_update(tournament=tournament, actor=organiser, changes={"capacity": 2})
    waiting = player_register(tournament=tournament, actor=carol)
    assert waiting.waitlisted
    deck_submit(registration=waiting, actor=carol, data=LEGAL_55.read_bytes(), filename=LEGAL_55.name)
    decklists_publish(tournament=tournament, actor=organiser, scope="all")

    export = f"/api/v1/tournaments/{tournament.pk}/registrations/{waiting.pk}/deck/export/?as=text"
    assert APIClient().get(export).status_code == 403
    assert APIClient().get(f"/api/v1/tournaments/{tournament.pk}/registrations/{registered[0].pk}/deck/export/"
                           "?as=text").status_code == 200  # a player who has a place: published
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert reverse("decks:registration-deck", args=[tournament.pk, waiting.pk]) not in page
    assert waiting not in published_decklists(tournament)
    assert can_view_decklist(carol, waiting) and can_view_decklist(organiser, waiting)  # the owner and organiser
