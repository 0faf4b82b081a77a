"""What a page does with one service call: run it, then show the success or the user's error as a
message (a NotAllowed becomes the 403 page). Shared by the tournament and deck pages."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest

from tournaments.errors import NotAllowed, UserError


def attempt(request: HttpRequest, action: Callable[[], object], success: str) -> bool:
    """Run ``action``; show ``success`` (unless empty) or the user's error as a message. True on success."""
    try:
        action()
    except NotAllowed as exc:
        raise PermissionDenied(exc.message) from exc
    except UserError as exc:
        messages.error(request, exc.message)  # in the reader's language
        return False
    if success:
        messages.success(request, success)
    return True
