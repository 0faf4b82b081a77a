"""Reads about decks, with the privacy rule in one place."""

from __future__ import annotations

from decks.models import DeckSubmission
from tournaments.models import Registration, Round, Tournament
from tournaments.services.permissions import is_tournament_organiser


def can_view_decklist(user, registration: Registration) -> bool:
    """Who sees a decklist: its owner and the tournament's organiser (or a site admin) always;
    anyone once the organiser has published every list, or the top-cut lists for a player who
    played in the top cut."""
    tournament = registration.tournament
    if tournament.decklists_published == Tournament.Publication.ALL:
        return True
    if tournament.decklists_published == Tournament.Publication.TOP_CUT and registration.pk in top_cut_ids(tournament):
        return True
    return bool(user.is_authenticated and (
        user.pk == registration.player_id or is_tournament_organiser(user, tournament)
    ))


def top_cut_ids(tournament: Tournament) -> set[int]:
    """Registration ids of the players seated in the first elimination round."""
    first = tournament.rounds.filter(kind=Round.Kind.ELIMINATION).order_by("number").first()
    if first is None:
        return set()
    ids = set()
    for a, b in first.matches.values_list("player_a_id", "player_b_id"):
        ids.add(a)
        if b is not None:
            ids.add(b)
    return ids


def published_decklists(tournament: Tournament) -> list[Registration]:
    """Registrations whose registered deck the public may see, in registration order."""
    if tournament.decklists_published == Tournament.Publication.NONE:
        return []
    regs = tournament.registrations.filter(deck__isnull=False, withdrawn=False).select_related("player", "deck")
    if tournament.decklists_published == Tournament.Publication.TOP_CUT:
        regs = regs.filter(pk__in=top_cut_ids(tournament))
    return list(regs)


def submissions_for(registration: Registration) -> list[DeckSubmission]:
    return list(registration.deck_submissions.all()[:20])
