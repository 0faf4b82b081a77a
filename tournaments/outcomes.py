"""A scored result as the apps store and show it (``ResultSubmission.outcome``): plain data, no database, no
workflow. ``tournaments.services.scoring`` computes it from a record; ``tournaments.presentation`` says it in words;
selectors read it back from the stored JSON."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Outcome"]


@dataclass(frozen=True)
class Outcome:
    """A scored result: per seat (seat order) games won and placement (1 = won, equal numbers share),
    drawn games, and whether the match is decided (a duel: a player reached the game wins needed)."""

    wins: tuple[int, ...]
    placements: tuple[int, ...]
    draws: int
    decided: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"wins": list(self.wins), "placements": list(self.placements), "draws": self.draws}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        return cls(wins=tuple(data["wins"]), placements=tuple(data["placements"]), draws=int(data["draws"]))

    def same_as(self, other: Outcome) -> bool:
        return (self.wins, self.placements, self.draws) == (other.wins, other.placements, other.draws)
