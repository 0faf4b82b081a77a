"""The predicates reads need without a service: ``tournaments.event_rules`` (may players check in, does a running
tournament take late entries) and ``tournaments.roles`` (who runs a tournament). The services' own
modules (``tournaments.services.check_in``, ``tournaments.services.entries``, ``tournaments.services.permissions``)
re-export these very functions, so a write and a read can never disagree."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser, User

from tournaments import event_rules, roles
from tournaments.models import Tournament
from tournaments.services import check_in as check_in_service
from tournaments.services import co_organiser_add, permissions, round_pair_next, tournament_start
from tournaments.services import tournaments as tournament_service

pytestmark = pytest.mark.django_db


def _both_agree(tournament: Tournament) -> tuple[bool, bool]:
    tournament.refresh_from_db()
    check_in, late = event_rules.check_in_open(tournament), event_rules.late_entry_open(tournament)
    assert check_in == check_in_service.check_in_open(tournament)
    assert late == tournament_service.late_entry_open(tournament)
    return check_in, late


def test_check_in_is_open_until_round_one_is_paired_and_late_entry_while_rounds_are_left(
        tournament, registered, organiser, django_capture_on_commit_callbacks):
    Tournament.objects.filter(pk=tournament.pk).update(late_entry_rounds=2)
    assert _both_agree(tournament) == (True, False)  # registration open: check in, no late entry yet
    tournament_start(tournament=tournament, actor=organiser)
    assert _both_agree(tournament) == (True, True)  # started, nothing paired
    with django_capture_on_commit_callbacks(execute=True):
        round_pair_next(tournament=tournament, actor=organiser, seed=1)
    assert _both_agree(tournament) == (False, True)  # round 1 paired: check-in over, one late-entry round left


def test_who_runs_a_tournament_reads_as_the_permission_check_does(tournament, organiser, alice):
    judge = User.objects.create_user("judge", password="judge-pass-123")
    admin = User.objects.create_superuser("root", password="root-pass-123")
    co_organiser_add(tournament=tournament, actor=organiser, username="judge")
    expected = {organiser: True, judge: True, admin: True, alice: False, AnonymousUser(): False}
    for user, runs in expected.items():
        fresh = Tournament.objects.get(pk=tournament.pk)
        assert roles.is_tournament_organiser(user, fresh) is runs
        assert permissions.is_tournament_organiser(user, fresh) is runs
        assert roles.is_main_organiser(user, fresh) is (runs and user != judge)


def test_the_services_ask_the_same_predicates_the_reads_do():
    assert check_in_service.check_in_open is event_rules.check_in_open
    assert tournament_service.late_entry_open is event_rules.late_entry_open
    assert permissions.is_tournament_organiser is roles.is_tournament_organiser
    assert permissions.is_main_organiser is roles.is_main_organiser
