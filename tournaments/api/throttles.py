"""The API's request throttles (DRF's anonymous-by-IP and per-user ones) with their rates read from
``settings.API_THROTTLE_RATES`` at each request (``{"anon": "120/minute", "user": "600/minute"}``; None
turns one off), so the environment and the tests set them. Counts live in the default cache: per
process with the embedded default, shared through Redis when ``REDIS_URL`` is set."""

from __future__ import annotations

from django.conf import settings
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle


def _rate(scope: str | None) -> str | None:
    return getattr(settings, "API_THROTTLE_RATES", {}).get(scope)


class AnonThrottle(AnonRateThrottle):
    def get_rate(self) -> str | None:
        return _rate(self.scope)


class UserThrottle(UserRateThrottle):
    def get_rate(self) -> str | None:
        return _rate(self.scope)
