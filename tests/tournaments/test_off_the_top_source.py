"""Where an off-the-top event's shared pools come from (issue 23, "Where the cards come from, chosen by the
organiser"): the packs of the sets the organiser names, or the organiser's own card list dealt at random without
replacement within a match; and how many cards per player. Reproducible from the round's seed. Source:
spell-battle-rules.txt, 8. Tournaments ("Approximately 50 cards should be used as a deck for every player that will
share the deck. (100 cards would be used for a two player game.)")."""

from __future__ import annotations

import datetime
from collections import Counter

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient
from rules.limited import OFF_THE_TOP_MAX_PER_PLAYER, OFF_THE_TOP_MIN_PER_PLAYER

from tests.factories import UserFactory
from tournaments import services
from tournaments.errors import UserError
from tournaments.models import AuditEntry, MatchPool, Seat, Tournament

pytestmark = pytest.mark.django_db

#: The organiser's own cards as a CrossFire .cfd list: 4th/1 to 4th/15, three copies each (45 cards).
OWN_KEYS = [f"4th/{number}" for number in range(1, 16) for _ in range(3)]
OWN_CFD = "set tempDeck { " + " ".join("{4th %s}" % key.split("/")[1] for key in OWN_KEYS) + " }\n"


def _event(organiser, players: int = 4, *, start: bool = True, **options) -> Tournament:
    """An off-the-top Swiss event with ``players`` players (started unless ``start`` is False)."""
    t = services.tournament_create(
        actor=organiser,
        name="Off the Top",
        date=datetime.date(2026, 12, 5),
        deck_format_id="off-the-top",
        best_of=1,
        swiss_rounds=2,
        top_cut=0,
        **options,
    )
    services.tournament_open_registration(tournament=t, actor=organiser)
    for _ in range(players):
        services.player_register(tournament=t, actor=UserFactory())
    if start:
        services.tournament_start(tournament=t, actor=organiser)
    return Tournament.objects.get(pk=t.pk)


def _pools(organiser, t: Tournament, seed: int = 5) -> list[MatchPool]:
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=seed)
    return list(MatchPool.objects.filter(match__round=rnd).order_by("match__table"))


def test_the_shared_pools_come_from_the_sets_the_organiser_chose(organiser):
    t = _event(organiser, pool_sets="4th, 1st")
    assert t.pool_sets == ["4th", "1st"] and t.pool_cards == []
    pools = _pools(organiser, t)
    assert len(pools) == 2 and all(len(pool.cards) == 100 and pool.sets == ["4th", "1st"] for pool in pools)
    sets = {key.split("/")[0] for pool in pools for key in pool.cards}
    assert sets == {"4th", "1st"}  # every card from a chosen set, the packs of both in turn


def test_the_shared_pools_come_from_the_organisers_list_no_card_more_often_than_it_has(organiser):
    t = _event(organiser, pool_card_list=OWN_CFD, pool_card_list_name="mine.cfd", pool_cards_per_player=20)
    assert t.pool_cards == OWN_KEYS and t.pool_sets == [] and t.pool_cards_per_player == 20
    pools = _pools(organiser, t)
    have = Counter(OWN_KEYS)
    for pool in pools:
        assert len(pool.cards) == 40 and pool.sets == []  # 20 per player, from the list only
        assert not Counter(pool.cards) - have  # without replacement within the match
    assert pools[0].cards != pools[1].cards  # dealt at random for each match


def test_the_shared_pools_are_reproducible_from_the_round_seed(organiser):
    def dealt(seed: int) -> list[list[str]]:
        t = _event(organiser, pool_card_list=OWN_CFD, pool_cards_per_player=20)
        return [pool.cards for pool in _pools(organiser, t, seed=seed)]

    assert dealt(8) == dealt(8)
    assert dealt(8) != dealt(9)


def test_a_list_too_short_for_a_duel_is_refused(organiser):
    with pytest.raises(UserError) as caught:
        _event(organiser, start=False, pool_card_list=OWN_CFD, pool_cards_per_player=23)  # a duel needs 46
    assert caught.value.code == "pool_card_list" and caught.value.params["needed"] == 46


def test_an_unknown_set_code_is_refused_naming_the_valid_ones(organiser):
    with pytest.raises(UserError) as caught:
        _event(organiser, start=False, pool_sets="4th, 9th")
    assert caught.value.code == "pool_sets"
    assert "9th" in caught.value.message and "1st" in caught.value.params["valid"]


@pytest.mark.parametrize("per_player", [OFF_THE_TOP_MIN_PER_PLAYER - 1, OFF_THE_TOP_MAX_PER_PLAYER + 1, 0])
def test_cards_per_player_out_of_bounds_are_refused(organiser, per_player):
    with pytest.raises(UserError) as caught:
        _event(organiser, start=False, pool_cards_per_player=per_player)
    assert caught.value.code == "pool_cards_per_player"


def test_the_bounds_of_cards_per_player_are_accepted_and_dealt(organiser):
    t = _event(organiser, 2, pool_cards_per_player=OFF_THE_TOP_MAX_PER_PLAYER)
    assert [len(pool.cards) for pool in _pools(organiser, t)] == [2 * OFF_THE_TOP_MAX_PER_PLAYER]


def test_a_constructed_event_takes_no_pool_settings(organiser):
    with pytest.raises(UserError) as caught:
        services.tournament_create(
            actor=organiser, name="Constructed", date=datetime.date(2026, 12, 5), pool_sets="1st"
        )
    assert caught.value.code == "not_off_the_top"


