"""Records, rows, ranking and the MTG/Melee computation shared by every tiebreaker system.

The public entry point is ``rules.standings.compute_standings(history, system,
**options)``, which looks ``system`` up in ``rules.standings.registry.SYSTEMS``.
This module holds what every system builds on (``player_records``,
``StandingRow``, ``rank_entries``, ``mean_over``, ``check_floor``) and the
``mtg`` and ``melee`` ranking functions; ``pokemon``, ``buchholz`` and
``pods`` are in ``rules.standings.systems``.  Sources:
../shared/design/PAIRINGS.md §2 and the rules documents each function names.

Terms (Magic Tournament Rules, Appendix C; PAIRINGS.md §2.1)
------------------------------------------------------------
match points (MP)
    3 for a match win, 1 for a drawn match, 0 for a loss.  A bye is a match
    won 2-0: 3 match points and 6 game points.
opponentless loss
    ``MatchRecord(loss=True)`` (a late player's loss, TOM's "LATE"): a round
    played and lost 0-2 with no opponent, the mirror of a bye: 0 match points,
    two games lost, counted in the player's own MW% and GW% (one more round,
    two more games) and never an opponent in anyone's OMW%/OGW%, as byes are
    not (Magic Tournament Rules, Appendix C: only opponents met count, and a
    bye is a 2-0 win; the 0-2 is this project's reading, the MTR having no
    opponentless loss).
game points (GP)
    3 per game won, 1 per drawn game, 0 per game lost.
MW% (match-win percentage)
    MP / (3 x rounds the player played), rounds including byes, so a dropped
    player is measured over the rounds they played; floored at ``floor``.
GW% (game-win percentage)
    GP / (3 x games the player played), floored at ``floor``.
OMW% / OGW%
    The mean, over the player's opponents, of each opponent's MW% / GW%, each
    floored at ``floor``.  An opponent met in two rounds counts twice; byes are
    not opponents.  A player with no opponent (only byes) has OMW% = OGW% = 0.
undefined values
    A player with no rounds has MW% 0; with no counted games GW% 0 (shown as 0,
    not floored).
disqualified players
    ``History.disqualified``: their rows are removed and everyone below moves
    up, but the matches they played stay in their opponents' OMW%/OGW% (and in
    every other system's opponent-based values): "removed from standings,
    completed matches stay" (IPG 1.1 as read in PAIRINGS.md §2.1 [S]).

Only Swiss rounds count: rounds with ``elimination=True`` are skipped, and so
are matches whose result is not reported yet.  Arithmetic is exact
(``fractions.Fraction``); values are rounded only in ``StandingRow.to_json``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rules.errors import RulesError
from rules.history import History

__all__ = [
    "DEFAULT_FLOOR",
    "Entry",
    "PlayerRecord",
    "StandingRow",
    "StandingsError",
    "check_floor",
    "mean_over",
    "melee_standings",
    "mtg_columns",
    "mtg_standings",
    "player_records",
    "rank_entries",
    "swiss_rounds",
]

#: The MW%/GW% floor of ``mtg``, ``melee`` and ``pods`` (DCI-Reporter/MTGO: 1/3; the MTR text says 0.33).
DEFAULT_FLOOR = Fraction(1, 3)


class StandingsError(RulesError):
    """Standings cannot be computed for this input; ``code``, ``params``, ``str()`` says what to do.

    Codes: ``unknown_tiebreakers`` (params ``tiebreakers``, ``valid``), ``unused_option`` (params
    ``tiebreakers``, ``options``: the names refused, ``accepted``: the names the system takes),
    ``bad_option`` (params ``option``, usually ``value``), ``multiplayer_not_supported``
    (params ``round``), ``duplicate_system`` (params ``tiebreakers``, from ``register``).
    ``StandingsError(code, message, **params)``.
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(code, message, params)


