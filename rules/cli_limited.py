"""Limited commands of ``python -m rules``: ``pool sealed|draft|off-the-top``.

Terms as in ``rules.limited`` (pool, pack, source).  The output shapes are the stable interface issue 23
states:

* ``pool sealed --players N --seed S [--sets CODES] [--from FILE]`` prints
  ``{"kind": "sealed", "seed": S, "pools": [{"player": 1, "cards": ["4th/12", ...]}, ...], "source": {...}}``;
* ``pool draft ...`` prints ``{"kind": "draft", "seed": S, "pools": [{"player": 1, "packs": [[15 keys] x 3]}]}``;
* ``pool off-the-top --players N --seed S`` prints one shared pool per table:
  ``{"kind": "off-the-top", "seed": S, "pools": [{"table": 1, "players": [1, 2], "cards": [100 keys]}]}``.

``source`` says where the cards came from: ``{"sets": [codes], "compositions": [PackComposition.to_dict()]}``
or ``{"file": name, "cards": count}``.  Exit 0, or 2 (message on stderr) when the pools cannot be made or the
card list cannot be read.  ``validate-deck --pool POOLS.json --player N`` (``rules.cli_decks``) reads this
output (a sealed pool, or any ``{"player": N, "cards": [...]}`` entry: a drafted pool).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from rules.cards import Catalogue, load_default
from rules.decklists import DecklistError, read_decklist
from rules.limited import (
    DEFAULT_SETS,
    DRAFT_PACKS,
    OFF_THE_TOP_PER_PLAYER,
    PACK_SIZE,
    SEALED_PACKS,
    CatalogueSource,
    ListSource,
    PoolError,
    draft_pools,
    off_the_top_pools,
    sealed_pools,
)

__all__ = ["EXIT_OK", "EXIT_UNUSABLE", "cmd_pool", "register"]

EXIT_OK = 0
EXIT_UNUSABLE = 2
KINDS = ("sealed", "draft", "off-the-top")


def register(subparsers: Any) -> None:
    """Add the ``pool`` subcommand (its kinds ``sealed``, ``draft``, ``off-the-top``) to an argparse subparsers
    object; each sets ``func`` to :func:`cmd_pool`.  Source: issue 23, "Command line"."""
    pool = subparsers.add_parser("pool", help="make limited pools (sealed, draft, off-the-top) from a seed")
    kinds = pool.add_subparsers(dest="kind", required=True)
    for kind in KINDS:
        parser = kinds.add_parser(kind, help=f"{kind} pools as JSON")
        parser.add_argument("--players", type=int, required=True, metavar="N")
        parser.add_argument(
            "--seed", type=int, required=True, metavar="S", help="the same seed gives the same pools"
        )
        parser.add_argument(
            "--sets",
            default=",".join(DEFAULT_SETS),
            metavar="CODES",
            help="comma-separated set codes the packs come from, in rotation (default %(default)s)",
        )
        parser.add_argument(
            "--from",
            dest="from_file",
            type=Path,
            default=None,
            metavar="FILE",
            help="deal from the organiser's own card list (text, .cfd or .dek) instead",
        )
        parser.add_argument("--pack-size", type=int, default=PACK_SIZE, metavar="N")
        parser.add_argument(
            "--cards",
            type=Path,
            default=None,
            metavar="DIR",
            help="card catalogue directory (default ../shared/cards)",
        )
        if kind == "off-the-top":
            parser.add_argument("--table-size", type=int, default=2, metavar="N")
            parser.add_argument("--cards-per-player", type=int, default=OFF_THE_TOP_PER_PLAYER, metavar="N")
        else:
            parser.add_argument(
                "--packs",
                type=int,
                default=SEALED_PACKS if kind == "sealed" else DRAFT_PACKS,
                metavar="N",
                help="packs per player (default %(default)s)",
            )
        parser.set_defaults(func=cmd_pool)


def cmd_pool(args: argparse.Namespace) -> int:
    """Make ``args.kind`` pools and print them as one JSON object (shapes in the module docstring); return 0,
    or 2 with a message on stderr when the catalogue, the card list or the request cannot be used."""
    try:
        catalogue: Catalogue = load_default(args.cards)
    except (OSError, ValueError, KeyError) as error:
        print(f"pool: cannot load the card catalogue: {error}", file=sys.stderr)
        return EXIT_UNUSABLE
    rng = random.Random(args.seed)
    try:
        source: CatalogueSource | ListSource
        if args.from_file is not None:
            decklist = read_decklist(args.from_file.read_bytes(), catalogue, filename=args.from_file.name)
            source = ListSource.from_decklist(decklist, rng, pack_size=args.pack_size)
            described: dict[str, Any] = {"file": args.from_file.name, "cards": len(decklist.cards)}
        else:
            sets = [code.strip() for code in args.sets.split(",") if code.strip()]
            source = CatalogueSource(catalogue, sets, pack_size=args.pack_size)
            described = {
                "sets": list(source.sets),
                "compositions": [c.to_dict() for c in source.compositions.values()],
            }
        pools = _pools(args, source, rng)
    except OSError as error:
        print(f"pool: cannot read the card list: {error.strerror or error}", file=sys.stderr)
        return EXIT_UNUSABLE
    except (PoolError, DecklistError) as error:
        print(f"pool: {error}", file=sys.stderr)
        return EXIT_UNUSABLE
    print(json.dumps({"kind": args.kind, "seed": args.seed, "pools": pools, "source": described}))
    return EXIT_OK


def _pools(
    args: argparse.Namespace, source: CatalogueSource | ListSource, rng: random.Random
) -> list[dict[str, Any]]:
    if args.kind == "sealed":
        return [
            {"player": number, "cards": cards}
            for number, cards in enumerate(
                sealed_pools(source, rng, players=args.players, packs=args.packs), 1
            )
        ]
    if args.kind == "draft":
        return [
            {"player": number, "packs": packs}
            for number, packs in enumerate(
                draft_pools(source, rng, players=args.players, packs=args.packs), 1
            )
        ]
    tables = off_the_top_pools(
        source, rng, players=args.players, table_size=args.table_size, per_player=args.cards_per_player
    )
    return [
        {
            "table": number,
            "players": list(
                range((number - 1) * args.table_size + 1, min(number * args.table_size, args.players) + 1)
            ),
            "cards": cards,
        }
        for number, cards in enumerate(tables, 1)
    ]
