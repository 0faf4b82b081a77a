"""A repeated submit is done once: the organiser's forms carry a one-time ``idempotency_key`` (a hidden
field, ``{% idempotency_field %}``) and the API takes an ``Idempotency-Key`` header. A service given a key
claims it first, inside its own transaction (``IdempotencyKey``, unique per user and key): the first call
does the work and records its result; a repeat of the same request with the same key returns that first
result and changes nothing. A key is scoped to its user, the action (the service), the target (what it acts
on: the tournament, a round) and the *fingerprint* of the payload (a SHA-256 of what was sent,
:func:`fingerprint`): the same key for another action, another target or another payload is refused (409
``idempotency_key_reused``), never answered with an unrelated first result. A call that fails keeps no claim
(its transaction is rolled back), so the same form can be sent again once the error is fixed.

Usage, at the start of a service (inside its ``transaction.atomic``)::

    claim = claim_key(actor, idempotency_key, "penalty_issue", target=tournament,
                      payload={"registration": registration, "kind": kind, "reason": reason})
    if claim.repeated:
        return claim.first(Penalty)
    ...
    claim.done(penalty)
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, TypeVar

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


def target_label(target: models.Model | str | None) -> str:
    """What a key acts on, as stored: "tournaments.tournament:7" for a model instance, a string as it is."""
    if target is None:
        return ""
    if isinstance(target, models.Model):
        return f"{target._meta.label_lower}:{target.pk}"
    return str(target)[:80]


def _plain(value: Any) -> Any:
    """``value`` as JSON can say it: a model instance as its label and pk, bytes as their SHA-256, tuples and
    sets as lists (a set sorted), anything else unknown as its text."""
    if isinstance(value, models.Model):
        return target_label(value)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(str(_plain(v)) for v in value)
    if isinstance(value, (bytes, bytearray, memoryview)):
        return "sha256:" + hashlib.sha256(bytes(value)).hexdigest()
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


def fingerprint(payload: dict[str, Any] | None) -> str:
    """The SHA-256 (hex, 64 characters) of ``payload``, what a call was sent: keys in any order, model instances
    by their ids (:func:`_plain`). The same request gives the same fingerprint."""
    text = json.dumps(_plain(payload or {}), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def claim_key(actor, key: str | None, scope: str, *, target: models.Model | str | None = None,
              payload: dict[str, Any] | None = None) -> Claim:
    """Claim ``key`` for ``actor``'s call of the service ``scope`` on ``target`` with ``payload`` (module
    docstring). Call it inside the service's transaction. Returns a :class:`Claim` (``repeated``: the same
    request was done already). Raises UserError (a key that is too long), Conflict (409
    ``idempotency_key_reused``: the key was used for another action, target or payload)."""
    key = (key or "").strip()
    if not key or not getattr(actor, "is_authenticated", False):
        return Claim()
    if len(key) > MAX_LENGTH:
        raise UserError(_("An idempotency key has at most %(max)s characters."), code="idempotency_key",
                        params={"max": MAX_LENGTH})
    where, sent = target_label(target), fingerprint(payload)
    try:
        with transaction.atomic():
            return Claim(IdempotencyKey.objects.create(user=actor, key=key, scope=scope, target=where,
                                                       fingerprint=sent))
    except IntegrityError:
        used = IdempotencyKey.objects.get(user=actor, key=key)
    # a key claimed before keys had a fingerprint (blank) is compared by its action only
    if used.scope != scope or (used.fingerprint and (used.target, used.fingerprint) != (where, sent)):
        raise Conflict(_("This form (or Idempotency-Key) was already used for another action; reload the page "
                         "and send it again."), code="idempotency_key_reused")
    return Claim(used, repeated=True)
