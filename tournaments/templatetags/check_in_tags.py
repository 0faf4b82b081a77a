"""The check-in fragments read what they show themselves, so each is one ``{% include %}`` line in its page:
``{% check_in_panel t as ci %}`` (the organiser's panel, ``tournaments/fragments/check_in.html``) and
``{% player_check_in t mine as pci %}`` (the player's check-in button or claim form,
``tournaments/fragments/check_in_player.html``)."""

from __future__ import annotations

from django import template

from tournaments import selectors
from tournaments.models import Registration, Tournament
from tournaments.services.check_in import check_in_closed, check_in_open, format_claim_code

register = template.Library()


@register.simple_tag
def check_in_panel(tournament: Tournament) -> dict:
    """``selectors.check_in_panel`` for the organiser's panel."""
    return selectors.check_in_panel(tournament)


@register.simple_tag(takes_context=True)
def player_check_in(context, tournament: Tournament, registration: Registration | None) -> dict:
    """For the tournament page: ``can_check_in`` (the user's active entry, not checked in, while the window is
    open and not closed), ``closed`` (check-in closed by the organiser or its deadline, before round 1),
    ``checked_in`` (their entry is checked in), ``can_claim`` (a logged-in user with no entry while the
    tournament has an unclaimed walk-in). At most 2 queries."""
    user = context.get("user")
    active = registration is not None and not registration.withdrawn and not registration.dropped
    window = active and tournament.status != Tournament.Status.FINISHED and check_in_open(tournament)
    can_claim = bool(user is not None and user.is_authenticated and registration is None
                     and tournament.status != Tournament.Status.DRAFT and selectors.claimable_walk_ins(tournament))
    closed = window and check_in_closed(tournament)
    return {"window": window, "checked_in": bool(active and registration and registration.checked_in),
            "can_check_in": bool(window and not closed and registration and not registration.checked_in),
            "closed": closed, "can_claim": can_claim}


@register.filter
def claim_code(registration: Registration) -> str:
    """A walk-in's unspent claim code as printed on a slip ("ABCDE-FGHJK"), or ""."""
    return format_claim_code(registration.claim_code) if registration.claim_code else ""
