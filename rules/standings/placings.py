"""Final placings: the order an event ends in, after its elimination rounds.

Source: ``../shared/design/ARCHITECTURE.md``, "Stable command-line interface",
``standings``: when the history has elimination rounds, "the winner 1, the
finalist 2, the losing semi-finalists 3 (shared), the losing quarter-finalists 5
(shared), and so on by how far each player went (Swiss order inside each band
...); players who did not reach the elimination rounds follow in Swiss order with
distinct placings (9, 10, ... after a top 8)".  An event without elimination
rounds places its players by Swiss (or round-robin, pods) rank.

How far a player went is read from the history alone (rounds marked
``elimination``), so one rule serves single elimination, a top cut, double
elimination and elimination by multiplayer tables:

* the round a player went out is the last elimination round they played in
  (a bye counts as playing); a later round is further;
* inside one round, a match whose players had fewer elimination losses before
  it is the stronger match: the final before the third-place match (whose
  players lost their semi-finals), the winners' bracket before the losers'
  bracket, the grand final reset alone in its round;
* inside one match, its winner (``rules.pairings.elimination.table_winner``:
  the seat placed first, else the one seat with most game wins) before the
  other seats; a drawn match has no winner.

So the winner of the final is 1st, the loser of the final 2nd, the players
out in the semi-finals share 3rd ("3rd-4th") unless a third-place match splits
them, the players out in the quarter-finals share 5th ("5th-8th"); in double
elimination the players go out in the round of their second loss (a grand
final lost without reset counts as going out); at a final table of four the
three non-winners share 2nd ("2nd-4th").  An unfinished bracket gets the same
treatment (the players still in share the best band).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.history import History
from rules.pairings.elimination import table_winner
from rules.standings.registry import compute_standings

if TYPE_CHECKING:
    from rules.structures import StructureSettings

__all__ = ["Placing", "final_placings", "band_label", "ordinal", "PLACINGS_RULE"]

PLACINGS_RULE = "ARCHITECTURE.md, Stable command-line interface, standings (placing)"


@dataclass(frozen=True)
class Placing:
    """One player's final placing: ``placing`` (1-based; shared inside a band) and the ``band`` label
    ("1st", "2nd", "3rd-4th", "5th-8th"; a band of one is a plain ordinal)."""

    player: str
    placing: int
    band: str


def ordinal(n: int) -> str:
    """1 -> "1st", 2 -> "2nd", 3 -> "3rd", 11 -> "11th", 22 -> "22nd"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def band_label(placing: int, size: int) -> str:
    """The label of a band of ``size`` players sharing ``placing``: "1st", "3rd-4th", "5th-8th"."""
    return ordinal(placing) if size <= 1 else f"{ordinal(placing)}-{ordinal(placing + size - 1)}"


def _swiss_order(history: History, settings: StructureSettings | None) -> list[str]:
    if settings is None:
        rows = compute_standings(history)
    else:
        rows = compute_standings(history, settings.tiebreakers, **dict(settings.tiebreaker_options))
    return [row.player for row in rows]


def final_placings(history: History, settings: StructureSettings | None = None, *,
                   swiss_order: Sequence[str] | None = None) -> list[Placing]:
    """Every standing player's final placing, best first (module docstring; ``PLACINGS_RULE``).

    ``history``: the event (rounds marked ``elimination`` are the playoff);
    ``settings``: optional, only its ``tiebreakers`` and ``tiebreaker_options``
    are read, to order players by Swiss standings (default: ``mtg``);
    ``swiss_order``: the Swiss standings order (player ids, best first) when the
    caller has already computed them (they win over ``settings``).
    Disqualified players are left out (they leave the standings).
    Without elimination rounds the placing is the Swiss rank (shared ranks stay
    shared).  Raises what ``compute_standings`` raises (``StandingsError``) when
    it has to compute the order.
    """
    elimination = [r for r in history.rounds if r.elimination]
    if not elimination:
        if settings is None:
            rows = compute_standings(history)
        else:
            rows = compute_standings(history, settings.tiebreakers, **dict(settings.tiebreaker_options))
        out: list[Placing] = []
        counts: dict[int, int] = {}
        for row in rows:
            counts[row.rank] = counts.get(row.rank, 0) + 1
        for row in rows:
            out.append(Placing(row.player, row.rank, band_label(row.rank, counts[row.rank])))
        return out
    order = list(swiss_order) if swiss_order is not None else _swiss_order(history, settings)
    disqualified = set(history.disqualified)
    position = {p: k for k, p in enumerate(order)}
    seeding = {p.id: k for k, p in enumerate(history.players)}
    losses: dict[str, int] = {}
    went: dict[str, tuple[int, int, int]] = {}  # player -> (round, -losses before the match, won)
    for rnd in elimination:
        before = dict(losses)
        for match in rnd.matches:
            if not match.bye and not match.reported:
                continue
            winner = table_winner(match)
            strength = -sum(before.get(p, 0) for p in match.players)
            for p in match.players:
                went[p] = (rnd.number, strength, int(p == winner))
                if not match.bye and p != winner:
                    losses[p] = losses.get(p, 0) + 1

    def swiss_key(p: str) -> tuple[int, int]:
        return (position.get(p, len(position)), seeding.get(p, 0))

    cut = sorted((p for p in went if p not in disqualified),
                 key=lambda p: (tuple(-v for v in went[p]), swiss_key(p)))
    result: list[Placing] = []
    k = 0
    while k < len(cut):
        j = k
        while j < len(cut) and went[cut[j]] == went[cut[k]]:
            j += 1
        for p in cut[k:j]:
            result.append(Placing(p, k + 1, band_label(k + 1, j - k)))
        k = j
    rest = [p for p in order if p not in went and p not in disqualified]
    for p in rest:
        result.append(Placing(p, len(result) + 1, ordinal(len(result) + 1)))
    return result
