"""Every API error is a 4xx ``{"code": str, "detail": str, "params": {}}`` -- made here, in one place.

* ``tournaments.errors.UserError`` (and NotAllowed 403, Conflict 409, NotFound 404): its own code, its
  message in the reader's language as ``detail`` (a rule's refusal rendered from the rule's code and params).
* ``rules.errors.RulesError`` reaching a view (a rule the services did not translate): a 400 with the
  rule's code and params, ``detail`` in the reader's language (``tournaments.rule_texts.error_text``, from the
  code and params) and the rule's English ``message`` -- never a 500.
* The ``code`` is English and stable in every language; ``detail`` follows the active language (the
  ``Accept-Language`` header, the language cookie or the user's saved choice).
* DRF's own errors (404, 401/403, 405, 415, throttling): their DRF code (``not_found``,
  ``not_authenticated``, ``permission_denied`` ...).
* A form body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (Django's ``RequestDataTooBig``, raised when the view reads
  it): a 413 ``too_large`` with ``params["limit"]`` in bytes, not Django's HTML 400 page.
* An input serializer's ``ValidationError``: the first error's code, every message in ``detail``
  (``field: message``) and ``params["fields"]`` (``{field: [message, ...]}``). For the clients written
  against the first API, the field errors are also kept at the top level of the body; a view that
  sets ``field_errors_at_top_level = False`` (the result endpoints) answers with the three keys only.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, JsonResponse
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler
from rules.errors import RulesError

from tournaments.errors import UserError
from tournaments.rule_texts import error_text


class NotFound(UserError):
    """A resource named in the URL does not exist (HTTP 404)."""

    status = 404

    def __init__(self, message: str, *, code: str = "not_found", params: dict | None = None) -> None:
        super().__init__(message, code=code, params=params)


class BodyTooLarge(UserError):
    """A request body larger than the server reads (HTTP 413)."""

    status = 413

    def __init__(self, message: str, *, code: str = "too_large", params: dict | None = None) -> None:
        super().__init__(message, code=code, params=params)


def error_body(code: str, detail: str, params: dict | None = None) -> dict[str, Any]:
    return {"code": code, "detail": detail, "params": params or {}}


def _json_safe(params: dict) -> dict:
    """The params a client can read: JSON values as they are, a lazy translated label as text; the rest left out."""
    return {str(k): str(v) if isinstance(v, Promise) else v for k, v in params.items()
            if isinstance(v, (str, int, float, bool, list, dict, type(None), Promise))}


def _first_code(detail: Any) -> str:
    """The code of the first error in a (nested) DRF error detail."""
    if isinstance(detail, dict):
        for value in detail.values():
            return _first_code(value)
    if isinstance(detail, list):
        for value in detail:
            if value:
                return _first_code(value)
    return getattr(detail, "code", None) or "invalid"


def _messages(detail: Any, prefix: str = "") -> list[str]:
    """``["field: message", "games.0.counts.a.holdings: message", ...]`` from a DRF error detail."""
    if isinstance(detail, dict):
        return [m for key, value in detail.items()
                for m in _messages(value, f"{prefix}.{key}" if prefix else
                                   ("" if key == "non_field_errors" else str(key)))]
    if isinstance(detail, list):
        if all(not isinstance(v, (dict, list)) for v in detail):
            return [f"{prefix}: {v}" if prefix else str(v) for v in detail]
        return [m for i, value in enumerate(detail) if value
                for m in _messages(value, f"{prefix}.{i}" if prefix else str(i))]
    return [f"{prefix}: {detail}" if prefix else str(detail)]


@csrf_exempt  # a 404 whatever the method: never the CSRF failure page
def not_found(request, path: str = "") -> JsonResponse:
    """Any other path under the API (e.g. an id that is not a whole number from 1 to 2**63 - 1): a JSON
    404 like every API error, never the site's HTML page."""
    return JsonResponse(error_body("not_found", _("There is no such API endpoint or resource.")), status=404)


def exception_handler(exc, context):
    if isinstance(exc, RequestDataTooBig):
        exc = BodyTooLarge(gettext_lazy("The request body is too large (at most %(limit)s bytes)."),
                           params={"limit": settings.DATA_UPLOAD_MAX_MEMORY_SIZE})
    if isinstance(exc, UserError):
        return Response(error_body(exc.code, exc.message, _json_safe(exc.params)), status=exc.status)
    if isinstance(exc, RulesError):
        return Response({**error_body(exc.code, error_text(exc), _json_safe(exc.params)), "message": exc.message},
                        status=400)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or "Not found.")
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or None)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None  # a bug: Django's 500
    if isinstance(exc, exceptions.ValidationError):
        fields = exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail}
        body = error_body(_first_code(exc.detail), "; ".join(_messages(exc.detail)) or _("Invalid input."),
                          {"fields": fields})
        if getattr(context.get("view"), "field_errors_at_top_level", True):
            body = {**{k: v for k, v in fields.items() if k not in body}, **body}
        response.data = body
    elif isinstance(exc, exceptions.APIException):
        codes = exc.get_codes()
        response.data = error_body(codes if isinstance(codes, str) else "error", str(exc.detail))
    return response