@dataclass(slots=True)
class PlayerRecord:
    """A player's Swiss record in a duel event: match results, games, and the opponents met.

    ``opponents`` has one entry per round played against someone (a rematch
    counts twice); ``games_won`` counts games won (a bye is two);
    ``results`` lists ``(round_number, opponent_or_None, half_points)`` for
    every round the player has a result in, in round order: half points are
    2 for a win or a bye, 1 for a draw, 0 for a loss (``opponent`` is None for
    a bye and for an opponentless loss, whose half points are 0);
    ``opponentless_losses`` counts the opponentless losses (they are in
    ``rounds`` and ``losses`` too).
    """

    player: str
    rounds: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    game_points: int = 0
    games: int = 0
    opponents: list[str] = field(default_factory=list)
    games_won: int = 0
    results: list[tuple[int, str | None, int]] = field(default_factory=list)
    opponentless_losses: int = 0

    @property
    def points(self) -> int:
        """Match points: 3 per win (byes included), 1 per draw."""
        return 3 * self.wins + self.draws

    def mwp(self) -> Fraction:
        """Unfloored MW%: points / (3 x rounds); 0 with no rounds."""
        return Fraction(self.points, 3 * self.rounds) if self.rounds else Fraction(0)

    def gwp(self) -> Fraction:
        """Unfloored GW%: game points / (3 x games); 0 with no games."""
        return Fraction(self.game_points, 3 * self.games) if self.games else Fraction(0)

    def melee_gwp(self) -> Fraction:
        """Unfloored Melee GW%: games won / games played (a drawn game is played, worth 0); 0 with no games."""
        return Fraction(self.games_won, self.games) if self.games else Fraction(0)


@dataclass(frozen=True)
class StandingRow:
    """One row of the standings.

    ``points``: match points (placement points for ``pods``, which may be a
    Fraction when places are shared); ``wins``/``losses``/``draws``: matches
    (byes are wins); ``omwp``/``gwp``/``ogwp``: exact fractions in [0, 1]
    (their meaning per system is in its ranking function,
    ``rules.standings.SYSTEMS[name].rank``); ``byes``: byes
    received; ``extra``: the system's further tiebreakers as ``(key, value)``
    pairs, in tiebreak order (``()`` for ``mtg`` and ``melee``); ``phase``: in
    an event run in phases, the last phase the player reached (1 otherwise;
    ``rules.standings.phases``; not in ``to_json``, the CLI adds it).
    """

    rank: int
    player: str
    points: int | Fraction
    wins: int
    losses: int
    draws: int
    omwp: Fraction
    gwp: Fraction
    ogwp: Fraction
    byes: int
    extra: tuple[tuple[str, Any], ...] = ()
    phase: int = 1

    def value(self, key: str) -> Any:
        """The value of a further tiebreaker by its key (``KeyError`` when the system has none)."""
        return dict(self.extra)[key]

    def to_json(self) -> dict[str, Any]:
        """The row as in ARCHITECTURE.md ("Stable command-line interface"); fractions as floats, 6 places.

        Keys: rank, player, points, wins, losses, draws, omwp, gwp, ogwp,
        byes, then one key per further tiebreaker of the system (fractions as
        floats, counts as ints).  ``points`` is an int unless shared
        placements made it fractional.
        """
        row: dict[str, Any] = {
            "rank": self.rank,
            "player": self.player,
            "points": _json_number(self.points),
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "omwp": round(float(self.omwp), 6),
            "gwp": round(float(self.gwp), 6),
            "ogwp": round(float(self.ogwp), 6),
            "byes": self.byes,
        }
        for key, value in self.extra:
            row[key] = round(float(value), 6) if isinstance(value, Fraction) else value
        return row


def _json_number(value: Any) -> Any:
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else round(float(value), 6)
    return value


# --------------------------------------------------------------------------------------
# Shared helpers (used by rules.standings.systems too)


