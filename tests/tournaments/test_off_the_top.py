"""Off-the-top events (issue 23): no deck registration; at pairing time each match gets one shared pool of about
50 cards per player, reproducible from the round's seed, shown on the match slip to its players and the staff and
printed on the match slip sheet. Source: spell-battle-rules.txt, 8. Tournaments ("Tournaments can be off-the-top,
constructed, sealed, or draft"; "Approximately 50 cards should be used as a deck for every player that will share
the deck. (100 cards would be used for a two player game.)")."""

from __future__ import annotations

import datetime
import random

import pytest
from django.urls import reverse
from django.utils.html import escape
from rest_framework.test import APIClient
from rules.cards import load_default
from rules.limited import DEFAULT_SETS, CatalogueSource, off_the_top_pools

from decks.services import deck_submit
from tests.conftest import make_event
from tests.factories import UserFactory
from tournaments import services
from tournaments.errors import UserError
from tournaments.models import MatchPool, Seat, Tournament
from tournaments.services.off_the_top import pool_rng
from tournaments.services.round_changes import round_repair


def _event(organiser, players: int, **options) -> tuple[Tournament, list]:
    """An off-the-top event with ``players`` registered players and no decks, started."""
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
    regs = [services.player_register(tournament=t, actor=UserFactory()) for _ in range(players)]
    services.tournament_start(tournament=t, actor=organiser)
    return Tournament.objects.get(pk=t.pk), regs


def test_an_off_the_top_event_starts_without_any_deck(organiser):
    t, regs = _event(organiser, 3)
    assert t.is_off_the_top and t.status == Tournament.Status.RUNNING
    assert not any(reg.has_legal_deck for reg in regs)


def test_a_player_cannot_register_a_deck_off_the_top(organiser):
    t = services.tournament_create(
        actor=organiser,
        name="Off the Top",
        date=datetime.date(2026, 12, 5),
        deck_format_id="off-the-top",
        best_of=1,
        swiss_rounds=2,
        top_cut=0,
    )
    services.tournament_open_registration(tournament=t, actor=organiser)
    user = UserFactory()
    reg = services.player_register(tournament=t, actor=user)
    with pytest.raises(UserError) as caught:
        deck_submit(registration=reg, actor=user, data="1x War Party\n")
    assert caught.value.code == "off_the_top"


def test_each_match_gets_a_shared_pool_of_50_cards_per_player_from_the_round_seed(organiser):
    t, _regs = _event(organiser, 5)  # two duels and a bye
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=11)
    pools = list(MatchPool.objects.filter(match__round=rnd).order_by("match__table"))
    duels = [m for m in rnd.matches.order_by("table") if m.seats.count() == 2]
    assert [pool.match_id for pool in pools] == [m.pk for m in duels]  # the bye has none
    assert [len(pool.cards) for pool in pools] == [100, 100]
    # reproducible: the same seed deals the same pools, table by table (rules.limited.off_the_top_pools)
    source, rng = CatalogueSource(load_default(), DEFAULT_SETS), pool_rng(rnd)
    expected = [off_the_top_pools(source, rng, players=2, table_size=2)[0] for _ in duels]
    assert [pool.cards for pool in pools] == expected
    assert pool_rng(rnd).random() == random.Random(f"off-the-top:{rnd.seed}").random()


def test_a_constructed_event_deals_no_shared_pool(organiser):
    t, _regs = make_event(organiser, 2, structure="swiss", swiss_rounds=1, top_cut=0)
    services.round_pair_next(tournament=t, actor=organiser, seed=1)
    assert not MatchPool.objects.exists()


def _duel(organiser):
    t, _regs = _event(organiser, 3)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=4)
    match = next(m for m in rnd.matches.all() if m.seats.count() == 2)
    return t, rnd, match


def test_the_match_slip_shows_the_shared_pool_to_its_players_and_the_organiser(client, organiser, carol):
    t, _rnd, match = _duel(organiser)
    pool = MatchPool.objects.get(match=match)
    name = escape(load_default().get(pool.cards[0]).name)
    player = Seat.objects.filter(match=match).first().registration.player
    for user in (player, organiser):
        client.force_login(user)
        page = client.get(reverse("tournaments:match", args=[t.pk, match.pk])).content.decode()
        assert "Shared pool: 100 cards" in page and name in page
    client.force_login(carol)  # anyone else: the slip is not theirs
    assert client.get(reverse("tournaments:match", args=[t.pk, match.pk])).status_code == 403


def test_the_printed_match_slips_carry_each_tables_shared_pool(client, organiser):
    t, rnd, match = _duel(organiser)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:print-slips", args=[t.pk, rnd.number])).content.decode()
    assert page.count("Shared pool: 100 cards") == 1  # one duel; the bye has no slip
    assert escape(load_default().get(MatchPool.objects.get(match=match).cards[-1]).name) in page


def test_a_players_event_page_asks_for_no_deck_off_the_top(client, organiser, alice):
    t = services.tournament_create(
        actor=organiser,
        name="Off the Top",
        date=datetime.date(2026, 12, 5),
        deck_format_id="off-the-top",
        best_of=1,
        swiss_rounds=2,
        top_cut=0,
    )
    services.tournament_open_registration(tournament=t, actor=organiser)
    services.player_register(tournament=t, actor=alice)
    client.force_login(alice)
    page = client.get(reverse("tournaments:detail", args=[t.pk])).content.decode()
    assert "No deck to register" in page and "none submitted" not in page


def test_the_api_gives_the_shared_pool_to_the_players_at_the_table_only(organiser, carol):
    _t, _rnd, match = _duel(organiser)
    api = APIClient()
    url = f"/api/v1/matches/{match.pk}/shared-pool/"
    api.force_authenticate(Seat.objects.filter(match=match).first().registration.player)
    body = api.get(url).json()
    assert body["cards"] == MatchPool.objects.get(match=match).cards and body["count"] == 100
    api.force_authenticate(carol)
    assert api.get(url).json()["code"] == "not_at_table"


def test_a_constructed_match_has_no_shared_pool_in_the_api(organiser):
    t, _regs = make_event(organiser, 2, structure="swiss", swiss_rounds=1, top_cut=0)
    match = services.round_pair_next(tournament=t, actor=organiser, seed=1).matches.get()
    api = APIClient()
    api.force_authenticate(organiser)
    response = api.get(f"/api/v1/matches/{match.pk}/shared-pool/")
    assert response.status_code == 404 and response.json()["code"] == "no_shared_pool"


def test_a_round_paired_again_deals_its_tables_new_shared_pools(organiser):
    t, _regs = _event(organiser, 4)
    services.round_pair_next(tournament=t, actor=organiser, seed=4)
    first = sorted(tuple(pool.cards) for pool in MatchPool.objects.all())
    rnd = round_repair(tournament=t, actor=organiser, reason="a player was missed", seed=9)
    pools = MatchPool.objects.filter(match__round=rnd)
    assert MatchPool.objects.count() == pools.count() == 2  # the old tables' pools went with them
    assert sorted(tuple(pool.cards) for pool in pools) != first
