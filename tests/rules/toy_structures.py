"""A toy tournament structure for the registry tests: "king of the hill" (by standings, 1st v 2nd, 3rd v 4th,
... for two rounds, then the leader wins), registered through ``rules.structures.register_structure`` alone."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

from rules.history import History
from rules.pairings import Pairing, PairingError, Table
from rules.standings.placings import final_placings
from rules.structures import (
    Finished,
    StructureSettings,
    StructureSpec,
    ranked_players,
    register_structure,
    unregister_structure,
)

__all__ = ["KING_OF_THE_HILL", "registered"]


def _pair_king_of_the_hill(settings: StructureSettings, history: History, rng: random.Random,
                           number: int) -> tuple[str, Pairing] | Finished:
    """King of the hill: by standings, 1st v 2nd, 3rd v 4th, ... for two rounds; then the leader wins."""
    ranked = ranked_players(settings, history, number)
    if number > 2:
        return Finished(winner=ranked[0] if ranked else None,
                        placings=tuple(final_placings(history, settings)),
                        message="The two king-of-the-hill rounds have been played: the event is over.")
    if len(ranked) < 2:
        raise PairingError("too_few_players", "King of the hill needs two players.")
    tables = tuple(Table(k + 1, (ranked[2 * k], ranked[2 * k + 1]), "king of the hill")
                   for k in range(len(ranked) // 2))
    byes = tuple(ranked[len(tables) * 2:])
    return "swiss", Pairing(round=number, tables=tables, byes=byes, bye_reasons=tuple("odd one out" for _ in byes))


KING_OF_THE_HILL = StructureSpec(
    name="king_of_the_hill",
    description="king of the hill: 1st v 2nd, 3rd v 4th by standings, two rounds",
    source="a test structure (no rules text)",
    pair=_pair_king_of_the_hill,
    cli_name="king-of-the-hill",
)


@contextmanager
def registered(spec: StructureSpec) -> Iterator[StructureSpec]:
    """``spec`` registered for the block, removed after."""
    register_structure(spec)
    try:
        yield spec
    finally:
        unregister_structure(spec.name)
