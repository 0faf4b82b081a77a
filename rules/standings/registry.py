"""One registry of tiebreaker systems: name, description, source, options, columns and ranking function.

Everything that needs to know which systems exist reads ``SYSTEMS``:
``compute_standings`` (which options a system takes, their defaults, how to
check them), ``python -m rules tiebreakers`` and ``python -m rules standings
--tiebreakers NAME`` (the list, the flags), and the Django layer (descriptions,
sources, the columns of the standings table).  Adding a system is one
``register(TiebreakerSystem(...))``.

Built-in systems, in listing order:

============ ============================================== ==========================================
name         ranks by                                        source
============ ============================================== ==========================================
``mtg``      match points, OMW%, GW%, OGW%                   Magic Tournament Rules, Appendix C
``melee``    as mtg, a drawn game worth 0 game points        Melee.gg
``pokemon``  match points, OWP, OOWP, head to head           Play! Pokémon Tournament Rules Handbook
``buchholz`` score, BH, BH-C1, BH-M1, SB, progressive        FIDE Tie-Break Regulations
``pods``     placement points, opponents' points %, GW%,     TopDeck-style cEDH scoring
             OGW% at multiplayer tables
============ ============================================== ==========================================
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from rules.history import History
from rules.standings.core import DEFAULT_FLOOR, StandingRow, StandingsError, check_floor, melee_standings, mtg_standings
from rules.standings.systems import (
    DEFAULT_PLACEMENT_POINTS,
    POKEMON_FLOOR,
    POKEMON_TIE_VALUE,
    buchholz_standings,
    check_draw_points,
    check_placement_points,
    check_tie_value,
    pods_standings,
    pokemon_standings,
)
from rules.standings.phases import PhaseStandings, phase_standings, phased_rows

__all__ = [
    "SYSTEMS",
    "TIEBREAKERS",
    "Column",
    "Option",
    "TiebreakerSystem",
    "compute_phase_standings",
    "compute_standings",
    "get_system",
    "register",
    "unregister",
]

#: Names a system may not give an option: they are ``compute_standings``'s and the CLI's own.
_RESERVED_OPTION_NAMES = frozenset({"system", "tiebreakers", "history"})


@dataclass(frozen=True)
class Option:
    """A keyword option a system accepts.

    ``name``: the keyword of ``compute_standings`` (``python -m rules standings``
    takes it as ``--name-with-dashes``); ``description``: what it means, its
    unit and its default, in plain English; ``default``: the value the ranking
    function receives when the option is not given (or given as ``None``),
    already in parsed form (``None`` is a valid default: "not set");
    ``parse``: turns a given value (a number, a numeric string such as "1/3",
    or for ``many`` a sequence of them) into the parsed form, raising
    ``StandingsError("bad_option")`` with a message that says what is
    accepted; ``many``: the option is a list (the CLI reads "5,3,2,1").
    """

    name: str
    description: str
    default: Any
    parse: Callable[[Any], Any]
    many: bool = False


@dataclass(frozen=True)
class Column:
    """A further column of the standings table after points and W-L-D.

    ``key``: the key in ``StandingRow.to_json()`` (one of ``omwp``, ``gwp``,
    ``ogwp`` or a key of ``StandingRow.extra``); ``heading``: the column
    heading; ``percent``: the value is a fraction in [0, 1] shown as a
    percentage (else shown as it is: a count, a score, -1/0/1).
    """

    key: str
    heading: str
    percent: bool


@dataclass(frozen=True)
class TiebreakerSystem:
    """A named way of ranking the players of a ``History``.

    ``name``: the id (``--tiebreakers NAME``; stored by the Django layer, so keep
    it short and stable); ``description``: one line, what it ranks by, shown by
    ``python -m rules tiebreakers`` after the name; ``source``: the rules
    document it follows; ``options``: the keyword options it accepts (anything
    else is refused); ``columns``: the row keys to show after points and W-L-D,
    in tiebreak order; ``rank``: ``rank(history, **options) -> list[StandingRow]``,
    called with every declared option (parsed value, or its default), returning
    the rows in rank order (see ``rules.standings.core.rank_entries``).
    """

    name: str
    description: str
    source: str
    options: tuple[Option, ...]
    columns: tuple[Column, ...]
    rank: Callable[..., list[StandingRow]]

    def __post_init__(self) -> None:
        if not self.name or not isinstance(self.name, str) or any(c.isspace() for c in self.name):
            raise ValueError(f"A tiebreaker system needs a name without spaces, not {self.name!r}.")
        names = [o.name for o in self.options]
        if len(set(names)) != len(names):
            raise ValueError(f"The {self.name} system declares an option twice: {names}.")
        reserved = sorted(_RESERVED_OPTION_NAMES & set(names))
        if reserved:
            raise ValueError(f"The {self.name} system may not name an option {', '.join(reserved)}.")
        keys = [c.key for c in self.columns]
        if len(set(keys)) != len(keys):
            raise ValueError(f"The {self.name} system declares a column twice: {keys}.")

    @property
    def option_names(self) -> tuple[str, ...]:
        """The names of the options, in declaration order."""
        return tuple(o.name for o in self.options)

    def parse_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Every declared option, parsed from ``given`` or its default; ``None`` values count as not given.

        Raises ``StandingsError("unused_option")`` (params ``tiebreakers``,
        ``options``: the undeclared names, sorted; ``accepted``: the declared
        ones) for a name the system does not declare, and whatever an option's
        ``parse`` raises (``StandingsError("bad_option")``).
        """
        present = {name: value for name, value in given.items() if value is not None}
        unused = sorted(set(present) - set(self.option_names))
        if unused:
            accepted = list(self.option_names)
            takes = f"it accepts {', '.join(accepted)}" if accepted else "it takes no options"
            raise StandingsError(
                "unused_option",
                f"The {self.name} system does not use {', '.join(unused)}; remove it ({takes}).",
                tiebreakers=self.name,
                options=unused,
                accepted=accepted,
            )
        return {o.name: (o.parse(present[o.name]) if o.name in present else o.default) for o in self.options}


