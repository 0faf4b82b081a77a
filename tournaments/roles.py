"""Who runs a tournament (reads only): its organiser, its co-organisers (judges, ``Tournament.co_organisers``) and
site admins. Selectors (``decks.selectors.can_view_decklist``) ask here, so a read needs no service; the refusals
that services raise (``require_organiser`` and the like) are ``tournaments.services.permissions``."""

from __future__ import annotations

from tournaments.models import Tournament


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
