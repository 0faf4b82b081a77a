"""Issue 24: a late player's loss with no opponent, in a real browser on a phone. The organiser registers a late
walk-in choosing "with a loss for each round missed", records a late loss for another late player on the Players
tab ("Late loss", "Record a late loss for round 1"), and the round page shows "Late: loss"; every page fits 390 px
with no serious axe violation."""

from __future__ import annotations

import datetime
from typing import Any

from tests.browser.conftest import ORGANISER_PASSWORD, PageChecker, log_in, services


def late_event(organiser: Any) -> Any:
    """A started 4-player Swiss taking late entries for 2 rounds, round 1 played (seat 1 won every table)."""
    from django.contrib.auth.models import User

    from tournaments.models import Match, Registration

    t = services.tournament_create(
        actor=organiser,
        name="Late Night Open",
        date=datetime.date(2026, 12, 5),
        deck_format_id="55",
        best_of=3,
        swiss_rounds=3,
        late_entry_rounds=2,
    )
    services.tournament_open_registration(tournament=t, actor=organiser)
    for i in range(4):
        services.player_register(tournament=t, actor=User.objects.create_user(f"player_{i}"))
    Registration.objects.filter(tournament=t).update(has_legal_deck=True)
    services.tournament_start(tournament=t, actor=organiser)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=3)
    for match in rnd.matches.filter(status=Match.Status.PENDING):
        services.result_settle(match=match, actor=organiser, games=[{"winner": "a"}] * 2, reason="slip")
    return t


def test_the_organiser_records_late_losses_on_a_phone(phone, live_server, organiser, check_page: PageChecker):
    from tournaments.models import Match

    t = late_event(organiser)
    page = phone.new_page()
    log_in(page, organiser.username, ORGANISER_PASSWORD)
    page.goto(f"/t/{t.pk}/manage/players/")
    page.fill("#walk-in-name", "Lena Late")
    page.check("#late-entry-losses")
    check_page(page, "walk-in-late-entry-choice")
    with page.expect_navigation():
        page.get_by_role("button", name="Register walk-in", exact=True).click()
    page.fill("#walk-in-name", "Zoe Zero")
    with page.expect_navigation():
        page.get_by_role("button", name="Register walk-in", exact=True).click()
    assert (
        Match.objects.filter(opponentless_loss=True, seats__registration__walk_in_name="Lena Late").count()
        == 1
    )
    row = page.locator(".player-row", has_text="Zoe Zero")
    row.locator("summary", has_text="Late loss").click()
    assert row.get_by_role("combobox").input_value() == "1"
    check_page(page, "players-late-loss-open")
    with page.expect_navigation():
        row.get_by_role("button", name="Record", exact=True).click()
    assert "Zoe Zero: a loss with no opponent is recorded for round 1." in page.locator("main").inner_text()
    page.goto(f"/t/{t.pk}/rounds/1/")
    assert page.get_by_text("Late: loss").count() == 2
    check_page(page, "round-with-late-losses")
