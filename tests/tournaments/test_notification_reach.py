"""Issue 27 with issue 25's channels: a result write whose event can reach nobody (no verified address, no push
subscription among the tournament's people) queues no notification work; the answer is cached and any change that
can make somebody reachable forgets it (tournaments.notifications.reach)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from tournaments import services
from tournaments.services import staff
from tournaments.models import PushSubscription, VerifiedEmail
from tournaments.notifications.reach import anyone_reachable

pytestmark = pytest.mark.django_db


def verify(user: User) -> None:
    VerifiedEmail.objects.create(user=user, address=f"{user.username}@example.org", verified_at=timezone.now())


def test_nobody_reachable_is_answered_from_the_cache_after_the_first_query(round_one, tournament,
                                                                           django_assert_num_queries):
    assert anyone_reachable(tournament.pk) is False
    with django_assert_num_queries(0):
        assert anyone_reachable(tournament.pk) is False


def test_a_verified_address_makes_the_tournament_reachable_at_once(round_one, tournament, alice):
    assert anyone_reachable(tournament.pk) is False
    verify(alice)
    assert anyone_reachable(tournament.pk) is True


def test_the_organiser_and_a_co_organiser_count(tournament, organiser, carol):
    assert anyone_reachable(tournament.pk) is False
    staff.co_organiser_add(tournament=tournament, actor=organiser, username="carol")
    verify(carol)
    assert anyone_reachable(tournament.pk) is True


def test_a_new_registration_of_a_verified_player_is_seen(tournament, carol):
    verify(carol)  # verified before entering this event
    assert anyone_reachable(tournament.pk) is False
    services.player_register(tournament=tournament, actor=carol)
    assert anyone_reachable(tournament.pk) is True


def test_a_push_subscription_counts_only_when_push_is_configured(round_one, tournament, alice, settings):
    PushSubscription.objects.create(user=alice, endpoint="https://fcm.googleapis.com/fcm/send/x", p256dh="k",
                                    auth="a")
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    assert anyone_reachable(tournament.pk) is False
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = "public", "private"
    PushSubscription.objects.filter(user=alice).delete()
    PushSubscription.objects.create(user=alice, endpoint="https://fcm.googleapis.com/fcm/send/y", p256dh="k",
                                    auth="a")
    assert anyone_reachable(tournament.pk) is True
