"""The webhooks' Celery task and the receiver that queues it (issue 25, item 3; ``tournaments.services.webhooks``).

On ``tournaments.notifications.events.event_happened`` (after the write's commit) each listening hook gets a
logged delivery and one :func:`deliver_webhook` task. A failed attempt (no answer, a 5xx, 408 or 429) is retried
with exponential backoff (``WEBHOOK_RETRY_BASE_SECONDS`` x 2^(attempt - 1), at most ``WEBHOOK_RETRY_MAX_SECONDS``)
until ``WEBHOOK_MAX_ATTEMPTS`` attempts; on the embedded default (eager Celery) the attempts follow each other at
once, in the request that caused the event, after its commit.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task
from django.conf import settings
from django.dispatch import receiver

from tournaments.notifications.events import event_happened
from tournaments.services.webhooks import deliveries_create, delivery_attempt

log = logging.getLogger(__name__)


def backoff_seconds(attempts: int) -> float:
    """Seconds before attempt ``attempts + 1``: ``WEBHOOK_RETRY_BASE_SECONDS * 2 ** (attempts - 1)``, at most
    ``WEBHOOK_RETRY_MAX_SECONDS``."""
    return float(
        min(
            settings.WEBHOOK_RETRY_BASE_SECONDS * 2 ** max(attempts - 1, 0),
            settings.WEBHOOK_RETRY_MAX_SECONDS,
        )
    )


@shared_task(bind=True, acks_late=True, max_retries=None)
def deliver_webhook(self: Any, delivery_id: int) -> None:
    """One attempt at delivery ``delivery_id``; another is scheduled (``self.retry``, with
    :func:`backoff_seconds`) while :func:`delivery_attempt` asks for one. Run eagerly (the embedded default), the
    attempts follow one another at once, without the waits (Celery's eager retry would raise into the request).
    A failure is logged on the delivery, never raised."""
    while delivery_attempt(delivery_id, max_attempts=settings.WEBHOOK_MAX_ATTEMPTS):
        if not self.request.is_eager:
            raise self.retry(countdown=backoff_seconds(self.request.retries + 1))


@receiver(event_happened, dispatch_uid="webhooks")
def queue_webhooks(sender: Any, event: str, tournament_id: int, data: dict[str, Any], **kwargs: Any) -> None:
    """Log and queue the deliveries of ``event`` to the tournament's hooks that listen to it. A delivery that
    cannot be queued (the broker down) stays pending in the log; the write that caused the event stands."""
    for delivery_id in deliveries_create(event=event, tournament_id=tournament_id, ids=data):
        try:
            deliver_webhook.delay(delivery_id)
        except Exception:  # the broker, or an eager run's unexpected error: logged, never the write's failure
            log.exception("Webhook delivery %s could not be sent", delivery_id)
