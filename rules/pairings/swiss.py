"""Swiss pairing for duels, as a maximum-weight matching (PAIRINGS.md §1.1, §1.4).

Terms
-----
active player
    A player in ``History.players`` who has not dropped before the round being
    paired (``drops[id] < round``).
points group
    The active players on the same number of match points.
pair-down
    A table whose two players are on different match points; the higher one is
    "paired down" from their group.
rematch
    Two players who already met in a Swiss round of this event.  Never allowed.
allowed pair
    Two active players who have not met and whose pair is not in ``forbidden``;
    any active player may be paired with the bye (see the objective).

How the round is chosen
-----------------------
Every allowed pair is an edge of a graph on the active players (plus one
phantom *bye* vertex when their number is odd).  ``rustworkx.max_weight_matching``
with ``max_cardinality=True`` picks a perfect matching; if the allowed pairs
admit none, the round cannot be paired without a rematch and
``PairingError("no_pairing")`` is raised.  Among perfect matchings the edge
weights, one Python int packed from bit fields (bbpPairings style; PAIRINGS.md
§1.3, §1.4), choose lexicographically, most important first:

1. the bye goes to a player with as few previous byes as possible (so never a
   second bye while a player without one can take it);
2. the bye goes to a player with as few match points as possible;
3. the sum over tables of (points difference)^2 is as small as possible
   (few, small pair-downs);
4. the sum over tables of (points difference) x (higher player's points) is as
   small as possible (pair-downs from higher groups cost more);
5. the bye goes to the lowest-ranked player (standings rank; players tied on
   every tiebreaker are equal here, so the jitter chooses among them);
6. seeded random jitter from the caller's ``random.Random``, so round 1 and the
   pairings inside a points group are random, and reproducible.

Each field is wide enough that the sum over all tables of a lower field never
carries into the field above; every weight is kept below 2**100 (rustworkx
uses 128-bit integers and silently fails near 2**126; PAIRINGS.md §4).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

import rustworkx

from rules.history import History
from rules.pairings import Pairing, PairingError, Table
from rules.standings import StandingsError, compute_standings

__all__ = ["pair_swiss", "build_swiss_problem", "solve_swiss_problem", "SwissProblem", "WEIGHT_LIMIT"]

WEIGHT_LIMIT = 1 << 100
_MAX_JITTER_BITS = 24


@dataclass(frozen=True)
class SwissProblem:
    """The weighted graph of one Swiss round.

    ``round``: the round being paired; ``vertices``: active player ids in the
    order the graph was built, with ``None`` for the phantom bye vertex;
    ``weights``: ``(i, j) -> weight`` (``i < j`` vertex indexes) for every
    allowed pair, higher is better; ``points``/``rank``: each active player's
    match points and 0-based standings position; ``byes``: previous byes.
    """

    round: int
    vertices: tuple[str | None, ...]
    weights: dict[tuple[int, int], int]
    points: dict[str, int]
    rank: dict[str, int]
    byes: dict[str, int]


def _bits(value: int) -> int:
    return max(1, int(value).bit_length())


def build_swiss_problem(
    history: History, rng: random.Random, *, forbidden: Collection[frozenset[str]] = ()
) -> SwissProblem:
    """Build the weighted graph for the next Swiss round of ``history`` (see the module docstring).

    Consumes randomness from ``rng``.  Raises ``PairingError`` with code
    "too_few_players" (fewer than two active players), "too_large" (the
    objective would not fit the solver's integer weights) or
    "multiplayer_not_supported".
    """
    swiss_rounds = [r for r in history.rounds if not r.elimination]
    round_number = max((r.number for r in swiss_rounds), default=0) + 1
    try:
        rows = compute_standings(History(history.players, tuple(swiss_rounds), history.drops))
    except StandingsError as exc:
        raise PairingError(exc.code, str(exc), **exc.params) from exc
    active = [row for row in rows if history.drops.get(row.player, round_number) >= round_number]
    if len(active) < 2:
        raise PairingError(
            "too_few_players",
            f"Round {round_number} needs at least two active players; {len(active)} "
            "have not dropped. Register more players or end the event.",
            round=round_number,
            active=len(active),
        )
    points = {row.player: row.points for row in active}
    rank = {row.player: index for index, row in enumerate(active)}
    byes = {row.player: row.byes for row in active}
    # Players tied on every tiebreaker share a standings rank, so the jitter picks among them.
    worst_rank = max(row.rank for row in active)
    bye_rank_penalty = {row.player: worst_rank - row.rank for row in active}

    played: set[frozenset[str]] = set()
    for rnd in swiss_rounds:
        for match in rnd.matches:
            for i, a in enumerate(match.players):
                for b in match.players[i + 1 :]:
                    played.add(frozenset((a, b)))
    banned = played | {frozenset(pair) for pair in forbidden}

    order: list[str | None] = [row.player for row in active]
    rng.shuffle(order)
    if len(order) % 2:
        order.append(None)
    n_vertices = len(order)
    pairs = n_vertices // 2

    max_points = max(points.values())
    max_byes = max(byes.values())
    # (field name, width in bits), most significant first.
    widths = [
        ("bye_repeat", _bits(max_byes)),
        ("bye_points", _bits(max_points)),
        ("square", _bits(pairs * max_points * max_points)),
        ("height", _bits(pairs * max_points * max_points)),
        ("bye_rank", _bits(worst_rank)),
    ]
    fixed = sum(w for _, w in widths)
    jitter_bits = max(0, min(_MAX_JITTER_BITS, 99 - fixed - _bits(pairs)))
    total = fixed + (_bits(pairs * ((1 << jitter_bits) - 1)) if jitter_bits else 0)
    if total >= 100:
        raise PairingError(
            "too_large",
            f"Round {round_number} has too many players or points to pair in one matching; "
            "split the event into flights.",
            round=round_number,
        )
    shifts: dict[str, int] = {}
    shift = total
    for name, width in widths:
        shift -= width
        shifts[name] = shift
    top = 1 << total

    weights: dict[tuple[int, int], int] = {}
    for i in range(n_vertices):
        for j in range(i + 1, n_vertices):
            a, b = order[i], order[j]
            penalty = 0
            if a is None or b is None:
                p = b if a is None else a
                assert p is not None
                penalty += byes[p] << shifts["bye_repeat"]
                penalty += points[p] << shifts["bye_points"]
                penalty += bye_rank_penalty[p] << shifts["bye_rank"]
            else:
                if frozenset((a, b)) in banned:
                    continue
                hi, lo = max(points[a], points[b]), min(points[a], points[b])
                delta = hi - lo
                penalty += (delta * delta) << shifts["square"]
                penalty += (delta * hi) << shifts["height"]
            if jitter_bits:
                penalty += rng.getrandbits(jitter_bits)
            weight = top - penalty
            assert 0 < weight < WEIGHT_LIMIT, "Swiss edge weight out of the solver's safe range"
            weights[(i, j)] = weight
    return SwissProblem(
        round=round_number, vertices=tuple(order), weights=weights, points=points, rank=rank, byes=byes
    )


def _reason(a: str, b: str, points: dict[str, int]) -> str:
    pa, pb = points[a], points[b]
    if pa == pb:
        return f"both on {pa} match points"
    hi, lo = max(pa, pb), min(pa, pb)
    return f"paired down from {hi} to {lo} match points: no unplayed opponent left at {hi}"


def solve_swiss_problem(problem: SwissProblem) -> Pairing:
    """Solve ``problem`` with rustworkx and turn the matching into a ``Pairing``.

    Raises ``PairingError("no_pairing")`` when no perfect matching over the
    allowed pairs exists (a rematch or forbidden pair would be needed).
    """
    graph = rustworkx.PyGraph()
    graph.add_nodes_from(list(range(len(problem.vertices))))
    for (i, j), weight in problem.weights.items():
        graph.add_edge(i, j, weight)
    matching = rustworkx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
    if 2 * len(matching) != len(problem.vertices):
        raise PairingError(
            "no_pairing",
            f"Round {problem.round} cannot be paired without a rematch (or a forbidden pair): "
            f"the {len(problem.points)} active players have too few unplayed opponents left. "
            "End the Swiss here and cut to the playoffs, or pair this round by hand.",
            round=problem.round,
            players=len(problem.points),
        )
    tables: list[tuple[str, str]] = []
    bye_players: list[str] = []
    for u, v in matching:
        a, b = problem.vertices[u], problem.vertices[v]
        if a is None or b is None:
            p = b if a is None else a
            assert p is not None
            bye_players.append(p)
            continue
        if problem.rank[b] < problem.rank[a]:
            a, b = b, a
        tables.append((a, b))
    tables.sort(key=lambda t: (-max(problem.points[t[0]], problem.points[t[1]]), problem.rank[t[0]]))
    return Pairing(
        round=problem.round,
        tables=tuple(
            Table(number=k, players=(a, b), reason=_reason(a, b, problem.points))
            for k, (a, b) in enumerate(tables, start=1)
        ),
        byes=tuple(bye_players),
    )


def pair_swiss(
    history: History, rng: random.Random, *, forbidden: Collection[frozenset[str]] = ()
) -> Pairing:
    """Pair the next Swiss round of ``history`` (PAIRINGS.md §1.1 and §1.4).

    The round number is the highest non-elimination round number + 1; only
    non-elimination rounds are read.  Active players (not dropped) are all
    paired except at most one bye; no two players meet twice (hard rule);
    pairs in ``forbidden`` (two-player frozensets) never meet.  Among those
    pairings the objective of the module docstring decides: bye to a player
    without a previous bye and with the fewest points, fewest and smallest
    pair-downs, bye to the lowest-ranked, then seeded randomness from ``rng``.
    The same history and the same ``rng`` state give the same pairing.
    Tables are numbered 1.. by the higher of the two players' points
    (descending), then by standings; seat 0 is the higher-ranked player.

    Raises ``PairingError`` with code "too_few_players", "no_pairing" (no
    rematch-free pairing of everyone exists), "too_large" or
    "multiplayer_not_supported".
    """
    return solve_swiss_problem(build_swiss_problem(history, rng, forbidden=forbidden))


def matching_weight(problem: SwissProblem, pairing: Pairing) -> int:
    """The packed objective (sum of edge weights) of ``pairing`` in ``problem``, for audits and tests."""
    index = {v: i for i, v in enumerate(problem.vertices)}
    total = 0
    edges: Sequence[tuple[str | None, str | None]] = [
        (t.players[0], t.players[1]) for t in pairing.tables
    ] + [(p, None) for p in pairing.byes]
    for a, b in edges:
        i, j = sorted((index[a], index[b]))
        total += problem.weights[(i, j)]
    return total
