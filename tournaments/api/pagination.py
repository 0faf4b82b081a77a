"""``limit``/``offset`` pagination with bounds: a huge ``limit`` is capped and a huge ``offset`` is clamped,
so neither reaches the database driver as an integer it cannot bind (an ``OverflowError``, a 500)."""

from __future__ import annotations

from rest_framework.pagination import LimitOffsetPagination

from tournaments.ids import ID_MAX


class BoundedLimitOffsetPagination(LimitOffsetPagination):
    max_limit = 1000

    def get_offset(self, request) -> int:
        return min(super().get_offset(request), ID_MAX)
