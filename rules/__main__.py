"""Command line: ``python -m rules <command>``.

The commands and their inputs, outputs and exit codes are the stable interface
of ``../shared/design/ARCHITECTURE.md`` ("Stable command-line interface"):

* ``validate-deck --format FORMAT [--cards DIR] [--pool POOLS.json --player N] FILE...`` (exit 0 legal,
  1 illegal, 2 unreadable); with ``--pool`` each deck is also checked against player N's pool (``not_in_pool``)
* ``pool sealed|draft|off-the-top --players N --seed S [--sets CODES] [--from FILE]`` prints limited pools
  as JSON (``rules.cli_limited``)
* ``formats`` lists the built-in deck formats
* ``standings [--tiebreakers NAME] < history.json``
* ``pair --system SYSTEM [--seed N] < history.json`` (exit 2 when the round cannot be paired)
* ``tiebreakers`` lists the tiebreaker systems
* ``structures`` lists the tournament structures (``rules.structures.STRUCTURE_REGISTRY``), one a line:
  the name, a space, a short description
"""

from __future__ import annotations

import argparse
import sys

from rules import cli_decks, cli_games, cli_limited


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m rules", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    cli_decks.register(commands)
    cli_games.register(commands)
    cli_limited.register(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
