"""Issue 20 items 1-2: one-tap results on the match slip and the organiser's results desk, in Chromium at 390 x 844
and 1,280 x 800. The targets are asserted by counting the clicks and keypresses each test makes:

* a player reports 2-1 in at most 2 taps after opening the slip, and the opponent confirms in 1;
* the best-of-3 slip is at most 1,700 px tall on a phone (the document's height);
* the organiser enters 8 tables' results at the desk in at most 2 actions per table and accepts 4 reported tables in
  1; the keyboard entry ("3 2-1", Enter) keeps the focus in its box for the next table;
* a timed journey: an 8-player, 3-round Swiss event run through the pages (pairing, every result at the desk,
  standings, finish), printing its elapsed seconds and the organiser's actions.

Accounts, registrations and the players' own reports (where a test only needs them to exist) go through the
services, and say so."""

from __future__ import annotations

import datetime
import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import (
    ORGANISER_PASSWORD,
    PLAYER_PASSWORD,
    SCREENSHOT_EVERY_PAGE,
    PageChecker,
    log_in,
    seat_players,
    services,
    sizes_for,
)

#: the after-screenshots for the reviewer, on a developer's run (git-ignored with the other browser screenshots; CI
#: takes none: a full-page screenshot costs more than the checks)
SHOTS = Path(__file__).resolve().parent / "screenshots" / "one-tap-results"


def _event(organiser: Any, players: int, **options: Any) -> Any:
    """A started Swiss event (best of 3) with ``players`` accounts (password ``PLAYER_PASSWORD``), every one flagged
    with a legal deck (the decklists are not what these tests are about)."""
    from tests.factories import UserFactory
    from tournaments.models import Registration, Tournament

    t = services.tournament_create(actor=organiser, name="Desk Open", date=datetime.date(2026, 12, 5),
                                   deck_format_id="55", best_of=3, **options)
    services.tournament_open_registration(tournament=t, actor=organiser)
    for _ in range(players):
        user = UserFactory()
        user.save(update_fields=["password"])
        services.player_register(tournament=t, actor=user)
    Registration.objects.filter(tournament=t).update(has_legal_deck=True)
    services.tournament_start(tournament=t, actor=organiser)
    return Tournament.objects.get(pk=t.pk)


def _shot(page: Any, name: str) -> None:
    if not SCREENSHOT_EVERY_PAGE:
        return
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def _main(page: Any) -> str:
    return " ".join(page.locator("main").inner_text().split())


def _record_at_desk(page: Any, table: int, score: str) -> int:
    """Tap ``score`` on the table's desk row, then Record; the actions it took (2)."""
    row = page.locator(f"#desk-table-{table}")
    row.locator(".desk-record").get_by_text(score, exact=True).click()
    with page.expect_navigation():
        row.locator(".desk-record-button").click()
    return 2


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_player_reports_2_1_in_two_taps_and_the_opponent_confirms_in_one(
        request, size, live_server, organiser, catalogue_rows, another_context, check_page: PageChecker):
    t = _event(organiser, 2, swiss_rounds=1)
    match = services.round_pair_next(tournament=t, actor=organiser, seed=1).matches.get()
    reporter, opponent = seat_players(match)
    page = request.getfixturevalue(size).new_page()
    log_in(page, reporter.username, PLAYER_PASSWORD)
    page.goto(f"/t/{t.pk}/matches/{match.pk}/")
    height = page.evaluate("document.documentElement.scrollHeight")
    print(f"\nbest-of-3 slip at {size}: {height} px tall")
    if size == "phone":
        assert height <= 1700
    check_page(page, "slip")
    _shot(page, f"slip-{size}")

    taps = 0
    page.locator(".one-tap").get_by_text("2-1", exact=True).click()
    taps += 1
    with page.expect_navigation():
        page.get_by_role("button", name="Report result", exact=True).click()
    taps += 1
    assert taps <= 2
    assert f"Your report: {reporter.username} 2-1 {opponent.username}" in _main(page)
    check_page(page, "slip-reported")

    other = another_context(size).new_page()
    log_in(other, opponent.username, PLAYER_PASSWORD)
    other.goto(f"/t/{t.pk}/matches/{match.pk}/")
    _shot(other, f"slip-to-confirm-{size}")
    with other.expect_navigation():
        other.get_by_role("button", name="Confirm", exact=True).click()  # 1 tap (the confirm dialog answers OK)
    assert "Result confirmed" in _main(other)
    assert "the order of the games was not recorded" in _main(other)
    check_page(other, "slip-confirmed")


