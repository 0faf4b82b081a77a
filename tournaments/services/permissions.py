"""Who may do what. Organisers are staff users or members of the "Organisers" group. A tournament is run by its
organiser, its co-organisers (judges, ``Tournament.co_organisers``: the same rights on that tournament, each
action logged under their own name) and site admins; only the organiser (or an admin) changes who is on staff."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from tournaments.errors import Conflict, NotAllowed
from tournaments.models import Tournament

ORGANISERS_GROUP = "Organisers"


def can_organise(user) -> bool:
    """True if ``user`` may create tournaments."""
    return bool(
        user.is_authenticated
        and (user.is_staff or user.is_superuser or user.groups.filter(name=ORGANISERS_GROUP).exists())
    )


def is_main_organiser(user, tournament: Tournament) -> bool:
    """True for the tournament's own organiser (who created it) and for site admins."""
    return bool(user.is_authenticated and (user.pk == tournament.organiser_id or user.is_superuser))


def co_organiser_ids(tournament: Tournament) -> frozenset[int]:
    """The user ids of the tournament's co-organisers (one query, then kept on the instance for the request)."""
    cached = getattr(tournament, "_co_organiser_ids", None)
    if cached is None:
        cached = frozenset(tournament.co_organisers.values_list("pk", flat=True)) if tournament.pk else frozenset()
        tournament._co_organiser_ids = cached  # type: ignore[attr-defined]
    return cached


def is_tournament_organiser(user, tournament: Tournament) -> bool:
    """True for the tournament's organiser, its co-organisers (judges) and site admins: they may run it
    (one query for a logged-in user who is neither the organiser nor an admin, none for anyone else)."""
    if not user.is_authenticated:
        return False
    return is_main_organiser(user, tournament) or user.pk in co_organiser_ids(tournament)


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