#: The registered systems by name, in listing order.  Change it only through ``register``/``unregister``.
SYSTEMS: dict[str, TiebreakerSystem] = {}


class _Descriptions(Mapping[str, str]):
    """A read-only, always current view of ``SYSTEMS`` as name -> description."""

    def __getitem__(self, name: str) -> str:
        return SYSTEMS[name].description

    def __iter__(self) -> Iterator[str]:
        return iter(SYSTEMS)

    def __len__(self) -> int:
        return len(SYSTEMS)

    def __repr__(self) -> str:
        return repr(dict(self))


#: name -> one-line description of every registered system (a live view of ``SYSTEMS``).
TIEBREAKERS: Mapping[str, str] = _Descriptions()


def register(system: TiebreakerSystem) -> TiebreakerSystem:
    """Add ``system`` to ``SYSTEMS`` (listed last) and return it.

    Raises ``StandingsError("duplicate_system")`` when a system of that name
    is registered already (``unregister`` it first to replace it).
    """
    if system.name in SYSTEMS:
        raise StandingsError(
            "duplicate_system",
            f"A tiebreaker system named {system.name!r} is registered already; choose another name.",
            tiebreakers=system.name,
        )
    SYSTEMS[system.name] = system
    return system


def unregister(name: str) -> TiebreakerSystem:
    """Remove the system named ``name`` from ``SYSTEMS`` and return it (``StandingsError`` if unknown)."""
    system = get_system(name)
    del SYSTEMS[name]
    return system


def get_system(name: str) -> TiebreakerSystem:
    """The registered system named ``name``.

    Raises ``StandingsError("unknown_tiebreakers")`` (params ``tiebreakers``,
    ``valid``: the registered names), whose message lists the valid names.
    """
    system = SYSTEMS.get(name)
    if system is None:
        raise StandingsError(
            "unknown_tiebreakers",
            f"Unknown tiebreaker system {name!r}; choose one of: {', '.join(SYSTEMS)}.",
            tiebreakers=name,
            valid=list(SYSTEMS),
        )
    return system


def compute_standings(history: History, system: str = "mtg", **options: Any) -> list[StandingRow]:
    """Rank the players of ``history`` with the registered tiebreaker system named ``system``.

    Every player is ranked (dropped ones included) except the disqualified
    (``History.disqualified``), whose matches still count for their
    opponents.  Only Swiss rounds count (``elimination`` rounds and
    unreported matches are skipped).  Rows equal on every tiebreaker of the
    system share a rank (1, 2, 2, 4) and keep seeding order among themselves.

    ``options``: keyword options the system declares (``SYSTEMS[system].options``;
    a ``None`` value means "not given", so the default applies), e.g.
    ``compute_standings(h, "pods", placement_points=[4, 2, 1, 0], floor="1/4")``.
    Built-in options: ``floor`` (mtg, melee, pods: default 1/3; pokemon: 1/4),
    ``tie_value`` (pokemon, default 1/2), ``placement_points`` (pods, default
    5, 3, 2, 1) and ``draw_points`` (pods, default none); buchholz takes none.
    Numbers may be ints, Fractions or numeric strings ("1/3", "0.33").

    Returns the rows in rank order (``StandingRow``; exact Fractions).  A
    history run in phases (``History.phased``) gives the overall standings of
    ``rules.standings.phases`` (the last phase's players first, those who
    stopped earlier below them with their standing frozen; ``row.phase``).

    Raises ``StandingsError`` with code ``unknown_tiebreakers`` (no such
    system; the message lists them), ``unused_option`` (an option the system
    does not declare; the message says which it accepts), ``bad_option`` (a
    value its ``parse`` refuses: a floor outside [0, 1], bad placement points
    or tie value) or ``multiplayer_not_supported`` (a table of three or more
    outside ``pods``).
    """
    chosen = get_system(system)
    parsed = chosen.parse_options(options)
    if history.phased:
        return phased_rows(phase_standings(history, lambda view: chosen.rank(view, **parsed)))
    return chosen.rank(history, **parsed)


