"""Predicates over a tournament's state that both reads and writes ask: may players still check in, does a running
tournament still take late entries. No writes; each costs at most one query (the tournament's rounds). Selectors
(``tournaments.selectors.check_in_panel``) and services (``tournaments.services.check_in``,
``tournaments.services.tournaments``) import them from here, so a selector needs no service.
"""

from __future__ import annotations

import datetime

from django.utils import timezone

from tournaments.models import Tournament

#: The statuses in which check-in may be open (and then only until round 1 is paired).
CHECK_IN_STATUSES = (Tournament.Status.REGISTRATION, Tournament.Status.CLOSED, Tournament.Status.RUNNING)


def check_in_open(tournament: Tournament) -> bool:
    """True while players can check in: registration open or closed, or started, and no round paired yet
    (1 query)."""
    return tournament.status in CHECK_IN_STATUSES and not tournament.rounds.exists()


def check_in_closed(tournament: Tournament, *, now: datetime.datetime | None = None) -> bool:
    """True once check-in is closed before round 1: the organiser closed it (``check_in_closed_at``) or its
    deadline (``check_in_deadline``) has passed. Players can no longer check themselves in; the organiser still
    can, and may now drop the no-shows (``tournaments.services.check_in.no_shows_drop``). No query."""
    if tournament.check_in_closed_at is not None:
        return True
    deadline = tournament.check_in_deadline
    return deadline is not None and (now or timezone.now()) >= deadline


def late_entry_open(tournament: Tournament) -> bool:
    """True while a running tournament still takes late entries (fewer rounds paired than ``late_entry_rounds``;
    1 query when running, none otherwise)."""
    return (tournament.status == Tournament.Status.RUNNING and tournament.late_entry_rounds > 0
            and tournament.rounds.count() < tournament.late_entry_rounds)

