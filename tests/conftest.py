"""Shared fixtures: named personas (an organiser, alice, bob) and factories."""

from __future__ import annotations

import datetime
import os

import pytest
from hypothesis import settings as hypothesis_settings
from django.contrib.auth.models import Group, User

from tournaments.services.permissions import ORGANISERS_GROUP

# CI explores the same examples on every run (a failure there is reproducible, never luck);
# a developer's run keeps exploring new ones. Set HYPOTHESIS_PROFILE=dev to explore in CI too.
hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True)
hypothesis_settings.register_profile("dev")
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture
def organiser(db) -> User:
    user = User.objects.create_user("organiser", password="organiser-pass-123")
    group, _ = Group.objects.get_or_create(name=ORGANISERS_GROUP)
    user.groups.add(group)
    return user


@pytest.fixture
def alice(db) -> User:
    return User.objects.create_user("alice", password="alice-pass-123")


@pytest.fixture
def bob(db) -> User:
    return User.objects.create_user("bob", password="bob-pass-123")


@pytest.fixture
def carol(db) -> User:
    return User.objects.create_user("carol", password="carol-pass-123")


@pytest.fixture
def tournament(organiser):
    from tournaments.services import tournament_create, tournament_open_registration

    t = tournament_create(actor=organiser, name="Spellfire Open", date=datetime.date(2026, 12, 5),
                          deck_format_id="55", best_of=3, swiss_rounds=3, top_cut=0)
    return tournament_open_registration(tournament=t, actor=organiser)


CARDS_DIR = __import__("pathlib").Path(__file__).resolve().parents[2] / "shared" / "cards"
LEGAL_55 = CARDS_DIR / "decks" / "crossfire" / "55 Card" / "Standard" / "Sample_Thieves.cfd"
LEGAL_55_OTHER = CARDS_DIR / "decks" / "crossfire" / "55 Card" / "Standard" / "Sample_Psionicist.cfd"


@pytest.fixture
def registered(tournament, alice, bob):
    """alice and bob registered with legal 55-card decks; returns (registration_a, registration_b)."""
    from decks.services import deck_submit
    from tournaments.services import player_register

    regs = []
    for user, path in ((alice, LEGAL_55), (bob, LEGAL_55_OTHER)):
        reg = player_register(tournament=tournament, actor=user)
        deck_submit(registration=reg, actor=user, data=path.read_bytes(), filename=path.name)
        reg.refresh_from_db()
        regs.append(reg)
    return regs


@pytest.fixture
def round_one(tournament, organiser, registered, django_capture_on_commit_callbacks):
    """The tournament started and round 1 paired (alice v bob at table 1)."""
    from tournaments.services import round_pair_next, tournament_start

    tournament_start(tournament=tournament, actor=organiser)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = round_pair_next(tournament=tournament, actor=organiser, seed=7)
    return rnd
