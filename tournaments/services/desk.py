"""The results desk: the organiser enters or accepts the current round's results from one page, with no typed
reason, and accepts every reported table at once.

A result the organiser enters at the desk, or a player's report the organiser accepts there, is final: it is
settled by ``tournaments.services.results.result_settle`` (the same scoring, supersession and AuditEntry with who,
when and the result before and after) with a reason code instead of a typed reason (``DESK_ENTERED``,
``DESK_ACCEPTED``). Changing a result already confirmed is a correction: a reason is required then, and logged.
Only the tournament's staff may (``services.organiser.organiser_action``: NotAllowed otherwise).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from tournaments.errors import NotAllowed, UserError
from tournaments.models import AuditEntry, Match, ResultSubmission, Round, Tournament
from tournaments.services.permissions import require_not_finished, require_organiser
from tournaments.services.results import locked_match, result_settle

__all__ = ["DESK_ACCEPTED", "DESK_ENTERED", "desk_accept", "desk_accept_all", "desk_enter"]

#: The reason stored (English) for a result entered at the desk: no reason is typed.
DESK_ENTERED = "Entered at the results desk."
#: The reason stored (English) for a player's report accepted at the desk.
DESK_ACCEPTED = "Report accepted at the results desk."


def _reason_for(match: Match, reason: str, default: str) -> str:
    """The reason to log: ``default`` for a table without a confirmed result; the typed ``reason`` to change a
    confirmed one (UserError ``reason_required`` when it is blank)."""
    if match.status == Match.Status.CONFIRMED:
        if not (reason or "").strip():
            raise UserError(_("Table %(table)s already has a confirmed result: say why you change it (logged)."),
                            code="reason_required", params={"table": match.table})
        return reason.strip()
    return (reason or "").strip() or default


@transaction.atomic
def desk_enter(*, match: Match, actor, score: Any = None, placements: Any = None, games: Any = None,
               reason: str = "", idempotency_key: str = "") -> AuditEntry:
    """The organiser enters a table's result at the desk: a duel's ``score`` (``{"wins": [a, b], "draws": d}``,
    seat order: ``tournaments.result_choices``), a table's ``placements``, or ``games``. Final at once, logged
    with the reason code ``DESK_ENTERED``; a ``reason`` is required only to change a confirmed result.
    Raises NotAllowed (not staff, or the organiser's own match), Conflict (a bye, finished), UserError (an
    impossible result, ``reason_required``)."""
    match = locked_match(match)
    require_organiser(actor, match.round.tournament)
    return result_settle(match=match, actor=actor, reason=_reason_for(match, reason, DESK_ENTERED), score=score,
                         placements=placements, games=games, idempotency_key=idempotency_key)


@transaction.atomic
def desk_accept(*, match: Match, actor, submission: ResultSubmission, reason: str = "",
                idempotency_key: str = "") -> AuditEntry:
    """The organiser accepts one of the table's reports (the pending one, or one side of a dispute): final,
    logged with ``DESK_ACCEPTED``; a reason only to replace a confirmed result. Raises as :func:`desk_enter`."""
    match = locked_match(match)
    require_organiser(actor, match.round.tournament)
    return result_settle(match=match, actor=actor, reason=_reason_for(match, reason, DESK_ACCEPTED),
                         submission=submission, idempotency_key=idempotency_key)


def desk_accept_all(*, round: Round, actor) -> list[Match]:
    """Accept every reported table of ``round`` (a pending report no player has answered yet): each as
    :func:`desk_accept`, in its own transaction, so one refused report (the organiser's own match, a report a
    penalty since made impossible) leaves the others accepted. Returns the matches accepted, in table order.
    Raises NotAllowed (not staff), Conflict (``finished``)."""
    tournament = Tournament.objects.get(pk=round.tournament_id)  # its state now, not as the caller loaded it
    require_organiser(actor, tournament)
    require_not_finished(tournament)
    accepted = []
    reported = (Match.objects.filter(round=round, status=Match.Status.REPORTED).select_related("round")
                .order_by("table"))
    for match in reported:
        pending = match.submissions.filter(state=ResultSubmission.State.PENDING).first()
        if pending is None:
            continue
        try:
            desk_accept(match=match, actor=actor, submission=pending)
        except (UserError, NotAllowed):
            continue
        accepted.append(match)
    return accepted
