"""Tournament structures: the event's settings and its next round, or its end.

One progression for every caller (the ``python -m rules pair`` command and the
Django service ``tournaments.services.rounds``): ``next_round(settings, history,
rng)`` returns the next round to play (``NextRound``) or says the event is over
(``Finished``, with the winner and the final placings of ``rules.standings.placings``).
``next_round`` asks the structure's ``StructureSpec`` (``rules.structure_registry``,
re-exported here: ``STRUCTURE_REGISTRY``, ``register_structure``, ...) for the round:
a new structure is one ``register_structure(StructureSpec(...))``, no change here.

Built-in structures (``STRUCTURES``, registered at the end of this module)
--------------------------------------------------------------------------
``swiss``
    ``swiss_rounds`` Swiss rounds (``rules.pairings.swiss``; ``None`` = no limit,
    as the command line pairs one more Swiss round whenever asked), then, with
    ``top_cut`` 4/8/16/32, a single-elimination playoff of the top players by
    Swiss standings (Magic Tournament Rules 10.4: seeded by Swiss rank; an
    optional third-place match); without a cut the event ends with the Swiss
    leader as winner.
``pods``
    The same with multiplayer pods of ``table_size`` (``rules.pairings.pods``;
    the pods follow the event's tiebreaker system when ``tiebreaker_options``
    are set), then a cut played as elimination by tables of ``table_size``.
``single_elimination``, ``double_elimination``, ``table_elimination``
    A bracket (``rules.pairings.elimination``, ``double_elimination``; by
    multiplayer tables of ``table_size``, each table's winner advances).  The
    seeds are the players in seeding order (the history's player order), without
    those who dropped before the bracket; with ``top_cut`` the top players of
    the Swiss rounds already in the history instead; with ``random_seeding`` drawn
    at random (spell-battle-rules.txt, "8. Tournaments": players are assigned
    their opponents at random) from ``random.Random(seed_draw)``, the same draw
    every round.  ``single_elimination`` with ``random_draw_each_round``: no fixed
    bracket, a new random draw among the players still in each round from the
    caller's ``rng`` (spell-battle-rules.txt, "8. Tournaments").
``round_robin``
    Berger tables (``rules.pairings.round_robin``), single or double; the event
    ends when every round is played, won by the leader of the standings.

Top cuts and the fallback winner rank players by ``compute_standings(history,
tiebreakers, **tiebreaker_options)`` (any system of ``rules.standings.TIEBREAKERS``);
disqualified players and players who dropped before the cut are left out.

Teams (``teams``: team id -> member ids): the history may name the teams (the
command line) or the members (the Django app: any member stands for the team,
``rules.pairings.teams.team_history``); the pairing returned seats the members
(``expand_pairing``); ``Finished.winner`` and the placings name teams.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.history import History, RoundRecord
from rules.pairings import Pairing, PairingError
from rules.pairings.double_elimination import pair_double_elimination
from rules.pairings.elimination import (
    pair_random_elimination,
    pair_single_elimination,
    pair_table_elimination,
    random_seeds,
    top_cut,
    top_cut_seeds,
)
from rules.pairings.pods import pair_pods
from rules.pairings.round_robin import pair_round_robin
from rules.pairings.swiss import pair_swiss
from rules.pairings.teams import expand_pairing, team_history, validate_roster
from rules.standings import TIEBREAKERS, compute_phase_standings, compute_standings
from rules.standings.placings import Placing
from rules.structure_registry import (
    MAX_SWISS_ROUNDS,
    STRUCTURE_OPTIONS,
    STRUCTURE_REGISTRY,
    STRUCTURES,
    TABLE_SIZES,
    StructureError,
    StructureSpec,
    cli_systems,
    get_structure,
    register_structure,
    structure_for_cli,
    unregister_structure,
    validate_structure,
)

__all__ = [
    "SPELL_BATTLE_MIN_PLAYERS",
    "SPELL_BATTLE_MIN_RULE",
    "MAX_SWISS_ROUNDS",
    "STRUCTURES",
    "STRUCTURE_OPTIONS",
    "STRUCTURE_REGISTRY",
    "TABLE_SIZES",
    "ROUND_KINDS",
    "StructureSpec",
    "cli_systems",
    "get_structure",
    "register_structure",
    "structure_for_cli",
    "unregister_structure",
    "validate_structure",
    "StructureError",
    "ForbiddenPair",
    "StructureSettings",
    "NextRound",
    "Finished",
    "next_round",
    "phase_to_pair",
    "ranked_players",
    "settings_summary",
]

ROUND_KINDS = ("swiss", "elimination", "round_robin", "pods")


@dataclass(frozen=True)
class ForbiddenPair:
    """Two players who must not meet in a Swiss round, in rounds up to ``until_round`` (None: always)."""

    a: str
    b: str
    until_round: int | None = None

    def applies_to(self, number: int) -> bool:
        """True when the pair is forbidden in round ``number``."""
        return self.until_round is None or number <= self.until_round


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class StructureSettings:
    """How an event is structured; checked on construction (``StructureError``, code "bad_setting" etc.):
    the structure's settings (``STRUCTURE_OPTIONS``) by ``validate_structure``, the rest here.

    ``structure``: one of ``STRUCTURES`` (``STRUCTURE_REGISTRY``).  ``swiss_rounds``: Swiss or pods rounds
    before the cut (1 to 20 for Swiss and pods; None = no limit).  ``top_cut``: 0 (none), 4, 8, 16
    or 32.  ``third_place_match``: the losing semi-finalists play for third.
    ``random_seeding`` with ``seed_draw`` (an int or str key of ``random.Random``,
    required then): brackets seeded at random, the same draw every round.
    ``bracket_reset``: double elimination, a second grand final if the losers'
    bracket champion wins the first.  ``double_round_robin``: two cycles.
    ``random_draw_each_round``: single elimination only (no top cut, third-place match
    or random seeding): instead of a fixed bracket, a new random draw among the players
    still in every round, from the ``rng`` given to ``next_round``; the player left over
    gets a bye that counts as a win (``rules.pairings.elimination.pair_random_elimination``,
    spell-battle-rules.txt, "8. Tournaments").
    ``table_size``: players per multiplayer table (pods, elimination by tables; 3 to 6,
    ``TABLE_SIZES``: spell-battle-rules.txt, "8. Tournaments" and "7. Teams").  ``fixed_table_size``:
    pods only: every table seats exactly ``table_size`` and the players left over get byes
    (spell-battle-rules.txt, "8. Tournaments": table sizes "decided ahead of time").  ``teams``: team id ->
    member ids, or None; ``team_sizes``: the allowed team sizes.  ``forbidden``:
    ``ForbiddenPair``s (Swiss).  ``awarded_byes``: player id -> round numbers
    with a bye granted at registration (Swiss).  ``allow_rematches``: Swiss pairs
    with the fewest rematches instead of refusing.  ``tiebreakers``: a system of
    ``rules.standings.TIEBREAKERS`` and ``tiebreaker_options`` its keyword
    options (``compute_standings``), used to seed a top cut, form pods (when
    options are set) and order placings.
    """

    structure: str = "swiss"
    swiss_rounds: int | None = 3
    top_cut: int = 0
    third_place_match: bool = False
    random_seeding: bool = False
    seed_draw: int | str | None = None
    random_draw_each_round: bool = False
    bracket_reset: bool = False
    double_round_robin: bool = False
    table_size: int = 4
    fixed_table_size: bool = False
    teams: Mapping[str, tuple[str, ...]] | None = None
    team_sizes: tuple[int, ...] = (2, 3)
    forbidden: tuple[ForbiddenPair, ...] = ()
    awarded_byes: Mapping[str, frozenset[int]] = field(default_factory=dict)
    allow_rematches: bool = False
    tiebreakers: str = "mtg"
    tiebreaker_options: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        def bad(name: str, why: str, code: str = "bad_setting") -> StructureError:
            return StructureError(code, f"{name} {why}", field=name)

        validate_structure(self.structure, **{name: getattr(self, name) for name in STRUCTURE_OPTIONS})
        if self.random_seeding and (self.seed_draw is None or isinstance(self.seed_draw, bool)
                                    or not isinstance(self.seed_draw, int | str)):
            raise bad("seed_draw", "is needed for random seeding: an int or str key for the draw.")
        if self.tiebreakers not in TIEBREAKERS:
            raise bad("tiebreakers", f"must be one of {', '.join(TIEBREAKERS)}, not {self.tiebreakers!r}.",
                      "unknown_tiebreakers")
        if self.teams is not None:
            try:
                validate_roster(self.teams, sizes=self.team_sizes)
            except PairingError as exc:
                raise StructureError("bad_teams", str(exc), field="teams", **exc.params) from exc
        for pair in self.forbidden:
            if not isinstance(pair, ForbiddenPair) or pair.a == pair.b or (
                    pair.until_round is not None and (not _is_int(pair.until_round) or pair.until_round < 1)):
                raise bad("forbidden", "must list ForbiddenPair(a, b, until_round) of two different players "
                          "(until_round 1 or more, or None).")
        for player, rounds in self.awarded_byes.items():
            if not all(_is_int(n) and n >= 1 for n in rounds):
                raise bad("awarded_byes", f"of {player!r} must be round numbers of 1 or more.")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> StructureSettings:
        """Settings from plain data (JSON-like): lists become tuples, ``forbidden`` is a list of
        ``[a, b]`` or ``[a, b, until_round]``, ``awarded_byes`` maps ids to lists of rounds.

        Raises ``StructureError`` ("unknown_setting" for a key that is not a field, and the
        checks of the constructor).
        """
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise StructureError("unknown_setting", f"Unknown setting {unknown[0]!r}; the settings are "
                                 f"{', '.join(sorted(names))}.", field=unknown[0])
        values = dict(data)
        try:
            if values.get("teams") is not None:
                values["teams"] = {str(t): tuple(m) for t, m in values["teams"].items()}
            if "team_sizes" in values:
                values["team_sizes"] = tuple(values["team_sizes"])
            if "forbidden" in values:
                values["forbidden"] = tuple(p if isinstance(p, ForbiddenPair) else ForbiddenPair(*p)
                                            for p in values["forbidden"])
            if "awarded_byes" in values:
                values["awarded_byes"] = {str(p): frozenset(r) for p, r in values["awarded_byes"].items()}
            if "tiebreaker_options" in values:
                values["tiebreaker_options"] = dict(values["tiebreaker_options"])
        except (TypeError, AttributeError, ValueError) as exc:
            raise StructureError("bad_setting", f"Settings are malformed ({exc}).", field="$") from exc
        return cls(**values)


@dataclass(frozen=True)
class NextRound:
    """The next round: its ``number`` (the last round of the history + 1), its ``kind`` (one of
    ``ROUND_KINDS``: what the Django ``Round.kind`` stores), the ``pairing`` (members seated for teams) and
    its ``phase`` (``rules.history``, "phase"; 1 for elimination rounds and events without phases)."""

    number: int
    kind: str
    pairing: Pairing
    phase: int = 1


@dataclass(frozen=True)
class Finished:
    """The event is over: its ``winner`` (a player or team id; None if nobody is left), the final
    ``placings`` (``rules.standings.placings.final_placings``) and a ``message`` saying why there is no round."""

    winner: str | None
    placings: tuple[Placing, ...]
    message: str


def ranked_players(settings: StructureSettings, history: History, before_round: int) -> list[str]:
    """Standings order (best first) of the players still in when round ``before_round`` starts.

    ``compute_standings(history, settings.tiebreakers, **settings.tiebreaker_options)`` with the
    disqualified players computed then left out, and players who dropped before ``before_round``
    left out; in an event run in phases, only the players of the last phase (``rules.standings.phases``).  Raises ``StandingsError`` for bad options.
    """
    full = dataclasses.replace(history, disqualified=())
    rows = compute_standings(full, settings.tiebreakers, **dict(settings.tiebreaker_options))
    out = set(history.disqualified) | {p for p, last in history.drops.items() if last < before_round}
    last_phase = max((row.phase for row in rows), default=1)  # phases: only the last phase's players go on
    return [row.player for row in rows if row.player not in out and row.phase == last_phase]


def _team_level(settings: StructureSettings, history: History) -> History:
    teams = settings.teams
    if not teams:
        return history
    if all(p.id in teams for p in history.players):
        return history
    return team_history(history, teams)


def _finished(settings: StructureSettings, history: History, winner: str | None, message: str) -> Finished:
    placings = get_structure(settings.structure).placings(history, settings)
    return Finished(winner=winner, placings=tuple(placings), message=message)


def next_round(settings: StructureSettings, history: History, rng: random.Random) -> NextRound | Finished:
    """The next round of the event, or ``Finished`` (module docstring).

    ``settings``: the event's ``StructureSettings``; ``history``: every round
    played (rounds of a playoff or bracket marked ``elimination``; late entrants
    not yet allowed to play left out by the caller); ``rng``: the caller's seeded
    random source for Swiss and pods (a bracket's random seeding draws from
    ``settings.seed_draw`` instead, so it is the same every round).  The round
    number is the history's last round + 1; the round is the structure's
    (``STRUCTURE_REGISTRY[settings.structure].pair``).  Raises ``PairingError`` when the round
    cannot be paired (too few players, forbidden pairs leave no pairing, a result
    missing, a drawn elimination match, ...) and ``StandingsError`` for bad
    tiebreaker options.  A complete bracket or round robin, or Swiss/pods rounds
    played without a cut, give ``Finished`` (winner: the bracket's, else the
    standings leader; placings: the structure's ``placings``).
    """
    history = _team_level(settings, history)
    number = max((r.number for r in history.rounds), default=0) + 1
    try:
        result = get_structure(settings.structure).pair(settings, history, rng, number)
    except PairingError as exc:
        if exc.code not in ("bracket_complete", "round_robin_complete"):
            raise
        winner = exc.params.get("winner")
        if winner is None:
            ranked = ranked_players(settings, history, number)
            winner = ranked[0] if ranked else None
        return _finished(settings, history, winner, str(exc))
    if isinstance(result, Finished):
        return result
    kind, pairing = result
    pairing = dataclasses.replace(pairing, round=number)
    if settings.teams:
        pairing = expand_pairing(pairing, settings.teams)
    phase = (phase_to_pair(settings, history) or 1) if kind != "elimination" else 1
    return NextRound(number=number, kind=kind, pairing=pairing, phase=phase)


def _bracket_seeds(settings: StructureSettings, history: History, first_round: int) -> list[str]:
    """A bracket's seeds: the Swiss top cut, else the players in seeding order still in at
    ``first_round``; drawn at random from ``seed_draw`` with ``random_seeding``."""
    if settings.top_cut:
        seeds = top_cut_seeds(ranked_players(settings, history, first_round), settings.top_cut)
    else:
        seeds = [p.id for p in history.players if history.drops.get(p.id, first_round) >= first_round]
    if settings.random_seeding:
        seeds = random_seeds(seeds, random.Random(settings.seed_draw))
    return seeds


def _first_elimination(history: History, number: int) -> tuple[list[RoundRecord], int]:
    """The elimination rounds of the history and the number of the first (``number`` if none yet)."""
    elimination = [r for r in history.rounds if r.elimination]
    return elimination, elimination[0].number if elimination else number


# --------------------------------------------------------------------------------------
# The built-in structures: their pairing functions (``StructureSpec.pair``) and registrations


def phase_to_pair(settings: StructureSettings, history: History) -> int | None:
    """The phase whose next Swiss round is due (``rules.history``, "phase"), or None when every phase has
    played its rounds.  Phase 1 plays ``History.phases[0].rounds``, else ``settings.swiss_rounds`` (None: no
    limit); a later phase its declared ``rounds``.  An event without phases is phase 1 until ``swiss_rounds``."""
    swiss_like = [r for r in history.rounds if not r.elimination]
    if not history.phased:
        if settings.swiss_rounds is None or len(swiss_like) < settings.swiss_rounds:
            return 1
        return None
    for k, phase in enumerate(history.phases, start=1):
        planned = phase.rounds if phase.rounds is not None or k > 1 else settings.swiss_rounds
        played = sum(1 for r in swiss_like if r.phase == k)
        if planned is None or played < planned:
            return k
    return None


def _phase_players(settings: StructureSettings, history: History, phase: int) -> History:
    """``history`` for pairing a round of ``phase``: the players who did not reach it are marked dropped after
    the last round played, so only the advancing players are paired (``rules.standings.phases``)."""
    if phase == 1:
        return history
    standings = compute_phase_standings(history, settings.tiebreakers, **dict(settings.tiebreaker_options))
    advanced = set(standings[phase - 2].advanced) if len(standings) >= phase else set()
    last = max((r.number for r in history.rounds), default=0)
    drops = dict(history.drops)
    for p in history.players:
        if p.id not in advanced:
            drops[p.id] = min(drops.get(p.id, last), last)
    return dataclasses.replace(history, drops=drops)


def _swiss_phase(settings: StructureSettings, history: History, rng: random.Random, number: int,
                 pair_round: Callable[[History], tuple[str, Pairing]], label: str) -> tuple[str, Pairing] | Finished:
    """Swiss-style rounds (``pair_round``) until ``swiss_rounds`` (or every phase's rounds) are played, a later
    phase among the players who passed its cut only, then the top cut (by tables for multiplayer structures) or,
    without one, ``Finished`` with the standings leader."""
    phase = phase_to_pair(settings, history)
    if phase is not None:
        return pair_round(_phase_players(settings, history, phase))
    elimination, first_elimination = _first_elimination(history, number)
    ranked = ranked_players(settings, history, first_elimination)
    if settings.top_cut == 0:
        winner = ranked[0] if ranked else None
        played = len([r for r in history.rounds if not r.elimination])  # a day 2's rounds too
        return _finished(settings, history, winner, f"The {played} {label} rounds have been "
                         "played and there is no top cut: the event is over.")
    if get_structure(settings.structure).multiplayer:
        return "elimination", pair_table_elimination(ranked[: settings.top_cut], elimination,
                                                     table_size=settings.table_size)
    return "elimination", top_cut(ranked, settings.top_cut, elimination, third_place=settings.third_place_match)


def _pair_swiss(settings: StructureSettings, history: History, rng: random.Random,
                number: int) -> tuple[str, Pairing] | Finished:
    def swiss_round(history: History) -> tuple[str, Pairing]:
        forbidden = [frozenset((f.a, f.b)) for f in settings.forbidden if f.applies_to(number)]
        return "swiss", pair_swiss(history, rng, forbidden=forbidden,
                                   awarded_byes={p: set(r) for p, r in settings.awarded_byes.items()},
                                   allow_rematches=settings.allow_rematches)

    return _swiss_phase(settings, history, rng, number, swiss_round, "Swiss")


def _pair_pods(settings: StructureSettings, history: History, rng: random.Random,
               number: int) -> tuple[str, Pairing] | Finished:
    def pods_round(history: History) -> tuple[str, Pairing]:
        ranking: list[str] | None = None
        points: dict[str, Any] | None = None
        if settings.tiebreaker_options:  # the organiser's options: pods formed from *their* standings
            rows = compute_standings(history, settings.tiebreakers, **dict(settings.tiebreaker_options))
            ranking, points = [r.player for r in rows], {r.player: r.points for r in rows}
        return "pods", pair_pods(history, rng, pod_size=settings.table_size, fixed_size=settings.fixed_table_size,
                                 ranking=ranking, points=points)

    return _swiss_phase(settings, history, rng, number, pods_round, "pods")


def _pair_round_robin(settings: StructureSettings, history: History, rng: random.Random,
                      number: int) -> tuple[str, Pairing]:
    return "round_robin", pair_round_robin(history, double=settings.double_round_robin)


def _pair_single_elimination(settings: StructureSettings, history: History, rng: random.Random,
                             number: int) -> tuple[str, Pairing]:
    elimination, first = _first_elimination(history, number)
    seeds = _bracket_seeds(settings, history, first)
    if settings.random_draw_each_round:
        return "elimination", pair_random_elimination(seeds, elimination, rng)
    return "elimination", pair_single_elimination(seeds, elimination, third_place=settings.third_place_match)


def _pair_double_elimination(settings: StructureSettings, history: History, rng: random.Random,
                             number: int) -> tuple[str, Pairing]:
    elimination, first = _first_elimination(history, number)
    return "elimination", pair_double_elimination(_bracket_seeds(settings, history, first), elimination,
                                                  bracket_reset=settings.bracket_reset)


def _pair_table_elimination(settings: StructureSettings, history: History, rng: random.Random,
                            number: int) -> tuple[str, Pairing]:
    elimination, first = _first_elimination(history, number)
    table_rng = random.Random(settings.seed_draw) if settings.random_seeding else None
    return "elimination", pair_table_elimination(_bracket_seeds(settings, history, first), elimination,
                                                 table_size=settings.table_size, rng=table_rng)


#: Spell Battle's tournaments are for 6 or more players: fewer is allowed (the organiser is warned), not refused.
SPELL_BATTLE_MIN_PLAYERS = 6
SPELL_BATTLE_MIN_RULE = (
    "spell-battle-rules.txt, 8. Tournaments (\"Tournaments are events where 6 or more players all compete to see "
    "who is best\")"
)


def _check_random_draw(values: Mapping[str, Any]) -> None:
    """Single elimination: a random draw each round is a bracket of its own (spell-battle-rules.txt,
    "8. Tournaments"): no top cut, no third-place match, no random seeding (every round is drawn anyway)."""
    if values["random_draw_each_round"] and (values["top_cut"] or values["third_place_match"]
                                             or values["random_seeding"]):
        raise StructureError("bad_setting", "random_draw_each_round is a single-elimination option (no top cut, "
                             "no third-place match, no random seeding): a new random draw every round "
                             "(Spell Battle Rules, 8. Tournaments).", field="random_draw_each_round")


_BRACKET_OPTIONS = frozenset({"top_cut", "random_seeding"})

register_structure(StructureSpec(
    name="swiss",
    description="Swiss rounds, then an optional single-elimination top cut of 4, 8, 16 or 32 seeded by standing",
    source="Magic Tournament Rules, 10.4 (Swiss rounds, then a top cut seeded by Swiss rank)",
    pair=_pair_swiss,
    options=frozenset({"swiss_rounds", "top_cut", "third_place_match"}),
    swiss_phase=True,
    cli_name="swiss",
))
register_structure(StructureSpec(
    name="single_elimination",
    description="single elimination: losers leave, winners meet until one is left (optional third-place match, "
    "random seeding, or a new random draw every round)",
    source="spell-battle-rules.txt, 8. Tournaments (single elimination, random opponents, a bye counts as a win)",
    pair=_pair_single_elimination,
    options=_BRACKET_OPTIONS | {"third_place_match", "random_draw_each_round"},
    check=_check_random_draw,
    bracket=True,
    cli_name="single-elimination",
))
register_structure(StructureSpec(
    name="double_elimination",
    description="double elimination: a player leaves after a second loss; optional bracket reset in the grand final",
    source="../shared/design/PAIRINGS.md, 3.2 (double-elimination brackets)",
    pair=_pair_double_elimination,
    options=_BRACKET_OPTIONS | {"bracket_reset"},
    bracket=True,
    cli_name="double-elimination",
))
register_structure(StructureSpec(
    name="round_robin",
    description="round robin: everyone meets everyone (Berger tables), once or twice",
    source="FIDE Handbook, C.05 Annex 1 (Berger tables); ../shared/design/PAIRINGS.md, 3.3",
    pair=_pair_round_robin,
    options=frozenset({"double_round_robin"}),
    cli_name="round-robin",
))
register_structure(StructureSpec(
    name="pods",
    description="multiplayer tables: Swiss-style pods of table_size (3 to 6), then an optional top cut by tables",
    source="spell-battle-rules.txt, 8. Tournaments (three- or four-player matches)",
    pair=_pair_pods,
    options=frozenset({"swiss_rounds", "top_cut", "table_size", "fixed_table_size"}),
    swiss_phase=True,
    multiplayer=True,
    cli_name="pods",
    cli_size_flag="--pod-size",
))
register_structure(StructureSpec(
    name="table_elimination",
    description="single elimination by multiplayer tables of table_size (3 to 6): each table's winner advances",
    source="spell-battle-rules.txt, 8. Tournaments (multiplayer matches; winners continue in the event)",
    pair=_pair_table_elimination,
    options=_BRACKET_OPTIONS | {"table_size"},
    bracket=True,
    multiplayer=True,
    cli_name="single-elimination",
    cli_size_flag="--table-size",
))


def settings_summary(settings: StructureSettings) -> dict[str, Any]:
    """The settings as plain data (for logs and audit): ``StructureSettings.from_dict`` reads it back."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(settings):
        value: Any = getattr(settings, f.name)
        if f.name == "forbidden":
            value = [[p.a, p.b, p.until_round] for p in value]
        elif f.name == "awarded_byes":
            value = {p: sorted(r) for p, r in value.items()}
        elif f.name == "teams" and value is not None:
            value = {t: list(m) for t, m in value.items()}
        elif isinstance(value, Mapping):
            value = dict(value)
        elif isinstance(value, tuple):
            value = list(value)
        out[f.name] = value
    return out
