"""What a page does with one service call: run it, then show the success or the user's error as a
message (a NotAllowed becomes the 403 page); the form's one-time key; the workflow steps valid now with their form
URLs. Shared by the tournament and deck pages."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponseRedirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme

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


def local_next(request: HttpRequest, tournament: Tournament) -> str:
    """The posted ``next`` when it is a page of this tournament (a local path starting ``/t/<pk>/``, no other host or
    scheme), else ""."""
    target = request.POST.get("next", "")
    if target.startswith(f"/t/{tournament.pk}/") and url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return target
    return ""


def back_to(request: HttpRequest, tournament: Tournament, tab: str, anchor: str = "") -> HttpResponseRedirect:
    """After an organiser's POST: to ``next`` (:func:`local_next`: the page the form was on, with its search), else
    to the page named ``tab`` (a URL name such as ``tournaments:manage-players``, taking the tournament's pk) and
    ``anchor`` (``"#check-in"``)."""
    return HttpResponseRedirect(local_next(request, tournament) or reverse(tab, args=[tournament.pk]) + anchor)


#: The URL of each workflow step of ``tournaments.services.event_state`` (the manage page's buttons).
ACTION_URLS = {"open": "tournaments:manage-open", "close": "tournaments:manage-close",
               "start": "tournaments:manage-start", "pair": "tournaments:manage-pair",
               "finish": "tournaments:manage-finish", "reopen": "tournaments:manage-reopen",
               "publish": "tournaments:manage-publish"}


def state_actions(tournament: Tournament, state) -> list[dict]:
    """The state's valid actions with their form URLs, for the templates (``fragments/next_action.html``)."""
    return [{"action": a, "url": reverse(ACTION_URLS[a.code], args=[tournament.pk])} for a in state.actions]
