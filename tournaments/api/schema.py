"""The OpenAPI schema documents what the server really does (``scripts/schemathesis`` checks it live).

* Every operation documents its error responses: the ``Error`` body ``{"code", "detail", "params"}``
  (``tournaments.api.errors``), declared once as a component and referenced by every 4xx.
* Ids in the path are integers from 1 to 2**63 - 1 (``tournaments.ids``), as the ``<id:...>`` converter
  takes them (another value is not a route at all).
"""

from __future__ import annotations

from drf_spectacular import openapi
from drf_spectacular.utils import OpenApiResponse
from rest_framework import permissions, serializers

from tournaments.ids import ID_MAX


class ErrorSerializer(serializers.Serializer):
    """Every API error (``tournaments.api.errors``). An input error may also carry the field errors at
    the top level of the body (the clients of the first API); ``params["fields"]`` has them too."""

    code = serializers.CharField(help_text="Machine-readable, e.g. not_found, permission_denied, finished")
    detail = serializers.CharField(help_text="A message for people")
    params = serializers.DictField(help_text="Details of this error; for an input error, fields: {field: [message]}")


ERROR = ErrorSerializer
ERRORS: dict[int, str] = {
    400: "Bad input or a rule refused it: {code, detail, params}; nothing changed",
    401: "Not authenticated, or bad credentials",
    403: "Not allowed (not the organiser, not your registration, not at this table ...)",
    404: "A resource named in the URL (or the body) does not exist",
    409: "Conflicts with the tournament's state (e.g. finished, decklists locked, already reported)",
    413: "Request body too large",
    415: "Unsupported media type",
    429: "Too many requests (throttled)",
}
# The error responses an operation can give (all of them: the services decide who may act, so any
# write can be refused; any body can be unreadable or too large).
SAFE_ERRORS = (400, 401, 403, 404, 429)


class AutoSchema(openapi.AutoSchema):
    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        if direction != "response":
            return responses
        codes = SAFE_ERRORS if self.method in permissions.SAFE_METHODS else tuple(ERRORS)
        for code in codes:
            documented = responses.get(str(code))
            if documented is None or "content" not in documented:  # a view's own description, no body
                description = (documented or {}).get("description") or ERRORS[code]
                responses[str(code)] = self._get_response_for_code(
                    OpenApiResponse(ERROR, description=description), str(code), direction=direction)
        return dict(sorted(responses.items()))

    def _resolve_path_parameters(self, variables):
        parameters = super()._resolve_path_parameters(variables)
        for parameter in parameters:
            schema = parameter.get("schema", {})
            if schema.get("pattern") == r"^[0-9]{1,19}$":
                parameter["schema"] = {"type": "integer", "minimum": 1, "maximum": ID_MAX}
        return parameters
