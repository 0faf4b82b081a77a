"""Helpers for ``python -m rules pair`` (``rules.cli_games.cmd_pair``).

The stable interface is ARCHITECTURE.md, "Stable command-line interface": the
history JSON on standard input, one JSON object ``{"round", "pairings", "byes"}``
on standard output, exit status 2 with a message when the round cannot be paired.

Optional, backward-compatible input keys read by ``pair`` only (other commands
ignore them):

``"forbidden": [[id, id], ...]``
    pairs that must never meet (Swiss);
``"awarded_byes": {id: [round, ...]}``
    byes granted at registration (Swiss);
``"teams": {team_id: [member_id, ...]}``
    the history's players are team ids; the output seats the members, team
    after team (``rules.pairings.teams``).

Options (all optional; the defaults keep the earlier behaviour):
``--allow-rematches`` (Swiss: use the fewest rematches instead of exiting 2 when
no rematch-free pairing exists), ``--top-cut N`` (elimination systems: seed the
top N of the Swiss standings, N in 4, 8, 16, 32), ``--random-seeding``,
``--third-place``, ``--random-draw`` (single elimination with a new random draw among
the players still in every round, from ``--seed``, without ``--top-cut``, ``--third-place``
or ``--random-seeding``: spell-battle-rules.txt, "8. Tournaments"), ``--table-size N``
(single elimination by multiplayer tables of 3 to 6; 2, the default, is duels),
``--bracket-reset`` (double elimination), ``--double`` (double round robin),
``--pod-size N`` (pods, 3 to 6, default 4), ``--fixed-table-size`` (pods: every pod
seats exactly N players and those left over get byes, spell-battle-rules.txt,
"8. Tournaments": table sizes "decided ahead of time"), ``--tiebreakers NAME`` (the system of
``python -m rules tiebreakers`` that ranks the Swiss rounds for ``--top-cut``;
default mtg).

The progression itself (which round comes next, or that the event is over) is
``rules.structures.next_round``, the same function the Django app calls;
``pair_settings`` turns the command line into its ``StructureSettings``.  The
``--system`` names are the ``cli_name`` of the registered structures
(``rules.structures.STRUCTURE_REGISTRY``, listed by ``python -m rules structures``).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from typing import Any

from rules.history import History, HistoryError, history_from_json
from rules.pairings import PairingError
from rules.pairings.teams import validate_roster
from rules.structures import ForbiddenPair, StructureError, StructureSettings, structure_for_cli

__all__ = ["PairRequest", "add_pair_options", "pair_settings"]


@dataclass(frozen=True)
class PairRequest:
    """The decoded standard input of ``pair``: the history and the optional pairing keys."""

    history: History
    forbidden: tuple[frozenset[str], ...] = ()
    awarded_byes: dict[str, set[int]] | None = None
    teams: dict[str, list[str]] | None = None

    @classmethod
    def from_text(cls, text: str) -> PairRequest:
        """Parse the JSON text; raises ``HistoryError`` (bad JSON, bad history or bad optional keys)."""
        try:
            obj: Any = json.loads(text)
        except json.JSONDecodeError as exc:
            raise HistoryError(
                "bad_json", f"Standard input is not valid JSON ({exc}); send the history JSON."
            ) from exc
        history = history_from_json(obj)
        ids = set(history.player_ids())
        forbidden: list[frozenset[str]] = []
        for k, pair in enumerate(obj.get("forbidden") or []):
            if (not isinstance(pair, list) or len(pair) != 2 or not all(isinstance(p, str) for p in pair)
                    or pair[0] == pair[1]):
                raise HistoryError("bad_forbidden", f"forbidden[{k}] must be a list of two different player ids.",
                                   field=f"forbidden[{k}]")
            unknown = [p for p in pair if p not in ids]
            if unknown:
                raise HistoryError("unknown_player", f"forbidden[{k}] names {unknown[0]!r}, who is not in the "
                                   "players list; fix the id.", field=f"forbidden[{k}]")
            forbidden.append(frozenset(pair))
        awarded_raw = obj.get("awarded_byes") or {}
        if not isinstance(awarded_raw, dict) or not all(
            isinstance(v, list) and all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in v)
            for v in awarded_raw.values()
        ):
            raise HistoryError("bad_awarded_byes", "awarded_byes must map player ids to lists of round numbers "
                               "(1 or more).", field="awarded_byes")
        for p in awarded_raw:
            if p not in ids:
                raise HistoryError("unknown_player", f"awarded_byes names {p!r}, who is not in the players list.",
                                   field="awarded_byes")
        teams_raw = obj.get("teams")
        teams: dict[str, list[str]] | None = None
        if teams_raw is not None:
            if not isinstance(teams_raw, dict) or not all(
                isinstance(v, list) and all(isinstance(m, str) for m in v) for v in teams_raw.values()
            ):
                raise HistoryError("bad_teams", "teams must map team ids to lists of member ids.", field="teams")
            teams = {str(k): list(v) for k, v in teams_raw.items()}
            try:
                validate_roster(teams)
            except PairingError as exc:
                raise HistoryError("bad_teams", str(exc), field="teams") from exc
            missing = [t for t in ids if t not in teams]
            if missing:
                raise HistoryError("bad_teams", f"Team {missing[0]!r} is a player of the history but has no "
                                   "members in teams; list its members.", field="teams")
        return cls(
            history=history,
            forbidden=tuple(forbidden),
            awarded_byes={p: set(v) for p, v in awarded_raw.items()} or None,
            teams=teams,
        )


def add_pair_options(parser: argparse.ArgumentParser) -> None:
    """The optional flags of ``pair`` (module docstring)."""
    parser.add_argument("--allow-rematches", action="store_true",
                        help="swiss: pair with the fewest rematches when no rematch-free pairing exists")
    parser.add_argument("--top-cut", type=int, default=0, metavar="N",
                        help="elimination: seed the top N (4, 8, 16, 32) of the Swiss standings")
    parser.add_argument("--random-seeding", action="store_true",
                        help="elimination: seed the bracket at random from --seed")
    parser.add_argument("--third-place", action="store_true", help="single elimination: add a third-place match")
    parser.add_argument("--random-draw", action="store_true",
                        help="single elimination: no fixed bracket, a new random draw among the players still in "
                             "every round, from --seed (the Spell Battle rules; an odd player out gets a bye)")
    parser.add_argument("--table-size", type=int, default=2, metavar="N",
                        help="single elimination by tables of N players (each table's winner advances)")
    parser.add_argument("--bracket-reset", action="store_true",
                        help="double elimination: replay the grand final if the losers' bracket champion wins")
    parser.add_argument("--double", action="store_true", help="round robin: two cycles")
    parser.add_argument("--pod-size", type=int, default=4, metavar="N", help="pods: players per pod (default 4)")
    parser.add_argument("--fixed-table-size", action="store_true",
                        help="pods: every pod seats exactly --pod-size players and those left over get byes "
                             "(table sizes decided ahead of time: the Spell Battle rules, 8. Tournaments), "
                             "instead of pods of N and N-1")
    parser.add_argument("--tiebreakers", default="mtg", metavar="NAME",
                        help="elimination --top-cut: the tiebreaker system that ranks the Swiss rounds (default mtg)")


_FLAG_OF = {"top_cut": "--top-cut", "table_size": "--table-size", "tiebreakers": "--tiebreakers",
            "random_draw_each_round": "--random-draw", "random_seeding": "--random-seeding",
            "third_place_match": "--third-place", "fixed_table_size": "--fixed-table-size"}


def pair_settings(args: argparse.Namespace, request: PairRequest) -> StructureSettings:
    """The ``rules.structures.StructureSettings`` of a ``pair`` command line and its input keys.

    ``--system NAME`` is the registered structure whose ``cli_name`` is NAME
    (``rules.structures.structure_for_cli``): ``single-elimination`` is ``single_elimination``
    with ``--table-size 2`` (the default) and ``table_elimination`` otherwise.  A multiplayer
    structure takes its ``table_size`` from its ``cli_size_flag`` (``--pod-size`` for pods,
    ``--table-size``), any other 4 (unused).  Structures with a Swiss phase have no round limit
    (``swiss_rounds=None``: one more round whenever asked) and no cut; ``--top-cut`` and
    ``--random-seeding`` apply to the brackets (seeds drawn from ``--seed``); ``--tiebreakers``
    (default mtg) ranks the Swiss rounds of the history for a top cut.  Raises
    ``StructureError`` (the message names the flag).
    """
    spec = structure_for_cli(args.system, args.table_size)
    size_flag = spec.cli_size_flag if spec.multiplayer else None
    table_size = getattr(args, size_flag[2:].replace("-", "_")) if size_flag else 4
    try:
        return StructureSettings(
            structure=spec.name,
            swiss_rounds=None,
            top_cut=args.top_cut if spec.bracket else 0,
            third_place_match=args.third_place,
            random_seeding=args.random_seeding and spec.bracket,
            seed_draw=args.seed,
            random_draw_each_round=getattr(args, "random_draw", False),
            bracket_reset=args.bracket_reset,
            double_round_robin=args.double,
            table_size=table_size,
            fixed_table_size=getattr(args, "fixed_table_size", False),
            teams={t: tuple(m) for t, m in request.teams.items()} if request.teams else None,
            forbidden=tuple(ForbiddenPair(min(pair), max(pair)) for pair in request.forbidden),
            awarded_byes={p: frozenset(r) for p, r in (request.awarded_byes or {}).items()},
            allow_rematches=args.allow_rematches,
            tiebreakers=args.tiebreakers,
        )
    except StructureError as exc:
        name = exc.params.get("field", "")
        flag = size_flag if name == "table_size" and size_flag else _FLAG_OF.get(name)
        if flag is None:
            raise
        raise StructureError(exc.code, f"{flag}: {exc.message}", **exc.params) from exc
