"""Path converters for the few routes whose last segment is one of a fixed set of words, so each route is
explicit: anything else is a 404, never a view deciding what an unknown word means."""

from __future__ import annotations

from rules.rule_documents import DOCUMENTS

from tournaments.ids import parse_id


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


class RulesDocumentSlug(_Words):
    """A rules text's slug (``rules.rule_documents.DOCUMENTS``): ``/rules/<rules_document:slug>/``."""

    regex = "|".join(d.slug for d in DOCUMENTS.values())  # letters, digits and hyphens: nothing to escape


class Id:
    """``<id:name>``: a primary key or a number in a URL, ASCII digits from 1 to 2**63 - 1
    (``tournaments.ids``). Anything else does not match the route: a 404, never an ``OverflowError``
    in the database driver. Registered once, in ``TournamentsConfig.ready``, for every URL file."""

    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = parse_id(value)
        if number is None:
            raise ValueError(value)  # Django: the route does not match
        return number

    def to_url(self, value: int | str) -> str:
        return str(value)
