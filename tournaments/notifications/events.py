"""The events a tournament announces to the notification channels (issue 25: webhooks, and e-mail and web push).

A service calls :func:`announce` where the thing happens, inside its transaction; the signal
:data:`event_happened` is sent once that transaction commits (``transaction.on_commit``), so a rolled-back write
announces nothing and a channel that fails never fails the write (the call is guarded and logged). A receiver
gets ``event`` (one of :data:`EVENTS`), ``tournament_id`` and ``data`` (ids only, e.g. ``{"round_id": 7}``: a
channel reads what it sends itself, after the commit, and only when someone listens).
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.dispatch import Signal

log = logging.getLogger(__name__)

ROUND_PAIRED = "round.paired"  # a round paired and shown to the players (not a draft)
ROUND_PUBLISHED = "round.published"  # a draft round's pairings published
RESULT_CONFIRMED = "result.confirmed"  # a match's result confirmed (by the opponent, the staff or a penalty)
STANDINGS_UPDATED = "standings.updated"  # a new standings snapshot stored
PLAYER_DROPPED = "player.dropped"  # a player dropped or withdrew
EVENT_FINISHED = "event.finished"  # the tournament finished, with its winner

#: Every event name, in the order the Settings page lists them.
EVENTS: tuple[str, ...] = (
    ROUND_PAIRED,
    ROUND_PUBLISHED,
    RESULT_CONFIRMED,
    STANDINGS_UPDATED,
    PLAYER_DROPPED,
    EVENT_FINISHED,
)

event_happened = Signal()


def announce(event: str, tournament_id: int, **data: Any) -> None:
    """Send :data:`event_happened` for ``event`` (a name of :data:`EVENTS`) of tournament ``tournament_id`` once
    the current transaction commits (at once outside one). ``data``: ids, JSON-serialisable. A receiver that
    raises is logged, never propagated: the write that caused the event stands."""
    if event not in EVENTS:
        raise ValueError(f"unknown event {event!r}")

    def send() -> None:
        for receiver, result in event_happened.send_robust(
            sender=None, event=event, tournament_id=tournament_id, data=data
        ):
            if isinstance(result, Exception):
                log.error(
                    "The %s notification of tournament %s failed in %r",
                    event,
                    tournament_id,
                    receiver,
                    exc_info=result,
                )

    transaction.on_commit(send)
