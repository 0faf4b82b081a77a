"""A limited event's pools (issue 23): the organiser deals, the player sees their pool, the deck check uses it.

Sources: spell-battle-rules.txt, 6. How to make your own deck (Sealed: "make a 30-card deck from those cards")
and 8. Tournaments.
"""

from __future__ import annotations

import datetime
import random

import pytest
from django.urls import reverse
from rest_framework.test import APIClient
from rules.cards import load_default
from rules.limited import CatalogueSource, sealed_pools

from decks.models import CardPool
from decks.services import deck_submit, pools_deal
from tournaments.errors import NotAllowed, UserError
from tournaments.models import AuditEntry
from tournaments.services import player_register, tournament_create, tournament_open_registration


@pytest.fixture
def sealed(organiser):
    t = tournament_create(
        actor=organiser,
        name="Sealed Night",
        date=datetime.date(2026, 12, 5),
        deck_format_id="30-sealed",
        best_of=1,
        swiss_rounds=3,
        top_cut=0,
    )
    return tournament_open_registration(tournament=t, actor=organiser)


@pytest.fixture
def sealed_players(sealed, alice, bob):
    return [player_register(tournament=sealed, actor=user) for user in (alice, bob)]


def _line(key: str) -> str:
    return f"1x {load_default().get(key).name} ({key})\n"


def _codes(submission) -> list[str]:
    return [v["code"] for v in submission.verdict["violations"]]


def test_the_organiser_deals_each_player_a_90_card_pool_reproducible_from_the_seed(
    sealed, organiser, sealed_players
):
    pools = pools_deal(tournament=sealed, actor=organiser, seed=5, sets=["4th", "DL"])
    expected = sealed_pools(CatalogueSource(load_default(), ["4th", "DL"]), random.Random(5), players=2)
    assert [pool.cards for pool in pools] == expected
    assert [pool.registration_id for pool in pools] == [r.pk for r in sealed_players]
    assert {(p.kind, p.seed, tuple(p.sets)) for p in CardPool.objects.all()} == {("sealed", 5, ("4th", "DL"))}


def test_a_deck_card_outside_the_players_pool_is_not_in_pool(sealed, organiser, alice, sealed_players):
    pools_deal(tournament=sealed, actor=organiser, seed=5, sets=["4th"])
    pool = CardPool.objects.get(registration=sealed_players[0]).cards
    inside = deck_submit(registration=sealed_players[0], actor=alice, data=_line(pool[0]))
    assert "not_in_pool" not in _codes(inside)
    outside_key = next(f"4th/{n}" for n in range(1, 521) if f"4th/{n}" not in pool)
    outside = deck_submit(
        registration=sealed_players[0], actor=alice, data=_line(pool[0]) + _line(outside_key)
    )
    assert "not_in_pool" in _codes(outside) and not outside.legal
    (violation,) = [v for v in outside.verdict["violations"] if v["code"] == "not_in_pool"]
    assert violation["params"]["in_pool"] == 0 and violation["params"]["card"].startswith(outside_key + " ")


def test_decks_submitted_before_the_deal_are_checked_again_against_the_pools(
    sealed, organiser, alice, sealed_players
):
    before = deck_submit(registration=sealed_players[0], actor=alice, data=_line("4th/1"))
    assert "not_in_pool" in _codes(before)  # no pool yet: nothing is in it
    pools_deal(tournament=sealed, actor=organiser, seed=1, sets=["4th"])
    recheck = sealed_players[0].deck_submissions.order_by("-id").first()
    assert recheck.source_format == "recheck"
    in_pool = "4th/1" in CardPool.objects.get(registration=sealed_players[0]).cards
    assert ("not_in_pool" in _codes(recheck)) is not in_pool


def test_only_the_organiser_deals_and_only_for_a_limited_format(
    sealed, tournament, alice, organiser, sealed_players
):
    with pytest.raises(NotAllowed):
        pools_deal(tournament=sealed, actor=alice, seed=1)
    player_register(tournament=tournament, actor=alice)
    with pytest.raises(UserError) as refused:
        pools_deal(tournament=tournament, actor=organiser, seed=1)
    assert refused.value.code == "not_limited"
    with pytest.raises(UserError) as unknown:
        pools_deal(tournament=sealed, actor=organiser, seed=1, sets=["5th"])
    assert unknown.value.code == "unknown_set"


