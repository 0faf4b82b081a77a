"""The player's own pages outside any one tournament: ``/me/``, their events and, for each running one, the
"your match now" panel (``tournaments.selectors.player_events``, ``tournaments.pages.presenters.now_panel``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments import selectors
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
    a link to the decklist editor. Queries: ``selectors.player_events`` (at most 5), flat in the number of
    events."""
    panels = [now_panel(event) for event in selectors.player_events(request.user)]
    groups = [(title, [p for p in panels if p.phase == phase]) for phase, title in (
        ("running", "Running now"), ("upcoming", "Upcoming"), ("finished", "Finished"))]
    return render(request, "tournaments/me.html", {"groups": groups, "count": len(panels)})
