"""Decks checked per second over the real CrossFire sample decks, for each built-in format.

Prints one JSON object per format: decks in the sample set of that size, and per-deck time
parsing included (read_decklist + check_deck) and excluded (check_deck only), as the median
of several passes.  Each size is measured against the built-in format and against the
CrossFire .cff format of that size (which adds rarity, world, set, digit and chase limits). Usage: ``.venv/bin/python bench/legality.py [--passes N]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.cards import Catalogue, default_cards_dir  # noqa: E402
from rules.decklists import read_decklist  # noqa: E402
from rules.formats import DeckFormat, get_format, read_cff  # noqa: E402
from rules.legality import check_deck  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--passes", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=200, help="checks per deck in each pass")
    args = parser.parse_args()
    cards_dir = default_cards_dir()
    started = time.perf_counter()
    catalogue = Catalogue.load(cards_dir)
    load_s = time.perf_counter() - started
    print(json.dumps({"catalogue_cards": len(catalogue), "catalogue_load_s": round(load_s, 4)}))
    formats_dir = cards_dir / "formats" / "crossfire"
    for size in ("55", "75", "110"):
        raw = [p.read_bytes() for p in sorted((cards_dir / "decks" / "crossfire" / f"{size} Card").rglob("*.cfd"))]
        cff = formats_dir / f"{size} Card" / f"{size}.cff"
        for label, fmt in ((size, get_format(size)),
                           (f"{size}.cff", read_cff(cff.read_bytes(), catalogue, filename=cff.name))):
            measure(label, fmt, raw, catalogue, args.passes, args.repeat)


def measure(label: str, fmt: DeckFormat, raw: list[bytes], catalogue: Catalogue, passes: int, repeat: int) -> None:
    """Print the median per-deck time of ``passes`` runs over ``raw``, parsing included and excluded."""
    decks = [read_decklist(data, catalogue) for data in raw]
    with_parse, check_only = [], []
    for _ in range(passes):
        t0 = time.perf_counter()
        for _ in range(repeat):
            for data in raw:
                check_deck(read_decklist(data, catalogue), fmt)
        with_parse.append((time.perf_counter() - t0) / (repeat * len(raw)))
        t0 = time.perf_counter()
        for _ in range(repeat):
            for deck in decks:
                check_deck(deck, fmt)
        check_only.append((time.perf_counter() - t0) / (repeat * len(decks)))
    per_parse, per_check = statistics.median(with_parse), statistics.median(check_only)
    print(json.dumps({
        "format": label, "decks": len(raw),
        "parse_and_check_ms_per_deck": round(per_parse * 1000, 4),
        "parse_and_check_decks_per_s": round(1 / per_parse),
        "check_only_ms_per_deck": round(per_check * 1000, 4),
        "check_only_decks_per_s": round(1 / per_check),
    }))

if __name__ == "__main__":
    main()