def test_the_api_deals_and_shows_a_pool_to_its_player_only(sealed, organiser, alice, bob, sealed_players):
    client = APIClient()
    client.force_authenticate(alice)
    deal = f"/api/v1/tournaments/{sealed.pk}/pools/deal/"
    assert client.post(deal, {"seed": 3}, format="json").status_code == 403
    pool_url = f"/api/v1/tournaments/{sealed.pk}/registrations/{sealed_players[0].pk}/pool/"
    assert client.get(pool_url).status_code == 404
    client.force_authenticate(organiser)
    assert client.post(deal, {"seed": "x"}, format="json").status_code == 400
    assert client.post(deal, {"sets": ["ZZ"]}, format="json").status_code == 400
    response = client.post(deal, {"seed": 3, "sets": ["RL"]}, format="json")
    assert response.status_code == 201
    assert [len(p["cards"]) for p in response.json()] == [90, 90]
    client.force_authenticate(alice)
    body = client.get(pool_url).json()
    assert body["seed"] == 3 and body["sets"] == ["RL"] and len(body["cards"]) == 90
    client.force_authenticate(bob)
    assert client.get(pool_url).status_code == 403


def test_the_manage_page_deals_and_the_player_sees_their_pool(
    client, sealed, organiser, alice, sealed_players
):
    client.force_login(organiser)
    manage = client.get(reverse("decks:manage", args=[sealed.pk]))
    assert "Deal the pools" in manage.content.decode()
    client.post(reverse("decks:deal-pools", args=[sealed.pk]), {"sets": "4th", "seed": "9"})
    assert CardPool.objects.filter(registration__tournament=sealed, seed=9).count() == 2
    client.force_login(alice)
    page = client.get(reverse("decks:deck", args=[sealed.pk])).content.decode()
    assert "Your pool: 90 cards" in page
    first = CardPool.objects.get(registration=sealed_players[0]).cards[0]
    assert f"({first})" in page


def test_dealing_is_in_the_audit_log_with_its_seed(sealed, organiser, sealed_players):
    pools_deal(tournament=sealed, actor=organiser, seed=12, sets=["4th", "DL"])
    entry = AuditEntry.objects.get(tournament=sealed, action=AuditEntry.Action.POOLS_DEALT)
    assert entry.actor == organiser and entry.after == {"players": 2, "seed": 12}
    assert entry.reason == "Card pools dealt to 2 players from the sets 4th, DL"


def test_the_live_preview_checks_the_deck_against_the_players_pool(
    client, sealed, organiser, alice, sealed_players
):
    pools_deal(tournament=sealed, actor=organiser, seed=5, sets=["4th"])
    pool = CardPool.objects.get(registration=sealed_players[0]).cards
    outside_key = next(f"4th/{n}" for n in range(1, 521) if f"4th/{n}" not in pool)
    client.force_login(alice)
    page = client.post(
        reverse("decks:deck-preview", args=[sealed.pk]), {"text": _line(outside_key)}
    ).content.decode()
    assert "is not in the player&#x27;s pool" in page or "is not in the player's pool" in page


def test_the_organiser_deals_from_their_own_card_list(sealed, organiser, sealed_players):
    # issue 23, "the organiser's own collection": dealt at random from the list, reproducible from the seed
    card_list = "100x War Party (3rd/54)\n80x Waterdeep (1st/1)\n"
    pools = pools_deal(tournament=sealed, actor=organiser, seed=4, card_list=card_list)
    dealt = pools[0].cards + pools[1].cards
    assert [len(pool.cards) for pool in pools] == [90, 90]
    assert sorted(dealt) == sorted(["3rd/54"] * 100 + ["1st/1"] * 80)
    assert pools[0].sets == []
    entry = AuditEntry.objects.get(tournament=sealed, action=AuditEntry.Action.POOLS_DEALT)
    assert entry.reason_code == "pools_dealt_from_list" and entry.reason_params == {
        "players": 2,
        "cards": 180,
    }
    again = pools_deal(tournament=sealed, actor=organiser, seed=4, card_list=card_list)
    assert [p.cards for p in again] == [p.cards for p in pools]


def test_a_card_list_too_short_or_unreadable_is_refused(sealed, organiser, sealed_players):
    with pytest.raises(UserError) as short:
        pools_deal(tournament=sealed, actor=organiser, seed=4, card_list="10x War Party (3rd/54)\n")
    assert short.value.code == "too_few_cards"
    with pytest.raises(UserError) as unknown:
        pools_deal(tournament=sealed, actor=organiser, seed=4, card_list="3x No Such Card At All\n")
    assert unknown.value.code == "unknown_cards"
    assert not CardPool.objects.exists()
