"""The API's JSON parser: DRF's, refusing nesting deeper than ``settings.JSON_MAX_DEPTH`` (32).

Python's decoder recurses once per level: a body of 100,000 ``[`` raises ``RecursionError``, which is
no ``ValueError`` and so was a 500. Here it is a 400 ``{"code": "too_deep", ...}``, and so is any
document nested deeper than the bound (no request of this API needs more than a handful of levels).
``loads_bounded`` does the same for JSON sent inside a form field (a format change's ``changes``)."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

DEFAULT_MAX_DEPTH = 32


class TooDeep(ParseError):
    default_code = "too_deep"


def max_depth() -> int:
    return int(getattr(settings, "JSON_MAX_DEPTH", DEFAULT_MAX_DEPTH))


def check_depth(data: Any, limit: int | None = None) -> None:
    """Raise TooDeep when ``data`` (decoded JSON) nests lists/objects deeper than ``limit``. Iterative."""
    limit = max_depth() if limit is None else limit
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (list, dict)):
            depth += 1
            if depth > limit:
                raise TooDeep(f"JSON nested deeper than {limit} levels.")
            stack.extend((v, depth) for v in (value.values() if isinstance(value, dict) else value))


def too_deep() -> TooDeep:
    return TooDeep(f"JSON nested deeper than {max_depth()} levels.")


def loads_bounded(text: str | bytes) -> Any:
    """``json.loads`` that raises TooDeep (a 400) instead of recursing without bound."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise too_deep() from None
    check_depth(data)
    return data


class BoundedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise too_deep() from None
        check_depth(data)
        return data
