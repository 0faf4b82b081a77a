"""The one-tap result buttons of the match slip and the results desk (``fragments/result_buttons.html``), from
the choices of ``tournaments.result_choices``: a duel's scores (from the reporting player's side on the slip, in
seat order at the desk) or a table's one-game placements."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tournaments.models import Seat
from tournaments.result_choices import duel_choices, table_choices

__all__ = ["ResultButton", "ResultButtons", "result_buttons"]


@dataclass(frozen=True)
class ResultButton:
    """One button: the ``value`` posted, its ``label`` ("2-1", "alice won") and a short ``note`` ("you won")."""

    value: str
    label: str
    note: str | Promise = ""


@dataclass
class ResultButtons:
    """The buttons of one match: the form field they post (``name``: ``score`` or ``placement_choice``), the
    ``groups`` (a heading, "" for none, and its buttons: the results that decide the match, then those at
    time), and ``sides`` (a duel's two names in the order the scores read)."""

    name: str
    groups: list[tuple[str | Promise, list[ResultButton]]]
    sides: list[str] = field(default_factory=list)


_NOTES = {"won": _("you won"), "lost": _("you lost"), "drawn": _("drawn")}


def result_buttons(seats: list[Seat], best_of: int, *, elimination: bool, seat: int | None = None) -> ResultButtons:
    """The buttons for a match of ``seats`` (seat order). ``seat``: the reporting player's seat (the slip: the
    scores read from their side, "you won"), None at the desk (seat order, the winner named)."""
    names = [s.registration.display_name for s in seats]
    if len(seats) > 2:
        buttons = [ResultButton(value=c.key, label=(str(_("%(name)s won") % {"name": names[c.winner - 1]})
                                                    if c.winner else str(_("Drawn game"))))
                   for c in table_choices(len(seats), elimination=elimination)]
        return ResultButtons(name="placement_choice", groups=[("", buttons)])
    decided: list[ResultButton] = []
    at_time: list[ResultButton] = []
    for choice in duel_choices(best_of, elimination=elimination):
        shown = choice.flipped() if seat == 2 else choice
        if seat is not None:
            note: str | Promise = _NOTES[shown.outcome]
        else:
            note = (_("drawn") if shown.outcome == "drawn"
                    else names[0] if shown.outcome == "won" else names[1])
        (at_time if choice.at_time else decided).append(ResultButton(value=shown.key, label=shown.key, note=note))
    sides = names if seat != 2 else names[::-1]
    groups: list[tuple[str | Promise, list[ResultButton]]] = [("", decided)]
    if at_time:
        groups.append((_("When time was called"), at_time))
    return ResultButtons(name="score", groups=groups, sides=sides)
