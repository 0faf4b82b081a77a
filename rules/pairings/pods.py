"""Multiplayer pods: Swiss-style tables of 4 (or 3) players (PAIRINGS.md §3.4).

Source for multiplayer matches: /work/shared/rules-texts/spell-battle-rules.txt,
"8. Tournaments" ("two, three, or four-player matches ... Multiplayer matches
generally only have one game").

Terms
-----
pod
    One multiplayer table of the round.
pod sizes (``pod_sizes``)
    With a target size s (default 4) the round uses k = ceil(N / s) pods, of
    which k*s - N have s - 1 players, the others s: 9 -> 3+3+3, 10 -> 4+3+3,
    11 -> 4+4+3, 13 -> 4+3+3+3 (PAIRINGS.md §3.4).  When that is impossible
    (N = 5 with pods of 4) the lowest-ranked players without a bye get a bye
    until it is possible (5 -> one pod of 4 + one bye).  Smaller pods go to
    the *bottom* of the standings (TopDeck practice, PAIRINGS.md §3.4).
    With the table size *fixed* (``fixed=True``, the organiser's option
    ``fixed_table_size``: spell-battle-rules.txt, "8. Tournaments": "It should
    be decided ahead of time how many people will be in each game") every pod
    has exactly s players and the N mod s players left over get a bye instead
    of a smaller pod: 13 -> 4+4+4 and one bye, 10 -> 4+4 and two byes.
standings
    Pods are formed from ``rules.standings.compute_standings(history, "pods")``
    (placement points, then the generalised tiebreakers; PAIRINGS.md §2.4).
    If that system is unavailable or refuses the history, ``pod_standings``
    is used: at each reported table the one seat with the most game wins
    scores 3, seats sharing the most game wins 1 each, others 0, a bye 3;
    ranked by points, then seeding order.  Callers with their own standings
    pass ``ranking`` (best first) and ``points`` instead.
repeat opponents
    Two players of a pod who already shared a table in a non-elimination round
    (any size: duels count).

Algorithm (PAIRINGS.md §3.4: sort -> chunk -> seeded local search)
------------------------------------------------------------------
1. order the active players by points (desc), then a seeded random order
   (or by ``ranking`` when given);
2. chunk them into pods of ``pod_sizes``, biggest pods at the top;
3. local search: for every player in a pod with a repeat opponent (in a seeded
   random order), try swapping them with each player of the pods within
   ``SEARCH_POD_WINDOW`` pods (every pod when there are at most 16); keep
   the swap that lowers the penalty most;
   repeat until nothing improves (or ``MAX_PASSES``).  Penalty per pod =
   ``W_REPEAT`` x (times each pair met before) + sum of (points difference)^2
   over its pairs, W_REPEAT >> any spread, so repeats are minimised first and
   the pods stay close in standings.  Swaps keep pod sizes, so the smaller pods
   stay at the bottom unless a swap removes a repeat.
4. seat order: drawn at random per pod from ``rng``.

This is a heuristic (partitioning into pods without repeats is NP-hard in
general, PAIRINGS.md §3.4): it never makes the penalty worse than the plain
chunking, and it reports the repeats it could not remove in the table reasons.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from rules.history import History, RoundRecord
from rules.pairings import Pairing, PairingError, Table
from rules.standings import StandingsError, compute_standings

__all__ = ["pod_sizes", "pod_standings", "pair_pods", "W_REPEAT"]

W_REPEAT = 1_000_000
SEARCH_POD_WINDOW = 4
MAX_PASSES = 8


def pod_sizes(n: int, size: int = 4, *, fixed: bool = False) -> tuple[list[int], int]:
    """``(pod sizes top to bottom, number of byes)`` for ``n`` players and target ``size`` (module docstring).

    ``fixed``: every pod seats exactly ``size`` players and the ``n % size`` left over get byes
    (spell-battle-rules.txt, "8. Tournaments": table sizes decided ahead of time); otherwise pods of
    ``size`` and ``size - 1``, byes only when those cannot seat everyone.
    Raises ``PairingError``: "bad_pod_size" (``size`` not 3..6) or
    "too_few_players" (fewer than ``size - 1`` players, or ``size`` when fixed).
    """
    if not 3 <= size <= 6:
        raise PairingError("bad_pod_size", f"Pods seat 3 to 6 players, not {size}; use --pod-size 3 or 4.",
                           size=size)
    if fixed:
        if n < size:
            raise PairingError(
                "too_few_players",
                f"Tables of exactly {size} need at least {size} active players, not {n}; register more players, "
                "choose a smaller table size or let the table size vary.",
                players=n,
            )
        return [size] * (n // size), n % size
    if n < size - 1:
        raise PairingError(
            "too_few_players",
            f"Pods of {size} need at least {size - 1} active players, not {n}; register more players or "
            "pair duels instead.",
            players=n,
        )
    byes = 0
    while True:
        m = n - byes
        k = -(-m // size)
        small = k * size - m
        if small <= k:
            return [size] * (k - small) + [size - 1] * small, byes
        byes += 1


def pod_standings(history: History) -> tuple[list[str], dict[str, int]]:
    """Pod points (module docstring) of every player and the ranking (points desc, then seeding order)."""
    points = {p.id: 0 for p in history.players}
    for rnd in history.rounds:
        if rnd.elimination:
            continue
        for m in rnd.matches:
            if m.bye:
                points[m.players[0]] += 3
                continue
            if m.loss or not m.reported:
                continue
            top = max(m.wins)
            leaders = [p for p, w in zip(m.players, m.wins) if w == top]
            for p in leaders:
                points[p] += 3 if len(leaders) == 1 else 1
    seeding = {p: i for i, p in enumerate(history.player_ids())}
    ranking = sorted(points, key=lambda p: (-points[p], seeding[p]))
    return ranking, points


def _pod_penalty(
    pod: Sequence[str], met: Mapping[frozenset[str], int], points: Mapping[str, int | Fraction]
) -> int | Fraction:
    total: int | Fraction = 0
    for i, a in enumerate(pod):
        for b in pod[i + 1 :]:
            total += W_REPEAT * met.get(frozenset((a, b)), 0) + (points[a] - points[b]) ** 2
    return total


def pair_pods(
    history: History,
    rng: random.Random,
    *,
    pod_size: int = 4,
    fixed_size: bool = False,
    ranking: Sequence[str] | None = None,
    points: Mapping[str, int | Fraction] | None = None,
    local_search: bool = True,
) -> Pairing:
    """Pair the next round of multiplayer pods (module docstring; PAIRINGS.md §3.4).

    ``history``: rounds played (tables of any size); active = not dropped.
    ``rng``: the caller's seeded random source (ties in the standings, search
    order, seat order).  ``pod_size``: target pod size (smaller pods have one
    seat fewer); ``fixed_size``: every pod seats exactly ``pod_size`` and the
    players left over get byes (``pod_sizes(..., fixed=True)``).
    ``ranking``/``points``: optional standings (best first) and points to use
    instead of ``pod_standings``.  ``local_search=False`` keeps the
    plain chunking (step 3 skipped; for comparison).  Returns tables numbered from
    the top of the standings, seats in random order; ``byes`` only when pods
    cannot be formed otherwise (N = 5 with pods of 4), or for the players left
    over when the size is fixed, to the lowest-ranked players with the fewest
    byes.  Same history and seed, same pods.
    Raises ``PairingError`` "too_few_players" or "bad_pod_size".
    """
    rounds = [r for r in history.rounds if not r.elimination]
    number = max((r.number for r in rounds), default=0) + 1
    ranked, points, standing = _standings(history, ranking, points)
    active = [p for p in ranked if history.drops.get(p, number) >= number]
    sizes, bye_count = pod_sizes(len(active), pod_size, fixed=fixed_size)
    met, byes_had = _meetings(rounds, active)
    # Seeded random order among players level on points (not when the caller ranked them).
    tiebreak = {p: rng.random() for p in active}
    if ranking is None:
        active.sort(key=lambda p: (-points.get(p, 0), standing[p], tiebreak[p]))
    active, byes = _choose_byes(active, byes_had, bye_count)
    pods = _chunk(active, sizes)
    pts = {p: points.get(p, 0) for p in active}
    if local_search:
        _improve_pods(pods, met, pts, rng)
    tables = [_pod_table(k, pod, met, pts, len(active), max(sizes), rng) for k, pod in enumerate(pods, start=1)]
    players = len(active) + len(byes)
    if fixed_size:
        return Pairing(
            round=number, tables=tuple(tables), byes=tuple(byes),
            bye_reasons=tuple(f"bye: tables of exactly {pod_size} (fixed ahead of time) seat {len(active)} of "
                              f"{players} players; lowest-ranked player with the fewest byes" for _ in byes),
            bye_reason_codes=("fixed_table_bye",) * len(byes),
            bye_reason_params=tuple({"players": players, "seated": len(active), "size": pod_size} for _ in byes),
        )
    return Pairing(
        round=number, tables=tuple(tables), byes=tuple(byes),
        bye_reasons=tuple(f"bye: {players} players cannot be split into pods of "
                          f"{pod_size - 1}-{pod_size}; lowest-ranked player with the fewest byes" for _ in byes),
        bye_reason_codes=("pod_bye",) * len(byes),
        bye_reason_params=tuple({"players": players, "min": pod_size - 1, "max": pod_size}
                                for _ in byes),
    )


Points = Mapping[str, int | Fraction]


def _standings(
    history: History, ranking: Sequence[str] | None, points: Points | None
) -> tuple[list[str], Points, dict[str, int | Fraction]]:
    """(players best first, their points, ``standing``: the sort key after points, lower first).

    Without ``ranking`` and ``points``: the "pods" standings (shared ranks, so the seeded
    order decides ties), else ``pod_standings``.  A caller's ``ranking`` is its own order.
    """
    if ranking is not None and points is not None:
        ranked = list(ranking)
        return ranked, dict(points), {p: k for k, p in enumerate(ranked)}
    own_ranking, own_points, standing = _own_standings(history)
    if ranking is not None:
        ranked = list(ranking)
        return ranked, own_points, {p: k for k, p in enumerate(ranked)}
    return own_ranking, dict(points) if points is not None else own_points, standing


def _own_standings(history: History) -> tuple[list[str], Points, dict[str, int | Fraction]]:
    """Ranking, points and standing key from ``compute_standings(history, "pods")``, else ``pod_standings``."""
    try:
        rows = compute_standings(history, "pods")
    except StandingsError:
        ranking, points = pod_standings(history)
        return ranking, points, {p: -points[p] for p in ranking}
    return [r.player for r in rows], {r.player: r.points for r in rows}, {r.player: r.rank for r in rows}


def _meetings(rounds: list[RoundRecord], active: list[str]) -> tuple[dict[frozenset[str], int], dict[str, int]]:
    """(times each pair of players shared a table, byes each active player had) over ``rounds``."""
    met: dict[frozenset[str], int] = {}
    byes_had = dict.fromkeys(active, 0)
    for rnd in rounds:
        for m in rnd.matches:
            if m.bye:
                if m.players[0] in byes_had:
                    byes_had[m.players[0]] += 1
                continue
            for i, a in enumerate(m.players):
                for b in m.players[i + 1 :]:
                    key = frozenset((a, b))
                    met[key] = met.get(key, 0) + 1
    return met, byes_had


def _choose_byes(active: list[str], byes_had: dict[str, int], bye_count: int) -> tuple[list[str], list[str]]:
    """(players left to seat, the ``bye_count`` lowest-ranked players with the fewest byes)."""
    if not bye_count:
        return active, []
    position = {p: i for i, p in enumerate(active)}
    byes = sorted(active, key=lambda p: (byes_had[p], -position[p]))[:bye_count]
    return [p for p in active if p not in byes], byes


def _chunk(active: list[str], sizes: list[int]) -> list[list[str]]:
    """``active`` cut into consecutive pods of ``sizes``, top of the standings first."""
    pods: list[list[str]] = []
    start = 0
    for size in sizes:
        pods.append(active[start : start + size])
        start += size
    return pods


def _improve_pods(
    pods: list[list[str]], met: Mapping[frozenset[str], int], pts: Points, rng: random.Random
) -> None:
    """Step 3 of the module docstring: swap players out of repeat pairings while the penalty drops (in place)."""
    cost = [_pod_penalty(pod, met, pts) for pod in pods]
    window = SEARCH_POD_WINDOW if len(pods) > 4 * SEARCH_POD_WINDOW else len(pods)
    for _ in range(MAX_PASSES):
        improved = False
        conflicted = [(k, a) for k, pod in enumerate(pods) for a in pod
                      if any(met.get(frozenset((a, b))) for b in pod if b != a)]
        rng.shuffle(conflicted)
        for k, a in conflicted:
            if a not in pods[k]:
                continue
            best = _best_swap(pods, cost, k, a, window, met, pts)
            if best is not None:
                q, ib = best
                ia = pods[k].index(a)
                pods[k][ia], pods[q][ib] = pods[q][ib], a
                cost[k] = _pod_penalty(pods[k], met, pts)
                cost[q] = _pod_penalty(pods[q], met, pts)
                improved = True
        if not improved:
            break


def _best_swap(
    pods: list[list[str]], cost: list[int | Fraction], k: int, a: str, window: int,
    met: Mapping[frozenset[str], int], pts: Points,
) -> tuple[int, int] | None:
    """(pod, seat) of the player within ``window`` pods whose swap with ``a`` of pod ``k`` lowers the penalty most."""
    best: tuple[int | Fraction, int, int] | None = None
    ia = pods[k].index(a)
    for q in range(max(0, k - window), min(len(pods), k + window + 1)):
        if q == k:
            continue
        for ib, b in enumerate(pods[q]):
            new_k = pods[k][:ia] + [b] + pods[k][ia + 1 :]
            new_q = pods[q][:ib] + [a] + pods[q][ib + 1 :]
            delta = (_pod_penalty(new_k, met, pts) + _pod_penalty(new_q, met, pts)) - cost[k] - cost[q]
            if delta < 0 and (best is None or delta < best[0]):
                best = (delta, q, ib)
    return None if best is None else (best[1], best[2])


def _pod_table(
    number: int, pod: list[str], met: Mapping[frozenset[str], int], pts: Points, seated: int, full: int,
    rng: random.Random,
) -> Table:
    """Table ``number`` for ``pod``: seats drawn from ``rng``, the reason naming points, a short pod and repeats.

    ``seated``: players placed in pods this round; ``full``: the largest pod size.
    """
    repeats = sum(met.get(frozenset((a, b)), 0) for i, a in enumerate(pod) for b in pod[i + 1 :])
    seats = list(pod)
    rng.shuffle(seats)
    by_points = sorted(pod, key=lambda p: -pts[p])
    spread = "-".join(str(pts[p]) for p in by_points)
    why = f"pod of {len(pod)} by standings (points {spread}); seats drawn at random"
    params: dict[str, Any] = {"size": len(pod), "points": [_json_number(pts[p]) for p in by_points]}
    if len(pod) < full:
        why += f"; a pod of {len(pod)} because {seated} players do not fill pods of {full}"
        params["short"] = {"players": seated, "full": full}
    why += (f"; {repeats} repeat pairing{'s' if repeats > 1 else ''} could not be avoided" if repeats
            else "; no repeat opponents")
    params["repeats"] = repeats
    return Table(number=number, players=tuple(seats), reason=why, reason_code="pod", reason_params=params)


def _json_number(value: int | Fraction) -> int | str:
    """Points as a JSON value: a whole number as is, a fraction as written in the sentence ("3/2")."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else str(value)
    return value
