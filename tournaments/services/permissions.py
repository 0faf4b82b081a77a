"""Who may do what. Organisers are staff users or members of the "Organisers" group. A tournament is run by its
organiser, its co-organisers (judges, ``Tournament.co_organisers``: the same rights on that tournament, each
action logged under their own name) and site admins; only the organiser (or an admin) changes who is on staff."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from tournaments.errors import Conflict, NotAllowed
from tournaments.models import Tournament
from tournaments.roles import co_organiser_ids, is_main_organiser, is_tournament_organiser  # noqa: F401 (re-exported)

ORGANISERS_GROUP = "Organisers"


def can_organise(user) -> bool:
    """True if ``user`` may create tournaments."""
    return bool(
        user.is_authenticated
        and (user.is_staff or user.is_superuser or user.groups.filter(name=ORGANISERS_GROUP).exists())
    )


def require_organiser(user, tournament: Tournament) -> None:
    """Raises NotAllowed unless ``user`` organises ``tournament`` (the organiser or a co-organiser)."""
    if not is_tournament_organiser(user, tournament):
        raise NotAllowed(_("Only the tournament's organiser may do this."))


def require_main_organiser(user, tournament: Tournament) -> None:
    """Raises NotAllowed unless ``user`` is the tournament's own organiser (or a site admin): co-organisers run
    the event but do not change who is on its staff."""
    if not is_main_organiser(user, tournament):
        raise NotAllowed(_("Only the tournament's organiser may add or remove co-organisers."))


def require_not_finished(tournament: Tournament) -> None:
    """Raises Conflict (409) once the tournament is finished: it is read-only until the organiser reopens it
    (``tournaments.services.tournaments.tournament_reopen``)."""
    if tournament.status == Tournament.Status.FINISHED:
        raise Conflict(_("%(name)s is finished: its results are final and nothing can change. The organiser can "
                         "reopen it (with a reason, logged) to make a correction."), code="finished",
                       params={"name": tournament.name})
