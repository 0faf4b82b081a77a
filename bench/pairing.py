"""Time to pair the next round: Swiss (certified sparse matching) against a complete-graph reference, and pods.

For each size (64, 256, 1,024 and 4,096 players by default) it plays 5 rounds of random
history (Swiss rounds paired by ``pair_swiss``, random results including draws), then
prints one JSON object with:

* ``swiss_pair_s``: the whole ``pair_swiss`` call for the next round (standings, graph,
  matching, certificate), median of ``--passes``; ``swiss_method``: which graph gave the
  answer (PAIRINGS.md §6.3; ``rules/pairings/swiss.py`` docstring);
* ``reference_s``: ``rustworkx.max_weight_matching`` over the *complete* graph of allowed
  pairs on the same instance (solve only; ``reference_build_s`` the Python edge build), up to
  ``--reference-max`` players; ``swiss_objective`` / ``reference_objective``: both objective
  values (field totals, lower is better) and ``same_objective`` whether the packed values are
  equal;
* ``pods_pair_s``: ``pair_pods`` (pods of 4) after 5 rounds of random pod results, median.

Usage: ``.venv/bin/python bench/pairing.py [--sizes 64 256 1024 4096] [--passes 3]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.history import History, MatchRecord, PlayerEntry, RoundRecord  # noqa: E402
from rules.pairings.pods import pair_pods  # noqa: E402
from rules.pairings.swiss import (  # noqa: E402
    _complete_edges,
    _to_pairing,
    build_swiss_problem,
    objective,
    pair_swiss,
    solve_matching,
)


def swiss_history(n: int, rounds: int, rng: random.Random) -> History:
    h = History(tuple(PlayerEntry(f"p{i}", f"P{i}") for i in range(n)), ())
    for _ in range(rounds):
        p = pair_swiss(h, rng)
        matches = [MatchRecord(t.players, rng.choice([(2, 0), (0, 2), (2, 1), (1, 2), (1, 1)])) for t in p.tables]
        matches += [MatchRecord((b,), bye=True) for b in p.byes]
        h = History(h.players, (*h.rounds, RoundRecord(p.round, tuple(matches))))
    return h


def pods_history(n: int, rounds: int, rng: random.Random) -> History:
    h = History(tuple(PlayerEntry(f"p{i}", f"P{i}") for i in range(n)), ())
    for _ in range(rounds):
        p = pair_pods(h, rng)
        matches = []
        for t in p.tables:
            w = rng.randrange(len(t.players))
            matches.append(MatchRecord(t.players, tuple(1 if k == w else 0 for k in range(len(t.players)))))
        matches += [MatchRecord((b,), bye=True) for b in p.byes]
        h = History(h.players, (*h.rounds, RoundRecord(p.round, tuple(matches))))
    return h


def timed(fn, passes: int):
    times, result = [], None
    for _ in range(passes):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[64, 256, 1024, 4096])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--reference-max", type=int, default=1024)
    args = parser.parse_args()
    for n in args.sizes:
        rng = random.Random(n)
        h = swiss_history(n, args.rounds, rng)
        swiss_s, pairing = timed(lambda h=h: pair_swiss(h, random.Random(7)), args.passes)
        problem = build_swiss_problem(h, random.Random(7))
        swiss_obj = objective(problem, pairing)
        row = {
            "players": n,
            "history_rounds": args.rounds,
            "swiss_pair_s": round(swiss_s, 4),
            "swiss_method": pairing.notes[0] if pairing.notes else "",
            "swiss_objective": swiss_obj,
        }
        if n <= args.reference_max:
            start = time.perf_counter()
            edges = _complete_edges(problem, rematches=False)
            build_s = time.perf_counter() - start
            start = time.perf_counter()
            matching = solve_matching(len(problem.vertices), edges)
            ref_s = time.perf_counter() - start
            ref_obj = objective(problem, _to_pairing(problem, matching))
            row.update({
                "reference_edges": len(edges),
                "reference_build_s": round(build_s, 4),
                "reference_s": round(ref_s, 4),
                "reference_objective": ref_obj,
                "same_objective": problem.pack(ref_obj) == problem.pack(swiss_obj),
            })
        ph = pods_history(n, args.rounds, random.Random(n + 1))
        pods_s, pods = timed(lambda ph=ph: pair_pods(ph, random.Random(7)), args.passes)
        row["pods_pair_s"] = round(pods_s, 4)
        row["pods"] = len(pods.tables)
        row["pods_with_repeat_opponents"] = sum(1 for t in pods.tables if "could not be avoided" in t.reason)
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
