"""The events a tournament announces, and the one call that announces them (issue 25: one notification system,
several channels).

A service calls :func:`announce` ONCE where the thing happens, inside its transaction; the signal
:data:`event_happened` is sent once that transaction commits (``transaction.on_commit``), so a rolled-back write
announces nothing and a channel that fails never fails the write (the receivers are called robustly and their
errors logged). The channels are the receivers, and each decides what it does with an event:

* webhooks (``tournaments.webhook_tasks.queue_webhooks``): every event, to the hooks that subscribe to it;
* e-mail and web push (``tournaments.tasks.queue_notifications``): the events that concern people
  (``tournaments.services.notifications.NOTIFIED``); who is told is read from the data when sending
  (``tournaments.notification_texts``: e.g. after a swap only the players of the tables in ``matches``).

No service calls a channel itself. A receiver gets ``event`` (one of :data:`EVENTS`), ``tournament_id`` and
``data``: JSON-safe, ids only except a refused deck's verdict (``decks`` owns the submission, ``tournaments`` cannot
read it). What each event's data holds:

* ``round.paired`` (a round paired and shown, or changed by a swap or a re-pair) and ``round.published`` (a draft's
  pairings published): ``round_id``; ``matches`` (optional: the ids of the matches whose players changed, after a
  swap or a re-pair; absent, every table is new);
* ``round.started`` (the round's clock started: at pairing or publication when the event's clocks start then, or
  by hand, or restarted): ``round_id``;
* ``round.time`` (the round's clock ran out: ``tournaments.services.clock.round_time_call``): ``round_id``,
  ``called_at`` (ISO 8601);
* ``result.reported`` (a player reported, the opponents to confirm or dispute): ``match_id``, ``submission_id``;
* ``result.confirmed`` (by the opponent, the staff or a penalty) and ``result.disputed`` (the staff settles it):
  ``match_id``;
* ``standings.updated`` (a new standings snapshot): ``version``;
* ``player.dropped`` (a player dropped or withdrew, by themselves or the organiser): ``registration_id``;
* ``event.finished``: ``stamp`` (ISO 8601: a finish after a reopen is another happening);
* ``deck.refused`` (a decklist submitted or re-checked is not legal): ``registration_id``, ``submission_id``,
  ``verdict`` (``rules.legality.Verdict.to_dict()``).
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.dispatch import Signal

log = logging.getLogger(__name__)

ROUND_PAIRED = "round.paired"
ROUND_PUBLISHED = "round.published"
ROUND_STARTED = "round.started"
ROUND_TIME = "round.time"
RESULT_REPORTED = "result.reported"
RESULT_CONFIRMED = "result.confirmed"
RESULT_DISPUTED = "result.disputed"
STANDINGS_UPDATED = "standings.updated"
PLAYER_DROPPED = "player.dropped"
EVENT_FINISHED = "event.finished"
DECK_REFUSED = "deck.refused"

#: Every event name, in the order the Settings page and the API list them.
EVENTS: tuple[str, ...] = (
    ROUND_PAIRED,
    ROUND_PUBLISHED,
    ROUND_STARTED,
    ROUND_TIME,
    RESULT_REPORTED,
    RESULT_CONFIRMED,
    RESULT_DISPUTED,
    STANDINGS_UPDATED,
    PLAYER_DROPPED,
    EVENT_FINISHED,
    DECK_REFUSED,
)

#: Sent after the commit with ``event``, ``tournament_id`` and ``data`` (see the module's docstring).
event_happened = Signal()


def announce(event: str, tournament_id: int, **data: Any) -> None:
    """Send :data:`event_happened` for ``event`` (a name of :data:`EVENTS`) of tournament ``tournament_id`` once
    the current transaction commits (at once outside one). ``data``: JSON-safe, as the module's docstring lists
    per event. A receiver that raises is logged, never propagated: the write that caused the event stands.
    Raises ValueError for an unknown event (a bug, at the call)."""
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

    transaction.on_commit(send, robust=True)
