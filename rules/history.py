"""Match history: the record every pairing and standings function reads.

Terms
-----
player
    A registered entrant, ``PlayerEntry(id, name)``.  The order of
    ``History.players`` is the *seeding order* (used for brackets and to order
    players who are tied on every tiebreaker).
match
    One table of one round, ``MatchRecord``: the players in seat order, the
    games won by each seat (``wins``, same order) and the number of drawn games
    (``draws``).  A duel has two seats, a multiplayer table three or more.
    ``wins == ()`` means the match was paired but its result is not reported
    yet.
bye
    A round in which a player had no opponent: ``MatchRecord((id,), bye=True)``.
opponentless loss
    A round a player lost without an opponent: ``MatchRecord((id,), loss=True)``
    (JSON ``{"players": [id], "loss": true}``): a late player's loss for a round
    they missed (a late entry, or not there when the round was paired: TOM's
    "LATE"), or a match loss given at the start of a round with nobody paired
    against them.  It is a round played and lost; it gives nobody a win and
    adds no opponent.  Each tiebreaker system counts it as its source says
    (``rules.standings``; docs/rules.md).  Swiss rounds only.
round
    ``RoundRecord(number, matches, elimination)``; ``elimination=True`` marks a
    playoff (bracket) round, which does not change Swiss standings.
drop
    ``History.drops[player_id] = n`` says the player played no round after
    round ``n`` (``0``: dropped before round 1).  They are never paired again
    but keep their record.
placements
    Optional, multiplayer tables: ``MatchRecord.placements`` gives each seat's
    finishing place (1 = first) in seat order, in standard competition form:
    a seat's place is 1 + the number of seats placed strictly better, so a
    shared first place is ``[1, 1, 3, 4]``.  Without it, places are derived
    from ``wins`` (see ``derived_placements``).  A match still needs ``wins``
    to count as reported; ``placements`` only orders its seats.
phase
    An event may run in phases: day 1 Swiss, then day 2 Swiss for the
    players who pass a cut, then a top cut (the Play! Pokémon Tournament Rules
    Handbook's day 2, as TOM runs it).  ``RoundRecord.phase`` is the phase of
    a Swiss round (1 = day 1, the default); ``History.phases`` declares each
    phase (``Phase(rounds, cut)``): phase 1 has no cut, every later phase has
    the ``Cut`` its players passed at the end of the phase before (``points``:
    at least N match points; ``record``: at most N match losses, "X-N or
    better"; ``top``: the first N of the standings).  Who advances and the
    standings per phase: ``rules.standings.phases``.
disqualified
    ``History.disqualified``: ids of disqualified players.  They leave the
    standings, but the matches they played still count for their opponents'
    tiebreakers (standings.py).

The JSON form is the one of ``../shared/design/ARCHITECTURE.md``, "Stable
command-line interface"::

    {"players": [{"id": str, "name": str}],
     "phases": [{"rounds": int}, {"rounds": int, "cut": {"record": "x-2"} | {"points": int} | {"top": int}}],
     "rounds": [{"number": int, "elimination": bool, "phase": int,
                 "matches": [{"players": [id, id], "wins": [int, int], "draws": int}
                             | {"players": [id], "bye": true}
                             | {"players": [id], "loss": true}]}],
     "drops": {player_id: round_number}}

plus optional, backward-compatible keys: ``"placements": [int, ...]`` and
``"loss": true`` on a match, ``"phase": int`` on a round (absent = 1) and
``"disqualified": [player_id, ...]`` and ``"phases"`` on the history.  They are
written back by ``history_to_json`` only when present.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.errors import RulesError

__all__ = [
    "PlayerEntry",
    "Cut",
    "Phase",
    "CUT_KINDS",
    "MatchRecord",
    "RoundRecord",
    "History",
    "HistoryError",
    "history_from_json",
    "history_to_json",
    "validate_history",
    "derived_placements",
]


@dataclass(frozen=True)
class PlayerEntry:
    """A registered player: ``id`` (unique, non-empty) and display ``name``."""

    id: str
    name: str


@dataclass(frozen=True)
class MatchRecord:
    """One match of one round.

    ``players``: ids in seat order; ``wins``: games won by each seat in seat
    order (``()`` = result not reported yet); ``draws``: drawn games;
    ``bye``: True for a bye, which has exactly one player and no games;
    ``loss``: True for an opponentless loss (one player, no games, lost);
    ``placements``: optional finishing place of each seat (1 = first), in
    seat order, competition-ranked (``[1, 1, 3, 4]``); ``()`` = derive the
    places from ``wins`` (``derived_placements``).
    """

    players: tuple[str, ...]
    wins: tuple[int, ...] = ()
    draws: int = 0
    bye: bool = False
    placements: tuple[int, ...] = ()
    loss: bool = False

    @property
    def reported(self) -> bool:
        """True when the result is known (a bye or an opponentless loss always is)."""
        return self.bye or self.loss or len(self.wins) == len(self.players)

    @property
    def opponentless(self) -> bool:
        """True for a match of one player with no opponent: a bye or an opponentless loss."""
        return self.bye or self.loss


@dataclass(frozen=True)
class RoundRecord:
    """A round: its ``number`` (positive), its matches, whether it is an elimination round and, for a
    Swiss round, its ``phase`` (1 = day 1; module docstring)."""

    number: int
    matches: tuple[MatchRecord, ...]
    elimination: bool = False
    phase: int = 1


#: The kinds of cut into a later phase: at least N match points, at most N losses ("X-N or better"), the top N.
CUT_KINDS = ("points", "record", "top")


@dataclass(frozen=True)
class Cut:
    """Who passes into a phase: ``kind`` one of ``CUT_KINDS`` and its number ``value`` (``record``: the most
    losses allowed, so ``Cut("record", 2)`` is "X-2 or better", JSON ``{"record": "x-2"}``)."""

    kind: str
    value: int

    def to_json(self) -> dict[str, Any]:
        """``{"points": 19}``, ``{"record": "x-2"}`` or ``{"top": 32}``."""
        return {"record": f"x-{self.value}"} if self.kind == "record" else {self.kind: self.value}


@dataclass(frozen=True)
class Phase:
    """One phase of the event: its planned Swiss ``rounds`` (None: not said) and the ``cut`` into it
    (None for phase 1)."""

    rounds: int | None = None
    cut: Cut | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"rounds": 5, "cut": {...}}`` (keys only when set)."""
        out: dict[str, Any] = {}
        if self.rounds is not None:
            out["rounds"] = self.rounds
        if self.cut is not None:
            out["cut"] = self.cut.to_json()
        return out


