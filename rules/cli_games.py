"""The ``standings``, ``pair``, ``tiebreakers`` and ``structures`` commands of ``python -m rules``.

Inputs, outputs and exit codes are the stable interface of
``../shared/design/ARCHITECTURE.md`` ("Stable command-line interface"):
the history JSON is read from standard input, results are printed as JSON on
standard output, and a malformed input or an unpairable round prints a message
on standard error and exits with status 2.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
from typing import Any

from rules.history import History, HistoryError, history_from_json
from rules.pairings.cli import PairRequest, add_pair_options, pair_settings
from rules.standings.placings import final_placings
from rules.structures import STRUCTURE_REGISTRY, Finished, StructureError, cli_systems, next_round
from rules.pairings import PairingError
from rules.standings import SYSTEMS as TIEBREAKER_SYSTEMS
from rules.standings import StandingsError, compute_phase_standings, compute_standings, get_system

__all__ = ["register", "SYSTEMS"]

#: The ``pair --system`` names of the built-in structures (the parser reads the registry when it is built:
#: ``rules.structures.cli_systems``, so a structure registered later is offered too).
SYSTEMS = cli_systems()


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


def _read_history() -> History:
    """Decode and validate the history on standard input (raises HistoryError)."""
    text = sys.stdin.read()
    try:
        obj: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        raise HistoryError("bad_json", f"Standard input is not valid JSON ({exc}); send the history JSON.") from exc
    return history_from_json(obj)


def _print_json(obj: Any) -> None:
    print(json.dumps(obj, ensure_ascii=False))


def _option_flags() -> dict[str, tuple[bool, str, list[str]]]:
    """Every option any registered system declares: name -> (is a list, its first description, systems using it)."""
    flags: dict[str, tuple[bool, str, list[str]]] = {}
    for system in TIEBREAKER_SYSTEMS.values():
        for option in system.options:
            many, description, users = flags.get(option.name, (False, option.description, []))
            flags[option.name] = (many or option.many, description, [*users, system.name])
    return flags


def cmd_standings(args: argparse.Namespace) -> int:
    """Print the standings of the history on stdin as a JSON array of rows; exit 0, or 2 on bad input.

    When the history has elimination rounds, each row also has ``"placing"`` and the rows come
    in placing order (``rules.standings.placings.final_placings``; ``rank`` keeps the Swiss rank).

    The system and its options come from the registry (``rules.standings.SYSTEMS``):
    every option a registered system declares is a flag ``--name-with-dashes``
    whose text is a number (``0.33``, ``1/3``) or, for a list option, a
    comma-separated list (``5,3,2,1``); the numbers reach ``compute_standings``
    as Fractions.  Exit 2 with a message on standard error for: malformed JSON or
    history, an unknown tiebreaker system (the message lists the valid names),
    an option the system does not use (the message says which it accepts), or a
    bad option value.
    """
    from fractions import Fraction

    try:
        get_system(args.tiebreakers)
    except StandingsError as exc:
        return _fail(str(exc))
    options: dict[str, Any] = {}
    for name, (many, _, _) in _option_flags().items():
        text = getattr(args, name, None)
        if text is None:
            continue
        flag = "--" + name.replace("_", "-")
        try:
            parts = [Fraction(part) for part in text.split(",")]
        except (ValueError, ZeroDivisionError):
            return _fail(f"{flag} must be a number such as 0.33 or 1/3 (a comma-separated list such as 5,3,2,1 "
                         f"for --placement-points), not {text!r}.")
        if not many and len(parts) != 1:
            return _fail(f"{flag} takes one number, not {text!r}.")
        options[name] = parts if many else parts[0]
    try:
        history = _read_history()
        rows = compute_standings(history, args.tiebreakers, **options)
    except (HistoryError, StandingsError) as exc:
        return _fail(str(exc))
    except UnicodeDecodeError as exc:
        return _fail(f"Standard input is not UTF-8 text ({exc}); send the history JSON in UTF-8.")
    if args.phase is not None:
        return _print_phase(history, args, options)
    out = [row.to_json() for row in rows]
    if history.phased:
        # Phases (rules.standings.phases): every row says the last phase its player reached.
        out = [{**row.to_json(), "phase": row.phase} for row in rows]
    if any(r.elimination for r in history.rounds) or history.phased:
        # ARCHITECTURE.md, standings: with elimination rounds (or phases) every row gains "placing", rows in
        # placing order.

        # Phases without a top cut: the overall rank (last phase first) is the placing.
        by_player = {row["player"]: row for row in out}
        if any(r.elimination for r in history.rounds):
            placed = [(p.player, p.placing) for p in final_placings(history, swiss_order=list(by_player))]
        else:
            placed = [(row["player"], row["rank"]) for row in out]
        out = [{**by_player[player], "placing": placing} for player, placing in placed]
    _print_json(out)
    return 0


def _print_phase(history: Any, args: argparse.Namespace, options: dict[str, Any]) -> int:
    """``standings --phase N``: phase N's standings (``rules.standings.phases``), its rows renumbered among the
    players who reached it, each with ``"advanced": true`` when the player passed the cut into phase N + 1."""
    try:
        phases = compute_phase_standings(history, args.tiebreakers, **options)
    except StandingsError as exc:
        return _fail(str(exc))
    if not 1 <= args.phase <= len(phases):
        return _fail(f"--phase must be between 1 and {len(phases)} (the phases of this history), not {args.phase}.")
    chosen = phases[args.phase - 1]
    advanced = set(chosen.advanced)
    out = []
    for row in chosen.rows:
        item = {**row.to_json(), "phase": chosen.phase}
        if args.phase < len(phases):
            item["advanced"] = row.player in advanced
        out.append(item)
    _print_json(out)
    return 0


def cmd_pair(args: argparse.Namespace) -> int:
    """Print the next round of the history on stdin as one JSON object; exit 0, or 2 when it cannot be paired.

    Systems and options: ``rules.pairings.cli`` (module docstring); the progression is
    ``rules.structures.next_round``.  A complete bracket or round robin exits 2 with the reason.
    """

    try:
        request = PairRequest.from_text(sys.stdin.read())
        result = next_round(pair_settings(args, request), request.history, random.Random(args.seed))
    except (HistoryError, PairingError, StandingsError, StructureError) as exc:
        return _fail(str(exc))
    if isinstance(result, Finished):
        return _fail(result.message)
    pairing = dataclasses.replace(result.pairing, seed=args.seed)
    out = pairing.to_json()
    if request.history.phased:
        out["phase"] = result.phase
    _print_json(out)
    return 0


def cmd_tiebreakers(args: argparse.Namespace) -> int:
    """Print one line per registered tiebreaker system: its name, a space, its one-line description."""
    for name, system in TIEBREAKER_SYSTEMS.items():
        print(f"{name} {system.description}")
    return 0


def cmd_structures(args: argparse.Namespace) -> int:
    """Print one line per registered structure (``rules.structures.STRUCTURE_REGISTRY``): its name, a space,
    its one-line description."""
    for name, spec in STRUCTURE_REGISTRY.items():
        print(f"{name} {spec.description}")
    return 0


def register(subparsers: Any) -> None:
    """Add ``standings``, ``pair``, ``tiebreakers`` and ``structures`` to the ``python -m rules`` sub-command
    parser (the ``pair --system`` choices are the registry's at that moment)."""
    standings = subparsers.add_parser("standings", help="standings of the history JSON on stdin")
    standings.add_argument("--tiebreakers", default="mtg", help="tiebreaker system (see `tiebreakers`)")
    for name, (many, description, users) in _option_flags().items():
        example = "e.g. 5,3,2,1" if many else "e.g. 0.33 or 1/3"
        standings.add_argument("--" + name.replace("_", "-"), dest=name,
                               help=f"{', '.join(users)}: {description} ({example})")
    standings.add_argument("--phase", type=int, default=None,
                           help="print this phase's standings (an event run in phases: 1 = day 1)")
    standings.set_defaults(func=cmd_standings)

    pair = subparsers.add_parser("pair", help="pair the next round of the history JSON on stdin")
    pair.add_argument("--system", required=True, choices=cli_systems(),
                      help="pairing system: a structure of `structures` (its command-line name)")
    pair.add_argument("--seed", type=int, default=0, help="random seed (default 0)")

    add_pair_options(pair)
    pair.set_defaults(func=cmd_pair)

    tiebreakers = subparsers.add_parser("tiebreakers", help="list the tiebreaker systems")
    tiebreakers.set_defaults(func=cmd_tiebreakers)

    structures = subparsers.add_parser("structures", help="list the tournament structures")
    structures.set_defaults(func=cmd_structures)
