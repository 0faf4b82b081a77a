"""The tournament structures as the Django layer checks them: one call into the rules validator.

``checked_structure`` is what the service (``tournaments.services.tournaments._checked_structure``) and the
create/edit forms call: it reads the structure's ``rules.structures.StructureSpec`` from the registry, applies
the Django layer's own normalisation (a structure without a Swiss phase has no Swiss rounds and no top cut; one
without multiplayer tables keeps ``table_size`` 4) and asks ``rules.structures.validate_structure``, turning its
``StructureError`` into a ``UserError`` in the reader's language (``code``: the setting's name). The labels of
the structures are ``tournaments.models.structure_label``.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rules.structures import StructureError, StructureSpec, get_structure, validate_structure

from tournaments.errors import UserError

__all__ = ["STRUCTURE_REFUSALS", "checked_structure", "structure_refusal"]

#: What the organiser is told when the rules refuse a setting, by the setting (``StructureError.params["field"]``).
STRUCTURE_REFUSALS: dict[str, Any] = {
    "structure": _("Unknown structure '%(value)s'."),
    "swiss_rounds": _("A Swiss or pods tournament has between 1 and 20 rounds."),
    "top_cut": _("The top cut is 4, 8, 16 or 32 players (or none)."),
    "table_size": _("A multiplayer table seats 3 to 6 players."),
    "fixed_table_size": _("A table size fixed ahead of time is an option of multiplayer pods (Spell Battle Rules, "
                          "8. Tournaments): choose pods."),
    "random_draw_each_round": _("A random draw each round is a single-elimination option (Spell Battle Rules, "
                                "8. Tournaments): choose single elimination, without a third-place match or random "
                                "seeding (every round is drawn at random anyway)."),
}


def structure_refusal(exc: StructureError) -> UserError:
    """The ``UserError`` for the rules' refusal of a structure setting: ``code`` the setting's name, the message of
    ``STRUCTURE_REFUSALS`` (else the rule's own text, ``UserError.from_rules``). Raise it ``from exc``."""
    name = str(exc.params.get("field") or "structure")
    message = STRUCTURE_REFUSALS.get(name)
    if message is None:
        return UserError.from_rules(exc, code=name)
    return UserError(message, code=name, params={"value": exc.params.get("value")} if name == "structure" else None)


def checked_structure(*, structure: str, swiss_rounds: int | None, top_cut: int, table_size: int,
                      third_place_match: bool = False, random_seeding: bool = False,
                      random_draw_each_round: bool = False, bracket_reset: bool = False,
                      double_round_robin: bool = False,
                      fixed_table_size: bool = False) -> tuple[StructureSpec, dict[str, Any]]:
    """The structure's spec and its settings as the tournament stores them, checked by the rules.

    ``swiss_rounds`` and ``top_cut`` become 0 for a structure without a Swiss phase (``spec.swiss_phase``), before
    the check; ``table_size`` is checked whatever the structure (3 to 6) and becomes 4 for one without multiplayer
    tables; the flags become bools. Returns ``(spec, {"structure", "swiss_rounds", "top_cut", "table_size",
    "third_place_match", "random_seeding", "random_draw_each_round", "bracket_reset", "double_round_robin",
    "fixed_table_size"})``.
    Raises UserError (``structure_refusal``: ``code`` the setting).
    """
    flags = {"third_place_match": bool(third_place_match), "random_seeding": bool(random_seeding),
             "random_draw_each_round": bool(random_draw_each_round), "bracket_reset": bool(bracket_reset),
             "double_round_robin": bool(double_round_robin), "fixed_table_size": bool(fixed_table_size)}
    try:
        spec = get_structure(structure)
        if not spec.swiss_phase:
            swiss_rounds, top_cut = 0, 0
        validate_structure(structure, swiss_rounds=0 if swiss_rounds is None else swiss_rounds, top_cut=top_cut,
                           table_size=table_size, **flags)
    except StructureError as exc:
        raise structure_refusal(exc) from exc
    return spec, {"structure": spec.name, "swiss_rounds": swiss_rounds, "top_cut": top_cut,
                  "table_size": table_size if spec.multiplayer else 4, **flags}
