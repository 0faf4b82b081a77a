"""The player's own pages outside any one tournament: ``/me/``, their events and, for each running one, the
"your match now" panel (``tournaments.selectors.player_events``, ``tournaments.pages.presenters.now_panel``), for
each started one their record (``tournaments.selectors.player_records``); and a player's public page
(``/players/<id>/``: their finished events with placings, ``tournaments.selectors.finished_events_of``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from dataclasses import replace

from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournaments import selectors
from tournaments.models import Tournament
from tournaments.pages.presenters import now_panel


def player_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """For the player's pages outside any tournament: anonymous users go to the login page (and back here)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return view(request, *args, **kwargs)

    wrapper.audience = "player"  # type: ignore[attr-defined]
    return wrapper


@player_required
def my_events(request: HttpRequest) -> HttpResponse:
    """``/me/``: the user's tournaments, running first, then upcoming, then finished; each running one says where
    the player is now (round, table, opponent, round clock, the result to confirm), each one the deck status with
    a link to the decklist editor, each started one the player's standing or final placing, record and every
    match (``selectors.player_records``). Queries: ``selectors.player_events`` (at most 5) and
    ``selectors.player_records`` (at most 3), flat in the number of events."""
    events = selectors.player_events(request.user)
    records = selectors.player_records([event.registration for event in events])
    panels = [replace(now_panel(event), record=records.get(event.registration.pk)) for event in events]
    groups = [(title, [p for p in panels if p.phase == phase]) for phase, title in (
        ("running", "Running now"), ("upcoming", "Upcoming"), ("finished", "Finished"))]
    return render(request, "tournaments/me.html", {"groups": groups, "count": len(panels)})


def player_page(request: HttpRequest, user_id: int) -> HttpResponse:
    """``/players/<id>/``: a player's public page, anyone may open it: their display name and their finished
    events, newest first, each with the final placing and record (W-L-D, match points), and a link to the decklist
    only where the event published it (every player's, or the top cut's for a player placed in it). Nothing
    private: no e-mail, no username, no running or upcoming event. Queries: the user, then
    ``selectors.finished_events_of`` (2). An unknown or inactive account is the 404 page."""
    player = get_object_or_404(User, pk=user_id, is_active=True)
    events = [(entry, record, _decklist_public(entry, record.standing))
              for entry, record in selectors.finished_events_of(player.pk)]
    return render(request, "tournaments/player.html", {"player": player, "events": events})


def _decklist_public(entry, standing: dict | None) -> bool:
    """The entry's decklist is published (the decks app enforces it again on the deck page)."""
    published = entry.tournament.decklists_published
    if not entry.has_legal_deck or published == Tournament.Publication.NONE:
        return False
    if published == Tournament.Publication.ALL:
        return True
    placing = (standing or {}).get("placing")
    return placing is not None and placing <= entry.tournament.top_cut
