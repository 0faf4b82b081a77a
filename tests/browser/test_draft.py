"""The draft on phones (issue 23): two drafters each tap a card of the pack they hold; the one who picked first waits,
and their page (polled with htmx) shows the neighbour's pack by itself once the neighbour has picked.

Source: spell-battle-rules.txt, 6. How to make your own deck (Draft: "pick one, pass left"). The event, the players
and the seating go through the services; the picks are taps. The poll is shortened through ``LIVE_POLL_SECONDS``."""

from __future__ import annotations

import datetime
from typing import Any

from tests.browser.conftest import PLAYER_PASSWORD, PageChecker, log_in, services


def test_two_drafters_pick_by_tapping_and_the_next_pack_arrives_by_itself(
    settings, live_server, organiser, catalogue_rows, another_context, check_page: PageChecker
):
    from decks.draft_services import draft_start
    from decks.models import DraftSeat
    from tests.factories import UserFactory

    settings.LIVE_POLL_SECONDS = 1
    t = services.tournament_create(
        actor=organiser,
        name="Draft Night",
        date=datetime.date(2026, 12, 5),
        deck_format_id="30-draft",
        best_of=1,
        swiss_rounds=3,
        top_cut=0,
    )
    services.tournament_open_registration(tournament=t, actor=organiser)
    users = []
    for _ in range(2):
        user = UserFactory()
        user.save(update_fields=["password"])
        services.player_register(tournament=t, actor=user)
        users.append(user)
    draft_start(tournament=t, actor=organiser, seed=23)
    pages: list[Any] = []
    for user in users:
        page = another_context("phone").new_page()
        log_in(page, user.username, PLAYER_PASSWORD)
        page.goto(f"/t/{t.pk}/draft/")
        pages.append(page)
    first, second = pages
    check_page(first, "draft-pick")
    assert first.locator("button[name=card]").count() == 15
    with first.expect_navigation():
        first.locator("button[name=card]").first.click()  # one tap records the pick
    assert "waiting for your neighbour" in first.locator("main").inner_text()
    check_page(first, "draft-waiting")
    with second.expect_navigation():
        second.locator("button[name=card]").nth(2).click()
    # the first drafter's page polls and shows the second's pack, one card fewer, without a reload
    first.locator("button[name=card]").nth(13).wait_for(timeout=5000)
    assert first.locator("button[name=card]").count() == 14
    seats = {seat.registration.player_id: seat for seat in DraftSeat.objects.select_related("registration")}
    assert [len(seats[user.pk].picks) for user in users] == [1, 1]
