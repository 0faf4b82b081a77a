"""Errors a user caused (shown to them) as opposed to bugs (logged, a 500).

Services raise these; pages turn them into form errors or messages, the API into 4xx
responses with ``{"code": ..., "detail": ...}``. Nothing a service changed before it
raised is kept: every service runs in one transaction.
"""

from __future__ import annotations


class UserError(Exception):
    """A request the rules or the workflow refuse. HTTP 400 unless a subclass says otherwise."""

    status = 400

    def __init__(self, message: str, *, code: str = "invalid", params: dict | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.params = params or {}


class NotAllowed(UserError):
    """The acting user may not do this (HTTP 403)."""

    status = 403

    def __init__(self, message: str, *, code: str = "not_allowed", params: dict | None = None) -> None:
        super().__init__(message, code=code, params=params)


class Conflict(UserError):
    """The request clashes with the tournament's current state, e.g. a second report of a confirmed match (409)."""

    status = 409
