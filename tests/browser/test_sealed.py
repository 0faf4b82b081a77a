"""A sealed event on a phone (issue 23): the organiser deals the pools on the Decks tab, a player opens their pool
sheet from their decklist page and submits a deck that is refused for a card outside their pool (``not_in_pool``,
spell-battle-rules.txt, 6. How to make your own deck). Each page checked for overflow and axe (``check_page``)."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from rules.cards import load_default

from decks.models import CardPool
from tests.browser.conftest import ORGANISER_PASSWORD, log_in
from tournaments import services

pytestmark = pytest.mark.browser


def test_the_organiser_deals_pools_and_a_player_is_refused_a_card_outside_theirs(
    live_server: Any,
    organiser: Any,
    alice: Any,
    bob: Any,
    catalogue_rows: int,
    phone: Any,
    another_context: Any,
    check_page: Any,
) -> None:
    t = services.tournament_create(
        actor=organiser,
        name="Sealed Night",
        date=datetime.date(2026, 12, 5),
        deck_format_id="30-sealed",
        best_of=1,
        swiss_rounds=3,
        top_cut=0,
    )
    services.tournament_open_registration(tournament=t, actor=organiser)
    mine = services.player_register(tournament=t, actor=alice)
    services.player_register(tournament=t, actor=bob)

    desk = phone.new_page()
    log_in(desk, organiser.username, ORGANISER_PASSWORD)
    desk.goto(f"/t/{t.pk}/manage/decks/")
    desk.fill("#pool-seed", "5")
    with desk.expect_navigation():
        desk.locator(f"form[action$='/t/{t.pk}/manage/pools/'] button").click()
    assert "2 players have a pool." in desk.locator("main").inner_text()
    check_page(desk, "pools-dealt")

    player = another_context("phone").new_page()
    log_in(player, "alice", "alice-pass-123")
    player.goto(f"/t/{t.pk}/deck/")
    with player.expect_navigation():
        player.get_by_role("link", name="Print your pool sheet").click()
    assert player.locator(".pool-sheet").count() == 1
    assert player.locator(".pool-sheet td.box").count() > 0
    check_page(player, "pool-sheet")

    pool = CardPool.objects.get(registration=mine).cards
    outside = next(f"4th/{n}" for n in range(1, 521) if f"4th/{n}" not in pool)
    catalogue = load_default()
    player.goto(f"/t/{t.pk}/deck/")
    player.fill(
        "#id_text",
        f"1x {catalogue.get(pool[0]).name} ({pool[0]})\n1x {catalogue.get(outside).name} ({outside})\n",
    )
    with player.expect_navigation():
        player.get_by_role("button", name="Check and submit").click()
    assert "is not in the player's pool" in player.locator("main").inner_text()
    check_page(player, "deck-refused-not-in-pool")