@dataclass(frozen=True)
class History:
    """Players (in seeding order), rounds (in increasing number), drops (id -> last round played)
    and the ids of disqualified players."""

    players: tuple[PlayerEntry, ...]
    rounds: tuple[RoundRecord, ...]
    drops: Mapping[str, int] = field(default_factory=dict)
    disqualified: tuple[str, ...] = ()
    phases: tuple[Phase, ...] = ()

    @property
    def phased(self) -> bool:
        """True when the event has a phase after the first (declared, or a round marked with it)."""
        return len(self.phases) > 1 or any(r.phase > 1 for r in self.rounds)

    def player_ids(self) -> list[str]:
        """Player ids in seeding order."""
        return [p.id for p in self.players]


class HistoryError(RulesError):
    """A history the user supplied is malformed.

    ``code`` names the problem, ``params`` holds the details (always ``field``:
    where in the input the problem is), ``str()`` says what to fix.
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(code, message, params)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _require(obj: Any, key: str, where: str) -> Any:
    if key not in obj:
        raise HistoryError("missing_field", f"{where}.{key} is missing; add it.", field=f"{where}.{key}")
    return obj[key]


def _non_negative_int(value: Any, where: str) -> int:
    if not _is_int(value) or value < 0:
        raise HistoryError(
            "bad_number",
            f"{where} must be a whole number of 0 or more, not {value!r}.",
            field=where,
            value=value,
        )
    return int(value)


def _parse_match(obj: Any, where: str) -> MatchRecord:
    if not isinstance(obj, dict):
        raise HistoryError("not_an_object", f"{where} must be a JSON object.", field=where)
    players = _require(obj, "players", where)
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise HistoryError(
            "bad_players", f"{where}.players must be a list of player ids.", field=f"{where}.players"
        )
    bye = obj.get("bye", False)
    if not isinstance(bye, bool):
        raise HistoryError("bad_bye", f"{where}.bye must be true or false.", field=f"{where}.bye")
    loss = obj.get("loss", False)
    if not isinstance(loss, bool):
        raise HistoryError("bad_loss", f"{where}.loss must be true or false.", field=f"{where}.loss")
    if bye and loss:
        raise HistoryError("bad_loss", f"{where} cannot be both a bye and a loss; keep one.", field=f"{where}.loss")
    if bye:
        return MatchRecord(players=tuple(players), bye=True)
    if loss:
        if obj.get("wins") or obj.get("placements") or obj.get("draws"):
            raise HistoryError("bad_loss", f"{where} is an opponentless loss: it has no games, wins or placements.",
                               field=f"{where}.loss")
        return MatchRecord(players=tuple(players), loss=True)
    wins_raw = obj.get("wins", [])
    if not isinstance(wins_raw, list):
        raise HistoryError(
            "bad_wins", f"{where}.wins must be a list of game wins, one per seat.", field=f"{where}.wins"
        )
    wins = tuple(_non_negative_int(w, f"{where}.wins[{i}]") for i, w in enumerate(wins_raw))
    draws = _non_negative_int(obj.get("draws", 0), f"{where}.draws")
    placements_raw = obj.get("placements", [])
    if placements_raw is None:
        placements_raw = []
    if not isinstance(placements_raw, list):
        raise HistoryError(
            "bad_placements",
            f"{where}.placements must be a list of finishing places (1 = first), one per seat.",
            field=f"{where}.placements",
        )
    placements = tuple(_non_negative_int(p, f"{where}.placements[{i}]") for i, p in enumerate(placements_raw))
    return MatchRecord(players=tuple(players), wins=wins, draws=draws, placements=placements)


def history_from_json(obj: Any) -> History:
    """Parse and validate the history JSON of ARCHITECTURE.md ("Stable command-line interface").

    ``obj`` is the decoded JSON (a dict).  ``elimination`` defaults to false,
    ``draws`` to 0, ``drops`` to ``{}``; a match without ``wins`` (or with
    ``[]``) is paired but not reported yet.  Raises ``HistoryError`` naming
    the bad field for anything malformed (see ``validate_history``).
    """
    if not isinstance(obj, dict):
        raise HistoryError("not_an_object", "The history must be a JSON object with 'players'.", field="$")
    players_raw = _require(obj, "players", "history")
    if not isinstance(players_raw, list):
        raise HistoryError("bad_players", "history.players must be a list.", field="history.players")
    players: list[PlayerEntry] = []
    for i, p in enumerate(players_raw):
        where = f"players[{i}]"
        if not isinstance(p, dict):
            raise HistoryError("not_an_object", f"{where} must be an object with 'id' and 'name'.", field=where)
        pid = _require(p, "id", where)
        name = p.get("name", pid)
        if not isinstance(pid, str) or not pid:
            raise HistoryError("bad_id", f"{where}.id must be a non-empty string.", field=f"{where}.id")
        if not isinstance(name, str):
            raise HistoryError("bad_name", f"{where}.name must be a string.", field=f"{where}.name")
        players.append(PlayerEntry(pid, name))

    rounds_raw = obj.get("rounds", [])
    if not isinstance(rounds_raw, list):
        raise HistoryError("bad_rounds", "history.rounds must be a list.", field="history.rounds")
    rounds: list[RoundRecord] = []
    for i, r in enumerate(rounds_raw):
        where = f"rounds[{i}]"
        if not isinstance(r, dict):
            raise HistoryError("not_an_object", f"{where} must be a JSON object.", field=where)
        number = _require(r, "number", where)
        if not _is_int(number) or number < 1:
            raise HistoryError(
                "bad_number", f"{where}.number must be a whole number of 1 or more.", field=f"{where}.number"
            )
        elimination = r.get("elimination", False)
        if not isinstance(elimination, bool):
            raise HistoryError(
                "bad_elimination", f"{where}.elimination must be true or false.", field=f"{where}.elimination"
            )
        matches_raw = _require(r, "matches", where)
        if not isinstance(matches_raw, list):
            raise HistoryError("bad_matches", f"{where}.matches must be a list.", field=f"{where}.matches")
        matches = tuple(_parse_match(m, f"{where}.matches[{j}]") for j, m in enumerate(matches_raw))
        phase = r.get("phase", 1)
        if not _is_int(phase) or phase < 1:
            raise HistoryError("bad_phase", f"{where}.phase must be a whole number of 1 or more.",
                               field=f"{where}.phase")
        rounds.append(RoundRecord(number=number, matches=matches, elimination=elimination, phase=phase))

    drops_raw = obj.get("drops", {})
    if drops_raw is None:
        drops_raw = {}
    if not isinstance(drops_raw, dict):
        raise HistoryError(
            "bad_drops", "history.drops must be an object of player id -> round number.", field="history.drops"
        )
    drops = {str(k): _non_negative_int(v, f"drops[{k!r}]") for k, v in drops_raw.items()}
    dq_raw = obj.get("disqualified", [])
    if dq_raw is None:
        dq_raw = []
    if not isinstance(dq_raw, list) or not all(isinstance(p, str) for p in dq_raw):
        raise HistoryError(
            "bad_disqualified",
            "history.disqualified must be a list of player ids.",
            field="history.disqualified",
        )
    phases = _parse_phases(obj.get("phases"))
    history = History(players=tuple(players), rounds=tuple(rounds), drops=drops, disqualified=tuple(dq_raw),
                      phases=phases)
    validate_history(history)
    return history


def _parse_cut(raw: Any, where: str) -> Cut:
    if not isinstance(raw, dict) or len(raw) != 1 or next(iter(raw)) not in CUT_KINDS:
        raise HistoryError("bad_cut", f"{where} must be one of {{\"points\": N}}, {{\"record\": \"x-N\"}} "
                           "or {\"top\": N}.", field=where)
    kind, value = next(iter(raw.items()))
    if kind == "record":
        text = value.strip().lower() if isinstance(value, str) else ""
        if not text.startswith("x-") or not text[2:].isdigit():
            raise HistoryError("bad_cut", f"{where}.record must read \"x-N\" (at most N losses), not {value!r}.",
                               field=f"{where}.record")
        return Cut("record", int(text[2:]))
    if not _is_int(value) or value < (1 if kind == "top" else 0):
        raise HistoryError("bad_cut", f"{where}.{kind} must be a whole number ({'1' if kind == 'top' else '0'} "
                           f"or more), not {value!r}.", field=f"{where}.{kind}")
    return Cut(kind, value)


def _parse_phases(raw: Any) -> tuple[Phase, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise HistoryError("bad_phases", "history.phases must be a list of phases.", field="history.phases")
    phases: list[Phase] = []
    for k, item in enumerate(raw):
        where = f"phases[{k}]"
        if not isinstance(item, dict):
            raise HistoryError("not_an_object", f"{where} must be a JSON object.", field=where)
        rounds = item.get("rounds")
        if rounds is not None and (not _is_int(rounds) or rounds < 1):
            raise HistoryError("bad_phases", f"{where}.rounds must be a whole number of 1 or more.",
                               field=f"{where}.rounds")
        cut = _parse_cut(item["cut"], f"{where}.cut") if item.get("cut") is not None else None
        phases.append(Phase(rounds=rounds, cut=cut))
    return tuple(phases)


def _check_phases(history: History) -> None:
    """Phase 1 has no cut, every later phase one; Swiss rounds' phases never go back and stay declared; a phase
    holds at most its planned rounds."""
    for k, phase in enumerate(history.phases):
        if (k == 0) != (phase.cut is None):
            why = "phase 1 has no cut" if k == 0 else f"phase {k + 1} needs the cut its players pass"
            raise HistoryError("bad_phases", f"phases[{k}]: {why}.", field=f"phases[{k}].cut")
    last = 1
    counts: dict[int, int] = {}
    for i, r in enumerate(history.rounds):
        if r.phase > 1 and r.phase > len(history.phases):
            raise HistoryError("unknown_phase", f"rounds[{i}] is in phase {r.phase}, which history.phases does not "
                               "declare; add the phase and its cut.", field=f"rounds[{i}].phase", phase=r.phase)
        if r.elimination:
            continue
        if r.phase < last:
            raise HistoryError("phase_order", f"rounds[{i}] is in phase {r.phase} after a round of phase {last}; "
                               "a phase's rounds come after the phase before.", field=f"rounds[{i}].phase")
        last = r.phase
        counts[r.phase] = counts.get(r.phase, 0) + 1
    for k, phase in enumerate(history.phases):
        if phase.rounds is not None and counts.get(k + 1, 0) > phase.rounds:
            raise HistoryError("phase_rounds", f"phase {k + 1} has {counts[k + 1]} rounds but phases[{k}].rounds "
                               f"plans {phase.rounds}.", field=f"phases[{k}].rounds")


def validate_history(history: History) -> None:
    """Check a ``History`` built in Python the same way ``history_from_json`` does.

    Raises ``HistoryError`` for: duplicate or empty player ids
    ("duplicate_player", "bad_id"); round numbers not strictly increasing
    ("round_order"); a match naming an unknown player ("unknown_player"); a
    player twice in one round ("player_twice"); a bye with other than one
    player ("bad_bye"); an opponentless loss with other than one player, with
    games, marked a bye too, or in an elimination round ("bad_loss"); a match with fewer than two players ("bad_players");
    ``wins`` not one per seat ("wins_length"); negative numbers
    ("bad_number"); drops naming an unknown player or a player who played
    after their drop ("unknown_player", "played_after_drop"); ``placements``
    on a bye, not one per seat, or not in competition form (each place = 1 +
    the number of seats placed strictly better) ("bad_placements");
    ``disqualified`` naming an unknown player or a player twice
    ("unknown_player", "duplicate_player"); phases: a cut on phase 1 or none on
    a later phase, a bad cut ("bad_phases", "bad_cut"), a round in an
    undeclared phase ("unknown_phase"), a Swiss round in an earlier phase than
    the round before ("phase_order"), more rounds than a phase plans
    ("phase_rounds").  Whether a later phase's players passed its cut is
    checked by ``rules.standings.phases`` (it needs the standings).
    """
    _check_phases(history)
    ids: set[str] = set()
    for i, p in enumerate(history.players):
        if not isinstance(p.id, str) or not p.id:
            raise HistoryError("bad_id", f"players[{i}].id must be a non-empty string.", field=f"players[{i}].id")
        if p.id in ids:
            raise HistoryError(
                "duplicate_player",
                f"players[{i}].id {p.id!r} appears twice; give every player a unique id.",
                field=f"players[{i}].id",
                player=p.id,
            )
        ids.add(p.id)
    last_round = 0
    last_played: dict[str, int] = {}
    for i, r in enumerate(history.rounds):
        where = f"rounds[{i}]"
        if not _is_int(r.number) or r.number < 1:
            raise HistoryError("bad_number", f"{where}.number must be 1 or more.", field=f"{where}.number")
        if r.number <= last_round:
            raise HistoryError(
                "round_order",
                f"{where}.number is {r.number} but the round before it is {last_round}; "
                "list rounds once each, in increasing order.",
                field=f"{where}.number",
            )
        last_round = r.number
        seen: set[str] = set()
        for j, m in enumerate(r.matches):
            mw = f"{where}.matches[{j}]"
            if m.loss:
                _check_loss(m, mw, r.elimination)
            elif m.bye:
                if len(m.players) != 1:
                    raise HistoryError(
                        "bad_bye", f"{mw} is a bye and must list exactly one player.", field=f"{mw}.players"
                    )
            elif len(m.players) < 2:
                raise HistoryError(
                    "bad_players",
                    f"{mw}.players must list at least two players (or mark the match as a bye).",
                    field=f"{mw}.players",
                )
            if m.wins and len(m.wins) != len(m.players):
                raise HistoryError(
                    "wins_length",
                    f"{mw}.wins has {len(m.wins)} numbers for {len(m.players)} players; give one per seat.",
                    field=f"{mw}.wins",
                )
            for k, w in enumerate(m.wins):
                if not _is_int(w) or w < 0:
                    raise HistoryError(
                        "bad_number", f"{mw}.wins[{k}] must be 0 or more.", field=f"{mw}.wins[{k}]"
                    )
            if not _is_int(m.draws) or m.draws < 0:
                raise HistoryError("bad_number", f"{mw}.draws must be 0 or more.", field=f"{mw}.draws")
            if m.placements:
                _check_placements(m, mw)
            for k, pid in enumerate(m.players):
                if pid not in ids:
                    raise HistoryError(
                        "unknown_player",
                        f"{mw}.players[{k}] is {pid!r}, which is not in the players list; add the player "
                        "or fix the id.",
                        field=f"{mw}.players[{k}]",
                        player=pid,
                    )
                if pid in seen:
                    raise HistoryError(
                        "player_twice",
                        f"Player {pid!r} appears twice in round {r.number} ({mw}); "
                        "a player plays one match per round.",
                        field=f"{mw}.players[{k}]",
                        player=pid,
                        round=r.number,
                    )
                seen.add(pid)
                last_played[pid] = r.number
    for pid, n in history.drops.items():
        where = f"drops[{pid!r}]"
        if pid not in ids:
            raise HistoryError(
                "unknown_player", f"{where} names a player who is not in the players list.", field=where, player=pid
            )
        if not _is_int(n) or n < 0:
            raise HistoryError("bad_number", f"{where} must be a round number of 0 or more.", field=where)
        if last_played.get(pid, 0) > n:
            raise HistoryError(
                "played_after_drop",
                f"Player {pid!r} dropped after round {n} but played in round {last_played[pid]}; "
                "fix the drop round.",
                field=where,
                player=pid,
            )
    seen_dq: set[str] = set()
    for k, pid in enumerate(history.disqualified):
        where = f"disqualified[{k}]"
        if pid not in ids:
            raise HistoryError(
                "unknown_player", f"{where} is {pid!r}, who is not in the players list.", field=where, player=pid
            )
        if pid in seen_dq:
            raise HistoryError(
                "duplicate_player", f"{where}: {pid!r} is listed as disqualified twice.", field=where, player=pid
            )
        seen_dq.add(pid)


def _check_loss(m: MatchRecord, where: str, elimination: bool) -> None:
    if len(m.players) != 1:
        raise HistoryError("bad_loss", f"{where} is an opponentless loss and must list exactly one player.",
                           field=f"{where}.players")
    if m.bye or m.wins or m.draws or m.placements:
        raise HistoryError("bad_loss", f"{where} is an opponentless loss: it has no games, wins or placements "
                           "and is not a bye.", field=f"{where}.loss")
    if elimination:
        raise HistoryError("bad_loss", f"{where} is an opponentless loss in an elimination round; an elimination "
                           "match needs an opponent (record it as a match the opponent won).", field=f"{where}.loss")


def _check_placements(m: MatchRecord, where: str) -> None:
    field_name = f"{where}.placements"
    if m.bye:
        raise HistoryError("bad_placements", f"{where} is a bye and cannot have placements.", field=field_name)
    if len(m.placements) != len(m.players):
        raise HistoryError(
            "bad_placements",
            f"{field_name} has {len(m.placements)} places for {len(m.players)} players; give one per seat.",
            field=field_name,
        )
    for k, place in enumerate(m.placements):
        if not _is_int(place) or place < 1:
            raise HistoryError("bad_placements", f"{field_name}[{k}] must be 1 or more.", field=f"{field_name}[{k}]")
        expected = 1 + sum(1 for other in m.placements if other < place)
        if place != expected:
            raise HistoryError(
                "bad_placements",
                f"{field_name} is {list(m.placements)}: place {place} should be {expected} (1 + the number of "
                "seats placed better; a shared first place is [1, 1, 3, 4]).",
                field=field_name,
            )


def derived_placements(match: MatchRecord) -> tuple[int, ...]:
    """Each seat's finishing place (1 = first), competition-ranked, in seat order.

    ``match.placements`` when given; otherwise derived from ``wins``: seats
    are placed by games won, most first, and seats with equal wins share the
    better place (wins ``[2, 0, 1, 1]`` -> places ``[1, 4, 2, 2]``; a shared
    win ``[1, 1, 0, 0]`` -> ``[1, 1, 3, 3]``; no game won by anyone
    ``[0, 0, 0]`` -> ``[1, 1, 1]``, a table where everyone shares first).
    ``()`` for a bye, an opponentless loss or an unreported match.
    """
    if match.opponentless or not match.reported:
        return ()
    if match.placements:
        return match.placements
    return tuple(1 + sum(1 for other in match.wins if other > mine) for mine in match.wins)


def history_to_json(history: History) -> dict[str, Any]:
    """The JSON form (ARCHITECTURE.md, "Stable command-line interface") of ``history``.

    ``history_from_json(history_to_json(h)) == h`` for every valid ``h``.
    """
    rounds: list[dict[str, Any]] = []
    for r in history.rounds:
        matches: list[dict[str, Any]] = []
        for m in r.matches:
            if m.bye:
                matches.append({"players": list(m.players), "bye": True})
            elif m.loss:
                matches.append({"players": list(m.players), "loss": True})
            else:
                match: dict[str, Any] = {"players": list(m.players), "wins": list(m.wins), "draws": m.draws}
                if m.placements:
                    match["placements"] = list(m.placements)
                matches.append(match)
        round_json: dict[str, Any] = {"number": r.number, "elimination": r.elimination, "matches": matches}
        if r.phase != 1:
            round_json["phase"] = r.phase
        rounds.append(round_json)
    out: dict[str, Any] = {
        "players": [{"id": p.id, "name": p.name} for p in history.players],
        "rounds": rounds,
        "drops": dict(history.drops),
    }
    if history.disqualified:
        out["disqualified"] = list(history.disqualified)
    if history.phases:
        out["phases"] = [phase.to_json() for phase in history.phases]
    return out
