"""What ``decks`` does when ``tournaments`` announces a change (``tournaments.signals``).

``tournaments`` never imports ``decks``; it sends signals and this module answers them.
Connected once, by ``DecksConfig.ready()``.
"""

from __future__ import annotations

from django.dispatch import receiver
from rules.formats import DeckFormat

from decks.services import decks_recheck, replacements_take_effect
from tournaments.models import Tournament
from tournaments.signals import format_changed, round_paired


@receiver(format_changed, sender=Tournament, dispatch_uid="decks.recheck_on_format_change")
def recheck_decks_on_format_change(sender, *, tournament: Tournament, deck_format: DeckFormat, actor,
                                   **kwargs) -> None:
    """A new format version: check every registered deck again (inside the format change's transaction)."""
    decks_recheck(tournament=tournament, deck_format=deck_format, actor=actor)


@receiver(round_paired, sender=Tournament, dispatch_uid="decks.replacements_at_end_of_round")
def replacements_at_end_of_round(sender, *, tournament: Tournament, number: int, actor, **kwargs) -> None:
    """A round was paired: approved replacements of a different card take effect (the end of the round)."""
    replacements_take_effect(tournament=tournament, number=number, actor=actor)
