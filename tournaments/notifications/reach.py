"""Whether anybody at a tournament can be reached by e-mail or web push (issue 25's channels, issue 27's budget).

Every report and confirmation announces an event; at most events nobody has given a verified e-mail address or
opted a browser in, and queueing the fan-out (a Celery publish, then a worker reading the match, its players and
their settings to find nobody) cost about 1 ms of the web process's CPU and 4 ms of the worker's per write in
``bench/reporting_rush.py``. :func:`anyone_reachable` answers from the cache (one read); the query runs once per
tournament and *generation*: any change that can make somebody reachable (a verified address, a push
subscription, a registration, a co-organiser) starts a new generation, so no answer outlives it. The cache is an
optimisation only: when it cannot be read, the query answers.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import m2m_changed, post_delete, post_save
from django.dispatch import receiver

from tournaments.models import PushSubscription, Registration, Tournament, VerifiedEmail

log = logging.getLogger(__name__)

_GENERATION_KEY = "notifications:reach:generation"
#: how long an answer is kept when nothing changes (a day: an event's length)
_TIMEOUT_SECONDS = 24 * 60 * 60


def _generation() -> int:
    found = cache.get(_GENERATION_KEY)
    if found is None:
        cache.add(_GENERATION_KEY, 1, timeout=None)
        found = cache.get(_GENERATION_KEY) or 1
    return int(found)


def _reachable_now(tournament_id: int) -> bool:
    """The query: a player of the tournament, its organiser or a co-organiser with a verified address, or (push
    configured: VAPID keys) with a push subscription."""
    tournament = Tournament.objects.filter(pk=tournament_id).values("organiser_id").first()
    if tournament is None:
        return False
    people = set(Registration.objects.filter(tournament_id=tournament_id, player__isnull=False)
                 .values_list("player_id", flat=True))
    people |= set(Tournament.co_organisers.through.objects.filter(tournament_id=tournament_id)
                  .values_list("user_id", flat=True))
    people.add(tournament["organiser_id"])
    if VerifiedEmail.objects.filter(user_id__in=people).exists():
        return True
    push = bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)
    return push and PushSubscription.objects.filter(user_id__in=people).exists()


def anyone_reachable(tournament_id: int) -> bool:
    """Whether a notification of tournament ``tournament_id`` could reach anybody by e-mail or push (module
    docstring). False only when nobody of the tournament has a verified address or (push on) a subscription."""
    try:
        key = f"notifications:reach:{_generation()}:{tournament_id}"
        found = cache.get(key)
    except Exception:  # noqa: BLE001 - an unreachable cache: the query answers
        return _reachable_now(tournament_id)
    if found is not None:
        return bool(found)
    answer = _reachable_now(tournament_id)
    try:
        cache.set(key, int(answer), timeout=_TIMEOUT_SECONDS)
    except Exception:  # noqa: BLE001
        log.warning("The reach of tournament %s could not be cached", tournament_id)
    return answer


def forget_reach() -> None:
    """Start a new generation (module docstring): now, and again once the change commits."""

    def bump() -> None:
        try:
            if not cache.add(_GENERATION_KEY, 2, timeout=None):
                cache.incr(_GENERATION_KEY)
        except Exception:  # noqa: BLE001
            log.warning("The notification reach could not be forgotten in the cache")

    bump()
    transaction.on_commit(bump)


@receiver(post_save, sender=VerifiedEmail, dispatch_uid="notifications.reach.verified_email_saved")
@receiver(post_delete, sender=VerifiedEmail, dispatch_uid="notifications.reach.verified_email_deleted")
@receiver(post_save, sender=PushSubscription, dispatch_uid="notifications.reach.push_saved")
@receiver(post_delete, sender=PushSubscription, dispatch_uid="notifications.reach.push_deleted")
def _people_changed(sender, **kwargs) -> None:
    forget_reach()


@receiver(post_save, sender=Registration, dispatch_uid="notifications.reach.registration_saved")
def _registration_saved(sender, *, created: bool, **kwargs) -> None:
    if created or kwargs.get("update_fields") is None or "player" in (kwargs.get("update_fields") or ()):
        forget_reach()


@receiver(m2m_changed, sender=Tournament.co_organisers.through, dispatch_uid="notifications.reach.staff_changed")
def _staff_changed(sender, *, action: str, **kwargs) -> None:
    if action in ("post_add", "post_remove", "post_clear"):
        forget_reach()
