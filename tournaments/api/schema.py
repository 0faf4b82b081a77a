"""The OpenAPI schema documents what the server really does (``scripts/schemathesis`` checks it live).

* Every operation documents its error responses: the ``Error`` body ``{"code", "detail", "params"}``
  (``tournaments.api.errors``), declared once as a component and referenced by every 4xx.
* Ids in the path are integers from 1 to 2**63 - 1 (``tournaments.ids``), as the ``<id:...>`` converter
  takes them (another value is not a route at all).
* A text field of a request body says what DRF's ``CharField`` refuses (:data:`NO_NUL`, :data:`NOT_BLANK`): no
  NUL character, and unless blank is allowed at least one character that is not a space once trimmed
  (``minLength: 1``).
* An input serializer's ``schema_extra`` (a dict) is added to its component: the rules that tie fields together
  (``oneOf`` / ``anyOf`` of required fields) which the serializer's ``validate`` checks.
* An input serializer that refuses unknown fields (``StrictInputSerializer``, code ``unknown_field``) has
  ``additionalProperties: false``.
"""

from __future__ import annotations

from drf_spectacular import openapi
from drf_spectacular.utils import OpenApiResponse
from rest_framework import permissions, serializers

from tournaments.ids import ID_MAX

#: Any text without a NUL character (DRF's ``ProhibitNullCharactersValidator``).
NO_NUL = r"^[^\u0000]*$"
#: Text with a character that is not a space (what is left once DRF's ``trim_whitespace`` strips it) and no NUL.
NOT_BLANK = r"^[^\u0000]*\S[^\u0000]*$"


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

    def _map_basic_serializer(self, serializer, direction):
        schema = super()._map_basic_serializer(serializer, direction)
        if getattr(serializer, "refuses_unknown_fields", False):
            schema["additionalProperties"] = False
        schema.update(getattr(serializer, "schema_extra", {}))  # e.g. a oneOf of required fields
        return schema

    def _map_serializer_field(self, field, direction, bypass_extensions=False):
        schema = super()._map_serializer_field(field, direction, bypass_extensions)
        if (direction == "request" and isinstance(field, serializers.CharField) and not field.read_only
                and schema.get("type") == "string" and not {"format", "pattern", "enum"} & set(schema)):
            if field.allow_blank:
                schema["pattern"] = NO_NUL
            else:
                schema["minLength"] = max(schema.get("minLength", 0), 1)
                schema["pattern"] = NOT_BLANK if field.trim_whitespace else NO_NUL
        if getattr(field, "schema_min_items", None) and schema.get("type") == "array":
            schema["minItems"] = field.schema_min_items
        return schema

    def _resolve_path_parameters(self, variables):
        parameters = super()._resolve_path_parameters(variables)
        for parameter in parameters:
            schema = parameter.get("schema", {})
            if schema.get("pattern") == r"^[0-9]{1,19}$":
                parameter["schema"] = {"type": "integer", "minimum": 1, "maximum": ID_MAX}
        return parameters
