"""Failed logins limited per address as well as per username and address (issue 21, finding 12): password spraying,
one or two tries at many usernames from one address, never reached django-axes' per-username lockout.

``AddressLimitHandler`` (``AXES_HANDLER``) is django-axes' database handler with ``AXES_LOCKOUT_PARAMETERS`` =
``[["username", "ip_address"], "ip_address"]`` and two limits instead of one: ``AXES_FAILURE_LIMIT`` (5) failures of
one username from one address, or ``LOGIN_IP_FAILURE_LIMIT`` (20) failures of any usernames from one address, within
``AXES_COOLOFF_TIME``, lock the login out (a 429). A successful login forgives only that username's failures from that
address (axes would wipe the whole address's count, so a sprayer could reset it by logging into an account of theirs).
``lockout_response`` (``AXES_LOCKOUT_CALLABLE``) renders ``templates/429.html`` saying which lock applies."""

from __future__ import annotations

from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_cool_off, get_cool_off_iso8601, get_failure_limit
from django.conf import settings
from django.db.models import QuerySet, Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def _total(attempts: QuerySet[Any]) -> int:
    return attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0


class AddressLimitHandler(AxesDatabaseHandler):
    def _pair_and_address(self, attempts: list[QuerySet[Any]]) -> tuple[QuerySet[Any], QuerySet[Any]]:
        if len(attempts) != 2:
            raise ValueError('AddressLimitHandler needs AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], '
                             '"ip_address"]')
        return attempts[0], attempts[1]

    def get_failures(self, request: Any, credentials: dict | None = None) -> int:
        """The failures that count against this login: the username's from this address, or at least
        ``AXES_FAILURE_LIMIT`` when the address's failures across usernames reached ``LOGIN_IP_FAILURE_LIMIT``
        (then ``request.axes_address_locked`` is True, for the lockout page)."""
        pair, address = self._pair_and_address(self.get_user_attempts(request, credentials))
        failures = _total(pair)
        address_locked = _total(address) >= settings.LOGIN_IP_FAILURE_LIMIT
        request.axes_address_locked = address_locked
        if address_locked:
            return max(failures, get_failure_limit(request, credentials))
        return failures

    def reset_user_attempts(self, request: Any, credentials: dict | None = None) -> int:
        """After a successful login: forget that username's failures from this address, and only those."""
        pair, _address = self._pair_and_address(self.filter_user_attempts(request, credentials))
        count, _ = pair.delete()
        return count


def lockout_response(request: HttpRequest, original_response: HttpResponse | None = None,
                     credentials: dict | None = None) -> HttpResponse:
    """The 429 page of a locked-out login: for the address (no username named, its limit) or for the username from
    this address (axes' usual context: ``failure_limit``, ``username``, ``cooloff_timedelta``)."""
    address_locked = getattr(request, "axes_address_locked", False)
    context: dict[str, Any] = {
        "failure_limit": settings.LOGIN_IP_FAILURE_LIMIT if address_locked else get_failure_limit(request, credentials),
        "username": "" if address_locked else get_client_username(request, credentials) or "",
    }
    cool_off = get_cool_off(request)
    if cool_off:
        context.update(cooloff_time=get_cool_off_iso8601(cool_off), cooloff_timedelta=cool_off)
    return render(request, settings.AXES_LOCKOUT_TEMPLATE, context, status=getattr(settings, "AXES_HTTP_RESPONSE_CODE", 429))
