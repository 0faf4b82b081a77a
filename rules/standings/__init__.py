"""Swiss standings and tiebreaker systems, selectable by name from one registry.

``compute_standings(history, system="mtg", **options)`` ranks the players of a
``rules.history.History`` with one of the registered systems (``SYSTEMS``;
``TIEBREAKERS`` maps each name to its one-line description):

============ ==================================================================
``mtg``      match points, OMW%, GW%, OGW% (Magic Tournament Rules, Appendix C)
``melee``    as ``mtg``, but a drawn game earns no game points (Melee.gg)
``pokemon``  match points, OWP (resistance), OOWP, head to head
``buchholz`` chess score, Buchholz, Buchholz cut 1, median Buchholz,
             Sonneborn-Berger, progressive score (FIDE Tie-Break Regulations)
``pods``     placement points at multiplayer tables, then the opponent-strength
             percentages generalised to every seat at the table
============ ==================================================================

Layout: ``core`` (records, rows, ranking, the MTG and Melee computation and
the terms they use), ``systems`` (pokemon, buchholz, pods), ``registry``
(``TiebreakerSystem``, ``Option``, ``Column``, ``SYSTEMS``, ``register``,
``compute_standings``).  Sources: ../shared/design/PAIRINGS.md §2 and the
rules documents each function names.

Public API (what the Django layer and the CLI use)::

    compute_standings(history, system="mtg", **options) -> list[StandingRow]
    compute_phase_standings(history, system="mtg", **options) -> list[PhaseStandings]  # per phase (phases.py)
    SYSTEMS: dict[str, TiebreakerSystem]        # name, description, source, options, columns, rank
    TIEBREAKERS: Mapping[str, str]              # name -> description (live view of SYSTEMS)
    get_system(name) -> TiebreakerSystem        # StandingsError("unknown_tiebreakers") if none
    register(system) -> TiebreakerSystem        # StandingsError("duplicate_system") on a taken name
    unregister(name) -> TiebreakerSystem
    StandingRow, StandingsError, PlayerRecord, player_records(history), DEFAULT_FLOOR
"""

from __future__ import annotations

from rules.standings.core import (
    DEFAULT_FLOOR,
    PlayerRecord,
    StandingRow,
    StandingsError,
    player_records,
)
from rules.standings.registry import (
    SYSTEMS,
    TIEBREAKERS,
    Column,
    Option,
    TiebreakerSystem,
    compute_phase_standings,
    compute_standings,
    get_system,
    register,
    unregister,
)

__all__ = [
    "DEFAULT_FLOOR",
    "SYSTEMS",
    "TIEBREAKERS",
    "Column",
    "Option",
    "PlayerRecord",
    "StandingRow",
    "StandingsError",
    "TiebreakerSystem",
    "compute_phase_standings",
    "compute_standings",
    "get_system",
    "player_records",
    "register",
    "unregister",
]
