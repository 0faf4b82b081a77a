"""Reading and checking a decklist happens before the write transaction (issue 21, finding 8).

On SQLite every transaction takes the write lock when it begins (``transaction_mode`` IMMEDIATE): a 1 MB
decklist of unknown cards read inside it kept every other writer (an organiser's walk-in) waiting for
seconds. ``decks.services.deck_submit`` reads and checks with no transaction open and takes the lock only to
store. ``bench/deck_upload_lock.py`` measures a walk-in's latency during uploads."""

from __future__ import annotations

import pytest
from django.db import connection

from decks import services
from decks.models import DeckSubmission
from tests.conftest import LEGAL_55, deck_of
from tournaments.errors import Conflict, NotAllowed, UserError
from tournaments.services import player_register, tournament_start

# transaction=True: the test itself opens no transaction, so in_atomic_block says what deck_submit opened
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def seen(monkeypatch) -> list[tuple[str, bool]]:
    """Each call of the reader and the checker, with whether a transaction was open at that moment."""
    calls: list[tuple[str, bool]] = []
    for name in ("read_decklist", "check_deck"):
        real = getattr(services, name)

        def spy(*args, _real=real, _name=name, **kwargs):
            calls.append((_name, connection.in_atomic_block))
            return _real(*args, **kwargs)

        monkeypatch.setattr(services, name, spy)
    return calls


def test_a_decklist_is_read_and_checked_with_no_transaction_open(tournament, alice, seen):
    registration = player_register(tournament=tournament, actor=alice)
    submission = services.deck_submit(registration=registration, actor=alice, data=LEGAL_55.read_bytes(),
                                      filename=LEGAL_55.name)
    assert submission.legal and deck_of(registration).pk == submission.pk
    assert seen == [("read_decklist", False), ("check_deck", False)]


def test_an_unreadable_decklist_is_refused_with_no_transaction_open(tournament, alice, seen):
    registration = player_register(tournament=tournament, actor=alice)
    with pytest.raises(UserError) as refused:
        services.deck_submit(registration=registration, actor=alice, data="1x No Such Card Anywhere\n" * 50)
    assert refused.value.code == "unknown_cards"
    assert seen == [("read_decklist", False)]
    assert not DeckSubmission.objects.exists()


def test_who_may_submit_is_still_checked_before_the_decklist_is_read(tournament, alice, bob, seen):
    registration = player_register(tournament=tournament, actor=alice)
    with pytest.raises(NotAllowed):
        services.deck_submit(registration=registration, actor=bob, data=LEGAL_55.read_bytes())
    assert seen == []


def test_decks_locked_while_the_list_was_read_stores_nothing(tournament, organiser, alice, bob, monkeypatch):
    """The state is checked again under the lock: a start between the reading and the storing wins."""
    mine, theirs = (player_register(tournament=tournament, actor=user) for user in (alice, bob))
    services.deck_submit(registration=mine, actor=alice, data=LEGAL_55.read_bytes())
    services.deck_submit(registration=theirs, actor=bob, data=LEGAL_55.read_bytes())
    real = services.check_deck

    def start_meanwhile(*args, **kwargs):
        verdict = real(*args, **kwargs)
        tournament_start(tournament=tournament, actor=organiser)
        return verdict

    monkeypatch.setattr(services, "check_deck", start_meanwhile)
    before = DeckSubmission.objects.count()
    with pytest.raises(Conflict) as refused:
        services.deck_submit(registration=mine, actor=alice, data=LEGAL_55.read_bytes())
    assert refused.value.code == "decks_locked"
    assert DeckSubmission.objects.count() == before
