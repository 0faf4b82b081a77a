"""Path converters for the few routes whose last segment is one of a fixed set of words, so each route is
explicit: anything else is a 404, never a view deciding what an unknown word means."""

from __future__ import annotations


class _Words:
    regex = ""

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class ReportAnswer(_Words):
    """``confirm`` or ``dispute`` (a pending result report)."""

    regex = "confirm|dispute"


class ReplacementDecision(_Words):
    """``approve`` or ``reject`` (an Enter Darkness Together replacement)."""

    regex = "approve|reject"
