"""Pairings: who plays whom in the next round.

Terms
-----
table
    One match of the round to be played: ``Table(number, players, reason)``;
    ``players`` in seat order, ``reason`` a plain-English explanation of why
    these players meet (for judges and players).
bye
    A player who has no opponent this round (a 2-0 match win in Swiss,
    Magic Tournament Rules, Appendix C; an automatic advance in a bracket).
pairing
    ``Pairing(round, tables, byes, seed)``: the next round.  ``seed`` is the
    random seed used, when the caller wants it stored for audit.

Systems: Swiss (``swiss.pair_swiss``, PAIRINGS.md §1.4) and single
elimination (``elimination.pair_single_elimination``, PAIRINGS.md §3.1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = [
    "Table",
    "Pairing",
    "PairingError",
    "pair_swiss",
    "pair_single_elimination",
    "bracket_winner",
    "seed_order",
]


@dataclass(frozen=True)
class Table:
    """A table of the next round: its number (1..), player ids in seat order, and why they meet."""

    number: int
    players: tuple[str, ...]
    reason: str = ""


@dataclass(frozen=True)
class Pairing:
    """The next round: its number, its tables (in table order), the players with a bye, the seed used."""

    round: int
    tables: tuple[Table, ...]
    byes: tuple[str, ...]
    seed: int | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"round": int, "pairings": [{"table", "players", "reason"}], "byes": [id]}`` (ARCHITECTURE.md)."""
        return {
            "round": self.round,
            "pairings": [
                {"table": t.number, "players": list(t.players), "reason": t.reason} for t in self.tables
            ],
            "byes": list(self.byes),
        }


class PairingError(ValueError):
    """The round cannot be paired as asked.

    ``code`` names the problem, ``params`` holds the details, ``str()`` says what to do.
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = params
        self.message = message


from rules.pairings.elimination import bracket_winner, pair_single_elimination, seed_order  # noqa: E402
from rules.pairings.swiss import pair_swiss  # noqa: E402
