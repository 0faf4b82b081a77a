"""Turn a service's UserError into a 4xx response ``{"code": str, "detail": str, "params": {}}``."""

from __future__ import annotations

from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from tournaments.errors import UserError


def exception_handler(exc, context):
    if isinstance(exc, UserError):
        return Response({"code": exc.code, "detail": exc.message, "params": exc.params}, status=exc.status)
    return drf_exception_handler(exc, context)
