"""A draft event's draft (issue 23): seated in pods, picks recorded on phones (service, pages, API), the organiser's
late pick, a paper draft; every way ends in the pools the deck check uses (``not_in_pool``).

Source: spell-battle-rules.txt, 6. How to make your own deck (Draft: "three piles of 15 random face-down cards ...
pick one, pass left; then right; then left again").
"""

from __future__ import annotations

import datetime
import random

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient
from rules.cards import load_default
from rules.draft import seat_pods
from rules.limited import CatalogueSource, draft_pools

from decks.draft_selectors import seat_state
from decks.draft_services import draft_paper_pool, draft_pick, draft_pick_for_late, draft_start
from decks.models import CardPool, Draft, DraftSeat
from decks.services import deck_submit, pools_deal
from tournaments.errors import Conflict, NotAllowed, UserError
from tournaments.models import AuditEntry
from tournaments.services import player_register, tournament_create, tournament_open_registration


@pytest.fixture
def draft_event(organiser):
    t = tournament_create(
        actor=organiser,
        name="Draft Night",
        date=datetime.date(2026, 12, 5),
        deck_format_id="30-draft",
        best_of=1,
        swiss_rounds=3,
        top_cut=0,
    )
    return tournament_open_registration(tournament=t, actor=organiser)


@pytest.fixture
def drafters(draft_event, alice, bob):
    return [player_register(tournament=draft_event, actor=user) for user in (alice, bob)]


def _line(key: str) -> str:
    return f"1x {load_default().get(key).name} ({key})\n"


def _codes(submission) -> list[str]:
    return [v["code"] for v in submission.verdict["violations"]]


def _seat(registration) -> DraftSeat:
    return DraftSeat.objects.get(registration=registration)


def test_the_organiser_seats_the_draft_in_pods_and_deals_three_packs_of_15_reproducibly(
    draft_event, organiser, drafters, carol
):
    drafters.append(player_register(tournament=draft_event, actor=carol))
    draft = draft_start(tournament=draft_event, actor=organiser, seed=11, pod_size=2)
    rng = random.Random(11)
    pods = seat_pods([r.pk for r in drafters], 2, rng)
    packs = draft_pools(CatalogueSource(load_default(), ["4th"]), rng, players=3)
    seats = list(draft.seats.order_by("pod", "seat"))
    assert [(s.pod, s.seat, s.registration_id) for s in seats] == [
        (pod, seat, reg) for pod, regs in enumerate(pods, 1) for seat, reg in enumerate(regs, 1)
    ]
    assert [s.packs for s in seats] == packs
    assert [len(pod) for pod in pods] == [2, 1] and all(len(p) == 15 for s in seats for p in s.packs)
    assert AuditEntry.objects.filter(action=AuditEntry.Action.DRAFT, reason_code="draft_started").count() == 1


def test_sealed_dealing_stays_refused_for_a_draft_and_seating_for_a_sealed_event(
    draft_event, organiser, drafters
):
    with pytest.raises(UserError) as error:
        pools_deal(tournament=draft_event, actor=organiser, seed=1)
    assert error.value.code == "not_limited"
    sealed = tournament_create(
        actor=organiser,
        name="Sealed",
        date=datetime.date(2026, 12, 5),
        deck_format_id="30-sealed",
        best_of=1,
        swiss_rounds=3,
        top_cut=0,
    )
    with pytest.raises(UserError) as error:
        draft_start(tournament=sealed, actor=organiser, seed=1)
    assert error.value.code == "not_draft"


def test_only_the_drafter_picks_for_their_seat(draft_event, organiser, drafters, bob):
    draft_start(tournament=draft_event, actor=organiser, seed=3)
    alice_reg = drafters[0]
    with pytest.raises(NotAllowed):
        draft_pick(registration=alice_reg, actor=bob, card=_seat(alice_reg).packs[0][0])
    with pytest.raises(NotAllowed):
        draft_pick(registration=alice_reg, actor=organiser, card=_seat(alice_reg).packs[0][0])


