"""The client's IP address, one rule for every limit that counts per address (the API's anonymous throttle, the
sign-up limit and django-axes' login lockout, ``AXES_CLIENT_IP_CALLABLE``).

``X-Forwarded-For`` is anyone's to write, so it is read only when ``settings.TRUSTED_PROXY_COUNT`` (N, default 0)
says N reverse proxies stand in front of the site, each appending the address it received the request from: the
client is then the N-th address from the end (as DRF's ``NUM_PROXIES``). With N = 0, or without the header, or when
that entry is not an IP address, the client is ``REMOTE_ADDR`` (issue 21, finding 4)."""

from __future__ import annotations

import ipaddress
from typing import Any

from django.conf import settings


def client_ip(request: Any) -> str | None:
    """The client's address (text, normalised) for a Django ``HttpRequest`` or a DRF ``Request``; None when
    ``REMOTE_ADDR`` is missing and no trusted header gives one. Never raises."""
    meta = request.META
    remote = meta.get("REMOTE_ADDR") or None
    proxies = int(getattr(settings, "TRUSTED_PROXY_COUNT", 0) or 0)
    forwarded = meta.get("HTTP_X_FORWARDED_FOR", "")
    if proxies <= 0 or not forwarded:
        return remote
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    if not hops:
        return remote
    try:
        return str(ipaddress.ip_address(hops[-min(proxies, len(hops))]))
    except ValueError:
        return remote
