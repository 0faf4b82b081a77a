"""Issue 20, item 1 in a real browser: the results desk updates by itself while a round is open (htmx polls of
``tournaments:desk-live``), never touching what the organiser types in the keyboard entry, and waiting while a row
is half-filled. A small event: 6 players, round 1 paired (3 tables)."""

from __future__ import annotations

from tests.browser.conftest import ORGANISER_PASSWORD, log_in, services
from tests.browser.test_manage_tab_bar import small_event


def test_the_results_desk_updates_by_itself_and_keeps_what_is_typed(desktop, live_server, organiser, settings):
    """Issue 20, item 1: while a round is open the desk's tables poll (htmx); a poll never touches the keyboard
    entry, and waits while a row is half-filled (a result button picked)."""
    from tournaments.models import Match

    settings.LIVE_POLL_SECONDS = 1
    t = small_event(organiser)
    first, _second, third = Match.objects.filter(round__tournament=t).order_by("table")
    page = desktop.new_page()
    log_in(page, organiser.username, ORGANISER_PASSWORD)
    page.goto(f"/t/{t.pk}/manage/")
    page.fill("#desk-entry", "3 2-")  # being typed
    a = first.seats.get(number=1).registration.player
    services.result_report(match=first, actor=a, score={"wins": [2, 0], "draws": 0})
    page.locator("#desk-table-1 .desk-row.state-reported").wait_for(timeout=10_000)
    assert page.input_value("#desk-entry") == "3 2-"
    assert "Accept 1 reported result" in page.locator("#desk-accept-all").inner_text()
    assert "1 reported" in page.locator("#desk-counts").inner_text()
    # a half-filled row: the list waits (no poll swaps it) until the pick is sent or the page reloaded
    page.locator("#desk-table-2 label.result-choice").first.click()
    page.fill("#desk-entry", "3 2-")  # the focus back in the entry box: only the pick holds the poll
    c = third.seats.get(number=1).registration.player
    services.result_report(match=third, actor=c, score={"wins": [2, 1], "draws": 0})
    page.wait_for_timeout(3_000)
    assert page.locator("#desk-table-2 input[type=radio]:checked").count() == 1
    assert page.locator("#desk-table-3 .desk-row.state-playing").count() == 1
