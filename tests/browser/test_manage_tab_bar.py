"""Issue 20, item 3 on a phone: the manage page's tab bar is one line that scrolls sideways inside itself at 390 px,
and on each tab's page the current tab is in view (``static/manage_tabs.js`` scrolls the bar to it; without
JavaScript the bar still scrolls by hand). A small event: 6 players, round 1 paired."""

from __future__ import annotations

import datetime
from typing import Any

from tests.browser.conftest import ORGANISER_PASSWORD, log_in, services

#: tab name -> its path under /t/<pk>/, in the bar's order (the last ones are off-screen on a phone)
TABS = {"Round": "manage/", "Players": "manage/players/", "Decks": "manage/decks/", "Penalties": "manage/penalties/",
        "Staff": "manage/staff/", "Settings": "manage/edit/", "Audit log": "manage/audit/"}


def small_event(organiser: Any) -> Any:
    """A started 6-player Swiss event with round 1 paired."""
    from django.contrib.auth.models import User

    from tournaments.models import Registration

    t = services.tournament_create(actor=organiser, name="Tuesday Swiss", date=datetime.date(2026, 12, 5),
                                   deck_format_id="55", best_of=3, swiss_rounds=3)
    services.tournament_open_registration(tournament=t, actor=organiser)
    for i in range(6):
        services.player_register(tournament=t, actor=User.objects.create_user(f"player_{i}"))
    Registration.objects.filter(tournament=t).update(has_legal_deck=True)
    services.tournament_start(tournament=t, actor=organiser)
    services.round_pair_next(tournament=t, actor=organiser, seed=3)
    return t


def test_the_current_tab_is_in_view_on_a_phone(phone, live_server, organiser):
    t = small_event(organiser)
    page = phone.new_page()
    log_in(page, organiser.username, ORGANISER_PASSWORD)
    for name, path in TABS.items():
        page.goto(f"/t/{t.pk}/{path}")
        current = page.locator(".manage-tabs a[aria-current=page]")
        assert current.inner_text() == name
        box = current.bounding_box()
        bar = page.evaluate("""() => { const u = document.querySelector('.manage-tabs > ul');
              return [u.scrollWidth, u.clientWidth]; }""")
        assert bar[0] > bar[1], "the bar overflows 390 px: it scrolls inside itself"
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, (name, box)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390