def test_every_pick_made_becomes_the_draft_pool_the_deck_check_uses(
    draft_event, organiser, drafters, alice, bob
):
    draft_start(tournament=draft_event, actor=organiser, seed=5)
    players = {drafters[0].pk: alice, drafters[1].pk: bob}
    while not all(CardPool.objects.filter(registration=r).exists() for r in drafters):
        for registration in drafters:
            state = seat_state(registration)
            if state is not None and state.ready:
                draft_pick(
                    registration=registration, actor=players[registration.pk], card=state.cards[-1].key
                )
    pools = {r.pk: CardPool.objects.get(registration=r) for r in drafters}
    assert {pool.kind for pool in pools.values()} == {"draft"}
    assert [len(pool.cards) for pool in pools.values()] == [45, 45]
    assert pools[drafters[0].pk].cards == _seat(drafters[0]).picks
    mine = pools[drafters[0].pk].cards
    outside = next(f"4th/{n}" for n in range(1, 521) if f"4th/{n}" not in mine)
    verdict = deck_submit(registration=drafters[0], actor=alice, data=_line(mine[0]) + _line(outside))
    assert "not_in_pool" in _codes(verdict)
    assert "not_in_pool" not in _codes(
        deck_submit(registration=drafters[0], actor=alice, data=_line(mine[0]))
    )


def test_the_organiser_picks_the_first_card_for_a_late_seat_once_the_timer_runs_out(
    draft_event, organiser, drafters
):
    draft_start(tournament=draft_event, actor=organiser, seed=5, pick_seconds=30)
    with pytest.raises(Conflict) as error:
        draft_pick_for_late(registration=drafters[0], actor=organiser)
    assert error.value.code == "not_late"
    Draft.objects.filter(tournament=draft_event).update(
        started_at=timezone.now() - datetime.timedelta(seconds=31)
    )
    assert seat_state(drafters[0]).late
    first = _seat(drafters[0]).packs[0][0]
    seat = draft_pick_for_late(registration=drafters[0], actor=organiser)
    assert seat.picks == [first] and seat.late_picks == [0]
    entry = AuditEntry.objects.get(reason_code="draft_late_pick")
    assert entry.actor == organiser and entry.reason_params["pick"] == 1


def test_a_paper_drafts_pool_entered_by_the_organiser_is_the_pool_checked(
    draft_event, organiser, drafters, alice
):
    pool = draft_paper_pool(
        registration=drafters[0], actor=organiser, card_list=_line("4th/1") + _line("4th/2") + _line("4th/2")
    )
    assert (pool.kind, sorted(pool.cards)) == ("draft", ["4th/1", "4th/2", "4th/2"])
    assert AuditEntry.objects.filter(reason_code="draft_paper_pool").exists()
    inside = deck_submit(registration=drafters[0], actor=alice, data=_line("4th/1") + _line("4th/2"))
    assert "not_in_pool" not in _codes(inside)
    outside = deck_submit(registration=drafters[0], actor=alice, data=_line("4th/1") + _line("4th/3"))
    assert "not_in_pool" in _codes(outside)


def test_a_paper_pool_is_refused_once_the_draft_runs_in_the_app(draft_event, organiser, drafters, alice):
    draft_start(tournament=draft_event, actor=organiser, seed=5)
    draft_pick(registration=drafters[0], actor=alice, card=_seat(drafters[0]).packs[0][0])
    with pytest.raises(Conflict) as error:
        draft_paper_pool(registration=drafters[0], actor=organiser, card_list=_line("4th/1"))
    assert error.value.code == "draft_under_way"
    with pytest.raises(Conflict) as error:
        draft_start(tournament=draft_event, actor=organiser, seed=6)
    assert error.value.code == "draft_under_way"


# --------------------------------------------------------------------------- the API
def _api(user: User) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _pick_url(t, registration) -> str:
    return reverse("api:registration-draft-pick", args=[t.pk, registration.pk])


def test_the_api_refuses_a_pick_out_of_turn_with_409(draft_event, organiser, drafters, alice):
    draft_start(tournament=draft_event, actor=organiser, seed=5)
    client = _api(alice)
    assert (
        client.post(
            _pick_url(draft_event, drafters[0]), {"card": _seat(drafters[0]).packs[0][0]}, format="json"
        ).status_code
        == 201
    )
    # pick 2 is bob's pack, which bob has not picked from yet
    response = client.post(
        _pick_url(draft_event, drafters[0]), {"card": _seat(drafters[1]).packs[0][0]}, format="json"
    )
    assert response.status_code == 409 and response.json()["code"] == "pack_not_arrived"


