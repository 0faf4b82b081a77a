"""Serializer fields for ids: a whole number from 1 to 2**63 - 1 (``tournaments.ids``), so an id beyond
64 bits is a 400 from the serializer, never an ``OverflowError`` from the database driver."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.api.parsers import check_depth, too_deep
from tournaments.ids import ID_MAX


class IdField(serializers.IntegerField):
    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", ID_MAX)
        super().__init__(**kwargs)


class BoundedJSONField(serializers.JSONField):
    """DRF's JSONField (which decodes a form field's text itself), refusing nesting deeper than
    ``settings.JSON_MAX_DEPTH`` with a 400 ``too_deep`` like ``tournaments.api.parsers.BoundedJSONParser``."""

    def to_internal_value(self, data):
        try:
            value = super().to_internal_value(data)
        except RecursionError:
            raise too_deep() from None
        check_depth(value)
        return value
