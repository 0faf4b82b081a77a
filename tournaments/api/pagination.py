"""``limit``/``offset`` pagination with bounds: a huge ``limit`` is capped and a huge ``offset`` is clamped,
so neither reaches the database driver as an integer it cannot bind (an ``OverflowError``, a 500). Both are read
with the one ASCII-digit parser (``tournaments.ids.parse_int``): anything else (``²``, ``٣``, ``1_0``) is ignored,
as DRF ignores a value it cannot read (the default limit, offset 0)."""

from __future__ import annotations

from rest_framework.pagination import LimitOffsetPagination

from tournaments.ids import ID_MAX, parse_int


class BoundedLimitOffsetPagination(LimitOffsetPagination):
    max_limit = 1000

    def get_limit(self, request) -> int | None:
        limit = parse_int(request.query_params.get(self.limit_query_param), maximum=self.max_limit, clamp=True)
        return limit or self.default_limit  # 0 too, as DRF reads it

    def get_offset(self, request) -> int:
        return parse_int(request.query_params.get(self.offset_query_param), maximum=ID_MAX, clamp=True) or 0
