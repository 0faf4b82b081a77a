"""Reads about decks, with the privacy rule in one place."""

from __future__ import annotations

from decks.models import DeckSubmission
from tournaments.models import Registration
from tournaments.services.permissions import is_tournament_organiser


def can_view_decklist(user, registration: Registration) -> bool:
    """Only the deck's owner and the tournament's organiser (or a site admin) see a decklist."""
    return bool(user.is_authenticated and (
        user.pk == registration.player_id or is_tournament_organiser(user, registration.tournament)
    ))


def submissions_for(registration: Registration) -> list[DeckSubmission]:
    return list(registration.deck_submissions.all()[:20])
