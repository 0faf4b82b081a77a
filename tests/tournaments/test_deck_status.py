"""``Registration.has_legal_deck`` is a ``tournaments`` row: the decks app registers decks and reports the outcome
through ``tournaments.services.deck_status`` (decks depends on tournaments; every write to a tournaments row goes
through a tournaments service)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from decks.services import register_deck
from tests.conftest import deck_of
from tournaments.models import Registration
from tournaments.services import player_register, registration_deck_status_set

pytestmark = pytest.mark.django_db


def _writes(queries) -> list[str]:
    return [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))]


def test_the_service_records_a_change_with_one_update_and_keeps_the_instance_in_step(tournament, carol):
    reg = player_register(tournament=tournament, actor=carol)
    with CaptureQueriesContext(connection) as queries:
        assert registration_deck_status_set(registration=reg, legal=True) is True
    assert len(_writes(queries)) == 1 and "has_legal_deck" in _writes(queries)[0]
    assert reg.has_legal_deck and Registration.objects.get(pk=reg.pk).has_legal_deck


def test_the_service_writes_nothing_when_the_status_is_unchanged(registered):
    reg = registered[0]
    with CaptureQueriesContext(connection) as queries:
        assert registration_deck_status_set(registration=reg, legal=True) is False
    assert len(queries) == 0


def test_registering_and_unregistering_a_deck_goes_through_the_service(registered, carol, tournament, monkeypatch):
    import decks.services

    calls = []
    real = decks.services.registration_deck_status_set

    def recording(*, registration, legal):
        calls.append((registration.pk, legal))
        return real(registration=registration, legal=legal)

    monkeypatch.setattr(decks.services, "registration_deck_status_set", recording)
    reg = player_register(tournament=tournament, actor=carol)
    register_deck(reg, deck_of(registered[0]))
    assert Registration.objects.get(pk=reg.pk).has_legal_deck
    register_deck(reg, None)
    assert not Registration.objects.get(pk=reg.pk).has_legal_deck
    assert calls == [(reg.pk, True), (reg.pk, False)]