def mean_over(groups: Mapping[str, Sequence[str]], values: Mapping[str, Fraction]) -> dict[str, Fraction]:
    """For each key of ``groups``, the exact mean of ``values`` over its list (0 for an empty list).

    Sums are taken as integers over one common denominator (the lcm of the
    values' denominators), which is much faster than adding Fractions.
    """
    denominator = math.lcm(*{v.denominator for v in values.values()}) if values else 1
    scaled = {k: v.numerator * (denominator // v.denominator) for k, v in values.items()}
    out: dict[str, Fraction] = {}
    for pid, members in groups.items():
        if members:
            out[pid] = Fraction(sum([scaled[m] for m in members]), denominator * len(members))
        else:
            out[pid] = Fraction(0)
    return out


@dataclass(slots=True)
class Entry:
    """A row before ranking: the sort key (compared descending), the seeding index and the row fields."""

    key: tuple[Any, ...]
    index: int
    fields: dict[str, Any]


TieHook = Callable[[list[Entry]], "list[Entry] | None"]


def rank_entries(entries: list[Entry], history: History, tie_hook: TieHook | None = None) -> list[StandingRow]:
    """Remove the disqualified, sort by ``key`` descending (seeding order among equals) and number the ranks.

    Rows equal on the whole key share a rank (1, 2, 2, 4).  ``tie_hook``, if
    given, sees each group of rows still tied and may return them in a
    decided order (then they get distinct ranks).
    """
    disqualified = set(history.disqualified)
    kept = [e for e in entries if e.fields["player"] not in disqualified]
    kept.sort(key=lambda e: e.index)
    for entry, fast in zip(kept, _integer_keys([e.key for e in kept])):
        entry.key = fast
    kept.sort(key=lambda e: e.key, reverse=True)
    rows: list[StandingRow] = []
    position = 0
    i = 0
    while i < len(kept):
        j = i + 1
        while j < len(kept) and kept[j].key == kept[i].key:
            j += 1
        group = kept[i:j]
        decided = tie_hook(group) if tie_hook is not None and len(group) > 1 else None
        if decided is not None:
            for offset, entry in enumerate(decided):
                rows.append(StandingRow(rank=position + offset + 1, **entry.fields))
        else:
            for entry in group:
                rows.append(StandingRow(rank=position + 1, **entry.fields))
        position += len(group)
        i = j
    return rows


def _integer_keys(keys: list[tuple[Any, ...]]) -> list[tuple[int, ...]]:
    """The same keys with every Fraction column scaled to integers over the column's common denominator.

    Order and equality are unchanged (exact); comparing ints is much faster than comparing Fractions.
    """
    if not keys:
        return []
    columns = list(zip(*keys))
    scaled: list[list[int]] = []
    for column in columns:
        denominator = math.lcm(*{v.denominator for v in column})
        scaled.append([v.numerator * (denominator // v.denominator) for v in column])
    return list(zip(*scaled))


def check_floor(floor: Any) -> Fraction:
    """``floor`` as a Fraction in [0, 1], else ``StandingsError("bad_option")``."""
    try:
        value = Fraction(floor)
    except (TypeError, ValueError) as exc:
        raise StandingsError("bad_option", f"The floor must be a number between 0 and 1, not {floor!r}.",
                             option="floor", value=str(floor)) from exc
    if not 0 <= value <= 1:
        raise StandingsError("bad_option", f"The floor must be between 0 and 1, not {floor}.",
                             option="floor", value=str(floor))
    return value


# --------------------------------------------------------------------------------------
# Duel records, MTG and Melee


def swiss_rounds(history: History) -> list[int]:
    """The numbers of the Swiss (non-elimination) rounds, in order."""
    return [r.number for r in history.rounds if not r.elimination]


def player_records(history: History) -> dict[str, PlayerRecord]:
    """Each player's Swiss record (non-elimination rounds, reported matches), keyed by id, in seeding order.

    A bye is a 2-0 match win (Magic Tournament Rules, Appendix C, "Byes"); an
    opponentless loss a 0-2 match loss with no opponent (module docstring).
    Raises ``StandingsError("multiplayer_not_supported")`` for a match of three
    or more players (use the ``pods`` system for those).
    """
    records = {p.id: PlayerRecord(p.id) for p in history.players}
    for rnd in history.rounds:
        if rnd.elimination:
            continue
        for match in rnd.matches:
            if match.bye:
                rec = records[match.players[0]]
                rec.rounds += 1
                rec.wins += 1
                rec.byes += 1
                rec.game_points += 6
                rec.games += 2
                rec.games_won += 2
                rec.results.append((rnd.number, None, 2))
                continue
            if match.loss:
                rec = records[match.players[0]]
                rec.rounds += 1
                rec.losses += 1
                rec.opponentless_losses += 1
                rec.games += 2
                rec.results.append((rnd.number, None, 0))
                continue
            if len(match.players) != 2:
                raise StandingsError(
                    "multiplayer_not_supported",
                    f"Round {rnd.number} has a table of {len(match.players)} players; this tiebreaker system "
                    "supports only duels and byes. Use --tiebreakers pods for multiplayer tables.",
                    round=rnd.number,
                )
            wins = match.wins
            if len(wins) != 2:  # not reported yet
                continue
            a, b = match.players
            wa, wb = wins
            draws = match.draws
            games = wa + wb + draws
            number = rnd.number
            ra, rb = records[a], records[b]
            ra.rounds += 1
            rb.rounds += 1
            ra.opponents.append(b)
            rb.opponents.append(a)
            ra.games += games
            rb.games += games
            ra.games_won += wa
            rb.games_won += wb
            ra.game_points += 3 * wa + draws
            rb.game_points += 3 * wb + draws
            if wa > wb:
                ra.wins += 1
                rb.losses += 1
                ra.results.append((number, b, 2))
                rb.results.append((number, a, 0))
            elif wa < wb:
                ra.losses += 1
                rb.wins += 1
                ra.results.append((number, b, 0))
                rb.results.append((number, a, 2))
            else:
                ra.draws += 1
                rb.draws += 1
                ra.results.append((number, b, 1))
                rb.results.append((number, a, 1))
    return records


def _mtg_entries(
    history: History, floor: Fraction, melee: bool, records: dict[str, PlayerRecord] | None = None
) -> list[Entry]:
    """MTR 3.1 and Appendix C (``melee=False``) or Melee.gg's GW% (``melee=True``); see ``mtg_standings``.

    ``records``: the ``player_records(history)`` when the caller has them already.
    """
    if records is None:
        records = player_records(history)

    def floored(value: Fraction) -> Fraction:
        return value if value > floor else floor

    own_gwp = {pid: (rec.melee_gwp() if melee else rec.gwp()) for pid, rec in records.items()}
    opp_mwp = {pid: floored(rec.mwp()) for pid, rec in records.items()}
    opp_gwp = {pid: floored(value) for pid, value in own_gwp.items()}
    groups = {pid: rec.opponents for pid, rec in records.items()}
    omwp = mean_over(groups, opp_mwp)
    ogwp = mean_over(groups, opp_gwp)
    entries: list[Entry] = []
    for index, (pid, rec) in enumerate(records.items()):
        gwp = floored(own_gwp[pid]) if rec.games else Fraction(0)
        entries.append(
            Entry(
                key=(rec.points, omwp[pid], gwp, ogwp[pid]),
                index=index,
                fields={
                    "player": pid,
                    "points": rec.points,
                    "wins": rec.wins,
                    "losses": rec.losses,
                    "draws": rec.draws,
                    "omwp": omwp[pid],
                    "gwp": gwp,
                    "ogwp": ogwp[pid],
                    "byes": rec.byes,
                },
            )
        )
    return entries


def mtg_standings(history: History, *, floor: Fraction = DEFAULT_FLOOR) -> list[StandingRow]:
    """The ``mtg`` system: match points, OMW%, GW%, OGW%, all descending (Magic Tournament Rules 3.1, Appendix C).

    Formulas in the module docstring; PAIRINGS.md §2.1.  ``floor`` (a checked
    Fraction in [0, 1]; default 1/3, the DCI-Reporter/MTGO value; the MTR text
    says 0.33 = ``Fraction(33, 100)``) is the minimum of every MW%/GW% (the
    player's own GW% and each opponent's value).  Worked examples (8 rounds,
    Appendix C): 5-2-1 -> MW% 16/24; 1-3-0 then drop -> 3/12 = 1/4, floored to
    ``floor`` as an opponent; 3-2-0 with a round-1 bye then drop -> 9/15 (the
    bye counts in the player's own MW%, never as an opponent).  No extras.
    Raises ``StandingsError("multiplayer_not_supported")`` for a table of three or more.
    """
    return rank_entries(_mtg_entries(history, floor, melee=False), history)


def melee_standings(history: History, *, floor: Fraction = DEFAULT_FLOOR) -> list[StandingRow]:
    """The ``melee`` system (Melee.gg): as ``mtg_standings`` except the game-win percentage.

    GW% = games won / games played, i.e. a drawn game is a game played worth 0
    game points (MTR: 1 point).  Worked example: a player who won 2-0-1 (two
    games won, one drawn) has mtg GW% (3+3+1)/9 = 7/9 and melee GW% 6/9 = 2/3;
    their opponent (0-2-1) has mtg 1/9 and melee 0 (both then floored).  OMW%
    is the same; OGW% uses the melee GW%.  Note: Melee's Star Wars Unlimited
    help page gives a drawn game 1 point, so check this against Melee's Magic
    standings before relying on it.
    """
    return rank_entries(_mtg_entries(history, floor, melee=True), history)


def mtg_columns(
    history: History, records: dict[str, PlayerRecord] | None = None
) -> dict[str, tuple[Fraction, Fraction, Fraction]]:
    """The MTG (omwp, gwp, ogwp) of every player with the default floor; for other systems' informational columns."""
    return {e.fields["player"]: (e.fields["omwp"], e.fields["gwp"], e.fields["ogwp"])
            for e in _mtg_entries(history, DEFAULT_FLOOR, melee=False, records=records)}
