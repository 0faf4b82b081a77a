"""Time to pair the next round: Swiss (certified sparse matching) against a complete-graph reference, and pods.

Three families, each printed as JSON lines:

* ``random`` (default ``--sizes 64 256 1024 4096``): 5 rounds of random history (Swiss rounds paired by
  ``pair_swiss``, random results including draws), then the next round: ``swiss_pair_s`` (the whole
  ``pair_swiss`` call, median of ``--passes``), ``swiss_method`` (which step of
  ``rules/pairings/swiss.py`` gave the answer), ``reference_s`` (``rustworkx.max_weight_matching`` over
  the *complete* graph of allowed pairs, up to ``--reference-max`` players), both objectives and
  ``same_objective``; ``pods_pair_s``: ``pair_pods`` (pods of 4) after 5 rounds of random pod results.
* ``middraw`` (``--middraw N:R ...``, e.g. ``4096:5``): the adversarial history of issue #12: R rounds,
  every match decisive except one drawn match in the last round between two mid-table players (who have
  therefore met), and one player above them dropped so that the two are alone on their score with an even
  number of players above them.  The next round is paired and timed.
* ``event`` (``--events N:R ...``, e.g. ``1024:10 4096:12``): realistic events paired round after round by
  ``pair_swiss``: 3 % draws, the rest 2-0/2-1 wins, 2 % of the active players drop after each round.
  Every round is timed; the line gives the worst round (seconds, method, round) and the count of rounds
  per method.

Every line carries ``peak_rss_mb``: the process's peak resident memory so far (``ru_maxrss``; a
run of one family at one size per process gives that case's peak).  ``--reference-max`` also checks
the worst round of ``middraw`` and ``event`` against the complete graph (rustworkx).

Usage: ``.venv/bin/python bench/pairing.py [--sizes 64 256 1024 4096] [--passes 3]
[--middraw 4096:5] [--events 1024:10 4096:12] [--seeds 1] [--first-seed 1]``.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import sys
import time
from collections import Counter
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


def peak_rss_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def swiss_history(n: int, rounds: int, rng: random.Random) -> History:
    h = History(tuple(PlayerEntry(f"p{i}", f"P{i}") for i in range(n)), ())
    for _ in range(rounds):
        p = pair_swiss(h, rng)
        matches = [MatchRecord(t.players, rng.choice([(2, 0), (0, 2), (2, 1), (1, 2), (1, 1)])) for t in p.tables]
        matches += [MatchRecord((b,), bye=True) for b in p.byes]
        h = History(h.players, (*h.rounds, RoundRecord(p.round, tuple(matches))))
    return h


def middraw_history(n: int, rounds: int, rng: random.Random) -> History:
    """Issue #12's adversarial history (module docstring): decisive rounds paired neighbour by neighbour
    in (points desc, random) order, one mid-table draw in the last round, one player above it dropped."""
    ids = [f"p{i}" for i in range(n)]
    points = dict.fromkeys(ids, 0)
    played: list[RoundRecord] = []
    draw: tuple[str, str] | None = None
    for number in range(1, rounds + 1):
        order = sorted(ids, key=lambda p: (-points[p], rng.random()))
        matches = []
        pairs = list(zip(order[::2], order[1::2]))
        mid = len(pairs) // 2
        for k, (a, b) in enumerate(pairs):
            if number == rounds and k == mid:
                matches.append(MatchRecord((a, b), (1, 1)))
                points[a] += 1
                points[b] += 1
                draw = (a, b)
                continue
            wa, wb = rng.choice([(2, 0), (0, 2), (2, 1), (1, 2)])
            matches.append(MatchRecord((a, b), (wa, wb)))
            points[a] += 3 if wa > wb else 0
            points[b] += 3 if wb > wa else 0
        if n % 2:
            matches.append(MatchRecord((order[-1],), bye=True))
            points[order[-1]] += 3
        played.append(RoundRecord(number, tuple(matches)))
    assert draw is not None
    above = [p for p in ids if points[p] > points[draw[0]]]
    drops = {rng.choice(above): rounds} if len(above) % 2 else {}
    return History(tuple(PlayerEntry(p, p) for p in ids), tuple(played), drops)


def play_round(h: History, p, rng: random.Random, drops: dict[str, int], *, draws: float,
               drop_rate: float) -> History:
    matches = []
    for t in p.tables:
        if rng.random() < draws:
            result = (1, 1)
        else:
            result = rng.choice([(2, 0), (0, 2), (2, 1), (1, 2)])
        matches.append(MatchRecord(t.players, result))
    matches += [MatchRecord((b,), bye=True) for b in p.byes]
    h = History(h.players, (*h.rounds, RoundRecord(p.round, tuple(matches))), dict(drops))
    active = [x for x in h.player_ids() if x not in drops]
    for x in active:
        if rng.random() < drop_rate:
            drops[x] = p.round
    return History(h.players, h.rounds, dict(drops))


def reference_check(h: History, pairing) -> dict:
    problem = build_swiss_problem(h, random.Random(7))
    start = time.perf_counter()
    edges = _complete_edges(problem, rematches=False)
    matching = solve_matching(len(problem.vertices), edges)
    ref_s = time.perf_counter() - start
    ref_obj = objective(problem, _to_pairing(problem, matching))
    return {"reference_s": round(ref_s, 3),
            "same_objective": problem.pack(ref_obj) == problem.pack(objective(problem, pairing))}


def timed(fn, passes: int):
    times, result = [], None
    for _ in range(passes):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def run_middraw(n: int, rounds: int, seed: int, reference_max: int) -> dict:
    h = middraw_history(n, rounds, random.Random(seed))
    rss0 = peak_rss_mb()
    start, cpu0 = time.perf_counter(), time.process_time()
    pairing = pair_swiss(h, random.Random(7))
    row = {"family": "middraw", "players": n, "history_rounds": rounds, "seed": seed,
           "pair_s": round(time.perf_counter() - start, 3), "cpu_s": round(time.process_time() - cpu0, 3),
           "method": pairing.notes[0] if pairing.notes else "", "peak_rss_mb": peak_rss_mb(),
           "rss_before_mb": rss0}
    if n <= reference_max:
        row.update(reference_check(h, pairing))
    return row


def run_event(n: int, rounds: int, seed: int, reference_max: int) -> dict:
    rng = random.Random(seed)
    h = History(tuple(PlayerEntry(f"p{i}", f"P{i}") for i in range(n)), ())
    drops: dict[str, int] = {}
    times: list[tuple[float, int, str, History, object]] = []
    cpus: list[float] = []
    methods: Counter[str] = Counter()
    for _ in range(rounds):
        start, cpu0 = time.perf_counter(), time.process_time()
        p = pair_swiss(h, rng)
        spent = time.perf_counter() - start
        cpus.append(time.process_time() - cpu0)
        method = p.notes[0] if p.notes else ""
        methods[method] += 1
        times.append((spent, p.round, method, h, p))
        h = play_round(h, p, rng, drops, draws=0.03, drop_rate=0.02)
    worst = max(times, key=lambda t: t[0])
    row = {"family": "event", "players": n, "rounds": rounds, "seed": seed,
           "worst_round_s": round(worst[0], 3), "worst_round": worst[1], "worst_method": worst[2],
           "median_round_s": round(statistics.median(t[0] for t in times), 3),
           "worst_round_cpu_s": round(max(cpus), 3), "round_s": [round(t[0], 3) for t in times],
           "round_cpu_s": [round(c, 3) for c in cpus], "methods": dict(methods), "peak_rss_mb": peak_rss_mb()}
    if n <= reference_max:
        row.update(reference_check(worst[3], worst[4]))
    return row


def run_random(n: int, rounds: int, passes: int, reference_max: int) -> dict:
    rng = random.Random(n)
    h = swiss_history(n, rounds, rng)
    swiss_s, pairing = timed(lambda h=h: pair_swiss(h, random.Random(7)), passes)
    problem = build_swiss_problem(h, random.Random(7))
    swiss_obj = objective(problem, pairing)
    row = {
        "family": "random",
        "players": n,
        "history_rounds": rounds,
        "swiss_pair_s": round(swiss_s, 4),
        "swiss_method": pairing.notes[0] if pairing.notes else "",
        "swiss_objective": swiss_obj,
    }
    if n <= reference_max:
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
    ph = pods_history(n, rounds, random.Random(n + 1))
    pods_s, pods = timed(lambda ph=ph: pair_pods(ph, random.Random(7)), passes)
    row["pods_pair_s"] = round(pods_s, 4)
    row["pods"] = len(pods.tables)
    row["pods_with_repeat_opponents"] = sum(1 for t in pods.tables if "could not be avoided" in t.reason)
    row["peak_rss_mb"] = peak_rss_mb()
    return row


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


def _sizes(specs: list[str]) -> list[tuple[int, int]]:
    return [(int(a), int(b)) for a, b in (s.split(":") for s in specs)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=None)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--reference-max", type=int, default=1024)
    parser.add_argument("--middraw", nargs="*", default=[], help="N:R, e.g. 4096:5")
    parser.add_argument("--events", nargs="*", default=[], help="N:R, e.g. 1024:10 4096:12")
    parser.add_argument("--seeds", type=int, default=1, help="events/histories per size (seeds F..F+S-1)")
    parser.add_argument("--first-seed", type=int, default=1)
    args = parser.parse_args()
    sizes = args.sizes if args.sizes is not None else ([] if args.middraw or args.events else [64, 256, 1024, 4096])
    for n in sizes:
        print(json.dumps(run_random(n, args.rounds, args.passes, args.reference_max)), flush=True)
    for n, r in _sizes(args.middraw):
        for seed in range(args.first_seed, args.first_seed + args.seeds):
            print(json.dumps(run_middraw(n, r, seed, args.reference_max)), flush=True)
    for n, r in _sizes(args.events):
        rows = []
        for seed in range(args.first_seed, args.first_seed + args.seeds):
            row = run_event(n, r, seed, args.reference_max)
            rows.append(row)
            print(json.dumps(row), flush=True)
        if len(rows) > 1:
            worst = max(rows, key=lambda x: x["worst_round_s"])
            print(json.dumps({"family": "event-summary", "players": n, "rounds": r, "events": len(rows),
                              "worst_round_s": worst["worst_round_s"], "worst_seed": worst["seed"],
                              "worst_round_cpu_s": max(x["worst_round_cpu_s"] for x in rows),
                              "methods": dict(sum((Counter(x["methods"]) for x in rows), Counter())),
                              "peak_rss_mb": peak_rss_mb()}), flush=True)


if __name__ == "__main__":
    main()
