"""What every deck page does first: find the tournament, check the organiser, run one service."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from tournaments.errors import NotAllowed, UserError
from tournaments.models import Tournament
from tournaments.services.permissions import is_tournament_organiser


def tournament_or_404(pk: int) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("organiser", "winner__player"), pk=pk)


def require_organiser(request: HttpRequest, tournament: Tournament) -> None:
    if not is_tournament_organiser(request.user, tournament):
        raise PermissionDenied("Only the tournament's organiser may do this.")


def attempt(request: HttpRequest, action: Callable[[], object], success: str) -> bool:
    """Run a service call; show ``success`` or the user's error as a message. True on success.

    NotAllowed becomes a 403."""
    try:
        action()
    except NotAllowed as exc:
        raise PermissionDenied(exc.message) from exc
    except UserError as exc:
        messages.error(request, exc.message)
        return False
    if success:
        messages.success(request, success)
    return True
