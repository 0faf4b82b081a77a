"""Issue 20, item 3: the manage page in tabs for a 64-player event, in a real browser. Each tab (Round, Players, Decks,
Penalties, Staff, Settings, Audit log) is at most 2,400 px tall at 1,280 x 800 (the document's height), fits 390 px
with no serious axe violation, marks its tab (``aria-current``), and "Issue penalty" stays on one line.

The event, built through the services: 64 players (4 of them dropped or penalised), round 1 paired with 30 tables
confirmed, one reported and one disputed (the Round tab's "Tables without a confirmed result" lists those two: the
results desk replaces that section), a co-organiser, decklist checks, about 40 audit entries."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from tests.browser.conftest import ORGANISER_PASSWORD, PageChecker, log_in, services, sizes_for

#: the tallest a manage tab may be at 1,280 x 800 for 64 players (about three desktop screens)
MAX_HEIGHT = 2_400
#: tab name -> its path under /t/<pk>/
TABS = {"Round": "manage/", "Players": "manage/players/", "Decks": "manage/decks/", "Penalties": "manage/penalties/",
        "Staff": "manage/staff/", "Settings": "manage/edit/", "Audit log": "manage/audit/"}


def big_event(organiser: Any) -> Any:
    """A started 64-player Swiss event, round 1 being played (see the module docstring)."""
    from django.contrib.auth.models import User

    from tournaments.models import Match, Registration

    t = services.tournament_create(actor=organiser, name="Spellfire Grand Open", date=datetime.date(2026, 12, 5),
                                   deck_format_id="55", best_of=3, swiss_rounds=6, top_cut=8)
    services.tournament_open_registration(tournament=t, actor=organiser)
    for i in range(64):
        services.player_register(tournament=t, actor=User.objects.create_user(f"player_{i:02d}"))
    Registration.objects.filter(tournament=t).update(has_legal_deck=True)
    services.co_organiser_add(tournament=t, actor=organiser, username=User.objects.create_user("head_judge").username)
    services.tournament_start(tournament=t, actor=organiser)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=3)
    matches = list(rnd.matches.filter(status=Match.Status.PENDING).order_by("table"))
    for match in matches[:-2]:
        services.result_settle(match=match, actor=organiser, games=[{"winner": "a"}] * 2, reason="slip at the desk")
    reported, disputed = matches[-2:]
    first = reported.seats.get(number=1).registration.player
    services.result_report(match=reported, actor=first, games=[{"winner": "a"}] * 2)
    a, b = (s.registration.player for s in disputed.seats.order_by("number"))
    report = services.result_report(match=disputed, actor=a, games=[{"winner": "a"}] * 2)
    services.result_dispute(submission=report, actor=b, reason="I won game 2")
    regs = list(Registration.objects.filter(tournament=t).order_by("id"))
    for reg, kind in zip(regs[:3], ("warning", "warning", "game_loss")):
        services.penalty_issue(tournament=t, actor=organiser, registration=reg, kind=kind, reason="slow play")
    services.player_drop(registration=regs[63], actor=organiser, reason="left for a train")
    return t


def document_height(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollHeight"))


def test_the_players_tab_fits_for_64_players_while_they_check_in(desktop, live_server, organiser):
    """Before round 1 the Players tab holds the check-in list of all 64 (two columns on a desktop) and folds the
    per-player list (drop, reinstate) under a summary: still at most 2,400 px at 1,280 x 800."""
    from django.contrib.auth.models import User

    t = services.tournament_create(actor=organiser, name="Check-in Open", date=datetime.date(2026, 12, 5),
                                   deck_format_id="55", best_of=3, swiss_rounds=6, top_cut=8)
    services.tournament_open_registration(tournament=t, actor=organiser)
    for i in range(64):
        services.player_register(tournament=t, actor=User.objects.create_user(f"player_{i:02d}"))
    page = desktop.new_page()
    log_in(page, organiser.username, ORGANISER_PASSWORD)
    page.goto(f"/t/{t.pk}/manage/players/")
    assert page.get_by_role("button", name="Check in player_63", exact=True).count() == 1
    height = document_height(page)
    print(f"players tab during check-in, 64 players: {height} px")
    assert height <= MAX_HEIGHT


@pytest.mark.parametrize("size", sizes_for("desktop"))  # an organiser runs the event from a laptop
def test_each_manage_tab_fits_for_64_players(request, size, live_server, organiser, check_page: PageChecker):
    t = big_event(organiser)
    page = request.getfixturevalue(size).new_page()
    log_in(page, organiser.username, ORGANISER_PASSWORD)
    heights = {}
    for name, path in TABS.items():
        page.goto(f"/t/{t.pk}/{path}")
        current = page.locator(".manage-tabs a[aria-current=page]")
        assert current.count() == 1 and current.inner_text() == name
        check_page(page, f"manage-tab-{name.lower().replace(' ', '-')}")
        heights[name] = document_height(page)
    print(f"manage tabs, 64 players, {size}: {heights}")  # the report quotes them
    if size == "desktop":
        too_tall = {name: h for name, h in heights.items() if h > MAX_HEIGHT}
        assert not too_tall, f"taller than {MAX_HEIGHT} px at 1,280 x 800: {too_tall}"
        page.goto(f"/t/{t.pk}/manage/penalties/")
        lines = page.evaluate("""() => { const b = [...document.querySelectorAll('main form button')]
              .find(e => e.textContent.trim() === 'Issue penalty'); const s = getComputedStyle(b);
              return (b.clientHeight - parseFloat(s.paddingTop) - parseFloat(s.paddingBottom))
                     / parseFloat(s.lineHeight); }""")
        assert round(lines) == 1, f"'Issue penalty' takes {lines:.1f} lines"
    else:  # the tab bar scrolls inside itself, never the page
        bar = page.evaluate("""() => { const u = document.querySelector('.manage-tabs > ul');
              return [u.scrollWidth, u.clientWidth]; }""")
        assert bar[0] > bar[1] and bar[1] <= 390


def test_the_players_tab_drops_a_player_after_choosing_the_action(desktop, live_server, organiser,
                                                                 check_page: PageChecker):
    """One line per player; the reason is asked only once "Drop" is opened; back on the tab with its search."""
    from tournaments.models import Registration

    t = big_event(organiser)
    page = desktop.new_page()
    log_in(page, organiser.username, ORGANISER_PASSWORD)
    page.goto(f"/t/{t.pk}/manage/players/")
    page.fill("#player-q", "player_1")
    page.get_by_role("button", name="Search", exact=True).click()
    assert page.locator(".player-row").count() == 10  # player_10 .. player_19
    row = page.locator(".player-row", has_text="player_12")
    assert not row.get_by_placeholder("reason").is_visible()
    row.locator("summary", has_text="Drop").click()
    row.get_by_placeholder("reason").fill("went home")
    check_page(page, "manage-players-drop-open")
    with page.expect_navigation():
        row.get_by_role("button", name="Drop player_12").click()
    assert page.url.endswith(f"/t/{t.pk}/manage/players/?q=player_1")
    assert "player_12 dropped." in page.locator("main").inner_text()
    assert Registration.objects.get(tournament=t, player__username="player_12").dropped
