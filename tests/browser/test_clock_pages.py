"""The round clock in a real browser (issue 20, item 4): at zero the round page and the projector say "Time" (the
countdown script too); once every table is confirmed they say when the round ended, with nothing counting down. At
phone (390 x 844) and desktop (1,280 x 800) sizes, each page checked for overflow and axe (``check_page``)."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from tests.browser.conftest import SwissEvent, sizes_for
from tournaments import services
from tournaments.models import Round

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", sizes_for("phone"))  # both sizes with --slow
def test_the_round_page_and_projector_say_time_then_when_the_round_ended(request, swiss_event: SwissEvent,
                                                                         check_page, size):
    context: Any = request.getfixturevalue(size)
    page = context.new_page()
    event = swiss_event
    # the clock ran out a second from now: the countdown script turns it into "Time" by itself
    soon = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(minutes=event.tournament.round_minutes,
                                                                               seconds=-1)
    Round.objects.filter(pk=event.round.pk).update(started_at=soon)
    page.goto(event.path("rounds/1/"))
    page.wait_for_function("document.querySelector('time[data-round-clock]').textContent.trim() === 'Time'",
                           timeout=10_000)
    check_page(page, "round-time")
    page.goto(event.path("projector/"))
    page.wait_for_function("document.querySelector('.projector-clock').textContent.trim() === 'Time'",
                           timeout=10_000)
    check_page(page, "projector-time")

    for match in (event.pending, event.disputed):
        services.result_settle(match=match, actor=event.organiser, games=[{"winner": "a"}] * 2, reason="slip")
    page.goto(event.path("rounds/1/"))
    ended = page.locator("[data-clock-state=ended]").first.inner_text()
    assert ended.startswith("Ended at") and page.locator("time[data-round-clock]").count() == 0
    check_page(page, "round-ended")
    page.goto(event.path("projector/"))
    assert "Round 1 ended at" in page.locator("[data-clock-state=ended]").inner_text()
    check_page(page, "projector-ended")


@pytest.mark.parametrize("size", sizes_for("desktop"))  # both sizes with --slow
def test_round_1_refused_for_players_not_checked_in_names_them_at_both_sizes(request, live_server, organiser,
                                                                            catalogue_rows, check_page, size):
    """Check-in that gates (issue 20, item 6): the page that names the players not checked in, to drop or wait."""
    from decks.services import deck_submit
    from tests.browser.conftest import ORGANISER_PASSWORD, log_in
    from tests.conftest import LEGAL_55
    from tests.factories import UserFactory

    t = services.tournament_create(actor=organiser, name="Gate Night", date=datetime.date(2026, 12, 5),
                                   check_in_required=True)
    services.tournament_open_registration(tournament=t, actor=organiser)
    for _ in range(3):
        user = UserFactory()
        reg = services.player_register(tournament=t, actor=user)
        deck_submit(registration=reg, actor=user, data=LEGAL_55.read_bytes(), filename=LEGAL_55.name)
    services.tournament_start(tournament=t, actor=organiser)
    page = request.getfixturevalue(size).new_page()
    log_in(page, organiser.username, ORGANISER_PASSWORD)
    page.goto(f"/t/{t.pk}/manage/")
    with page.expect_navigation():
        page.locator("form[action$='/manage/pair/'] button").first.click()
    assert page.locator("#not-checked-in li").count() == 3
    assert page.locator("form[action$='/manage/no-shows/']").count() == 0  # nobody here: dropping all is no choice
    check_page(page, "round-1-not-checked-in")