@pytest.mark.parametrize("size", sizes_for("desktop"))  # the organiser at a laptop; both sizes with --slow
def test_the_organiser_enters_8_tables_at_the_desk_and_accepts_4_reports_in_one_action(
        request, size, live_server, organiser, catalogue_rows, check_page: PageChecker):
    from tournaments.models import Match

    t = _event(organiser, 16, swiss_rounds=3)
    org = request.getfixturevalue(size).new_page()
    confirms: list[str] = []
    org.on("dialog", lambda dialog: confirms.append(dialog.message))
    log_in(org, organiser.username, ORGANISER_PASSWORD)

    # round 1: the 8 tables entered at the desk, one tap and Record each
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=3)
    org.goto(f"/t/{t.pk}/manage/")
    check_page(org, "desk-round-1")
    _shot(org, f"desk-{size}")
    actions = 0
    for match in rnd.matches.order_by("table"):
        actions += _record_at_desk(org, match.table, "2-1" if match.table % 2 else "0-2")
    assert actions <= 2 * 8
    assert rnd.matches.filter(status=Match.Status.CONFIRMED).count() == 8
    assert "Table 8: result recorded." in _main(org)

    # round 2: 4 tables reported by their players (services), accepted in one action
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=4)
    reported = list(rnd.matches.order_by("table"))[:4]
    for match in reported:
        first, _second = seat_players(match)
        services.result_report(match=match, actor=first, score={"wins": [2, 0], "draws": 0})
    org.goto(f"/t/{t.pk}/manage/")
    check_page(org, "desk-round-2-reported")
    _shot(org, f"desk-reported-{size}")
    with org.expect_navigation():
        org.locator(".desk-accept-all button").click()  # 1 action
    assert confirms[-1] == "Accept the 4 reported results? They become final."
    assert "4 reported results accepted." in _main(org)
    assert rnd.matches.filter(status=Match.Status.CONFIRMED).count() == 4

    # the other 4 by keyboard: the table and its score, Enter; the focus stays in the box
    box = org.locator("#desk-entry")
    for match in list(rnd.matches.order_by("table"))[4:]:
        box = org.locator("#desk-entry")
        box.fill(f"{match.table} 2-1")
        with org.expect_navigation():
            box.press("Enter")
        assert org.evaluate("document.activeElement.id") == "desk-entry"
    assert rnd.matches.filter(status=Match.Status.CONFIRMED).count() == 8
    org.locator("#desk-entry").fill("99 2-1")
    with org.expect_navigation():
        org.locator("#desk-entry").press("Enter")
    assert "There is no table 99 in the current round." in org.locator("#desk-entry-error").inner_text()
    check_page(org, "desk-keyboard-error")

    # "still playing" and the search are plain GET parameters
    services.round_pair_next(tournament=t, actor=organiser, seed=5)
    org.goto(f"/t/{t.pk}/manage/?desk=playing")
    assert org.locator(".desk-row").count() == 8
    _shot(org, f"desk-round-3-{size}")


@pytest.mark.slow
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_timed_8_player_3_round_event_through_the_desk(request, size, live_server, organiser, catalogue_rows,
                                                         check_page: PageChecker):
    from tournaments.models import Tournament

    t = _event(organiser, 8, swiss_rounds=3)
    org = request.getfixturevalue(size).new_page()
    log_in(org, organiser.username, ORGANISER_PASSWORD)
    started = time.monotonic()
    actions = 0
    org.goto(f"/t/{t.pk}/manage/")
    for number in (1, 2, 3):
        with org.expect_navigation():
            org.get_by_role("button", name=f"Pair round {number}", exact=True).click()
        actions += 1
        org.goto(f"/t/{t.pk}/manage/")
        rnd = t.rounds.get(number=number)
        for match in rnd.matches.order_by("table"):
            actions += _record_at_desk(org, match.table, "2-1")
    org.goto(f"/t/{t.pk}/standings/")
    assert "Standings after round 3" in _main(org)
    org.goto(f"/t/{t.pk}/manage/")
    with org.expect_navigation():
        org.get_by_role("button", name="Finish the tournament", exact=True).click()
    actions += 1
    elapsed = time.monotonic() - started
    assert Tournament.objects.get(pk=t.pk).status == "finished"
    print(f"\ntimed journey at {size}: 8 players, 3 Swiss rounds, {elapsed:.1f} s, {actions} organiser actions")
    check_page(org, "finished")