def test_the_api_refuses_another_players_seat_with_403(draft_event, organiser, drafters, bob):
    draft_start(tournament=draft_event, actor=organiser, seed=5)
    response = _api(bob).post(
        _pick_url(draft_event, drafters[0]), {"card": _seat(drafters[0]).packs[0][0]}, format="json"
    )
    assert response.status_code == 403
    assert (
        _api(bob).get(reverse("api:registration-draft", args=[draft_event.pk, drafters[0].pk])).status_code
        == 403
    )


def test_the_api_refuses_a_card_not_in_the_pack_with_400(draft_event, organiser, drafters, alice):
    draft_start(tournament=draft_event, actor=organiser, seed=5)
    not_held = next(f"4th/{n}" for n in range(1, 521) if f"4th/{n}" not in _seat(drafters[0]).packs[0])
    response = _api(alice).post(_pick_url(draft_event, drafters[0]), {"card": not_held}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "not_in_pack"
    assert _seat(drafters[0]).picks == []


def test_the_api_shows_the_organiser_every_pack_and_a_player_only_their_own(
    draft_event, organiser, drafters, alice, carol
):
    draft_start(tournament=draft_event, actor=organiser, seed=5)
    url = reverse("api:tournament-draft", args=[draft_event.pk])
    staff = _api(organiser).get(url).json()
    assert all("cards" in seat for pod in staff["pods"] for seat in pod) and staff["mine"] is None
    player = _api(alice).get(url).json()
    assert all("cards" not in seat for pod in player["pods"] for seat in pod)
    assert player["mine"]["registration"] == drafters[0].pk and len(player["mine"]["cards"]) == 15
    assert _api(carol).get(url).status_code == 403


# --------------------------------------------------------------------------- the pages
def test_the_pick_page_shows_the_pack_as_buttons_and_a_tap_records_the_pick(
    client, draft_event, organiser, drafters, alice
):
    draft_start(tournament=draft_event, actor=organiser, seed=5)
    client.force_login(alice)
    url = reverse("decks:draft", args=[draft_event.pk])
    page = client.get(url).content.decode()
    pack = _seat(drafters[0]).packs[0]
    assert all(f'name="card" value="{key}"' in page for key in pack)
    response = client.post(url, {"card": pack[3]})
    assert response.status_code == 302 and _seat(drafters[0]).picks == [pack[3]]
    waiting = client.get(url).content.decode()  # bob has not passed his pack yet: the page polls
    assert reverse("decks:draft-live", args=[draft_event.pk]) in waiting and 'name="card"' not in waiting
    refused = client.post(url, {"card": pack[4]})
    assert refused.status_code == 409


def test_the_organiser_seats_the_draft_from_the_decks_tab_and_sees_each_pods_progress(
    client, draft_event, organiser, drafters
):
    client.force_login(organiser)
    response = client.post(
        reverse("decks:draft-start", args=[draft_event.pk]),
        {"sets": "4th", "seed": "9", "pod_size": "8", "pick_seconds": "0"},
    )
    assert response.status_code == 302
    assert Draft.objects.get(tournament=draft_event).seed == 9
    tab = client.get(reverse("decks:manage", args=[draft_event.pk])).content.decode()
    assert "draft-pod" in tab and drafters[0].display_name in tab and "0 / 45" in tab
    sheet = client.get(reverse("decks:print-draft-seats", args=[draft_event.pk])).content.decode()
    assert "Pod 1" in sheet and all(r.display_name in sheet for r in drafters)
    assert (
        client.post(reverse("decks:draft-start", args=[draft_event.pk]), {"pod_size": "x"}).status_code == 302
    )


def test_the_organiser_enters_a_paper_pool_from_the_decks_tab(client, draft_event, organiser, drafters):
    client.force_login(organiser)
    response = client.post(
        reverse("decks:draft-paper-pool", args=[draft_event.pk]),
        {"registration": str(drafters[1].pk), "card_list": _line("4th/5")},
    )
    assert response.status_code == 302
    assert CardPool.objects.get(registration=drafters[1]).cards == ["4th/5"]


def test_a_drafter_finds_their_pick_from_their_events_and_their_decklist_page(
    client, draft_event, organiser, drafters, alice
):
    draft_start(tournament=draft_event, actor=organiser, seed=5)
    client.force_login(alice)
    pick_url = reverse("decks:draft", args=[draft_event.pk])
    assert pick_url in client.get("/me/").content.decode()
    assert pick_url in client.get(reverse("decks:deck", args=[draft_event.pk])).content.decode()
