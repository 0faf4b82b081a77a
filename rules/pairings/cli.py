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
``--third-place``, ``--table-size N`` (single elimination by multiplayer tables),
``--bracket-reset`` (double elimination), ``--double`` (double round robin),
``--pod-size N`` (pods, default 4).
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.history import History, HistoryError, history_from_json
from rules.pairings import Pairing, PairingError
from rules.pairings.double_elimination import pair_double_elimination
from rules.pairings.elimination import pair_table_elimination, random_seeds, top_cut_seeds
from rules.pairings.pods import pair_pods
from rules.pairings.round_robin import pair_round_robin
from rules.pairings.teams import expand_pairing, validate_roster
from rules.standings import compute_standings

__all__ = ["PairRequest", "add_pair_options", "bracket_seeds", "pair_other_system"]


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

    def finish(self, pairing: Pairing) -> Pairing:
        """Expand team ids to their members when the input had ``teams``."""
        return expand_pairing(pairing, self.teams) if self.teams else pairing


def add_pair_options(parser: argparse.ArgumentParser) -> None:
    """The optional flags of ``pair`` (module docstring)."""
    parser.add_argument("--allow-rematches", action="store_true",
                        help="swiss: pair with the fewest rematches when no rematch-free pairing exists")
    parser.add_argument("--top-cut", type=int, default=0, metavar="N",
                        help="elimination: seed the top N (4, 8, 16, 32) of the Swiss standings")
    parser.add_argument("--random-seeding", action="store_true",
                        help="elimination: seed the bracket at random from --seed")
    parser.add_argument("--third-place", action="store_true", help="single elimination: add a third-place match")
    parser.add_argument("--table-size", type=int, default=2, metavar="N",
                        help="single elimination by tables of N players (each table's winner advances)")
    parser.add_argument("--bracket-reset", action="store_true",
                        help="double elimination: replay the grand final if the losers' bracket champion wins")
    parser.add_argument("--double", action="store_true", help="round robin: two cycles")
    parser.add_argument("--pod-size", type=int, default=4, metavar="N", help="pods: players per pod (default 4)")


def bracket_seeds(args: argparse.Namespace, history: History, default: Sequence[str]) -> list[str]:
    """Seeds for an elimination system: ``--top-cut`` by Swiss rank, else ``default``; shuffled by ``--random-seeding``."""
    seeds = list(default)
    if getattr(args, "top_cut", 0):
        swiss = History(history.players, tuple(r for r in history.rounds if not r.elimination), history.drops)
        start = min((r.number for r in history.rounds if r.elimination),
                    default=max((r.number for r in history.rounds), default=0) + 1)
        ranked = [row.player for row in compute_standings(swiss)
                  if history.drops.get(row.player, start) >= start]
        seeds = top_cut_seeds(ranked, args.top_cut)
    if getattr(args, "random_seeding", False):
        seeds = random_seeds(seeds, random.Random(args.seed))
    return seeds


def pair_other_system(args: argparse.Namespace, request: PairRequest, default_seeds: Sequence[str]) -> Pairing:
    """Pair ``double-elimination``, ``round-robin``, ``pods`` or single elimination by tables.

    Raises ``PairingError`` as the system's function does.
    """
    history = request.history
    last = max((r.number for r in history.rounds), default=0)
    elimination = [r for r in history.rounds if r.elimination]
    if args.system == "double-elimination":
        pairing = pair_double_elimination(bracket_seeds(args, history, default_seeds), elimination,
                                          bracket_reset=args.bracket_reset)
        return Pairing(round=last + 1, tables=pairing.tables, byes=pairing.byes)
    if args.system == "single-elimination":
        pairing = pair_table_elimination(bracket_seeds(args, history, default_seeds), elimination,
                                         table_size=args.table_size)
        return Pairing(round=last + 1, tables=pairing.tables, byes=pairing.byes)
    if args.system == "round-robin":
        return pair_round_robin(history, double=args.double)
    if args.system == "pods":
        return pair_pods(history, random.Random(args.seed), pod_size=args.pod_size)
    raise PairingError("unknown_system", f"Unknown pairing system {args.system!r}.")
