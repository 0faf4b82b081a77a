"""Quiet, useful logs (issue 26): one line per refused request, tracebacks only for real errors, a request id
in every line.

The request id is django-guid's (``django_guid.middleware.guid_middleware``, first in ``MIDDLEWARE``): a new UUID
per request, or the one a proxy sent in ``X-Request-ID``; it is sent back in that header, so a user's report
("the page said 500 at 14:02", with the header from the browser's tools) finds its lines. Outside a request (start-
up, a timer thread) the id is ``-``.

Django logs every answer of 400 and more on ``django.request`` (and a refused CSRF token on
``django.security.csrf``), a ``PermissionDenied`` with its whole traceback. :class:`ClientErrorLine` turns every
such record below 500 into one line, ``GET /tournaments/7/manage/ 403 user=ana``, without the traceback: a 403 or
a 404 is an answer, not a fault. A 500 keeps its traceback.

``settings.LOGGING`` (config/settings/base.py) puts both filters on the console handler, and
:class:`ClientErrorLine` on the two loggers too (so that every handler, a test's included, sees the short line).
"""

from __future__ import annotations

import logging

from django_guid import get_guid

#: Every line: time, level, request id, logger, message.
LINE_FORMAT = "%(asctime)s %(levelname)s [%(request_id)s] %(name)s: %(message)s"


class RequestIdFilter(logging.Filter):
    """Sets ``record.request_id``: the current request's id, ``-`` outside a request; never drops a record."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            record.request_id = get_guid() or "-"
        return True


class ClientErrorLine(RequestIdFilter):
    """A record of an answer below 500 (``status_code`` and ``request`` set by Django's ``log_response``) becomes
    ``METHOD PATH STATUS user=NAME`` (``user=-`` when nobody is logged in), with no traceback; other records pass
    unchanged. Idempotent (a record filtered twice stays the same); never drops a record."""

    def filter(self, record: logging.LogRecord) -> bool:
        super().filter(record)
        status = getattr(record, "status_code", None)
        request = getattr(record, "request", None)
        if getattr(record, "one_line", False) or not isinstance(status, int) or status >= 500 or request is None:
            return True
        record.msg = "%s %s %s user=%s"
        record.args = (getattr(request, "method", "-"), getattr(request, "path", "-"), status, _username(request))
        record.exc_info = None
        record.exc_text = None
        record.stack_info = None
        record.one_line = True
        return True


def _username(request: object) -> str:
    """The logged-in user's name, ``-`` for nobody (or before the authentication middleware ran)."""
    user = getattr(request, "user", None)
    try:
        if user is not None and user.is_authenticated:
            return str(user.get_username())
    except Exception:  # noqa: BLE001 - a log line never fails the request (e.g. the session store is down)
        return "?"
    return "-"
