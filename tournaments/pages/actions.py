"""What a page does with one service call: run it, then show the success or the user's error as a
message (a NotAllowed becomes the 403 page); the form's one-time key; the workflow steps valid now with their form
URLs. Shared by the tournament and deck pages."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.urls import reverse

from tournaments.errors import NotAllowed, UserError
from tournaments.models import Tournament


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


def idempotency_key(request: HttpRequest) -> str:
    """The form's one-time ``idempotency_key`` ({% idempotency_field %})."""
    return request.POST.get("idempotency_key", "")


#: The URL of each workflow step of ``tournaments.services.event_state`` (the manage page's buttons).
ACTION_URLS = {"open": "tournaments:manage-open", "close": "tournaments:manage-close",
               "start": "tournaments:manage-start", "pair": "tournaments:manage-pair",
               "finish": "tournaments:manage-finish", "reopen": "tournaments:manage-reopen",
               "publish": "tournaments:manage-publish"}


def state_actions(tournament: Tournament, state) -> list[dict]:
    """The state's valid actions with their form URLs, for the templates (``fragments/next_action.html``)."""
    return [{"action": a, "url": reverse(ACTION_URLS[a.code], args=[tournament.pk])} for a in state.actions]
