"""Project middleware.

``BadInputMiddleware`` is the last line of defence of "no input gives a 500" (issue #11): a value
no id check caught and that reaches the database driver as a number beyond 64 bits raises
``OverflowError`` (SQLite: "Python int too large to convert to SQLite INTEGER"); it is answered
400, not 500, wherever it comes from (a page, the API, the admin). Ids are validated before that by
the ``id`` path converter, the API's ``IdField`` and ``tournaments.ids.parse_id``; this only
catches what they do not see (e.g. the admin's own ``<path:object_id>``)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)


class BadInputMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OverflowError):
            return None
        logger.info("Number out of range in %s %s: %s", request.method, request.path, exception)
        detail = _("A number in the request is out of range.")
        if request.path.startswith("/api/"):
            return JsonResponse({"code": "out_of_range", "detail": detail, "params": {}}, status=400)
        return HttpResponse(detail, status=400, content_type="text/plain; charset=utf-8")
