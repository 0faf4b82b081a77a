"""Swiss pairing for duels, as one maximum-weight matching (PAIRINGS.md §1.1, §1.4, §6.3).

Terms
-----
active player
    A player in ``History.players`` who has not dropped before the round being
    paired (``drops[id] < round``) and is not disqualified.  Late entries
    (players with no rounds yet) are active players on 0 match points.
points group
    The active players on the same number of match points (standings of
    ``rules.standings.compute_standings``, Magic Tournament Rules Appendix C).
pair-down
    A table whose two players are on different match points; the higher one is
    "paired down" (floats down) from their group.
rematch
    Two players who already met in a Swiss round of this event.
allowed pair
    Two active players whose pair is not in ``forbidden``.  Forbidden pairs
    (same club, same draft pod: MTR 7.6) never meet: that rule is hard.
pairing-allocated bye
    The bye the pairing gives to one player when the number of players to pair
    is odd.  Byes *awarded at registration* (``awarded_byes``) are separate: the
    player is not paired in that round, gets a bye, and awarded byes do not count
    as pairing-allocated byes for the "no second bye" criterion.

The objective (lexicographic, most important first)
---------------------------------------------------
Every active player without an awarded bye is a vertex; a phantom *bye*
vertex is added when their number is odd.  Among perfect matchings (everyone
paired, or one bye: ``max_cardinality=True``) the pairing minimises, in order:

1. ``rematch``     the number of earlier meetings of the partners (0 whenever a
                   rematch-free pairing exists; only when none exists are
                   rematches allowed, and the fewest are used, the tables say so;
                   with ``allow_rematches=False`` the round is refused instead);
2. ``bye_repeat``  the pairing-allocated byes the bye-taker already had (never a
                   second bye while a player without one can take it);
3. ``bye_points``  the bye-taker's match points (the bye goes to the lowest
                   points group: MTGO Swiss help page, PAIRINGS.md §1.1);
4. ``square``      the sum over tables of (points difference)^2: as few match
                   points between partners as possible, one long pair-down
                   costing more than several short ones;
5. ``downs``       the number of pair-downs (fewest players paired down);
6. ``height``      the sum over pair-downs of (difference x higher player's
                   points): a pair-down from a higher group costs more (higher
                   groups protected first; a linear weighting, not a strict
                   group-by-group order, to keep the weight within 128 bits);
7. ``bye_rank``    the bye goes to the lowest-ranked player (standings rank);
8. ``float``       the number of players paired down who were also paired down
                   in the previous Swiss round (nobody floats down twice in a
                   row where avoidable; FIDE C.04.3 C12-C15 in spirit).

Fields 2-3 come before the pair-down fields (and not after them, as a literal
reading of the issue would have it) because otherwise the bye would go to a
top-group player whenever that saves a pair-down; every Swiss convention of
PAIRINGS.md §1 gives the bye to the bottom group.

Randomness ("seeded random order") is *not* a field: the players are put in a
seeded random order (``rng.shuffle``) before the graph is built, and among
pairings that are equally good on every field the solver's choice follows that
order.  So round 1 and the pairings inside a points group are random and
reproducible (same history and seed, same pairing), and the objective value of
a pairing is a deterministic number that tests compare with an oracle.

Encoding
--------
Each field gets a bit field of one Python int, most important first, wide
enough that the sum over all tables of a field never carries into the next one
(bbpPairings style, PAIRINGS.md §1.3).  Edge weight = ``2**total - cost``, so
every edge is positive.  ``solve_matching`` wraps ``rustworkx.max_weight_matching``
and refuses any weight >= 2**120 (rustworkx uses 128-bit integers and silently
returns wrong matchings near 2**126, PAIRINGS.md §4).  For 4,096 players and 13
rounds the weights need about 106 bits.

Sparsification and its optimality guarantee (PAIRINGS.md §6.3)
----------------------------------------------------------------
From ``SPARSE_MIN_PLAYERS`` vertices on, the complete graph is never built
(issue #12: at 4,096 players it took ~100 s and ~2 GB).  Two steps:

1. group by group (``_chain_matching``): the bye goes to the bound's
   bye-taker; then, top down, each points group (plus the player floated down
   from the group above) is matched on its own small candidate graph (each
   player linked to the next ``WINDOW`` players of the group in the seeded
   random order, ``RANDOM_EXTRA`` random group mates, and the incoming floater
   to everyone), with a "down" slot for an odd count joined to the players who
   did not float last round.  Dozens of small matchings instead of one big one:
   4,096 players in ~0.15 s.  Accepted if it attains the plain bound below;
2. otherwise LP duality (``rules.pairings.pricing``, "Pricing" below): a
   sparse candidate graph H (players sorted by points desc, repeat floaters
   first, random order; each linked to the next ``LP_WINDOW`` players plus
   ``LP_RANDOM_EXTRA`` random group mates; the bye vertex to the ``2 *
   WINDOW`` players most likely to take it; plus the pairs of step 1) is
   solved with Edmonds' algorithm (``rules.pairings.blossom``), warm-started
   from step 1's pairs, which also returns its dual; every pair of the
   complete graph left out of H is priced against that dual; pairs that could
   improve the pairing are added and H is solved again, until none can.  The
   result is then optimal on the complete graph.

Only if step 2 cannot run (H plus every allowed rematch has no perfect
matching, which takes forbidden pairs or ``allow_rematches=False`` in a
small, late event, or ``pricing.MAX_ITERATIONS`` rounds pass) is the complete
graph solved, as below ``SPARSE_MIN_PLAYERS``.

The plain bound (step 1)
~~~~~~~~~~~~~~~~~~~~~~~~
Step 1's result is accepted only if it is *certified*: its field totals
equal a lower bound, the optimum of a relaxation: the complete graph with rematches
and forbidden pairs *allowed at no cost*.  Its optimum is computable in O(N):

* Lemma (uncrossing).  For points x1 >= x2 >= x3 >= x4 and each of the cost
  functions (d)^2 and d x hi (d = hi - lo), pairing (x1,x2),(x3,x4) costs no
  more than (x1,x3),(x2,x4) or (x1,x4),(x2,x3), strictly less for (d)^2 when a
  pair spans a strictly intermediate value or two pairs cross the same boundary
  between consecutive values.  Hence every relaxed perfect matching minimising
  ``square`` pairs within groups except for exactly one pair across each
  boundary with an odd number of players above it, between the two groups
  next to that boundary; all such matchings have the same ``square``,
  ``downs`` and ``height`` (the consecutive pairing of the sorted points), and
  the pair-down across a boundary can be any player of the group above it.
* So the relaxed optimum is: the bye to a player of minimal (bye_repeat,
  bye_points); those players are all in one group, so ``square/downs/height``
  are those of the consecutive pairing of the others; then minimal
  ``bye_rank``; then ``float`` = the number of odd boundaries whose upper group
  (without the bye-taker) has no player who is not a repeat floater.

Every pairing of the complete graph is feasible in the relaxation, so its cost
is at least this bound.  If the sparse result (a pairing of the complete
graph: it has no rematch and no forbidden pair) *attains* the bound on every
field, no pairing of the complete graph is better (for the objective; among
equally good pairings which one is returned follows the seeded order).  The
bound is not attained when rematch constraints bind (late rounds of small
events, a small group that has already met, a forced repeat float, or issue
#12's history: two mid-table players who drew their match alone on their
score with an even number of players above them); step 2 handles those.
(``rules.pairings.swiss_audit.head_exact_bound``, a tighter bound with the top or
bottom groups solved exactly, certified some of them before LP duality; it is kept
for audits and tests, outside this module: it is not on the solving path, being
slow, 24 s at 4,096 players, and not covering mid-table cases.)

Pricing: the LP-duality certificate (step 2)
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
Let G be the complete graph of allowed pairs (forbidden pairs absent;
rematches present at their cost when ``allow_rematches``, else absent; the bye
vertex joined to every player) with the packed weights w.  Because the fields
never carry, a maximum-weight perfect matching of G is exactly an optimum of
the lexicographic objective (rematches first: when a rematch-free pairing
exists, none is used).

* Certificate.  Edmonds' algorithm on H returns a perfect matching M of H,
  vertex potentials y and odd-set duals z_B >= 0 on a laminar family of odd
  vertex sets B with (i) y_u + y_v + sum(z_B : u, v in B) >= w_uv for every
  edge uv of H, (ii) equality on the edges of M, (iii) z_B > 0 only if M has
  (|B| - 1) / 2 edges inside B.
* Claim.  If (i) also holds for every edge of G, M is a maximum-weight perfect
  matching of G.  Proof (weak LP duality): for any perfect matching M' of G,
  w(M') <= sum over uv in M' of (y_u + y_v + sum(z_B : u, v in B))
  = sum_v y_v + sum_B z_B |M' inside B| <= sum_v y_v + sum_B z_B (|B| - 1) / 2
  = w(M), using (i) on G, that M' covers every vertex once, that a matching has
  at most (|B| - 1) / 2 edges inside an odd set B and z >= 0, then (ii) and
  (iii) for M.
* Pricing is exact without listing G.  For two players who have not met and
  are not forbidden, w depends only on their classes (points, repeat floater).
  For a node L of the blossom tree (a blossom, or the root: all vertices, no
  dual), every pair whose innermost common blossom is L has its two players in
  different children of L, and its blossom term is Z(L), the sum of z over L
  and the blossoms containing L.  So the least slack over the pairs of classes
  (P, Q) meeting at L is min(y_a + y_b) over a of P, b of Q in different
  children, + Z(L) - w(P, Q): computed from the smallest and second-smallest y
  per class and child.  Where it is >= 0 no pair of (P, Q) meeting at L
  violates (i); where it is negative the pairs are listed in increasing y up
  to the threshold (those in H satisfy (i) already).  Rematch pairs and bye
  pairs, whose weights are individual, are checked one by one (O(N x rounds)).
  An empty list proves (i) on G; otherwise the listed pairs are added to H and
  H is solved again.  Each round adds at least one edge of the finite G, so
  this ends; in the measured events one round sufficed (bench/pairing.py).

Measured (``bench/pairing.py``, 2-core machine shared with other jobs, CPU seconds of the
``pair_swiss`` call; wall clock was up to twice that under a load average of 6-9):
issue #12's history at 4,096 players after 5 rounds, 0.68-0.77 s and 46 MB (the complete
graph took 70 s CPU and 2.1 GB); realistic events (3 % draws, 2 % drops a round),
4,096 x 12 rounds, 10 events: worst round 0.86 s, peak 52 MB; 1,024 x 10, 5 events: worst
round 0.11 s.  In those events 18 of 120 (4,096) and 13 of 50 (1,024) rounds needed step
2; one pricing round sufficed in every one (the dual of the sparse graph was already
feasible on the complete graph).
``SwissProblem.method`` and ``Pairing.notes`` say which step gave the answer.  Tests check the
result against ``networkx.max_weight_matching`` or rustworkx on the complete graph
(``tests/rules/test_swiss.py``, ``tests/rules/test_swiss_lp.py``).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import rustworkx

from rules.history import History, RoundRecord
from rules.pairings import Pairing, PairingError, Table
from rules.pairings.pricing import priced_matching
from rules.standings import StandingRow, StandingsError, compute_standings, player_records

__all__ = [
    "pair_swiss",
    "build_swiss_problem",
    "solve_swiss_problem",
    "solve_matching",
    "matching_weight",
    "objective",
    "relaxed_lower_bound",
    "SwissProblem",
    "FIELDS",
    "WEIGHT_LIMIT",
    "SPARSE_MIN_PLAYERS",
]

WEIGHT_LIMIT = 1 << 120
"""Every edge weight handed to rustworkx stays below this (PAIRINGS.md §4: wrong results near 2**126)."""

SPARSE_MIN_PLAYERS = 160
"""From this many vertices on, the candidate graph is tried first (PAIRINGS.md §6.3)."""

WINDOW = 8
RANDOM_EXTRA = 2
LP_WINDOW = 4
LP_RANDOM_EXTRA = 0
"""The candidate graph the LP-duality step starts from (pricing adds whatever it lacks)."""

FIELDS = ("rematch", "bye_repeat", "bye_points", "square", "downs", "height", "bye_rank", "float")
"""Objective fields, most important first (module docstring)."""

_BYE_FIELDS = frozenset({"bye_repeat", "bye_points", "bye_rank"})


def solve_matching(n_vertices: int, edges: Iterable[tuple[int, int, int]]) -> list[tuple[int, int]]:
    """Maximum-weight maximum-cardinality matching of a graph on vertices ``0..n-1``.

    ``edges``: ``(u, v, weight)`` with integer weights ``0 < weight < WEIGHT_LIMIT``.
    Returns the matched pairs ``(u, v)``.  The one place ``rustworkx`` is called:
    raises ``PairingError("too_large")`` for a weight >= ``WEIGHT_LIMIT`` (2**120;
    rustworkx uses 128-bit integers and fails silently near 2**126, PAIRINGS.md §4)
    and ``ValueError`` for a non-positive weight.
    """
    graph = rustworkx.PyGraph()
    graph.add_nodes_from(range(n_vertices))
    edge_list = list(edges)
    heaviest = max((w for _, _, w in edge_list), default=1)
    lightest = min((w for _, _, w in edge_list), default=1)
    if heaviest >= WEIGHT_LIMIT:
        raise PairingError(
            "too_large",
            f"A matching weight needs {heaviest.bit_length()} bits, above the solver's safe 120; "
            "split the event into flights of fewer players.",
            bits=heaviest.bit_length(),
        )
    if lightest <= 0:
        raise ValueError("matching weights must be positive")
    graph.add_edges_from(edge_list)
    return [_edge(i, j) for i, j in rustworkx.max_weight_matching(graph, max_cardinality=True,
                                                                  weight_fn=_identity)]


def _edge(i: int, j: int) -> tuple[int, int]:
    """The vertex pair ``(i, j)`` in ascending order."""
    return (i, j) if i < j else (j, i)


def _identity(weight: int) -> int:
    return weight


@dataclass(frozen=True)
class SwissProblem:
    """The data of one Swiss round and its objective.

    ``round``: the round being paired; ``vertices``: the players to pair in the
    seeded random order, then ``None`` for the bye vertex when their number is
    odd; ``points``/``rank`` (1-based standings rank, ties shared)/``byes``
    (pairing-allocated byes so far): per player to pair; ``floated``: players
    paired down in the previous Swiss round; ``met``: pair -> earlier meetings;
    ``banned``: forbidden pairs; ``awarded``: players with an awarded bye this
    round (not vertices); ``allow_rematches``; ``shifts``/``top``: the bit layout
    of the weights.  ``method`` is set by the solver ("complete", "sparse
    (certified optimal)", "complete, rematches allowed").
    """

    round: int
    vertices: tuple[str | None, ...]
    points: dict[str, int]
    rank: dict[str, int]
    byes: dict[str, int]
    floated: frozenset[str]
    met: dict[frozenset[str], int]
    banned: frozenset[frozenset[str]]
    awarded: tuple[str, ...]
    allow_rematches: bool
    shifts: dict[str, int]
    top: int
    worst_rank: int
    method: list[str] = field(default_factory=list, compare=False)

    def costs(self, a: str | None, b: str | None, *, free: bool = False) -> dict[str, int] | None:
        """The field values of pairing ``a`` with ``b`` (``None`` = the bye), or None if not allowed.

        ``free=True``: as in the relaxations of the bounds, rematches and forbidden pairs are
        allowed at no cost.
        """
        if a is None or b is None:
            p = b if a is None else a
            assert p is not None
            return {"bye_repeat": self.byes[p], "bye_points": self.points[p],
                    "bye_rank": self.worst_rank - self.rank[p]}
        pair = frozenset((a, b))
        if pair in self.banned and not free:
            return None
        met = 0 if free else self.met.get(pair, 0)
        if met and not self.allow_rematches:
            return None
        pa, pb = self.points[a], self.points[b]
        hi, lo = (pa, pb) if pa >= pb else (pb, pa)
        d = hi - lo
        out = {"square": d * d, "downs": 1 if d else 0, "height": d * hi}
        if met:
            out["rematch"] = met
        if d and (a if pa > pb else b) in self.floated:
            out["float"] = 1
        return out

    def weight(self, i: int, j: int) -> int | None:
        """The edge weight between vertex indexes ``i`` and ``j`` (higher is better), or None if not allowed."""
        costs = self.costs(self.vertices[i], self.vertices[j])
        if costs is None:
            return None
        return self.top - sum(v << self.shifts[k] for k, v in costs.items())

    @cached_property
    def weights(self) -> dict[tuple[int, int], int]:
        """Every allowed edge of the complete graph: ``(i, j) -> weight`` with ``i < j`` (O(N^2); tests, bench)."""
        out: dict[tuple[int, int], int] = {}
        n = len(self.vertices)
        for i in range(n):
            for j in range(i + 1, n):
                w = self.weight(i, j)
                if w is not None:
                    out[(i, j)] = w
        return out

    def pack(self, totals: Mapping[str, int]) -> int:
        """The packed cost of field totals (lower is better)."""
        return sum(v << self.shifts[k] for k, v in totals.items())


def _bits(value: int) -> int:
    return max(1, int(value).bit_length())


def _match_points(row: StandingRow) -> int:
    """``row.points``: whole match points in the ``mtg`` standings (``PlayerRecord.points``; only ``pods``
    placement points may be Fractions)."""
    assert isinstance(row.points, int)
    return row.points


def _swiss_rounds(history: History) -> list[RoundRecord]:
    return [r for r in history.rounds if not r.elimination]


def build_swiss_problem(
    history: History,
    rng: random.Random,
    *,
    forbidden: Iterable[Collection[str]] = (),
    awarded_byes: Mapping[str, Collection[int]] | None = None,
    allow_rematches: bool = True,
) -> SwissProblem:
    """Collect the data and the objective of the next Swiss round of ``history`` (module docstring).

    ``forbidden``: pairs (two-player sets) that must never meet; ``awarded_byes``:
    player -> round numbers in which they have a bye granted at registration
    (MTR Appendix E); ``allow_rematches``: whether the fewest rematches may be
    used when no rematch-free pairing exists.  Consumes randomness from ``rng``
    (one shuffle).  Raises ``PairingError`` with code "too_few_players" (fewer
    than two active players to pair), "too_large" (the weights would need 120
    bits or more) or "multiplayer_not_supported" (a Swiss round had a table of
    three or more).
    """
    swiss_rounds = _swiss_rounds(history)
    round_number = max((r.number for r in swiss_rounds), default=0) + 1
    try:
        rows = compute_standings(History(history.players, tuple(swiss_rounds), history.drops))
    except StandingsError as exc:
        raise PairingError(exc.code, str(exc), **exc.params) from exc
    disqualified = set(getattr(history, "disqualified", ()) or ())
    active_rows = [
        row for row in rows
        if history.drops.get(row.player, round_number) >= round_number and row.player not in disqualified
    ]
    awarded_now = tuple(
        row.player for row in active_rows if round_number in (awarded_byes or {}).get(row.player, ())
    )
    to_pair = [row for row in active_rows if row.player not in awarded_now]
    if len(active_rows) < 2:
        raise PairingError(
            "too_few_players",
            f"Round {round_number} needs at least two active players; {len(active_rows)} "
            "have not dropped. Register more players or end the event.",
            round=round_number,
            active=len(active_rows),
        )
    points = {row.player: _match_points(row) for row in to_pair}
    rank = {row.player: row.rank for row in to_pair}
    # Pairing-allocated byes: byes in the history except the awarded ones.
    byes = dict.fromkeys(points, 0)
    met: dict[frozenset[str], int] = {}
    for rnd in swiss_rounds:
        for match in rnd.matches:
            if match.bye:
                p = match.players[0]
                if p in byes and rnd.number not in (awarded_byes or {}).get(p, ()):
                    byes[p] += 1
                continue
            for i, a in enumerate(match.players):
                for b in match.players[i + 1 :]:
                    pair = frozenset((a, b))
                    met[pair] = met.get(pair, 0) + 1
    floated: set[str] = set()
    if swiss_rounds:
        # Points before the last round = points now - points of the last round (match points add
        # up round by round; one pass over one round instead of over all but the last).
        now_points = {row.player: _match_points(row) for row in rows}
        last = player_records(History(history.players, (swiss_rounds[-1],), history.drops))

        def before(p: str) -> int:
            return now_points[p] - int(last[p].points)

        for match in swiss_rounds[-1].matches:
            if not match.bye and len(match.players) == 2:
                a, b = match.players
                if before(a) > before(b):
                    floated.add(a)
                elif before(b) > before(a):
                    floated.add(b)
    banned = frozenset(frozenset(pair) for pair in forbidden)
    for pair in banned:
        if len(pair) != 2:
            raise PairingError("bad_forbidden", f"A forbidden pair must name two different players, not {sorted(pair)}.")

    order: list[str | None] = [row.player for row in to_pair]
    rng.shuffle(order)
    if len(order) % 2:
        order.append(None)
    pairs = len(order) // 2
    max_points = max(points.values(), default=0)
    worst_rank = max(rank.values(), default=1)
    max_met = max(met.values(), default=0) if allow_rematches else 0
    widths = {
        "rematch": _bits(pairs * max_met),
        "bye_repeat": _bits(max(byes.values(), default=0)),
        "bye_points": _bits(max_points),
        "square": _bits(pairs * max_points * max_points),
        "downs": _bits(pairs),
        "height": _bits(pairs * max_points * max_points),
        "bye_rank": _bits(worst_rank),
        "float": _bits(pairs),
    }
    total = sum(widths.values())
    if total + 1 >= 120:
        raise PairingError(
            "too_large",
            f"Round {round_number} has too many players or points to pair in one matching "
            f"({total + 1} bits of weight); split the event into flights.",
            round=round_number,
        )
    shifts: dict[str, int] = {}
    shift = total
    for name in FIELDS:
        shift -= widths[name]
        shifts[name] = shift
    return SwissProblem(
        round=round_number, vertices=tuple(order), points=points, rank=rank, byes=byes,
        floated=frozenset(floated), met=met, banned=banned, awarded=awarded_now,
        allow_rematches=allow_rematches, shifts=shifts, top=1 << total, worst_rank=worst_rank,
    )


def relaxed_lower_bound(problem: SwissProblem) -> dict[str, int]:
    """The best field totals any perfect matching can reach when rematches and forbidden pairs are free.

    O(N log N); the proof is in the module docstring ("Sparsification").  Returns
    ``{field: total}`` for every field of ``FIELDS`` (``rematch`` is 0).
    """
    return _relaxed(problem)[0]


def _relaxed(problem: SwissProblem) -> tuple[dict[str, int], str | None]:
    """``relaxed_lower_bound`` and a bye-taker attaining it (None without a bye vertex)."""
    players = [p for p in problem.vertices if p is not None]
    bound = dict.fromkeys(FIELDS, 0)
    bye_taker_options: list[str | None] = [None]
    if None in problem.vertices:
        best = min((problem.byes[p], problem.points[p], -problem.rank[p]) for p in players)
        bound["bye_repeat"], bound["bye_points"] = best[0], best[1]
        bound["bye_rank"] = problem.worst_rank + best[2]
        tied = [p for p in players if (problem.byes[p], problem.points[p], -problem.rank[p]) == best]
        # Only whether the bye-taker is a repeat floater matters for the float bound.
        bye_taker_options = list({p in problem.floated: p for p in tied}.values())
    best_float: int | None = None
    best_taker: str | None = None
    for taker in bye_taker_options:
        rest = [p for p in players if p != taker]
        values = sorted((problem.points[p] for p in rest), reverse=True)
        sq = downs = height = 0
        for k in range(0, len(values), 2):
            d = values[k] - values[k + 1]
            sq += d * d
            downs += 1 if d else 0
            height += d * values[k]
        bound["square"], bound["downs"], bound["height"] = sq, downs, height
        groups: dict[int, list[str]] = {}
        for p in rest:
            groups.setdefault(problem.points[p], []).append(p)
        above = 0
        floats = 0
        for pts in sorted(groups, reverse=True):
            above += len(groups[pts])
            if above % 2 and above < len(rest) and all(p in problem.floated for p in groups[pts]):
                floats += 1
        if best_float is None or floats < best_float:
            best_float, best_taker = floats, taker
    bound["float"] = best_float or 0
    return bound, best_taker


def _chain_matching(problem: SwissProblem, rng: random.Random,
                    partial: list[tuple[int, int]] | None = None) -> list[tuple[int, int]] | None:
    """A pairing built group by group, top down, that attains the relaxed bound when it succeeds.

    The bye goes to the bound's bye-taker.  Each points group, with the player
    floated down from the group above (if any), is matched on its own candidate
    graph (window + random extras, all edges equally good for the objective) plus,
    when its count is odd, a "down" slot joined to its players who did not float
    last round (all of them if none): whoever takes the slot floats to the next
    group.  Returns None when a group cannot be matched (rematches bind); the
    caller then solves the whole candidate graph.  ``partial``, if given, receives
    the pairs made anyway (every group matched as far as it goes, the rest left
    unpaired): a warm start for the LP-duality step.
    """
    _, taker = _relaxed(problem)
    index = {p: i for i, p in enumerate(problem.vertices)}
    result: list[tuple[int, int]] = []
    if None in index:
        assert taker is not None
        result.append(_edge(index[taker], index[None]))
    groups: dict[int, list[str]] = {}
    for p in problem.vertices:
        if p is not None and p != taker:
            groups.setdefault(problem.points[p], []).append(p)
    carry: str | None = None
    ok = True
    ordered_points = sorted(groups, reverse=True)
    for g, pts in enumerate(ordered_points):
        members = sorted(groups[pts], key=lambda p: (p not in problem.floated, index[p]))
        local: list[str] = ([carry] if carry is not None else []) + members
        pos = {p: k for k, p in enumerate(local)}
        edges: set[tuple[int, int]] = set()

        def link(a: str, b: str, pos: dict[str, int] = pos, edges: set[tuple[int, int]] = edges) -> None:
            pair = frozenset((a, b))
            if pair in problem.banned or pair in problem.met:
                return
            i, j = pos[a], pos[b]
            edges.add((i, j) if i < j else (j, i))

        if carry is not None:
            for b in members:
                link(carry, b)
        for k, a in enumerate(members):
            for b in members[k + 1 : k + 1 + WINDOW]:
                link(a, b)
        if len(members) > WINDOW + 1:
            for a in members:
                for b in rng.sample(members, RANDOM_EXTRA):
                    if a != b:
                        link(a, b)
        n = len(local)
        failed = False
        if n % 2:
            if g == len(ordered_points) - 1:
                failed = True
            may_float = [p for p in members if p not in problem.floated] or members
            for p in may_float:
                edges.add((pos[p], n))
            n += 1
        found = solve_matching(n, [(i, j, 1) for i, j in edges])
        if 2 * len(found) != n:
            failed = True
        carry = None
        for i, j in found:
            if j == len(local):
                carry = local[i]
            else:
                result.append(_edge(index[local[i]], index[local[j]]))
        if failed:
            if partial is None:
                return None
            carry = None
            ok = False
    if partial is not None:
        partial.extend(result)
        if not ok:
            return None
    return result


def _totals(problem: SwissProblem, matching: Iterable[tuple[int, int]]) -> dict[str, int]:
    totals = dict.fromkeys(FIELDS, 0)
    for i, j in matching:
        costs = problem.costs(problem.vertices[i], problem.vertices[j])
        assert costs is not None
        for k, v in costs.items():
            totals[k] += v
    return totals


def _candidate_edges(problem: SwissProblem, rng: random.Random, window: int = WINDOW,
                     extra: int = RANDOM_EXTRA) -> list[tuple[int, int, int]]:
    """The sparse candidate graph of the module docstring (PAIRINGS.md §6.3)."""
    index = {p: i for i, p in enumerate(problem.vertices)}
    # The weight of an allowed pair depends only on the two players' points and whether the
    # higher one is a repeat floater: computed once per such class pair.
    by_class: dict[tuple[int, bool, int, bool], int] = {}
    players = [p for p in problem.vertices if p is not None]
    # Sorted by points (desc), repeat floaters first inside a group (so the players next to the
    # group below are ones who may float), then the seeded random order (the vertex order).
    ordered = sorted(players, key=lambda p: (-problem.points[p], p not in problem.floated, index[p]))
    edges: dict[tuple[int, int], int] = {}

    def add(a: str, b: str) -> None:
        i, j = index[a], index[b]
        key = (i, j) if i < j else (j, i)
        if key in edges:
            return
        pair = frozenset((a, b))
        if pair in problem.met or pair in problem.banned:
            return
        cls = (problem.points[a], a in problem.floated, problem.points[b], b in problem.floated)
        w = by_class.get(cls)
        if w is None:
            w = problem.weight(*key)
            assert w is not None
            by_class[cls] = w
        edges[key] = w

    for k, a in enumerate(ordered):
        for b in ordered[k + 1 : k + 1 + window]:
            add(a, b)
    groups: dict[int, list[str]] = {}
    for p in ordered:
        groups.setdefault(problem.points[p], []).append(p)
    for members in groups.values():
        if extra and len(members) > window + 1:
            for a in members:
                for b in rng.sample(members, extra):
                    if a != b:
                        add(a, b)
    if None in index:
        # The bye: the players the objective prefers for it (fewest byes, fewest points, lowest rank).
        bye = index[None]
        likely = sorted(players, key=lambda p: (problem.byes[p], problem.points[p], -problem.rank[p], index[p]))
        for p in likely[: 2 * WINDOW]:
            i = index[p]
            edges[(min(i, bye), max(i, bye))] = problem.weight(min(i, bye), max(i, bye)) or 0
    return [(i, j, w) for (i, j), w in edges.items()]


def _complete_edges(problem: SwissProblem, *, rematches: bool) -> list[tuple[int, int, int]]:
    out = []
    vertices = problem.vertices
    n = len(vertices)
    for i in range(n):
        a = vertices[i]
        for j in range(i + 1, n):
            b = vertices[j]
            if not rematches and a is not None and b is not None and frozenset((a, b)) in problem.met:
                continue
            w = problem.weight(i, j)
            if w is not None:
                out.append((i, j, w))
    return out


def solve_swiss_problem(problem: SwissProblem, *, sparse: bool | None = None,
                        rng: random.Random | None = None) -> Pairing:
    """Solve ``problem`` (module docstring) and turn the matching into a ``Pairing``.

    ``sparse``: None chooses by size (``SPARSE_MIN_PLAYERS``), True always tries the
    certified candidate graph first, False solves the complete graph.  ``rng`` draws
    the random extra candidate edges (default: ``random.Random(problem.round)``).
    Raises ``PairingError("no_pairing")`` when no pairing of everyone exists
    (forbidden pairs, or rematches with ``allow_rematches=False``), and
    "too_large" (see ``solve_matching``).
    """
    n = len(problem.vertices)
    matching: list[tuple[int, int]] | None = None
    if sparse or (sparse is None and n >= SPARSE_MIN_PLAYERS):
        rng = rng or random.Random(problem.round)
        bound = relaxed_lower_bound(problem)
        partial: list[tuple[int, int]] = []
        chain = _chain_matching(problem, rng, partial)
        if chain is not None and _totals(problem, chain) == bound:
            matching = chain
            problem.method.append("group-by-group sparse (certified optimal)")
        else:
            # The plain bound is not attained: certify by LP duality (module docstring,
            # "Pricing").  The whole candidate graph is solved with Edmonds' algorithm, warm-started
            # from the group-by-group pairs; the complete graph is priced against its dual, the
            # edges that could improve the pairing are added, and it is solved again.
            start = chain if chain is not None else partial
            edges = {(i, j): w for i, j, w in _candidate_edges(problem, rng, LP_WINDOW, LP_RANDOM_EXTRA)}
            for i, j in start:
                if (i, j) not in edges:
                    w = problem.weight(i, j)
                    assert w is not None
                    edges[(i, j)] = w
            stats: dict[str, int] = {}
            priced = priced_matching(problem, edges, start, stats,
                                     wider=lambda: _candidate_edges(problem, rng), matcher=solve_matching)
            if priced is not None:
                matching = priced
                problem.method.append(
                    f"sparse (certified optimal by LP duality: {stats.get('iterations', 0)} pricing round(s), "
                    f"{stats.get('added', 0)} edges added)")
    if matching is None:
        found = solve_matching(n, _complete_edges(problem, rematches=False))
        if 2 * len(found) == n:
            matching = found
            problem.method.append("complete")
    if matching is None and problem.allow_rematches and problem.met:
        found = solve_matching(n, _complete_edges(problem, rematches=True))
        if 2 * len(found) == n:
            matching = found
            problem.method.append("complete, rematches allowed")
    if matching is None:
        what = "a forbidden pair" if problem.allow_rematches else "a rematch (or a forbidden pair)"
        raise PairingError(
            "no_pairing",
            f"Round {problem.round} cannot be paired without {what}: the {len(problem.points)} players to pair "
            "have too few allowed opponents left. Remove a forbidden pair, allow rematches, end the Swiss "
            "here and cut to the playoffs, or pair this round by hand.",
            round=problem.round,
            players=len(problem.points),
        )
    return _to_pairing(problem, matching)


def _to_pairing(problem: SwissProblem, matching: list[tuple[int, int]]) -> Pairing:
    totals = _totals(problem, matching)
    position = {v: i for i, v in enumerate(problem.vertices)}
    tables: list[tuple[str, str]] = []
    bye_players: list[str] = []
    for u, v in matching:
        a, b = problem.vertices[u], problem.vertices[v]
        if a is None or b is None:
            p = b if a is None else a
            assert p is not None
            bye_players.append(p)
            continue
        if (problem.rank[b], position[b]) < (problem.rank[a], position[a]):
            a, b = b, a
        tables.append((a, b))
    tables.sort(key=lambda t: (-max(problem.points[t[0]], problem.points[t[1]]), problem.rank[t[0]],
                               position[t[0]]))
    players_to_pair = len(problem.points)
    built = []
    for k, (a, b) in enumerate(tables, start=1):
        text, code, params = _reason(problem, a, b, totals, players_to_pair, bye_players)
        built.append(Table(number=k, players=(a, b), reason=text, reason_code=code, reason_params=params))
    byes: list[tuple[str, str, dict[str, Any]]] = [_awarded_bye(problem.round) for _ in problem.awarded]
    for p in bye_players:
        if problem.byes[p]:
            byes.append((f"pairing bye to {p} on {problem.points[p]} match points: every player who could take it "
                         f"has had a bye already ({problem.byes[p]} before)", "swiss_bye_repeat",
                         {"player": p, "points": problem.points[p], "byes_before": problem.byes[p]}))
        else:
            byes.append((f"pairing bye to {p}: the lowest-ranked player without a previous bye "
                         f"({problem.points[p]} match points, rank {problem.rank[p]})", "swiss_bye",
                         {"player": p, "points": problem.points[p], "rank": problem.rank[p]}))
    return Pairing(
        round=problem.round,
        tables=tuple(built),
        byes=tuple(problem.awarded) + tuple(bye_players),
        bye_reasons=tuple(text for text, _, _ in byes),
        notes=tuple(f"matching: {m}" for m in problem.method[-1:]),
        bye_reason_codes=tuple(code for _, code, _ in byes),
        bye_reason_params=tuple(params for _, _, params in byes),
    )


def _awarded_bye(number: int) -> tuple[str, str, dict[str, Any]]:
    """(sentence, code, params) of a bye awarded at registration for round ``number``."""
    return f"bye awarded at registration for round {number}", "bye_awarded", {"round": number}


def _reason(problem: SwissProblem, a: str, b: str, totals: Mapping[str, int], n: int,
            byes: Collection[str] = ()) -> tuple[str, str, dict[str, Any]]:
    """Why ``a`` meets ``b``: (English sentence, code, params) (``rules.pairings.REASON_CODES``)."""
    pa, pb = problem.points[a], problem.points[b]
    params: dict[str, Any]
    if pa == pb:
        text = f"both on {pa} match points"
        code, params = "swiss_same_points", {"points": pa}
    else:
        hi, lo = max(pa, pb), min(pa, pb)
        code, params = "swiss_paired_down", {"from": hi, "to": lo}
        text = f"paired down from {hi} to {lo} match points: no unplayed opponent left at {hi}"
        on_hi = sum(1 for p, pts in problem.points.items() if pts == hi and p not in byes)
        if on_hi % 2:
            text += f" ({on_hi} player{'s' if on_hi > 1 else ''} on {hi}: an odd number)"
            params["odd"] = on_hi
        else:
            text += f" (each unplayed opponent on {hi} is needed elsewhere)"
        floater = a if pa > pb else b
        if floater in problem.floated:
            text += f" ({floater} was also paired down last round: unavoidable)"
            params["floated_again"] = floater
    met = problem.met.get(frozenset((a, b)), 0)
    if met:
        text += (f"; REMATCH (met {met} time{'s' if met > 1 else ''} before): no rematch-free pairing of all {n} "
                 f"players exists, this round has the fewest rematches possible ({totals['rematch']})")
        params["rematch"] = {"met": met, "players": n, "rematches": totals["rematch"]}
    return text, code, params


def pair_swiss(
    history: History,
    rng: random.Random,
    *,
    forbidden: Iterable[Collection[str]] = (),
    awarded_byes: Mapping[str, Collection[int]] | None = None,
    allow_rematches: bool = True,
    sparse: bool | None = None,
) -> Pairing:
    """Pair the next Swiss round of ``history`` (PAIRINGS.md §1.1, §1.4; the objective of the module docstring).

    ``history``: only non-elimination rounds are read; the round number is the
    highest of theirs + 1.  ``rng``: the caller's seeded ``random.Random``.
    ``forbidden``: two-player sets that never meet (hard).  ``awarded_byes``:
    player -> round numbers with a bye granted at registration (those players get
    a bye and are not paired in that round).  ``allow_rematches``: when no
    rematch-free pairing exists, pair with the fewest rematches (default, and the
    tables say so) or refuse with "no_pairing".  ``sparse``: see
    ``solve_swiss_problem``.

    Returns a ``Pairing``: tables numbered 1.. by the higher of the two players'
    points (descending), then standings; seat 0 is the higher-ranked player;
    ``byes`` lists awarded byes first, then the pairing bye; ``bye_reasons`` one
    sentence per bye.  The same history and the same ``rng`` state give the same
    pairing.  Raises ``PairingError`` with code "too_few_players", "no_pairing",
    "too_large", "bad_forbidden" or "multiplayer_not_supported".
    """
    problem = build_swiss_problem(history, rng, forbidden=forbidden, awarded_byes=awarded_byes,
                                  allow_rematches=allow_rematches)
    if len(problem.vertices) == 0 or (len(problem.vertices) == 2 and None in problem.vertices):
        # Everyone (or all but one) has an awarded bye this round.
        only = [p for p in problem.vertices if p is not None]
        return Pairing(
            round=problem.round, tables=(), byes=tuple(problem.awarded) + tuple(only),
            bye_reasons=tuple(_awarded_bye(problem.round)[0] for _ in problem.awarded)
            + tuple("pairing bye: no other player to pair this round" for _ in only),
            bye_reason_codes=("bye_awarded",) * len(problem.awarded) + ("bye_no_opponent",) * len(only),
            bye_reason_params=tuple({"round": problem.round} for _ in problem.awarded) + tuple({} for _ in only),
        )
    return solve_swiss_problem(problem, sparse=sparse, rng=random.Random(rng.getrandbits(64)))


def objective(problem: SwissProblem, pairing: Pairing) -> dict[str, int]:
    """The field totals (``FIELDS``; lower is better) of ``pairing`` in ``problem``, for audits and tests."""
    index = {v: i for i, v in enumerate(problem.vertices)}
    edges: Sequence[tuple[str | None, str | None]] = [
        (t.players[0], t.players[1]) for t in pairing.tables
    ] + [(p, None) for p in pairing.byes if p not in problem.awarded]
    return _totals(problem, [_edge(index[a], index[b]) for a, b in edges])


def matching_weight(problem: SwissProblem, pairing: Pairing) -> int:
    """The packed objective (sum of edge weights, higher is better) of ``pairing`` in ``problem``."""
    totals = objective(problem, pairing)
    pairs = len(pairing.tables) + sum(1 for p in pairing.byes if p not in problem.awarded)
    return pairs * problem.top - problem.pack(totals)
