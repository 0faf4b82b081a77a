"""One reading of a result as it is sent, for the match slip (a form post) and the API (JSON), with the same
refusals (the same ``code``, the same message) whichever way it came.

Shapes: a *result input* is ``{"games": [...] | None, "placements": [...] | None, "round": int | None,
"table": int | None}``: ``games`` and ``placements`` as ``tournaments.services.scoring.normalised_record`` takes
them (a duel's games with the slip's letters "a"/"b" or seats, a table's ``winners``), ``round`` and ``table``
the numbers written on the slip. The pages first turn their form fields into this shape
(``tournaments.pages.result_form``); the API's input serializers read it from JSON
(``tournaments.api.serializers.ReportInputSerializer``, ``OverrideInputSerializer``). Both then call
:func:`check_counts` and :func:`slip_number`; whether the games themselves make a result (the number of games, a
third two-draw mulligan, a missing count) is the results service's to say (``tournaments.services.results``).

Refusals (``ResultInputError``, a 400): ``counts`` (an end-of-game count that is not a whole number of 0 or more),
``slip`` (a round or table number that is not a whole number of 1 or more).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from tournaments.errors import UserError
from tournaments.presentation import COUNT_NAMES

__all__ = ["ResultInputError", "check_counts", "read_result", "slip_number"]


class ResultInputError(UserError):
    """A result sent in a shape that cannot be read (HTTP 400): ``code`` says what (see the module docstring)."""


#: :func:`slip_number`'s refusal, by field name.
_SLIP_NUMBER_ERRORS = {
    "round": _("'round' must be a whole number of 1 or more (the round on your slip)."),
    "table": _("'table' must be a whole number of 1 or more (the table on your slip)."),
}


def slip_number(value: Any, field: str) -> int | None:
    """The round or table number written on the slip (``field``: "round" or "table"): None when not given, else a
    whole number of 1 or more. Raises ``ResultInputError`` (code ``slip``)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ResultInputError(_SLIP_NUMBER_ERRORS[field], code="slip", params={"field": field})
    return value


def check_counts(games: Any) -> None:
    """Every end-of-game count given in ``games`` (a game's ``counts``: ``{seat: {name: value}}``) is a whole
    number of 0 or more (spellfire-special-circumstances-guide.txt, Running out of cards: the counts compare
    realms, holdings, champions, levels and cards left). Anything else about the games is left to the results
    service. Raises ``ResultInputError`` (code ``counts``) naming the game, the count and the seat."""
    for number, game in enumerate(games if isinstance(games, list) else [], start=1):
        counts = game.get("counts") if isinstance(game, dict) else None
        for seat, values in (counts.items() if isinstance(counts, dict) else ()):
            for name, value in (values.items() if isinstance(values, dict) else ()):
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    raise ResultInputError(
                        _("Game %(game)s: %(name)s of %(seat)s must be a whole number of 0 or more, not %(value)s."),
                        code="counts", params={"game": number, "name": COUNT_NAMES.get(name, name), "seat": seat,
                                               "value": repr(value)})


def read_result(data: dict[str, Any]) -> dict[str, Any]:
    """A result input (see the module docstring) checked and ready for the results service: ``{"games",
    "placements", "round_number", "table"}``. Raises ``ResultInputError`` (``counts``, ``slip``)."""
    check_counts(data.get("games"))
    return {"games": data.get("games"), "placements": data.get("placements"),
            "round_number": slip_number(data.get("round"), "round"), "table": slip_number(data.get("table"), "table")}
