"""Issue #13: every main page, at phone (390 x 844) and desktop (1,280 x 800) sizes, in a real browser: no horizontal
overflow, no serious or critical axe-core violation, a screenshot of each (tests/browser/screenshots/).

The event: ``swiss_event`` (8 players, round 1 paired, results confirmed, one reported, one disputed, decklists).
Each page is opened as the person who uses it, logged in through the login form.

Pages other helpers restyle on their branches still overflow or fail axe here: they are marked
``xfail(strict=False)`` with the page's name until the merge brings their styles (see ``PENDING_RESTYLE``)."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings

from tests.browser.conftest import ORGANISER_PASSWORD, PLAYER_PASSWORD, SwissEvent, log_in

#: pages known not to pass yet, by name, with the reason (none: every main page fits and passes axe)
PENDING_RESTYLE: dict[str, str] = {}


def _pending(name: str) -> Any:
    if name in PENDING_RESTYLE:
        return pytest.param(name, marks=pytest.mark.xfail(reason=f"{name}: {PENDING_RESTYLE[name]}", strict=False))
    return name


def visit(page: Any, event: SwissEvent, name: str) -> None:
    """Open page ``name`` as the person it is for (logging in first); wait until it has rendered."""
    t = event.tournament
    if name in ("match-slip", "deck-editor", "me", "account"):
        log_in(page, event.pending_opponent.username, PLAYER_PASSWORD)
    elif name.startswith("manage"):
        log_in(page, event.organiser.username, ORGANISER_PASSWORD)
    elif name == "forbidden":
        log_in(page, event.players[0].username, PLAYER_PASSWORD)
    paths = {
        "list": "/",
        "event": event.path(),
        "round": event.path("rounds/1/"),
        "standings": event.path("standings/"),
        "bracket": event.path("bracket/"),
        "deck-format": event.path("format/"),
        "match-slip": event.path(f"matches/{event.pending.pk}/"),
        "deck-editor": event.path("deck/"),
        "manage": event.path("manage/"),
        "manage-players": event.path("manage/players/"),
        "manage-decks": event.path("manage/decks/"),
        "manage-penalties": event.path("manage/penalties/"),
        "manage-staff": event.path("manage/staff/"),
        "manage-settings": event.path("manage/edit/"),
        "manage-audit": event.path("manage/audit/"),
        "login": "/accounts/login/",
        "signup": "/signup/",
        "me": "/me/",
        "account": "/account/",
        "player": f"/players/{event.players[0].pk}/",
        "forbidden": event.path("manage/"),
        "not-found": "/t/999999/",
        "api-docs": "/api/docs/",
    }
    if name == "locked-out":  # too many failed logins (django-axes): the last one answers 429
        page.goto("/accounts/login/")
        for _ in range(settings.AXES_FAILURE_LIMIT):
            page.fill("#id_username", event.players[1].username)
            page.fill("#id_password", "wrong-password")
            with page.expect_navigation():
                page.click("main form button[type=submit]")
        assert "Too many failed logins" in page.locator("h1").inner_text()
        return
    if name == "form-expired":  # a form sent without its CSRF cookie (cookies cleared while the page was open)
        page.goto("/accounts/login/")
        page.context.clear_cookies()
        page.fill("#id_username", event.players[1].username)
        page.fill("#id_password", PLAYER_PASSWORD)
        with page.expect_navigation():
            page.click("main form button[type=submit]")
        assert page.locator("h1").inner_text() == "This form could not be sent"
        return
    response = page.goto(paths[name])
    expected = {"forbidden": 403, "not-found": 404}.get(name, 200)
    assert response is not None and response.status == expected, (name, response and response.status, page.url)
    if name == "api-docs":
        page.wait_for_selector(".swagger-ui .opblock-tag", timeout=20_000)
    assert t.name in page.content() or name in ("list", "login", "signup", "forbidden", "not-found", "api-docs",
                                                "account", "player")


PAGES = ["list", "event", "round", "standings", "bracket", "deck-format", "match-slip", "deck-editor", "manage",
         "manage-players", "manage-decks", "manage-penalties", "manage-staff", "manage-settings", "manage-audit", "login",
         "signup", "me", "account", "player", "forbidden", "not-found", "locked-out", "form-expired", "api-docs"]


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("name", [_pending(name) for name in PAGES])
def test_page_fits_and_is_accessible(request, live_server, swiss_event, check_page, name, size):
    context = request.getfixturevalue(size)
    page = context.new_page()
    visit(page, swiss_event, name)
    check_page(page, name)


#: the other languages, each page checked in them on a phone (the narrowest screen; longer words), and on a desktop
#: with ``--slow``
LANGUAGES = ["pt-BR", "fr-FR"]


@pytest.mark.parametrize("size", ["phone", pytest.param("desktop", marks=pytest.mark.slow)])
@pytest.mark.parametrize("locale", LANGUAGES)
@pytest.mark.parametrize("name", [name for name in PAGES if name not in ("api-docs", "locked-out", "form-expired")])
# (Swagger UI is English only; the two refusal pages are checked in every language by tests/i18n)
def test_page_fits_and_is_accessible_in_other_languages(another_context, live_server, swiss_event, check_page, name,
                                                        size, locale):
    """Issue 20: every page still fits 390 px with no serious axe violation in all three languages (Portuguese and
    French words are longer than English ones)."""
    page = another_context(size, locale).new_page()
    visit(page, swiss_event, name)
    assert page.locator("html").get_attribute("lang") == locale.split("-")[0].lower().replace("pt", "pt-br")
    check_page(page, f"{name}-{locale}")


def test_the_api_docs_load_nothing_from_another_site(swiss_event, desktop, live_server):
    """Swagger UI works offline: every request the page makes goes to the site itself."""
    page = desktop.new_page()
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.goto("/api/docs/")
    page.wait_for_selector(".swagger-ui .opblock-tag", timeout=20_000)
    outside = [url for url in requested if not url.startswith(live_server.url) and not url.startswith("data:")]
    assert requested and outside == []
    page.click("text=← Spellfire Tournament Manager")
    page.wait_for_url(f"{live_server.url}/")
    assert page.locator("h1").inner_text() == "Tournaments"
