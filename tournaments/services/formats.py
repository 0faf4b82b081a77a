"""The tournament's deck format: a frozen copy the organiser sets up before the decks lock.

The organiser starts from a built-in format (``rules.formats.BUILTIN_FORMATS``) or a
CrossFire ``.cff`` upload (``rules.formats.read_cff``), may change any limit, ban or
restrict cards and restrict sets (``rules.formats.amend_format``). Each change is a new
format version, logged with who, when and why; every registered deck is checked again
against it. Once decklists lock (the tournament starts) the format cannot change.
"""

from __future__ import annotations

from dataclasses import replace

from django.db import transaction
from django.utils.translation import gettext_lazy
from rules.formats import (
    BUILTIN_FORMATS,
    DeckFormat,
    FormatError,
    UnknownFormat,
    amend_format,
    get_format,
    read_cff,
)

from tournaments.catalogue import get_catalogue
from tournaments.errors import Conflict, UserError
from tournaments.models import AuditEntry, Tournament
from tournaments.services.organiser import organiser_action
from tournaments.signals import format_changed

#: Largest .cff upload accepted (the real files are 1-3 KB).
MAX_CFF_BYTES = 256 * 1024


def format_from_request(*, base: str | None, cff: bytes | None, filename: str, current: DeckFormat) -> DeckFormat:
    """The starting point of a change: a built-in id, an uploaded .cff, or the current format.

    Raises UserError (``unknown_format`` or the .cff reader's codes) with what to fix.
    """
    if cff is not None:
        if len(cff) > MAX_CFF_BYTES:
            raise UserError(
                gettext_lazy("The format file is %(size)s bytes; a CrossFire .cff file is a few kilobytes (at most "
                             "%(limit)s KB accepted)."),
                code="too_large", params={"size": len(cff), "limit": MAX_CFF_BYTES // 1024})
        try:
            return read_cff(cff, get_catalogue(), filename=filename or "upload.cff")
        except FormatError as exc:
            raise UserError.from_rules(exc, params={"problems": exc.problems}) from exc
    if base:
        try:
            return get_format(base)
        except UnknownFormat as exc:
            raise UserError.from_rules(exc, code="unknown_format", params={"valid": list(BUILTIN_FORMATS)}) from exc
    return current


@transaction.atomic
def tournament_format_set(
    *,
    tournament: Tournament,
    actor,
    reason: str,
    base: str | None = None,
    cff: bytes | None = None,
    filename: str = "",
    changes: dict | None = None,
) -> Tournament:
    """Replace the tournament's deck format (organiser only, before the decks lock).

    Starts from ``base`` (a built-in id), ``cff`` (the bytes of a CrossFire .cff file)
    or the current format, then applies ``changes`` (see ``rules.formats.amend_format``) with the
    provenance "format version N: reason" (N the new version): a violation of a limit the organiser
    set cites that version and reason instead of the rules text.
    A real change bumps ``format_version``, stores the new frozen copy, writes an
    AuditEntry (who, when, ``reason``, the format before and after) and sends
    ``tournaments.signals.format_changed`` in the same transaction: ``decks`` then checks
    every registered player's latest decklist again (the verdict is stored as a new
    submission recording the new version, and a deck that is no longer legal stops
    being the registered deck: the player must submit again before the start).
    Returns the tournament unchanged when nothing differs.

    Raises NotAllowed (not the organiser), Conflict (``decks_locked``; ``finished``), UserError
    (``reason`` missing, unknown format, an unreadable or nonsensical .cff, bad
    changes), and then nothing is changed.
    """
    act = organiser_action(tournament, actor, reason=reason)
    tournament = act.tournament
    if tournament.decks_locked or tournament.status in (Tournament.Status.RUNNING, Tournament.Status.FINISHED):
        raise Conflict(gettext_lazy("The deck format cannot change: decklists are locked (the tournament has "
                                    "started)."), code="decks_locked")
    reason = act.require_reason(gettext_lazy("Say why the format changes (it is logged and shown to players)."),
                                code="reason")
    current = DeckFormat.from_dict(tournament.deck_format)
    fmt = format_from_request(base=base, cff=cff, filename=filename, current=current)
    if changes:
        try:
            # Every limit the organiser sets cites this change (DeckFormat.amended_by): "format version N: reason".
            fmt = amend_format(fmt, changes, get_catalogue(),
                               provenance=f"format version {tournament.format_version + 1}: {reason}")
        except FormatError as exc:
            raise UserError.from_rules(exc, params={"problems": exc.problems}) from exc
    if replace(fmt, amended_by=current.amended_by) == current:  # the provenance alone is no change
        return tournament
    before = {"version": tournament.format_version, "format": tournament.deck_format}
    tournament.deck_format = fmt.to_dict()
    tournament.deck_format_id = fmt.id[:32]
    tournament.format_version += 1
    tournament.save(update_fields=["deck_format", "deck_format_id", "format_version"])
    AuditEntry.objects.create(
        tournament=tournament, actor=actor, action=AuditEntry.Action.FORMAT_CHANGED, reason=reason,
        before=before, after={"version": tournament.format_version, "format": tournament.deck_format},
    )
    format_changed.send(sender=Tournament, tournament=tournament, deck_format=fmt, actor=actor)
    return tournament