def compute_phase_standings(history: History, system: str = "mtg", **options: Any) -> list[PhaseStandings]:
    """The standings of each phase of ``history`` (``rules.standings.phases``), phase 1 first; one phase for an
    event without phases.  ``system`` and ``options`` as ``compute_standings``; raises what it raises and
    ``StandingsError("not_advanced")`` when a later phase seats a player who did not pass its cut."""
    chosen = get_system(system)
    parsed = chosen.parse_options(options)
    return phase_standings(history, lambda view: chosen.rank(view, **parsed))


# --------------------------------------------------------------------------------------
# The built-in systems

_FLOOR_TEXT = "minimum of every match-win and game-win percentage (own and opponents'), a number in [0, 1]"

_PERCENTAGES_MTG = (Column("omwp", "OMW%", True), Column("gwp", "GW%", True), Column("ogwp", "OGW%", True))

register(TiebreakerSystem(
    name="mtg",
    description="match points, then OMW%, GW%, OGW% (Magic Tournament Rules, Appendix C; floors at 1/3, --floor)",
    source="Magic Tournament Rules, Appendix C",
    options=(Option("floor", f"{_FLOOR_TEXT}; default 1/3 (the MTR text says 0.33)", DEFAULT_FLOOR, check_floor),),
    columns=_PERCENTAGES_MTG,
    rank=mtg_standings,
))
register(TiebreakerSystem(
    name="melee",
    description="as mtg, but a drawn game counts as played and earns no game points (Melee.gg GW%)",
    source="Melee.gg (as the Magic Tournament Rules, a drawn game earns no game points)",
    options=(Option("floor", f"{_FLOOR_TEXT}; default 1/3", DEFAULT_FLOOR, check_floor),),
    columns=(Column("omwp", "OMW%", True), Column("gwp", "GW% (draws worth 0)", True), Column("ogwp", "OGW%", True)),
    rank=melee_standings,
))
register(TiebreakerSystem(
    name="pokemon",
    description="match points, then OWP (resistance, floor 25%, dropped capped 75%), OOWP, head to head",
    source="Play! Pokémon Tournament Rules Handbook",
    options=(
        Option("floor", "minimum win percentage (WP) of every player, a number in [0, 1]; default 1/4",
               POKEMON_FLOOR, check_floor),
        Option("tie_value", "a tied match's value in win percentage, a number in [0, 1]; default 1/2 "
               "(0 counts a tie as no win)", POKEMON_TIE_VALUE, check_tie_value),
    ),
    columns=(Column("owp", "OWP (resistance)", True), Column("oowp", "OOWP", True),
             Column("h2h", "Head to head", False)),
    rank=pokemon_standings,
))
register(TiebreakerSystem(
    name="buchholz",
    description="chess score 1/0.5/0, then Buchholz, Buchholz cut 1, median Buchholz, Sonneborn-Berger, "
    "progressive score (FIDE Tie-Break Regulations)",
    source="FIDE Tie-Break Regulations",
    options=(),
    columns=(Column("score", "Score", False), Column("bh", "Buchholz", False), Column("bh_c1", "Buchholz cut 1", False),
             Column("bh_m1", "Median Buchholz", False), Column("sb", "Sonneborn-Berger", False),
             Column("ps", "Progressive", False)),
    rank=buchholz_standings,
))


register(TiebreakerSystem(
    name="pods",
    description="multiplayer tables: placement points (--placement-points, default 5,3,2,1), then opponents' "
    "points %, game-win %, opponents' game-win % over every seat at the table",
    source="placement points at multiplayer tables (TopDeck-style cEDH scoring)",
    options=(
        Option("placement_points", "points for 1st, 2nd, ... place at a table (0 beyond the list), none "
               "negative, never increasing, 1st above 0; default 5, 3, 2, 1",
               check_placement_points(DEFAULT_PLACEMENT_POINTS), check_placement_points, many=True),
        Option("draw_points", "points for each seat of a drawn table (every seat sharing first), 0 or more; "
               "default: the shared average of the places", None, check_draw_points),
        Option("floor", f"{_FLOOR_TEXT}, applied to points %; default 1/3", DEFAULT_FLOOR, check_floor),
    ),
    columns=(Column("omwp", "Opponents' points %", True), Column("gwp", "GW%", True), Column("ogwp", "OGW%", True)),
    rank=pods_standings,
))
