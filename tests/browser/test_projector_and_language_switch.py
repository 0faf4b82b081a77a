"""Issue 20's small items in a real browser, at phone (390 x 844) and desktop (1,280 x 800) sizes: the projector's
column headings never run into each other ("PLACEPLAYER" on a phone), and the language switch is one control (a
button per language: one tap changes the page's language)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import SwissEvent, sizes_for

#: The headings of the projector's table whose text does not fit their column (overflows into the next one).
OVERFLOWING_HEADINGS = """() => [...document.querySelectorAll('.projector-table th')]
  .filter(th => th.scrollWidth > th.clientWidth + 1).map(th => th.innerText)"""


def _settle_round(event: SwissEvent) -> None:
    """The organiser enters the open tables' results: round 1 is complete and the projector shows the standings."""
    from tournaments import services

    for match in (event.pending, event.disputed):
        services.result_settle(match=match, actor=event.organiser, reason="entered from the paper slip",
                               games=[{"winner": "a"}, {"winner": "a"}])


@pytest.mark.parametrize("size", sizes_for("phone"))  # the finding was on a phone; both with --slow
def test_the_projectors_headings_fit_their_columns(request, live_server, swiss_event, check_page, size):
    from tournaments.models import Registration

    # a long name (a walk-in's, as typed) must end in an ellipsis, not push the page wider than the phone
    Registration.objects.filter(player=swiss_event.players[0]).update(
        walk_in_name="Maximiliano Albuquerque de Vasconcelos Sobrinho")
    page = request.getfixturevalue(size).new_page()
    page.goto(swiss_event.path("projector/"))
    assert page.locator(".projector-title").inner_text() == "Round 1"
    check_page(page, "projector-pairings")
    assert page.evaluate(OVERFLOWING_HEADINGS) == []
    _settle_round(swiss_event)
    page.goto(swiss_event.path("projector/"))
    assert page.locator(".projector-title").inner_text() == "Standings after round 1"
    check_page(page, "projector-standings")
    assert page.evaluate(OVERFLOWING_HEADINGS) == []


@pytest.mark.parametrize("size", sizes_for("phone"))
def test_the_language_switch_is_one_tap(request, live_server, swiss_event, check_page, size):
    page: Any = request.getfixturevalue(size).new_page()
    page.goto(swiss_event.path())
    assert page.locator(".language-switch select").count() == 0
    toggler = page.locator(".navbar-toggler")
    if toggler.is_visible():  # on a phone the switch sits in the menu
        toggler.click()
    button = page.locator(".language-switch button[value='fr']")
    button.wait_for(state="visible")
    check_page(page, "language-switch-open")
    with page.expect_navigation():
        button.click()
    assert page.locator("html").get_attribute("lang") == "fr"
    assert page.url.endswith(swiss_event.path())
    check_page(page, "event-in-french")
