"""Teams of two or three players paired as units: a thin layer over the other systems.

Source: /work/shared/rules-texts/spell-battle-rules.txt, "8. Tournaments": players
choose their teammates before the matches and keep them; "the entire team wins or
loses each game of the match" (four-player games with teams of two).

How to pair teams
-----------------
A team is a *unit*: a unit id mapped to its member ids (``Roster``).  Record
the event with the team ids as the players of a ``History`` (a team's result is
its match result), pair it with any system (``pair_swiss``,
``pair_single_elimination``, ``pair_double_elimination``, ``pair_round_robin``,
``pair_pods``) exactly as for single players, then call ``expand_pairing`` to get
the seats of the real players: each table's teams, members in roster order,
team after team (team A's members, then team B's: teammates sit together and
play as one side).  Byes stay team ids expanded to their members.

``validate_roster`` checks the roster; ``team_history`` renames the players of a
history recorded by member ids (any member standing for the team) into team ids,
for events that logged members.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.history import History, MatchRecord, PlayerEntry, RoundRecord
from rules.pairings import Pairing, PairingError, Table

__all__ = ["Roster", "validate_roster", "expand_pairing", "team_history"]

Roster = Mapping[str, Sequence[str]]


def validate_roster(roster: Roster, *, sizes: Sequence[int] = (2, 3)) -> None:
    """Raise ``PairingError`` "bad_team" unless every team has a size in ``sizes`` and nobody is in two teams."""
    seen: dict[str, str] = {}
    for team, members in roster.items():
        if len(members) not in sizes or len(set(members)) != len(members):
            raise PairingError("bad_team", f"Team {team!r} has {len(members)} distinct members; a team has "
                               f"{' or '.join(map(str, sizes))} different players.", team=team)
        for m in members:
            if m in seen:
                raise PairingError("bad_team", f"Player {m!r} is in teams {seen[m]!r} and {team!r}; a player "
                                   "plays for one team.", team=team, player=m)
            seen[m] = team


def expand_pairing(pairing: Pairing, roster: Roster) -> Pairing:
    """The seats of the real players for a ``pairing`` of team ids (module docstring).

    Tables keep their numbers; players are the members, team after team; the
    reason names the teams.  Byes are the members of the teams with a bye.
    Raises ``PairingError("unknown_team")`` for a unit not in ``roster``.
    """
    def members(team: str) -> tuple[str, ...]:
        if team not in roster:
            raise PairingError("unknown_team", f"{team!r} is paired but is not in the roster; add the team.",
                               team=team)
        return tuple(roster[team])

    tables = tuple(
        Table(number=t.number, players=tuple(p for team in t.players for p in members(team)),
              reason=f"teams {' vs '.join(t.players)}: {t.reason}" if t.reason else f"teams {' vs '.join(t.players)}",
              reason_code="teams",
              reason_params={"teams": list(t.players),
                             **({"table": {"code": t.reason_code, "params": dict(t.reason_params)}}
                                if t.reason_code else {})})
        for t in pairing.tables
    )
    byes = tuple(p for team in pairing.byes for p in members(team))

    def per_member(values: Sequence[Any]) -> tuple[Any, ...]:
        """One entry per team bye -> one per member of that team (as ``byes``)."""
        if len(values) != len(pairing.byes):
            return tuple(values)
        return tuple(value for team, value in zip(pairing.byes, values) for _ in members(team))

    return Pairing(round=pairing.round, tables=tables, byes=byes, seed=pairing.seed,
                   bye_reasons=per_member(pairing.bye_reasons), notes=pairing.notes,
                   bye_reason_codes=per_member(pairing.bye_reason_codes),
                   bye_reason_params=per_member(pairing.bye_reason_params))


def team_history(history: History, roster: Roster) -> History:
    """``history`` (recorded with member ids) with each member replaced by their team id.

    A match listing several members of one team counts once for the team (the
    first seat's wins).  Players not in any team are kept as they are.
    """
    team_of = {m: team for team, members in roster.items() for m in members}
    players: list[PlayerEntry] = []
    seen: set[str] = set()
    for p in history.players:
        unit = team_of.get(p.id, p.id)
        if unit not in seen:
            seen.add(unit)
            players.append(PlayerEntry(unit, unit if unit != p.id else p.name))
    rounds = []
    for rnd in history.rounds:
        matches = []
        for m in rnd.matches:
            units: list[str] = []
            wins: list[int] = []
            for k, player in enumerate(m.players):
                unit = team_of.get(player, player)
                if unit in units:
                    continue
                units.append(unit)
                if m.wins:
                    wins.append(m.wins[k])
            matches.append(MatchRecord(tuple(units), tuple(wins), m.draws, m.bye, loss=m.loss))
        rounds.append(RoundRecord(rnd.number, tuple(matches), rnd.elimination))
    drops: dict[str, int] = {}
    for player, n in history.drops.items():
        unit = team_of.get(player, player)
        drops[unit] = max(drops.get(unit, n), n)
    return History(tuple(players), tuple(rounds), drops)
