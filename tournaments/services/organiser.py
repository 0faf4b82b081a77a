"""The prologue every organiser service shares, in one place: :func:`organiser_action`.

An organiser's action on a tournament opens with the same steps, always in this order (the order is part of
what the user sees: a non-organiser is told so before anything else, a repeated submit is answered before the
event's state is looked at):

1. the tournament is selected for update (its row locked until the service's transaction ends);
2. the actor's permission: an organiser or co-organiser of the tournament, or its main organiser only
   (``tournaments.services.permissions``): NotAllowed (403);
3. the idempotency key is claimed (``tournaments.services.idempotency``), scoped to the action, the tournament
   and the ``payload``: a repeat stops here and the service returns the first call's result, writing nothing;
   the same key with another action, tournament or payload is refused (Conflict ``idempotency_key_reused``);
4. a finished tournament is refused (Conflict ``finished``, 409) unless the action is allowed on one (or the
   service refuses it itself with its own code, e.g. ``status``);
5. a required reason: UserError (``reason_required`` or the service's code) when it is blank.

Usage, inside the service's ``transaction.atomic``::

    act = organiser_action(tournament, actor, action="round_repair", idempotency_key=idempotency_key,
                           payload={"reason": reason, "seed": seed}, reason=reason,
                           reason_required=gettext_lazy("Say why ... (it is logged)."), reason_code="reason")
    if act.repeated:
        return act.first(Round)
    tournament = act.tournament
    ...
    return act.done(new_round)

A service whose own checks come between (e.g. the event's state before the reason) asks for the reason later
with :meth:`OrganiserAction.require_reason`. Every refusal is a ``tournaments.errors.UserError`` whose message is
marked for translation where the service names it (``gettext_lazy``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from django.db import models

from tournaments.errors import UserError
from tournaments.models import Tournament
from tournaments.services.idempotency import Claim, claim_key
from tournaments.services.permissions import require_main_organiser, require_not_finished, require_organiser

M = TypeVar("M", bound=models.Model)

#: Who may act: ``"organiser"`` (the organiser, a co-organiser or a site admin), ``"main_organiser"`` (the
#: organiser or a site admin: staff changes), None (the service checked the actor itself, e.g. a player acting
#: for themself).
Who = Literal["organiser", "main_organiser"] | None


def locked_tournament(tournament_id: int) -> Tournament:
    """The tournament selected for update (inside a transaction)."""
    return Tournament.objects.select_for_update().get(pk=tournament_id)


@dataclass
class OrganiserAction:
    """What :func:`organiser_action` found: the ``tournament`` (locked), the idempotency ``claim`` and the
    ``reason`` stripped ("" when none was given)."""

    tournament: Tournament
    actor: Any
    claim: Claim
    reason: str = ""

    @property
    def repeated(self) -> bool:
        """True when this call repeats an earlier one with the same idempotency key: return :meth:`first`."""
        return self.claim.repeated

    def first(self, model: type[M]) -> M:
        """The first call's result, of ``model`` (a repeat only). Raises Conflict (``already_done``) when it
        has since been removed."""
        return self.claim.first(model)

    def done(self, result: M) -> M:
        """Record ``result`` as the answer to a repeat of this call (nothing without a key) and return it."""
        self.claim.done(result)
        return result

    def require_reason(self, message: Any, *, code: str = "reason_required") -> str:
        """The reason, stripped; raises UserError(``message``, ``code``) when it is blank. ``message``: a lazy
        translatable string (``gettext_lazy``)."""
        if not self.reason:
            raise UserError(message, code=code)
        return self.reason


def organiser_action(tournament: Tournament | int, actor, *, action: str = "", idempotency_key: str = "",
                     payload: dict[str, Any] | None = None, reason: str | None = None, reason_required: Any = None, reason_code: str = "reason_required",
                     allow_finished: bool = False, who: Who = "organiser", lock: bool = True) -> OrganiserAction:
    """The organiser-service prologue (module docstring), called first inside the service's transaction.

    ``tournament``: the tournament or its pk, selected again for update; with ``lock=False`` the instance given
    is used as it is (the service locked it, or another row it hangs from, itself). ``who``: see :data:`Who`.
    ``action``: the idempotency scope (the service's name); ``idempotency_key``: the form's or the API's key
    ("": none), scoped to the tournament and to ``payload`` (what the call was sent: its arguments but the
    actor and the key; see ``tournaments.services.idempotency``). ``allow_finished``: skip the ``finished`` refusal. ``reason_required``: the message (lazy) of
    the refusal of a blank ``reason`` (None: no reason needed here; :meth:`OrganiserAction.require_reason`
    asks later), with ``reason_code``.

    Returns an :class:`OrganiserAction`; when ``repeated`` no check after the claim was made. Raises NotAllowed
    (403), Conflict (``finished``, 409), UserError (the reason; a bad idempotency key).
    """
    if lock or not isinstance(tournament, Tournament):
        tournament = locked_tournament(tournament.pk if isinstance(tournament, Tournament) else tournament)
    if who == "organiser":
        require_organiser(actor, tournament)
    elif who == "main_organiser":
        require_main_organiser(actor, tournament)
    act = OrganiserAction(tournament=tournament, actor=actor,
                          claim=claim_key(actor, idempotency_key, action, target=tournament, payload=payload)
                          if action else Claim(),
                          reason=(reason or "").strip())
    if act.repeated:
        return act
    if not allow_finished:
        require_not_finished(tournament)
    if reason_required is not None:
        act.require_reason(reason_required, code=reason_code)
    return act
