"""What the services store (audit entries, a penalty's reason) does not depend on the language of the person who
acted: choice labels are translated for the pages, stored in English."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournaments import services
from tournaments.models import AuditEntry, Penalty

pytestmark = pytest.mark.django_db


def test_a_penalty_issued_in_portuguese_is_logged_in_english(round_one, tournament, organiser):
    match = round_one.matches.get()
    registration = match.seats.order_by("number").first().registration
    with translation.override("pt-br"):
        assert str(Penalty.Kind.GAME_LOSS.label) == "Derrota no jogo"  # the page's word
        services.penalty_issue(tournament=tournament, actor=organiser, registration=registration,
                               kind="game_loss", reason="cartas marcadas", match=match)
    entry = AuditEntry.objects.filter(action=AuditEntry.Action.PENALTY).get()
    assert entry.after["penalty"] == "Game loss"
    assert entry.reason.startswith(f"Game loss for {registration.display_name}: cartas marcadas")
