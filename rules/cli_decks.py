"""Deck commands of ``python -m rules``: ``validate-deck`` and ``formats``.

Terms: a **deck file** is a CrossFire ``.cfd`` or plain-text decklist (see
``rules.decklists``); a **format** is a built-in deck format id ("55", "75",
"110", see ``rules.formats``).  The output shapes and exit codes are the stable
interface in ../shared/design/ARCHITECTURE.md, "Stable command-line interface".
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rules.cards import Card, Catalogue, load_default
from rules.decklists import DecklistError, read_decklist
from rules.formats import BUILTIN_FORMATS, FormatError, UnknownFormat, load_format
from rules.legality import check_deck
from rules.limited import PoolError, pool_for_player, resolve_pool

__all__ = ["EXIT_ILLEGAL", "EXIT_LEGAL", "EXIT_UNREADABLE", "cmd_formats", "cmd_validate_deck", "register"]

EXIT_LEGAL = 0
EXIT_ILLEGAL = 1
EXIT_UNREADABLE = 2


def register(subparsers: Any) -> None:
    """Add the ``validate-deck`` and ``formats`` subcommands to an argparse subparsers object.

    Each subparser sets ``func`` to a callable taking the parsed args and returning
    the exit code.  Source: ../shared/design/ARCHITECTURE.md, Stable command-line
    interface.
    """
    validate = subparsers.add_parser(
        "validate-deck",
        help="check deck files against a deck format",
        description="Check each deck file and print one JSON object per deck. "
        "Exit 0 when all are legal, 1 when any is illegal, 2 when a file cannot be read.",
    )
    validate.add_argument("--format", required=True, dest="format_id", metavar="FORMAT",
                          help="built-in format id (see the 'formats' command) or the path of a CrossFire .cff file")
    validate.add_argument("--cards", type=Path, default=None, metavar="DIR",
                          help="card catalogue directory (default ../shared/cards)")
    validate.add_argument("--pool", type=Path, default=None, metavar="POOLS.json",
                          help="a limited event's pools (as 'pool' prints them): check each deck against one")
    validate.add_argument("--player", type=int, default=None, metavar="N",
                          help="whose pool in --pool the decks are checked against")
    validate.add_argument("files", nargs="+", metavar="FILE", help=".cfd, .dek or plain-text decklist")
    validate.set_defaults(func=cmd_validate_deck)

    formats = subparsers.add_parser("formats", help="list the built-in deck formats")
    formats.set_defaults(func=cmd_formats)


def cmd_formats(args: argparse.Namespace) -> int:
    """Print one line per built-in format: the id, a space, a short description; return 0."""
    for format_id, fmt in BUILTIN_FORMATS.items():
        print(f"{format_id} {fmt.describe()}")
    return EXIT_LEGAL


def cmd_validate_deck(args: argparse.Namespace) -> int:
    """Validate every file in ``args.files`` against ``args.format_id``; return the exit code.

    Prints per deck ``{"file", "format", "legal", "cards", "champion_levels",
    "violations": [{"code", "message", "cards", "rule"}]}`` as one JSON line on stdout,
    plus ``"warnings"`` (the same shape as violations) only when the deck has any (they
    never make a deck illegal; the documented shape is unchanged otherwise).
    ``args.format_id`` is a built-in id or a CrossFire ``.cff`` path (read with
    ``rules.formats.read_cff``).  With ``args.pool`` (a pools JSON file as ``python -m rules
    pool`` prints it) and ``args.player`` each deck is also checked against that player's
    pool: a card the pool does not hold, or more copies than it holds, is a ``not_in_pool``
    violation (``rules.legality.check_pool``; spell-battle-rules.txt, 6 and 8).  Returns 2
    (message on stderr) for an unknown or unusable format, an unloadable catalogue, an
    unusable pool file or any file that cannot be read (other files are still processed),
    else 1 when any deck is illegal, else 0.
    """
    try:
        catalogue: Catalogue = load_default(args.cards)
    except (OSError, ValueError, KeyError) as error:
        print(f"validate-deck: cannot load the card catalogue: {error}", file=sys.stderr)
        return EXIT_UNREADABLE
    try:
        fmt = load_format(args.format_id, catalogue)
    except (UnknownFormat, FormatError) as error:
        print(f"validate-deck: {error}", file=sys.stderr)
        return EXIT_UNREADABLE
    except OSError as error:
        print(f"validate-deck: cannot read the format file: {error.strerror or error}", file=sys.stderr)
        return EXIT_UNREADABLE
    pool: list[Card] | None = None
    if args.pool is not None or args.player is not None:
        try:
            pool = _read_pool(args.pool, args.player, catalogue)
        except PoolError as error:
            print(f"validate-deck: {error}", file=sys.stderr)
            return EXIT_UNREADABLE
    status = EXIT_LEGAL
    for name in args.files:
        path = Path(name)
        try:
            data = path.read_bytes()
        except OSError as error:
            print(f"{name}: cannot read the file: {error.strerror or error}", file=sys.stderr)
            status = EXIT_UNREADABLE
            continue
        try:
            decklist = read_decklist(data, catalogue, filename=path.name)
        except DecklistError as error:
            print(f"{name}: {error}", file=sys.stderr)
            status = EXIT_UNREADABLE
            continue
        verdict = check_deck(decklist, fmt, pool=pool)
        row: dict[str, Any] = {
            "file": name,
            "format": fmt.id,
            "legal": verdict.legal,
            "cards": verdict.total_cards,
            "champion_levels": verdict.champion_levels,
            "violations": [
                {"code": v.code, "message": v.message, "cards": list(v.cards), "rule": v.rule}
                for v in verdict.violations
            ],
        }
        if verdict.warnings:
            row["warnings"] = [
                {"code": w.code, "message": w.message, "cards": list(w.cards), "rule": w.rule}
                for w in verdict.warnings
            ]
        print(json.dumps(row, ensure_ascii=False))
        if not verdict.legal and status == EXIT_LEGAL:
            status = EXIT_ILLEGAL
    return status


def _read_pool(path: Path | None, player: int | None, catalogue: Catalogue) -> list[Card]:
    """Player ``player``'s pool from the pools file ``path``; raises PoolError (both are needed, the file must be
    readable JSON holding that player's pool of known card keys)."""
    if path is None or player is None:
        raise PoolError("bad_pool_file", "--pool and --player go together.", {"problem": "missing option"})
    try:
        data = json.loads(path.read_bytes())
    except OSError as error:
        raise PoolError("bad_pool_file", f"cannot read the pool file: {error.strerror or error}",
                        {"problem": "unreadable"}) from error
    except ValueError as error:
        raise PoolError("bad_pool_file", f"the pool file is not JSON: {error}", {"problem": "not JSON"}) from error
    return resolve_pool(pool_for_player(data, player), catalogue)
