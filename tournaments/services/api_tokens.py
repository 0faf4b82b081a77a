"""Personal API tokens (issue 25, item 4): created, listed and revoked on the account page; a bot sends
``Authorization: Bearer <secret>`` (``tournaments.api.authentication.TokenAuthentication``).

The secret is ``sft_`` and 43 URL-safe characters (32 random bytes); only its SHA-256 (hex) is stored, so a copy of
the database gives no usable token. It is returned once, by :func:`api_token_create`.
"""

from __future__ import annotations

import datetime
import hashlib
import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.errors import NotAllowed, UserError
from tournaments.models import ApiToken


class TokenNotFound(UserError):
    """No such token of this user (HTTP 404)."""

    status = 404

    def __init__(self, message: object) -> None:
        super().__init__(message, code="not_found")


#: Every secret starts with this (a secret scanner can recognise a leaked token).
PREFIX = "sft_"
#: ``last_used_at`` is written when it is older than this (never a write on every request).
LAST_USED_PRECISION = datetime.timedelta(minutes=1)
#: How many live tokens a user may hold.
MAX_TOKENS = 20


def hash_secret(secret: str) -> str:
    """The SHA-256 of ``secret`` (UTF-8) as 64 hex characters: what ``ApiToken.key_hash`` stores."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


@transaction.atomic
def api_token_create(*, user, name: str, scope: str = ApiToken.Scope.READ) -> tuple[ApiToken, str]:
    """Create a token named ``name`` (1-100 characters) for ``user`` with ``scope`` (``read``/``write``).

    Returns ``(token, secret)``: the secret is never stored nor shown again. Raises NotAllowed (not logged in),
    UserError (``name_required``, ``scope``, ``too_many_tokens`` past :data:`MAX_TOKENS` live ones)."""
    if not getattr(user, "is_authenticated", False):
        raise NotAllowed(_("Log in to create an API token."))
    name = (name or "").strip()
    if not name or len(name) > 100:
        raise UserError(_("Give the token a name (at most 100 characters)."), code="name_required")
    if scope not in ApiToken.Scope.values:
        raise UserError(_("A token is read only or read and write."), code="scope")
    if ApiToken.objects.filter(user=user, revoked_at=None).count() >= MAX_TOKENS:
        raise UserError(
            _("You have %(count)s tokens: revoke one first."),
            code="too_many_tokens",
            params={"count": MAX_TOKENS},
        )
    secret = PREFIX + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        user=user, name=name, scope=scope, prefix=secret[:10], key_hash=hash_secret(secret)
    )
    return token, secret


def api_token_revoke(*, user, token_id: int) -> ApiToken:
    """Revoke ``user``'s token ``token_id`` (from now on it authenticates nobody; revoking twice is harmless).
    Raises TokenNotFound (``not_found``, 404) when the user has no such token: another user's tokens are not theirs to
    see."""
    token = (
        ApiToken.objects.filter(pk=token_id, user_id=user.pk).first()
        if getattr(user, "is_authenticated", False)
        else None
    )
    if token is None:
        raise TokenNotFound(_("There is no such token."))
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    return token


def api_token_authenticate(secret: str) -> ApiToken | None:
    """The live token whose secret is ``secret`` (with its user), None for an unknown or revoked one or a
    revoked user. Notes the use: ``last_used_at`` is updated when it is older than :data:`LAST_USED_PRECISION`
    (at most one UPDATE a minute per token)."""
    if not secret.startswith(PREFIX) or len(secret) > 200:
        return None
    token = (
        ApiToken.objects.select_related("user").filter(key_hash=hash_secret(secret), revoked_at=None).first()
    )
    if token is None or not token.user.is_active:
        return None
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at >= LAST_USED_PRECISION:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token
