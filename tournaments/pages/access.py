"""Who may open a page: the one place that resolves the tournament of a URL and checks its audience.

Every page under ``/t/<pk>/`` belongs to one *audience* (the URL files are split the same way,
``tournaments/pages/urls/`` and ``decks/pages/urls/``):

- **public**: anyone, logged in or not (the tournament, its rounds, standings, bracket, format, exports);
- **player**: any logged-in user; the view gets the user's registration for the tournament, or None
  (register, drop, the match slip, the decklist editor). Anonymous users are sent to the login page;
- **organiser**: the tournament's organiser (or a site admin, ``is_tournament_organiser``). Anonymous
  users are sent to the login page; anyone else gets a 403 page saying who may do this.

``@tournament_view(audience)`` does all of it before the view runs and passes the tournament (and
for player views the registration) in place of the URL's ``pk``; views never look the tournament up
themselves (a test in ``tests/test_web_layout.py`` checks). The ``decks`` pages use the same decorator.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, Literal

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext

from tournaments.models import Tournament
from tournaments.selectors import registration_of
from tournaments.services.permissions import can_organise, is_tournament_organiser

Audience = Literal["public", "player", "organiser"]
AUDIENCES: tuple[Audience, ...] = ("public", "player", "organiser")

def get_tournament(pk: int) -> Tournament:
    """The tournament of a page URL (404 if there is none), with what every page header shows."""
    return get_object_or_404(Tournament.objects.select_related("organiser", "winner__player"), pk=pk)


def tournament_view(audience: Audience) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Decorate a page view under ``/t/<pk>/`` for one audience (``public``, ``player`` or ``organiser``).

    The wrapped view is called as ``view(request, tournament, **other_url_kwargs)``, and a player view
    as ``view(request, tournament, registration, **other_url_kwargs)`` (``registration`` is the user's
    registration for the tournament, withdrawn or not, or None). Player and organiser views require a
    login (a redirect to the login page, back here afterwards); organiser views raise PermissionDenied
    (the 403 page) for anyone but the tournament's organiser. A missing tournament is a 404. The view runs
    with the tournament's time zone active (``Tournament.time_zone``), so every time it renders is the event's
    local time."""
    if audience not in AUDIENCES:
        raise ValueError(f"Unknown audience {audience!r}: choose one of {', '.join(AUDIENCES)}.")

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, pk: int, **kwargs: Any) -> HttpResponse:
            if audience != "public" and not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            tournament = get_tournament(pk)
            if audience == "organiser" and not is_tournament_organiser(request.user, tournament):
                raise PermissionDenied(gettext("Only the tournament's organiser may do this."))
            # every time on the page is shown in the event's own time zone (the templates render datetimes
            # in the active zone)
            with timezone.override(tournament.zone):
                if audience == "player":
                    return view(request, tournament, registration_of(tournament, request.user), **kwargs)
                return view(request, tournament, **kwargs)

        wrapper.audience = audience  # type: ignore[attr-defined]
        return wrapper

    return decorator


def organiser_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """For the organiser pages outside any tournament (creating one): a login, then ``can_organise``."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not can_organise(request.user):
            raise PermissionDenied(gettext("Only organisers may create tournaments."))
        return view(request, *args, **kwargs)

    wrapper.audience = "organiser"  # type: ignore[attr-defined]
    return wrapper


def by_method(**views: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """One URL served by a view per HTTP method, each with its own audience: ``by_method(get=page,
    post=change)`` (the deck format page: anyone reads it, only the organiser changes it). Other
    methods get a 405."""
    handlers = {method.upper(): view for method, view in views.items()}
    if "GET" in handlers:
        handlers.setdefault("HEAD", handlers["GET"])

    def dispatch(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        handler = handlers.get(request.method or "")
        if handler is None:
            return HttpResponseNotAllowed(sorted(handlers))
        return handler(request, *args, **kwargs)

    dispatch.audiences = {m: getattr(v, "audience", None) for m, v in handlers.items()}  # type: ignore[attr-defined]
    return dispatch
