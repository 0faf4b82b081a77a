"""The create form follows the choice (issue 20, items 5 and 7), in a real browser at both sizes: with JavaScript
the structure's options follow the choice at once (htmx) and a first event takes the browser's time zone; without
JavaScript "Show its options" does the same in one post. And the rules page every citation links to."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import ORGANISER_PASSWORD, SIZES, _context, log_in, overflow, sizes_for
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def open_context(browser, live_server):
    """``open_context(size, **options)``: a browser context of ``size`` with ``options`` (``timezone_id``,
    ``java_script_enabled``); closed after the test."""
    opened: list = []

    def make(size: str, **options: Any) -> Any:
        generator = _context(browser, live_server, **SIZES[size], **options)
        opened.append(generator)
        return next(generator)

    yield make
    for generator in opened:
        next(generator, None)


def visible(page: Any, name: str) -> bool:
    return page.locator(f"[name={name}]").count() > 0 and page.locator(f"[name={name}]").first.is_visible()


@pytest.mark.parametrize("size", sizes_for("desktop"))  # both sizes with --slow
def test_with_javascript_the_options_follow_the_structure_and_the_zone_the_browser(
        open_context, organiser, check_page, size):
    context = open_context(size, timezone_id="Europe/Lisbon")
    page = context.new_page()
    log_in(page, organiser.username, ORGANISER_PASSWORD)
    page.goto("/t/new/")
    page.wait_for_load_state("networkidle")
    assert page.input_value("#id_time_zone") == "Europe/Lisbon"  # no earlier event: the browser's zone
    assert not page.locator("button[name=show_options]").is_visible()
    assert visible(page, "swiss_rounds") and not visible(page, "table_size")
    check_page(page, "new-event-swiss")
    page.check("input[name=structure][value=pods]")
    page.wait_for_selector("[name=table_size]")
    assert not visible(page, "third_place_match") and visible(page, "placement_points")
    check_page(page, "new-event-pods")
    page.fill("#id_name", "Pods night")
    page.fill("#id_date", "2026-12-05")
    page.fill("#id_table_size", "4")
    with page.expect_navigation():
        page.click("main form button.btn-primary")
    made = Tournament.objects.get(name="Pods night")
    assert (made.structure, made.time_zone) == ("pods", "Europe/Lisbon")


@pytest.mark.parametrize("size", sizes_for("desktop"))
def test_without_javascript_show_its_options_then_create(open_context, organiser, check_page, size):
    context = open_context(size, java_script_enabled=False)
    page = context.new_page()
    log_in(page, organiser.username, ORGANISER_PASSWORD)
    page.goto("/t/new/")
    assert page.locator("button[name=show_options]").is_visible()
    page.check("input[name=structure][value=double_elimination]")
    page.fill("#id_name", "Double cup")
    with page.expect_navigation():
        page.click("button[name=show_options]")
    assert visible(page, "bracket_reset") and not visible(page, "swiss_rounds")
    assert page.input_value("#id_name") == "Double cup"
    check_page(page, "new-event-no-js", axe=False)  # axe-core needs JavaScript; the same page is checked with it
    page.fill("#id_date", "2026-12-05")
    page.check("#id_bracket_reset")
    page.fill("#id_time_zone", "America/Sao_Paulo")
    with page.expect_navigation():
        page.click("main form button.btn-primary")
    made = Tournament.objects.get(name="Double cup")
    assert (made.structure, made.bracket_reset, made.time_zone) == ("double_elimination", True, "America/Sao_Paulo")


@pytest.mark.parametrize("size", sizes_for("phone"))
def test_the_rules_page_fits_and_its_anchors_exist(open_context, check_page, size):
    context = open_context(size)
    page = context.new_page()
    page.goto("/rules/")
    check_page(page, "rules")
    page.goto("/rules/special-circumstances/#running-out-of-cards")
    assert page.locator("#running-out-of-cards").is_visible()
    check_page(page, "rules-special-circumstances")
    page.goto("/rules/tournament-rules-2-0/#two-draw-mulligan")  # the longest text: its width, no screenshot
    assert page.locator("#two-draw-mulligan").is_visible()
    wide = overflow(page)
    assert wide["scroll_width"] <= wide["inner_width"], wide
