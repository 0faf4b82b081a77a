"""After the lock, a card destroyed by Enter Darkness Together may be replaced with the organiser's approval."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import deck_of, deck_pk
from decks.models import DeckReplacement
from decks.services import deck_replacement_decide, deck_replacement_request
from tournaments.errors import Conflict, NotAllowed, UserError
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db


def _a_card_in(registration, card_type="Champion"):
    from tournaments.catalogue import get_catalogue

    catalogue = get_catalogue()
    return next(catalogue.get(k) for k in deck_of(registration).cards if catalogue.get(k).card_type == card_type)


def test_the_same_card_back_is_approved_and_registered_as_a_new_legal_list(round_one, registered, alice, organiser):
    alice_reg, _ = registered
    card = _a_card_in(alice_reg)
    request = deck_replacement_request(registration=alice_reg, actor=alice, destroyed=card.key,
                                       replacement=card.name)
    assert request.timing == "end_of_game"
    old_deck = deck_pk(alice_reg)
    deck_replacement_decide(replacement=request, actor=organiser, approve=True)
    alice_reg.refresh_from_db()
    assert deck_pk(alice_reg) != old_deck and deck_of(alice_reg).legal
    assert AuditEntry.objects.get(action=AuditEntry.Action.DECK_REPLACEMENT).before["deck"] == old_deck


def test_a_replacement_that_would_make_the_deck_illegal_is_refused(round_one, registered, alice, organiser):
    alice_reg, _ = registered
    realm = _a_card_in(alice_reg, "Realm")
    champion = _a_card_in(alice_reg)
    request = deck_replacement_request(registration=alice_reg, actor=alice, destroyed=realm.key,
                                       replacement=champion.key)  # a second copy of a champion
    assert request.timing == "end_of_round"
    old_deck = deck_pk(alice_reg)
    with pytest.raises(UserError, match="would not be legal"):
        deck_replacement_decide(replacement=request, actor=organiser, approve=True)
    alice_reg.refresh_from_db()
    assert deck_pk(alice_reg) == old_deck
    assert DeckReplacement.objects.get().status == "pending"


def test_before_the_lock_a_player_just_submits_a_new_list(registered, alice):
    alice_reg, _ = registered
    with pytest.raises(Conflict, match="not locked"):
        deck_replacement_request(registration=alice_reg, actor=alice, destroyed="3rd/54", replacement="3rd/54")


def test_a_card_not_in_the_deck_cannot_be_replaced(round_one, registered, alice):
    alice_reg, _ = registered
    with pytest.raises(UserError, match="not in the registered decklist"):
        deck_replacement_request(registration=alice_reg, actor=alice, destroyed="DU/110", replacement="3rd/54")


def test_only_the_organiser_decides_and_a_rejection_needs_a_reason(round_one, registered, alice, organiser):
    alice_reg, _ = registered
    card = _a_card_in(alice_reg)
    request = deck_replacement_request(registration=alice_reg, actor=alice, destroyed=card.key,
                                       replacement=card.key)
    with pytest.raises(NotAllowed):
        deck_replacement_decide(replacement=request, actor=alice, approve=True)
    with pytest.raises(UserError, match="why"):
        deck_replacement_decide(replacement=request, actor=organiser, approve=False)


def test_the_player_asks_and_the_organiser_approves_through_the_pages(client, round_one, registered, alice,
                                                                      organiser):
    alice_reg, _ = registered
    card = _a_card_in(alice_reg)
    client.force_login(alice)
    assert "Enter Darkness Together" in client.get(reverse("decks:deck", args=[alice_reg.tournament_id])) \
        .content.decode()
    client.post(reverse("decks:deck-replacement", args=[alice_reg.tournament_id]),
                {"destroyed": card.key, "replacement": card.key})
    request = DeckReplacement.objects.get()
    client.force_login(organiser)
    assert card.key in client.get(reverse("decks:manage", args=[alice_reg.tournament_id])).content.decode()
    client.post(reverse("decks:replacement-decide", args=[alice_reg.tournament_id, request.pk, "approve"]))
    request.refresh_from_db()
    assert request.status == "approved"


def test_a_lackeyccg_dek_upload_gets_a_verdict(client, tournament, alice):
    from tests.conftest import CARDS_DIR

    client.force_login(alice)
    client.post(reverse("tournaments:register", args=[tournament.pk]))
    with (CARDS_DIR / "decks" / "lackeyccg" / "Heroes.dek").open("rb") as fh:
        page = client.post(reverse("decks:deck", args=[tournament.pk]), {"file": fh}, follow=True)
    assert "Legal" in page.content.decode()


def _legal_different_realm_swap(alice_reg, alice, organiser):
    """A request to replace a realm by another realm not in the deck, approved (the first such realm that keeps
    the deck legal)."""
    from decks.services import deck_replacement_decide as decide
    from tournaments.catalogue import get_catalogue

    realm = _a_card_in(alice_reg, "Realm")
    in_deck = {get_catalogue().get(k).identity for k in deck_of(alice_reg).cards}
    for candidate in get_catalogue():
        if candidate.card_type != "Realm" or candidate.identity in in_deck or not candidate.key.startswith("1st/"):
            continue
        request = deck_replacement_request(registration=alice_reg, actor=alice, destroyed=realm.key,
                                           replacement=candidate.key)
        try:
            return decide(replacement=request, actor=organiser, approve=True)
        except UserError:
            continue
    raise AssertionError("no legal realm swap found")


def test_a_different_card_takes_effect_at_the_end_of_the_round(round_one, registered, alice, organiser, tournament,
                                                               django_capture_on_commit_callbacks):
    """spellfire-tournament-rules-2.0.txt (opening section, Enter Darkness Together): a different card replaces
    the destroyed one at the end of the round. The approval does not change the list in force while the round is
    played (a deck check then records the old list); pairing the next round puts the new list in force."""
    from decks.services import deck_checks_pick
    from tournaments import services
    from tournaments.models import Match

    alice_reg, _ = registered
    old = deck_of(alice_reg)
    approved = _legal_different_realm_swap(alice_reg, alice, organiser)
    assert approved.timing == "end_of_round" and approved.effective_at is None
    assert deck_of(alice_reg) == old  # still the list in force during round 1
    check = deck_checks_pick(tournament=tournament, actor=organiser, registrations=[alice_reg])[0]
    assert check.deck == old
    with django_capture_on_commit_callbacks(execute=True):
        for match in Match.objects.filter(round=round_one):
            services.result_settle(match=match, actor=organiser, games=[{"winner": "a"}] * 2, reason="slip")
        services.round_pair_next(tournament=tournament, actor=organiser, seed=2)
    approved.refresh_from_db()
    assert approved.effective_at is not None
    assert deck_of(alice_reg) == approved.result_deck != old
    assert AuditEntry.objects.filter(action=AuditEntry.Action.DECK_REPLACEMENT,
                                     reason__contains="end of round 1").count() == 1