def test_the_api_takes_and_shows_the_pool_settings_and_refuses_a_bad_set_with_a_400(organiser):
    api = APIClient()
    api.force_authenticate(organiser)
    base = {"name": "API off the top", "date": "2026-12-12", "deck_format_id": "off-the-top", "best_of": 1}
    made = api.post(
        "/api/v1/tournaments/", {**base, "pool_sets": ["1st"], "pool_cards_per_player": 30}, format="json"
    )
    assert made.status_code == 201
    body = made.json()
    assert (body["pool_sets"], body["pool_cards_count"], body["pool_cards_per_player"]) == (["1st"], 0, 30)
    listed = api.post(
        "/api/v1/tournaments/",
        {**base, "pool_card_list": OWN_CFD, "pool_cards_per_player": 20},
        format="json",
    )
    assert listed.status_code == 201 and listed.json()["pool_cards_count"] == 45
    bad = api.post("/api/v1/tournaments/", {**base, "pool_sets": ["9th"]}, format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "pool_sets"
    low = api.post("/api/v1/tournaments/", {**base, "pool_cards_per_player": 5}, format="json")
    assert low.status_code == 400


def _settings_post(t: Tournament, **changes) -> dict:
    """The Settings form as the page shows it, with ``changes``."""
    data = {
        "name": t.name,
        "date": t.date.isoformat(),
        "time_zone": t.time_zone,
        "venue": t.venue,
        "description": t.description,
        "capacity": t.capacity or "",
        "registration_deadline": "",
        "structure": t.structure,
        "swiss_rounds": t.swiss_rounds,
        "top_cut": t.top_cut,
        "best_of": t.best_of,
        "table_size": t.table_size,
        "team_size": t.team_size,
        "late_entry_rounds": t.late_entry_rounds,
        "tiebreakers": t.tiebreakers,
        "tiebreaker_floor": t.tiebreaker_floor,
        "placement_points": t.placement_points,
        "end_of_round": t.end_of_round,
        "round_minutes": t.round_minutes,
        "pool_sets": ", ".join(t.pool_sets),
        "pool_cards_per_player": t.pool_cards_per_player,
        "idempotency_key": "p1",
    }
    data.update(changes)
    return data


def test_settings_shows_the_pool_fields_for_an_off_the_top_event_only(organiser, client):
    t = _event(organiser, 0, start=False)
    other = services.tournament_create(actor=organiser, name="Constructed", date=datetime.date(2026, 12, 5))
    client.force_login(organiser)
    page = client.get(reverse("tournaments:manage-edit", args=[t.pk])).content.decode()
    assert 'name="pool_sets"' in page and 'name="pool_card_list"' in page and "multipart/form-data" in page
    page = client.get(reverse("tournaments:manage-edit", args=[other.pk])).content.decode()
    assert 'name="pool_sets"' not in page


def test_a_bad_set_code_on_settings_is_a_form_error(organiser, client):
    t = _event(organiser, 0, start=False)
    client.force_login(organiser)
    response = client.post(
        reverse("tournaments:manage-edit", args=[t.pk]), _settings_post(t, pool_sets="4th, 9th")
    )
    assert response.status_code in (200, 400)
    assert "Unknown set code(s): 9th" in response.content.decode()
    t.refresh_from_db()
    assert t.pool_sets == []


def test_settings_takes_the_organisers_list_and_the_slip_names_it(organiser, client):
    t = _event(organiser, 2, start=False)
    client.force_login(organiser)
    upload = SimpleUploadedFile("mine.cfd", OWN_CFD.encode())
    response = client.post(
        reverse("tournaments:manage-edit", args=[t.pk]),
        _settings_post(t, pool_cards_per_player=20, pool_card_list=upload),
    )
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.pool_cards == OWN_KEYS and t.pool_cards_per_player == 20
    entry = AuditEntry.objects.get(action=AuditEntry.Action.TOURNAMENT_EDITED)
    assert entry.after["pool_cards"] == "45 cards"  # the log keeps the list's size, not the list
    services.tournament_start(tournament=t, actor=organiser)
    (pool,) = _pools(organiser, t)
    player = Seat.objects.filter(match=pool.match).first().registration.player
    client.force_login(player)
    page = client.get(reverse("tournaments:match", args=[t.pk, pool.match_id])).content.decode()
    assert "from the organiser&#x27;s list" in page or "from the organiser's list" in page


def test_sets_and_a_list_together_are_refused_and_forgetting_the_list_goes_back_to_sets(organiser):
    t = _event(organiser, 0, start=False, pool_card_list=OWN_CFD, pool_cards_per_player=20)
    with pytest.raises(UserError) as caught:
        services.tournament_update(tournament=t, actor=organiser, changes={"pool_sets": "1st"})
    assert caught.value.code == "pool_sets"
    t = services.tournament_update(
        tournament=t, actor=organiser, changes={"pool_sets": "1st", "pool_cards": []}
    )
    assert (t.pool_sets, t.pool_cards) == (["1st"], [])


def test_only_the_organiser_changes_the_pool_settings(organiser, alice):
    t = _event(organiser, 0, start=False)
    with pytest.raises(UserError):  # NotAllowed, a UserError (403)
        services.tournament_update(tournament=t, actor=alice, changes={"pool_sets": "1st"})
    t.refresh_from_db()
    assert t.pool_sets == []
