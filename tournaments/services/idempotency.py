"""A repeated submit is done once: the organiser's forms carry a one-time ``idempotency_key`` (a hidden
field, ``{% idempotency_field %}``) and the API takes an ``Idempotency-Key`` header. A service given a key
claims it first, inside its own transaction (``IdempotencyKey``, unique per user and key): the first call
does the work and records its result; a repeat with the same key returns that first result and changes
nothing. A key used for another action is refused. A call that fails keeps no claim (its transaction is
rolled back), so the same form can be sent again once the error is fixed.

Usage, at the start of a service (inside its ``transaction.atomic``)::

    claim = claim_key(actor, idempotency_key, "penalty_issue")
    if claim.repeated:
        return claim.first(Penalty)
    ...
    claim.done(penalty)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from django.db import IntegrityError, models, transaction
from django.utils.translation import gettext_lazy as _

from tournaments.errors import Conflict, UserError
from tournaments.models import IdempotencyKey

M = TypeVar("M", bound=models.Model)

MAX_LENGTH = IdempotencyKey._meta.get_field("key").max_length or 100


@dataclass
class Claim:
    """The key's row (None: no key given) and whether this call repeats an earlier one."""

    row: IdempotencyKey | None = None
    repeated: bool = False

    def first(self, model: type[M]) -> M:
        """The first call's result (a repeat only)."""
        assert self.repeated and self.row is not None
        found = model._default_manager.filter(pk=self.row.object_id).first() if self.row.object_id else None
        if found is None:
            raise Conflict(_("This form was already sent and done; what it made has since been removed."),
                           code="already_done")
        return found

    def done(self, result: models.Model | None) -> None:
        """Record the first call's result (nothing without a key)."""
        if self.row is not None and result is not None:
            self.row.object_id = result.pk
            self.row.save(update_fields=["object_id"])


def claim_key(actor, key: str | None, scope: str) -> Claim:
    """Claim ``key`` for ``actor``'s call of the service ``scope`` (module docstring). Call it inside the
    service's transaction. Raises UserError for a key that is too long or was used for another action."""
    key = (key or "").strip()
    if not key or not getattr(actor, "is_authenticated", False):
        return Claim()
    if len(key) > MAX_LENGTH:
        raise UserError(_("An idempotency key has at most %(max)s characters."), code="idempotency_key",
                        params={"max": MAX_LENGTH})
    try:
        with transaction.atomic():
            return Claim(IdempotencyKey.objects.create(user=actor, key=key, scope=scope))
    except IntegrityError:
        used = IdempotencyKey.objects.get(user=actor, key=key)
    if used.scope != scope:
        raise UserError(_("This form (or Idempotency-Key) was already used for another action; reload the page "
                          "and send it again."), code="idempotency_key_reused")
    return Claim(used, repeated=True)
