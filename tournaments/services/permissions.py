"""Who may do what. Organisers are staff users or members of the "Organisers" group."""

from __future__ import annotations

from tournaments.errors import Conflict, NotAllowed
from tournaments.models import Tournament

ORGANISERS_GROUP = "Organisers"


def can_organise(user) -> bool:
    """True if ``user`` may create tournaments."""
    return bool(
        user.is_authenticated
        and (user.is_staff or user.is_superuser or user.groups.filter(name=ORGANISERS_GROUP).exists())
    )


def is_tournament_organiser(user, tournament: Tournament) -> bool:
    """True for the tournament's organiser and for site admins."""
    return bool(user.is_authenticated and (user.pk == tournament.organiser_id or user.is_superuser))


def require_organiser(user, tournament: Tournament) -> None:
    """Raises NotAllowed unless ``user`` organises ``tournament``."""
    if not is_tournament_organiser(user, tournament):
        raise NotAllowed("Only the tournament's organiser may do this.")


def require_not_finished(tournament: Tournament) -> None:
    """Raises Conflict (409) once the tournament is finished: it is read-only until the organiser reopens it
    (``tournaments.services.tournaments.tournament_reopen``)."""
    if tournament.status == Tournament.Status.FINISHED:
        raise Conflict(f"{tournament.name} is finished: its results are final and nothing can change. The "
                       "organiser can reopen it (with a reason, logged) to make a correction.", code="finished")
