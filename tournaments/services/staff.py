"""A tournament's staff: the organiser adds and removes co-organisers (judges), who then run the event with the
organiser's rights, each action logged under their own name (``tournaments.services.permissions``)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from tournaments.errors import Conflict, UserError
from tournaments.models import AuditEntry, Tournament
from tournaments.services.organiser import organiser_action


def _user_named(username: str):
    """The user with this username (case-insensitive), or UserError (code ``unknown_user``)."""
    user = get_user_model().objects.filter(username__iexact=(username or "").strip()).first()
    if user is None:
        raise UserError(_("There is no user called '%(username)s'; they need an account first."),
                        code="unknown_user", params={"username": (username or "").strip()})
    return user


@transaction.atomic
def co_organiser_add(*, tournament: Tournament, actor, username: str) -> Tournament:
    """Make the user called ``username`` a co-organiser (judge) of the tournament: from then on they may do
    everything the organiser does on it (``is_tournament_organiser``), each action logged under their own name.
    Only the tournament's organiser (or a site admin) may; logged (``staff_changed``).

    Raises NotAllowed (not the organiser), UserError (no such user: ``unknown_user``; the organiser themself:
    ``is_organiser``), Conflict (already a co-organiser: ``already_staff``; the tournament finished:
    ``finished``).
    """
    tournament = organiser_action(tournament, actor, who="main_organiser").tournament
    user = _user_named(username)
    if user.pk == tournament.organiser_id:
        raise UserError(_("%(username)s is the organiser already."), code="is_organiser",
                        params={"username": user.get_username()})
    if tournament.co_organisers.filter(pk=user.pk).exists():
        raise Conflict(_("%(username)s is a co-organiser already."), code="already_staff",
                       params={"username": user.get_username()})
    _change_staff(tournament, actor, user, tournament.co_organisers.add, verb="added", code="co_organiser_added")
    return tournament


@transaction.atomic
def co_organiser_remove(*, tournament: Tournament, actor, username: str) -> Tournament:
    """Remove a co-organiser (judge). Only the tournament's organiser (or a site admin) may; the organiser
    themself cannot be removed. Logged (``staff_changed``).

    Raises NotAllowed (not the organiser), UserError (the organiser: ``is_organiser``; no such co-organiser:
    ``not_staff``), Conflict (the tournament finished: ``finished``).
    """
    tournament = organiser_action(tournament, actor, who="main_organiser").tournament
    user = _user_named(username)
    if user.pk == tournament.organiser_id:
        raise UserError(_("The organiser cannot be removed from their own tournament."), code="is_organiser")
    if not tournament.co_organisers.filter(pk=user.pk).exists():
        raise UserError(_("%(username)s is not a co-organiser."), code="not_staff",
                        params={"username": user.get_username()})
    _change_staff(tournament, actor, user, tournament.co_organisers.remove, verb="removed", code="co_organiser_removed")
    return tournament


def _change_staff(tournament: Tournament, actor, user, change, *, verb: str, code: str) -> None:
    """Apply ``change(user)`` (the co-organisers' ``add`` or ``remove``) and log it (``staff_changed``) with the
    staff before and after."""
    before = _staff_names(tournament)
    change(user)
    AuditEntry.objects.create(tournament=tournament, actor=actor, action=AuditEntry.Action.STAFF_CHANGED,
                              reason=f"{user.get_username()} {verb} as a co-organiser",
                              reason_code=code, reason_params={"username": user.get_username()},
                              before={"co_organisers": before}, after={"co_organisers": _staff_names(tournament)})


def _staff_names(tournament: Tournament) -> list[str]:
    return sorted(tournament.co_organisers.values_list("username", flat=True))
