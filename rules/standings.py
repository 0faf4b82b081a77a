"""Swiss standings and tiebreakers.

Terms (Magic Tournament Rules, Appendix C; PAIRINGS.md §2.1)
------------------------------------------------------------
match points (MP)
    3 for a match win, 1 for a drawn match, 0 for a loss.  A bye is a match
    won 2-0: 3 match points and 6 game points.
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

Only Swiss rounds count: rounds with ``elimination=True`` are skipped, and so
are matches whose result is not reported yet.  Arithmetic is exact
(``fractions.Fraction``); values are rounded only in ``StandingRow.to_json``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rules.history import History

__all__ = ["TIEBREAKERS", "StandingRow", "StandingsError", "PlayerRecord", "compute_standings", "player_records"]

TIEBREAKERS: dict[str, str] = {
    "mtg": "match points, then OMW%, GW%, OGW% (Magic Tournament Rules, Appendix C; floors at 1/3)",
}

DEFAULT_FLOOR = Fraction(1, 3)


class StandingsError(ValueError):
    """Standings cannot be computed for this input; ``code``, ``params``, ``str()`` says what to do."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = params
        self.message = message


@dataclass
class PlayerRecord:
    """A player's Swiss record: match results, game points and the opponents met (one entry per round)."""

    player: str
    rounds: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    game_points: int = 0
    games: int = 0
    opponents: list[str] = field(default_factory=list)

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


@dataclass(frozen=True)
class StandingRow:
    """One row of the standings.

    ``points``: match points; ``wins``/``losses``/``draws``: matches (byes are
    wins); ``omwp``/``gwp``/``ogwp``: exact fractions in [0, 1]; ``byes``:
    number of byes received.
    """

    rank: int
    player: str
    points: int
    wins: int
    losses: int
    draws: int
    omwp: Fraction
    gwp: Fraction
    ogwp: Fraction
    byes: int

    def to_json(self) -> dict[str, Any]:
        """The row as in ARCHITECTURE.md ("Stable command-line interface"); percentages as floats, 6 places."""
        return {
            "rank": self.rank,
            "player": self.player,
            "points": self.points,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "omwp": round(float(self.omwp), 6),
            "gwp": round(float(self.gwp), 6),
            "ogwp": round(float(self.ogwp), 6),
            "byes": self.byes,
        }


def player_records(history: History) -> dict[str, PlayerRecord]:
    """Each player's Swiss record (non-elimination rounds, reported matches), keyed by id, in seeding order.

    A bye is a 2-0 match win (Magic Tournament Rules, Appendix C, "Byes").
    Raises ``StandingsError("multiplayer_not_supported")`` for a match of three
    or more players.
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
                continue
            if len(match.players) != 2:
                raise StandingsError(
                    "multiplayer_not_supported",
                    f"Round {rnd.number} has a table of {len(match.players)} players; standings support "
                    "only duels and byes for now.",
                    round=rnd.number,
                )
            if not match.reported:
                continue
            a, b = match.players
            wa, wb = match.wins
            for me, opp, mine, theirs in ((a, b, wa, wb), (b, a, wb, wa)):
                rec = records[me]
                rec.rounds += 1
                rec.opponents.append(opp)
                rec.games += wa + wb + match.draws
                rec.game_points += 3 * mine + match.draws
                if mine > theirs:
                    rec.wins += 1
                elif mine < theirs:
                    rec.losses += 1
                else:
                    rec.draws += 1
    return records


def compute_standings(
    history: History, tiebreakers: str = "mtg", *, floor: Fraction = DEFAULT_FLOOR
) -> list[StandingRow]:
    """Rank every player (dropped ones included) by match points, OMW%, GW%, OGW%, all descending.

    Sources: Magic Tournament Rules, 3.1 and Appendix C; PAIRINGS.md §2.1.
    ``floor`` is the minimum of every MW%/GW% (the player's own GW% and each
    opponent's value).  Rows equal on all four share a rank (1, 2, 2, 4) and
    keep seeding order among themselves.  Raises ``StandingsError`` with code
    "unknown_tiebreakers" for a system not in ``TIEBREAKERS`` and
    "multiplayer_not_supported" for a table of three or more.
    """
    if tiebreakers not in TIEBREAKERS:
        raise StandingsError(
            "unknown_tiebreakers",
            f"Unknown tiebreaker system {tiebreakers!r}; choose one of: {', '.join(sorted(TIEBREAKERS))}.",
            tiebreakers=tiebreakers,
        )
    records = player_records(history)

    def floored(value: Fraction) -> Fraction:
        return max(floor, value)

    opp_mwp = {pid: floored(rec.mwp()) for pid, rec in records.items()}
    opp_gwp = {pid: floored(rec.gwp()) for pid, rec in records.items()}

    keyed: list[tuple[tuple[int, Fraction, Fraction, Fraction], int, PlayerRecord, Fraction, Fraction, Fraction]] = []
    for index, rec in enumerate(records.values()):
        if rec.opponents:
            omwp = sum((opp_mwp[o] for o in rec.opponents), Fraction(0)) / len(rec.opponents)
            ogwp = sum((opp_gwp[o] for o in rec.opponents), Fraction(0)) / len(rec.opponents)
        else:
            omwp = ogwp = Fraction(0)
        gwp = floored(rec.gwp()) if rec.games else Fraction(0)
        keyed.append(((rec.points, omwp, gwp, ogwp), index, rec, omwp, gwp, ogwp))
    keyed.sort(key=lambda k: (-k[0][0], -k[0][1], -k[0][2], -k[0][3], k[1]))

    rows: list[StandingRow] = []
    rank = 0
    previous: tuple[int, Fraction, Fraction, Fraction] | None = None
    for position, (key, _index, rec, omwp, gwp, ogwp) in enumerate(keyed, start=1):
        if key != previous:
            rank = position
            previous = key
        rows.append(
            StandingRow(
                rank=rank,
                player=rec.player,
                points=rec.points,
                wins=rec.wins,
                losses=rec.losses,
                draws=rec.draws,
                omwp=omwp,
                gwp=gwp,
                ogwp=ogwp,
                byes=rec.byes,
            )
        )
    return rows
