"""The API's request throttles (DRF's anonymous-by-IP and per-user ones) with their rates read from
``settings.API_THROTTLE_RATES`` at each request (``{"anon": "120/minute", "user": "600/minute"}``; None
turns one off), so the environment and the tests set them. Counts live in the default cache: per
process with the embedded default, shared through Redis when ``REDIS_URL`` is set.

An anonymous client is its address as ``tournaments.client_address.client_ip`` reads it: ``X-Forwarded-For`` only
behind ``TRUSTED_PROXY_COUNT`` proxies (DRF's own rule would key on the whole header when ``NUM_PROXIES`` is unset,
so a random header each time escaped the limit: issue 21, finding 4)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle

from tournaments.client_address import client_ip


def _rate(scope: str | None) -> str | None:
    return getattr(settings, "API_THROTTLE_RATES", {}).get(scope)


class AnonThrottle(AnonRateThrottle):
    def get_rate(self) -> str | None:
        return _rate(self.scope)

    def get_ident(self, request: Any) -> str:
        return client_ip(request) or ""


class UserThrottle(UserRateThrottle):
    def get_rate(self) -> str | None:
        return _rate(self.scope)

    def get_ident(self, request: Any) -> str:
        return client_ip(request) or ""
