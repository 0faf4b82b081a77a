"""Certify a Swiss matching of a sparse graph on the complete graph by LP duality (column generation).

Used by ``rules.pairings.swiss`` when the combinatorial bounds do not certify the sparse
pairing (the proof is in that module's docstring, "Pricing").  Three steps, repeated:

1. solve the candidate graph H with ``max_weight_matching_with_dual`` (Edmonds' algorithm,
   which returns vertex potentials ``y`` and odd-set duals ``z`` feasible on H);
2. *price* every allowed pair of the complete graph G that is not in H: its slack
   ``y_a + y_b + 2 * sum(z_B : B contains a and b) - 2 * w_ab``.  Pairs of players are priced
   by class (points, repeat floater): every allowed pair of two classes has the same weight,
   so per node of the blossom tree the smallest ``y`` per class and child bounds the slack of
   all pairs meeting at that node at once, and pairs are listed only where that bound is
   negative; rematch pairs (when allowed) and bye pairs, whose weights are individual, are
   priced one by one (O(N * rounds));
3. if no pair has a negative slack, the dual is feasible on G and the matching is optimal on
   G; otherwise add the negative pairs to H and solve again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from rules.pairings.blossom import Blossom, DualMatching, Node, max_weight_matching_with_dual

if TYPE_CHECKING:
    from rules.pairings.swiss import SwissProblem

__all__ = ["priced_matching", "price"]

MAX_ITERATIONS = 30
"""Column-generation rounds before giving up (the caller then solves the complete graph)."""

_Key = tuple[int, bool]


def priced_matching(problem: SwissProblem, edges: dict[tuple[int, int], int],
                    start: list[tuple[int, int]], stats: dict[str, int] | None = None,
                    wider: Callable[[], Iterable[tuple[int, int, int]]] | None = None,
                    matcher: Callable[[int, list[tuple[int, int, int]]], list[tuple[int, int]]] | None = None,
                    ) -> list[tuple[int, int]] | None:
    """A perfect matching of ``problem`` proved optimal on the complete graph, or None.

    ``edges``: the candidate graph H, ``(i, j) -> weight`` with ``i < j`` (extended in place);
    ``start``: a matching to warm-start from; ``wider``: more candidate edges, added when H has
    no perfect matching (then every allowed rematch is added); ``matcher``: a fast maximum
    cardinality matcher (``swiss.solve_matching``), used to start from a maximum matching of
    the edges of maximal weight (those tight at the initial dual), so that Edmonds' algorithm
    spends no stage on augmentations a cardinality matcher can do.  None when H still has no
    perfect matching, or after ``MAX_ITERATIONS`` rounds.
    """
    n = len(problem.vertices)
    fixes: list[Callable[[], None]] = []
    if wider is not None:
        fixes.append(lambda: edges.update(((i, j), w) for i, j, w in wider()))
    if problem.allow_rematches:
        fixes.append(lambda: _add_rematches(problem, edges))
    for _ in range(MAX_ITERATIONS):
        if matcher is not None and edges:
            start = _tight_start(n, edges, start, matcher)
        result = max_weight_matching_with_dual(n, [(i, j, w) for (i, j), w in edges.items()], start)
        pairs = result.pairs()
        start = pairs
        if 2 * len(pairs) != n:
            if not fixes:
                return None
            fixes.pop(0)()
            continue
        new = price(problem, result, edges)
        if stats is not None:
            stats["iterations"] = stats.get("iterations", 0) + 1
            stats["added"] = stats.get("added", 0) + len(new)
            stats["edges"] = len(edges) + len(new)
        if not new:
            return pairs
        edges.update(new)
    return None


def _tight_start(n: int, edges: dict[tuple[int, int], int], start: list[tuple[int, int]],
                 matcher: Callable[[int, list[tuple[int, int, int]]], list[tuple[int, int]]]) -> list[tuple[int, int]]:
    """``start`` restricted to edges of maximal weight, then made a maximum matching of those edges in
    every connected component of them with two or more unmatched vertices (``matcher`` on that
    component only; the others keep their pairs)."""
    top = max(edges.values())
    tight = [e for e, w in edges.items() if w == top]
    root = list(range(n))

    def find(v: int) -> int:
        while root[v] != v:
            root[v] = root[root[v]]
            v = root[v]
        return v

    for i, j in tight:
        ri, rj = find(i), find(j)
        if ri != rj:
            root[ri] = rj
    mate = [-1] * n
    for i, j in start:
        if edges.get((i, j) if i < j else (j, i)) == top and mate[i] < 0 and mate[j] < 0:
            mate[i], mate[j] = j, i
    comp = [find(v) for v in range(n)]
    free: dict[int, int] = {}
    for v in range(n):
        if mate[v] < 0:
            free[comp[v]] = free.get(comp[v], 0) + 1
    redo = {r for r, count in free.items() if count >= 2}
    out = [(v, m) for v, m in enumerate(mate) if v < m and comp[v] not in redo]
    if redo:
        members: dict[int, list[int]] = {r: [] for r in redo}
        for v in range(n):
            if comp[v] in redo:
                members[comp[v]].append(v)
        local = {v: k for group in members.values() for k, v in enumerate(group)}
        inside: dict[int, list[tuple[int, int, int]]] = {r: [] for r in redo}
        for i, j in tight:
            if comp[i] in redo:
                inside[comp[i]].append((local[i], local[j], 1))
        for r in redo:
            group = members[r]
            out.extend((group[a], group[b]) for a, b in matcher(len(group), inside[r]))
    return out


def _add_rematches(problem: SwissProblem, edges: dict[tuple[int, int], int]) -> None:
    index = {p: i for i, p in enumerate(problem.vertices)}
    for pair in problem.met:
        a, b = tuple(pair)
        if a in index and b in index:
            i, j = sorted((index[a], index[b]))
            w = problem.weight(i, j)
            if w is not None:
                edges[(i, j)] = w


def price(problem: SwissProblem, dm: DualMatching, have: dict[tuple[int, int], int],
          cap: int | None = None) -> dict[tuple[int, int], int]:
    """The allowed pairs of the complete graph not in ``have`` whose slack under ``dm``'s dual is negative.

    Exact: an empty result proves ``dm``'s dual feasible on the complete graph.  At most about
    ``cap`` pairs are returned (default ``4 * len(vertices)``; any non-empty subset keeps column
    generation correct).
    """
    vertices = problem.vertices
    n = len(vertices)
    cap = cap if cap is not None else 4 * n
    y = dm.dual
    out: dict[tuple[int, int], int] = {}
    key: list[_Key | None] = [
        None if p is None else (problem.points[p], p in problem.floated) for p in vertices
    ]
    # Blossom tree: twice the sum of the blossom duals from the top down to each blossom.
    zacc: dict[int, int] = {}
    nodes: list[tuple[list[Node], int]] = [(list(dm.top), 0)]
    order: list[Blossom] = []
    stack: list[tuple[Blossom, int]] = [(b, 0) for b in dm.top if isinstance(b, Blossom)]
    while stack:
        b, above = stack.pop()
        z = above + 2 * b.dual
        zacc[id(b)] = z
        order.append(b)
        nodes.append((b.children, z))
        stack.extend((c, z) for c in b.children if isinstance(c, Blossom))
    # Per blossom: per class, the smallest y of its leaves (bottom-up).
    best: dict[int, dict[_Key, tuple[int, int]]] = {}
    for b in reversed(order):
        acc: dict[_Key, tuple[int, int]] = {}
        for c in b.children:
            for k, item in _summary(c, key, y, best).items():
                if k not in acc or item[0] < acc[k][0]:
                    acc[k] = item
        best[id(b)] = acc
    weight_cache: dict[tuple[_Key, _Key], int] = {}
    rep: dict[_Key, str] = {}
    for p in vertices:
        if p is not None:
            rep.setdefault((problem.points[p], p in problem.floated), p)

    def class_weight(kp: _Key, kq: _Key) -> int:
        pair = (kp, kq) if kp <= kq else (kq, kp)
        if pair not in weight_cache:
            costs = problem.costs(rep[pair[0]], rep[pair[1]], free=True)
            assert costs is not None
            weight_cache[pair] = problem.top - problem.pack(costs)
        return weight_cache[pair]

    global_min: dict[_Key, int] = {}
    for v in range(n):
        kv = key[v]
        if kv is not None and (kv not in global_min or y[v] < global_min[kv]):
            global_min[kv] = y[v]
    classes = sorted(global_min)
    live = [(kp, kq) for i, kp in enumerate(classes) for kq in classes[i:]
            if global_min[kp] + global_min[kq] < 2 * class_weight(kp, kq)]
    if live:
        for children, z in nodes:
            if len(out) >= cap:
                break
            _price_node(problem, children, z, key, y, best, live, class_weight, have, out, cap)
    # Pairs with individual weights: the bye, and rematches when they are allowed.
    if None in vertices:
        bye = vertices.index(None)
        for v in range(n):
            if v != bye and y[v] + y[bye] < 2 * problem.top:  # (every weight is below top)
                e = (v, bye) if v < bye else (bye, v)
                w = problem.weight(*e)
                if e not in have and w is not None and dm.violated(v, bye, w):
                    out[e] = w
    if problem.allow_rematches:
        index = {p: i for i, p in enumerate(vertices)}
        unit = 1 << problem.shifts["rematch"]
        for pair, times in problem.met.items():
            pa, pb = tuple(pair)
            if pa in index and pb in index and pair not in problem.banned:
                i, j = sorted((index[pa], index[pb]))
                ki, kj = key[i], key[j]
                assert ki is not None and kj is not None
                # the class weight less the rematch field (``SwissProblem.costs``)
                w = class_weight(ki, kj) - times * unit
                if (i, j) not in have and dm.violated(i, j, w):
                    out[(i, j)] = w
    return out


def _summary(c: Node, key: list[_Key | None], y: list[int],
             best: dict[int, dict[_Key, tuple[int, int]]]) -> dict[_Key, tuple[int, int]]:
    if isinstance(c, Blossom):
        return best[id(c)]
    k = key[c]
    return {} if k is None else {k: (y[c], c)}


def _leaves(c: Node) -> list[int]:
    return c.leaves() if isinstance(c, Blossom) else [c]


def _price_node(problem: SwissProblem, children: list[Node], z: int, key: list[_Key | None], y: list[int],
                best: dict[int, dict[_Key, tuple[int, int]]], live: list[tuple[_Key, _Key]],
                class_weight: object, have: dict[tuple[int, int], int], out: dict[tuple[int, int], int],
                cap: int) -> None:
    """Price the pairs whose innermost common odd set is this node (leaves in different ``children``)."""
    assert callable(class_weight)
    # Per class: the smallest and second smallest y over different children.
    first: dict[_Key, tuple[int, int]] = {}
    second: dict[_Key, int] = {}
    for ci, c in enumerate(children):
        for k, (yv, _) in _summary(c, key, y, best).items():
            if k not in first or yv < first[k][0]:
                if k in first:
                    second[k] = first[k][0]
                first[k] = (yv, ci)
            elif k not in second or yv < second[k]:
                second[k] = yv
    members: dict[_Key, list[tuple[int, int, int]]] | None = None
    present = sorted(first)
    if len(present) * (len(present) + 1) // 2 < len(live):
        # (a blossom holds few classes: only their pairs can meet here)
        live_set = set(live)
        pairs = [(kp, kq) for i, kp in enumerate(present) for kq in present[i:] if (kp, kq) in live_set]
    else:
        pairs = live
    for kp, kq in pairs:
        if kp not in first or kq not in first:
            continue
        (yp, cp), (yq, cq) = first[kp], first[kq]
        if kp == kq:
            if kp not in second:
                continue
            low = yp + second[kp]
        elif cp != cq:
            low = yp + yq
        else:
            low = min(yp + second.get(kq, 1 << 200), second.get(kp, 1 << 200) + yq)
        threshold = 2 * class_weight(kp, kq) - z
        if low >= threshold:
            continue
        if members is None:
            members = {}
            for ci, c in enumerate(children):
                for v in _leaves(c):
                    kv = key[v]
                    if kv is not None:
                        members.setdefault(kv, []).append((y[v], v, ci))
            for lst in members.values():
                lst.sort()
        _list_pairs(problem, members[kp], members[kq], threshold, have, out, class_weight(kp, kq), cap)
        if len(out) >= cap:
            return


def _list_pairs(problem: SwissProblem, lp: list[tuple[int, int, int]], lq: list[tuple[int, int, int]],
                threshold: int, have: dict[tuple[int, int], int], out: dict[tuple[int, int], int],
                weight: int, cap: int) -> None:
    vertices = problem.vertices
    for ya, a, ca in lp:
        if ya + lq[0][0] >= threshold:
            return
        for yb, b, cb in lq:
            if ya + yb >= threshold:
                break
            if ca == cb:
                continue
            e = (a, b) if a < b else (b, a)
            if e in have or e in out:
                continue
            pa, pb = vertices[a], vertices[b]
            assert pa is not None and pb is not None
            pair = frozenset((pa, pb))
            if pair in problem.banned or pair in problem.met:
                continue  # not an edge, or priced one by one (individual weight)
            out[e] = weight
            if len(out) >= cap:
                return
