"""Whether a registration has a legal deck: ``Registration.has_legal_deck``, the one fact about decklists that
``tournaments`` keeps (starting a tournament, pairing a late entrant and the player's panel read it).

The decks app owns the decklists and decides which one is registered (``decks.services.register_deck``); it
reports the outcome here, so every write to a ``tournaments`` row goes through a ``tournaments`` service
(``decks`` depends on ``tournaments``, never the reverse: ARCHITECTURE.md, Boundaries)."""

from __future__ import annotations

from tournaments.models import Registration


def registration_deck_status_set(*, registration: Registration, legal: bool) -> bool:
    """Record whether ``registration`` has a legal deck registered; True when the flag changed.

    One UPDATE of ``has_legal_deck`` when it changes, none otherwise; ``registration`` (the instance) is kept in
    step. No permission check and no audit entry: the decks service that registered (or unregistered) the deck
    checked who may do it and logs it; this only mirrors its outcome."""
    if registration.has_legal_deck == legal:
        return False
    registration.has_legal_deck = legal
    registration.save(update_fields=["has_legal_deck"])
    return True
