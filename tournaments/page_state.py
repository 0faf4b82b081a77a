"""The page state of a tournament's public pages (issue #12): a random token per tournament in the shared cache,
replaced whenever anything a public page shows may have changed, so the visitor's fast path
(``tournaments.pages.crowd.CrowdPageMiddleware``) never serves a response stored under an older state.

The receivers below replace it when a tournament, round, registration, match, penalty, audit entry or standings
snapshot is saved, a tournament or round deleted or a round paired (``round_paired``); a results version bumped
(``tournaments.services.standings.queue_standings``) calls :func:`page_changed` inside its transaction. They are connected when the app is ready (``TournamentsConfig.ready``), so Celery workers
retire pages too. A write that bypasses the model signals (``QuerySet.update``, ``bulk_create``) must go with one
of them (every organiser change writes an ``AuditEntry``)."""

from __future__ import annotations

import hashlib
import logging
import uuid
from typing import Any

from django.core.cache import cache
from django.db import connections, transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from tournaments.models import AuditEntry, Match, Penalty, Registration, Round, StandingsSnapshot, Tournament
from tournaments.signals import round_paired

logger = logging.getLogger(__name__)

#: How long a tournament's page state lives without a change (a lost state only costs one render per page).
STATE_SECONDS = 7 * 24 * 3600


def digest(text: str) -> str:
    """A short digest of free text for a cache key."""
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def namespace() -> str:
    """The database's name, digested, in every key here: two databases sharing one Redis (two sites, parallel test
    runs) never share a page (their tournament ids overlap)."""
    return digest(str(connections["default"].settings_dict["NAME"]))[:8]


def state_key(tournament_id: int) -> str:
    """The cache key of a tournament's page state (a random token)."""
    return f"crowd:{namespace()}:state:{tournament_id}"


def new_state() -> str:
    """A fresh page-state token (random)."""
    return uuid.uuid4().hex[:16]


def _replace_state(tournament_id: int) -> None:
    try:
        cache.set(state_key(tournament_id), new_state(), STATE_SECONDS)
    except Exception:  # noqa: BLE001 - the cache is an optimisation; a write never fails for it
        logger.warning("The page state of tournament %s could not be replaced (cache unreachable).", tournament_id)


class _ReplaceAtCommit:
    """The on-commit replacement of one tournament's page state: one per transaction and tournament."""

    def __init__(self, tournament_id: int) -> None:
        self.tournament_id, self.ran = tournament_id, False

    def __call__(self) -> None:
        self.ran = True
        _replace_state(self.tournament_id)

    def waits_for(self, tournament_id: int, savepoints: set[str], now_in: list[str]) -> bool:
        """True when this hook will replace ``tournament_id``'s state at the commit and was registered in the very
        block running now (``savepoints``: Django's record of the savepoints open then, the same as ``now_in``);
        not run yet."""
        return not self.ran and self.tournament_id == tournament_id and savepoints == set(now_in)


def page_changed(tournament_id: int | None) -> None:
    """What the tournament's public pages show may have changed: retire every stored visitor response of it, now
    and again once the current transaction commits (a response rendered in between, from data read before the
    commit, is stored under the intermediate state and never served). Never raises: a cache that cannot be reached
    is logged.

    Once per transaction and tournament (issue 27: a confirmation saves the match and bumps the results version):
    a later change inside the same transaction is covered by the first one's two replacements, since nobody sees it
    before the commit. Only a change in the same atomic block counts (Django's list of the connection's commit hooks
    is read): a hook dropped by a rolled-back savepoint is gone, and one of another block (a savepoint inside, or a
    test's own transaction around the service's) leaves this block its own two replacements."""
    if tournament_id is None:
        return
    connection = connections["default"]
    if not connection.in_atomic_block:
        _replace_state(tournament_id)
        return
    # each entry: (the savepoints open when it was registered, the hook, robust)
    if any(isinstance(entry[1], _ReplaceAtCommit) and entry[1].waits_for(tournament_id, entry[0],
                                                                        connection.savepoint_ids)
           for entry in connection.run_on_commit):
        return
    _replace_state(tournament_id)
    transaction.on_commit(_ReplaceAtCommit(tournament_id))


# What a public page shows changed: the receivers (connected when the app is ready, in web and Celery processes).

@receiver(post_save, sender=Tournament, dispatch_uid="crowd.tournament_saved")
@receiver(post_delete, sender=Tournament, dispatch_uid="crowd.tournament_deleted")
def _tournament_changed(sender, instance: Tournament, **kwargs: Any) -> None:
    page_changed(instance.pk)


@receiver(post_save, sender=Round, dispatch_uid="crowd.round_saved")
@receiver(post_delete, sender=Round, dispatch_uid="crowd.round_deleted")
@receiver(post_save, sender=Registration, dispatch_uid="crowd.registration_saved")
@receiver(post_save, sender=StandingsSnapshot, dispatch_uid="crowd.snapshot_saved")
@receiver(post_save, sender=AuditEntry, dispatch_uid="crowd.audit_entry_saved")
@receiver(post_save, sender=Penalty, dispatch_uid="crowd.penalty_saved")
def _part_changed(sender, instance: Round | Registration | StandingsSnapshot | AuditEntry | Penalty,
                  **kwargs: Any) -> None:
    page_changed(instance.tournament_id)


@receiver(post_save, sender=Match, dispatch_uid="crowd.match_saved")
def _match_changed(sender, instance: Match, **kwargs: Any) -> None:
    page_changed(instance.round.tournament_id)  # the services load the round with the match (no query)


@receiver(round_paired, sender=Tournament, dispatch_uid="crowd.round_paired")
def _round_paired(sender, tournament: Tournament, **kwargs: Any) -> None:
    page_changed(tournament.pk)
