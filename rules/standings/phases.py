"""Standings of an event run in phases: day 1 Swiss, a cut, day 2 Swiss for those who pass it, a top cut.

Source: the Play! Pokémon Tournament Rules Handbook (day 2 advancement: the
players who reach the published record after day 1's Swiss rounds play day 2;
everyone else's final standing is their day-1 standing) and TOM, which prints
the final standings with every day-2 player above every day-1 player and the
day-1 players' records and tiebreakers frozen at the end of day 1 (docs/rules.md,
"Phases").  Terms: ``rules.history`` ("phase").

* **Phase k's standings** rank the players who reached phase k by every Swiss
  round of phases 1 to k (points carry over, as on day 2), with the event's
  tiebreaker system; their opponents' results count whatever phase those
  opponents reached.  A drop after the last round of the view is no drop in it.
* **Who advances** into phase k + 1: the players of phase k's standings who had
  not dropped before phase k's last round and pass ``History.phases[k].cut``
  (``points``: at least N match points; ``record``: at most N losses, draws are
  not losses; ``top``: the first N, in standings order).  A player who passed
  and then dropped (``drops`` = the phase's last round or later) is still a
  player of phase k + 1, ranked there by their record.
* **The overall standings** (``compute_standings`` of a phased history): the
  last phase's standings, then those who stopped after each earlier phase in
  that phase's standings (frozen), latest phase first; ranks run on.  Final
  placings, top-cut seeding and the winner read them, so the top cut sits above
  every day-2 player and day-2 players above day-1 players.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rules.history import Cut, History
from rules.standings.core import StandingRow, StandingsError

__all__ = [
    "PhaseStandings",
    "phase_count",
    "phase_view",
    "passes_cut",
    "phase_standings",
    "phased_rows",
    "PHASES_RULE",
]

PHASES_RULE = "Play! Pokémon Tournament Rules Handbook, day 2 advancement (TOM's final standings by phase)"

Ranker = Callable[[History], list[StandingRow]]


@dataclass(frozen=True)
class PhaseStandings:
    """Phase ``phase``'s standings (``rows``, ranks renumbered among its players) and the players who
    ``advanced`` into the next phase (``()`` for the last phase)."""

    phase: int
    rows: tuple[StandingRow, ...]
    advanced: tuple[str, ...]


def phase_count(history: History) -> int:
    """The number of phases: declared (``History.phases``) or used by a round; at least 1."""
    return max([len(history.phases), 1, *(r.phase for r in history.rounds)])


def phase_view(history: History, phase: int) -> History:
    """The history as it stood at the end of phase ``phase``: its Swiss rounds of phases 1 to ``phase``, no
    elimination rounds, no phases, drops only of players who stopped before the view's last round."""
    rounds = tuple(
        dataclasses.replace(r, phase=1) for r in history.rounds if not r.elimination and r.phase <= phase
    )
    last = rounds[-1].number if rounds else 0
    drops = {p: n for p, n in history.drops.items() if n < last}
    return dataclasses.replace(history, rounds=rounds, drops=drops, phases=())


def passes_cut(rows: Sequence[StandingRow], cut: Cut, eligible: set[str]) -> list[str]:
    """The players of ``rows`` (standings order) in ``eligible`` who pass ``cut`` (module docstring)."""
    candidates = [row for row in rows if row.player in eligible]
    if cut.kind == "top":
        return [row.player for row in candidates[: cut.value]]
    if cut.kind == "points":
        return [row.player for row in candidates if row.points >= cut.value]
    return [row.player for row in candidates if row.losses <= cut.value]


def _renumber(rows: Sequence[StandingRow], offset: int = 0) -> list[StandingRow]:
    """The rows with ranks renumbered from ``offset + 1``, rows that shared a rank still sharing one."""
    out: list[StandingRow] = []
    for k, row in enumerate(rows):
        shared = k > 0 and row.rank == rows[k - 1].rank
        out.append(dataclasses.replace(row, rank=out[-1].rank if shared else offset + k + 1))
    return out


def phase_standings(history: History, rank: Ranker) -> list[PhaseStandings]:
    """The standings of every phase, phase 1 first (module docstring; ``PHASES_RULE``).

    ``rank``: the tiebreaker system's ranking of an unphased history (``compute_standings`` with its
    options).  Raises ``StandingsError("not_advanced")`` (params ``player``, ``round``, ``phase``) when a
    round of a later phase seats a player who did not pass its cut, and what ``rank`` raises.
    """
    count = phase_count(history)
    players = {p.id for p in history.players}
    out: list[PhaseStandings] = []
    for phase in range(1, count + 1):
        view = phase_view(history, phase)
        rows = _renumber([row for row in rank(view) if row.player in players])
        advanced: tuple[str, ...] = ()
        if phase < count:
            cut = history.phases[phase].cut if phase < len(history.phases) else None
            if cut is None:
                raise StandingsError(
                    "bad_option",
                    f"Phase {phase + 1} has no cut; declare it in history.phases.",
                    option="phases",
                )
            dropped = set(view.drops)
            advanced = tuple(passes_cut(rows, cut, {r.player for r in rows} - dropped))
            _check_advanced(history, phase + 1, set(advanced))
            players = set(advanced)
        out.append(PhaseStandings(phase=phase, rows=tuple(rows), advanced=advanced))
    return out


def _check_advanced(history: History, phase: int, advanced: set[str]) -> None:
    for rnd in history.rounds:
        if rnd.elimination or rnd.phase != phase:
            continue
        for match in rnd.matches:
            for pid in match.players:
                if pid not in advanced:
                    raise StandingsError(
                        "not_advanced",
                        f"Round {rnd.number} (phase {phase}) seats {pid!r}, who did not pass the cut into phase "
                        f"{phase}; only the players who passed it play that phase.",
                        player=pid,
                        round=rnd.number,
                        phase=phase,
                    )


def phased_rows(phases: Sequence[PhaseStandings]) -> list[StandingRow]:
    """The overall standings of a phased event (module docstring): the last phase's rows, then, phase by
    phase backwards, the rows of those who stopped there; ``StandingRow.phase`` says where each stopped."""
    out: list[StandingRow] = []
    for standing in reversed(phases):
        stopped = [row for row in standing.rows if row.player not in set(standing.advanced)]
        stopped = [dataclasses.replace(row, phase=standing.phase) for row in stopped]
        out.extend(_renumber(stopped, offset=len(out)))
    return out
