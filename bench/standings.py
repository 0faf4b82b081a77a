"""Time to compute standings for a large Swiss event with every tiebreaker system.

Builds a seeded random Swiss-like history (default 4,096 players, 12 rounds: players
sorted by points each round and paired with a neighbour they have not met; results drawn
from plausible best-of-3 scores, about 5 % drawn matches, 1 % of players dropping per
round and a bye for the odd player out; for ``pods`` the same players at tables of four
with single winners, shared wins and drawn tables), then times ``compute_standings`` alone
(pure computation: no JSON parsing or printing) as the median and best wall time of several
passes, and the median CPU time of the process (less sensitive to other load on the machine).

Prints one JSON object per system.  Usage:
``.venv/bin/python bench/standings.py [--players N] [--rounds R] [--passes P] [--seed S]``.
Target: < 0.5 s per system for 4,096 players x 12 rounds.
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

from rules.history import History, MatchRecord, PlayerEntry, RoundRecord, validate_history  # noqa: E402
from rules.standings import TIEBREAKERS, compute_standings  # noqa: E402

DUEL_SCORES = [((2, 0), 0)] * 6 + [((2, 1), 0)] * 5 + [((0, 2), 0)] * 6 + [((1, 2), 0)] * 5 + [
    ((1, 1), 0), ((1, 1), 1), ((2, 0), 1), ((0, 0), 3)]


def duel_history(players: int, rounds: int, rng: random.Random) -> History:
    """A Swiss-like duel history: pair neighbours by points, avoid rematches where a neighbour allows."""
    ids = [f"p{i:05d}" for i in range(players)]
    points = dict.fromkeys(ids, 0)
    met: dict[str, set[str]] = {p: set() for p in ids}
    had_bye: set[str] = set()
    active = list(ids)
    drops: dict[str, int] = {}
    records: list[RoundRecord] = []
    for number in range(1, rounds + 1):
        rng.shuffle(active)
        active.sort(key=lambda p: -points[p])
        waiting = list(active)
        matches: list[MatchRecord] = []
        if len(waiting) % 2:
            candidates = [p for p in reversed(waiting) if p not in had_bye] or [waiting[-1]]
            lucky = candidates[0]
            waiting.remove(lucky)
            had_bye.add(lucky)
            points[lucky] += 3
            matches.append(MatchRecord((lucky,), bye=True))
        while waiting:
            a = waiting.pop(0)
            pick = next((i for i, b in enumerate(waiting[:12]) if b not in met[a]), 0)
            b = waiting.pop(pick)
            met[a].add(b)
            met[b].add(a)
            (wa, wb), draws = rng.choice(DUEL_SCORES)
            matches.append(MatchRecord((a, b), (wa, wb), draws))
            if wa > wb:
                points[a] += 3
            elif wb > wa:
                points[b] += 3
            else:
                points[a] += 1
                points[b] += 1
        records.append(RoundRecord(number, tuple(matches)))
        for p in rng.sample(active, len(active) // 100):
            active.remove(p)
            drops[p] = number
    history = History(tuple(PlayerEntry(p, p) for p in ids), tuple(records), drops)
    validate_history(history)
    return history


def pods_history(players: int, rounds: int, rng: random.Random) -> History:
    """Tables of four (three where the count needs it), sorted by points; mostly one winner per table."""
    ids = [f"p{i:05d}" for i in range(players)]
    points = dict.fromkeys(ids, 0)
    records: list[RoundRecord] = []
    for number in range(1, rounds + 1):
        order = list(ids)
        rng.shuffle(order)
        order.sort(key=lambda p: -points[p])
        threes = (4 - len(order) % 4) % 4
        sizes = [4] * ((len(order) - 3 * threes) // 4) + [3] * threes
        matches: list[MatchRecord] = []
        start = 0
        for size in sizes:
            seats = order[start:start + size]
            start += size
            roll = rng.random()
            if roll < 0.05:
                matches.append(MatchRecord(tuple(seats), (0,) * size, 1))
                continue
            wins = [0] * size
            wins[rng.randrange(size)] = 1
            if roll < 0.1:
                wins[rng.randrange(size)] = 1
            scores = [rng.random() for _ in seats]
            placements = tuple(1 + sum(1 for o in scores if o > s) for s in scores)
            first = [i for i, w in enumerate(wins) if w]
            placements = tuple(1 if i in first else 1 + len(first) + sum(
                1 for j, o in enumerate(scores) if j not in first and o > scores[i]) for i in range(size))
            matches.append(MatchRecord(tuple(seats), tuple(wins), 0, placements=placements))
            for i, p in enumerate(seats):
                points[p] += (5, 3, 2, 1)[placements[i] - 1]
        records.append(RoundRecord(number, tuple(matches)))
    history = History(tuple(PlayerEntry(p, p) for p in ids), tuple(records), {})
    validate_history(history)
    return history


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4096)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    duels = duel_history(args.players, args.rounds, random.Random(args.seed))
    pods = pods_history(args.players, args.rounds, random.Random(args.seed))
    for system in TIEBREAKERS:
        history = pods if system == "pods" else duels
        times: list[float] = []
        cpu: list[float] = []
        rows = []
        for _ in range(args.passes):
            started, started_cpu = time.perf_counter(), time.process_time()
            rows = compute_standings(history, system)
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - started_cpu)
        print(json.dumps({
            "system": system,
            "players": args.players,
            "rounds": args.rounds,
            "rows": len(rows),
            "median_s": round(statistics.median(times), 4),
            "best_s": round(min(times), 4),
            "median_cpu_s": round(statistics.median(cpu), 4),
            "under_0_5_s": statistics.median(times) < 0.5,
        }))


if __name__ == "__main__":
    main()
