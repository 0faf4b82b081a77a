"""An audit-only lower bound for Swiss pairings: the exact-head bound (PAIRINGS.md §1.4).

Not on the solving path: ``rules.pairings.swiss`` does not import this module
(a test checks it).  Before the LP-duality certificate (``rules.pairings.swiss``
module docstring, "Pricing: the LP-duality certificate") this bound certified
some sparse results optimal; it was slow (24 s at 4,096 players) and did not
cover mid-table cases, so the solver dropped it.  It stays as an independent
check of a pairing: a real pairing whose field totals attain
``head_exact_bound`` is optimal, and the bound is never above the optimum
(``tests/rules/test_swiss.py`` checks that against networkx on the complete
graph).  Terms (points group, repeat floater, the fields, the uncrossing lemma)
are those of ``rules.pairings.swiss``.
"""

from __future__ import annotations

from rules.pairings.swiss import FIELDS, SwissProblem, solve_matching

__all__ = ["HEAD_SIZES", "head_exact_bound"]

HEAD_SIZES = (64, 256)
"""Head sizes an audit tries as ``head_min`` (the solver used to try them in turn)."""


def head_exact_bound(problem: SwissProblem, head_min: int, *, bottom: bool = False) -> dict[str, int] | None:
    """A tighter lower bound: the top (or, with ``bottom=True``, the bottom) points groups solved exactly.

    The exact segment E is the top points groups (whole groups, at least
    ``head_min`` players); the rest R is relaxed.  Relaxation R3: pairs inside E
    keep their real rules (forbidden pairs impossible, rematches at their real
    cost); every pair with a player of R is free of rematch and forbidden-pair
    rules.  Every real pairing is feasible in R3 at no higher cost, so R3's
    optimum is a lower bound.  By the uncrossing lemma (module docstring) some
    R3 optimum pairs the k players of E who pair into R with the k players of R
    next to E (in the order points desc, repeat floaters first), and pairs the
    other players of R consecutively in that order.  So R3's optimum is one
    matching on a small gadget graph: E complete (real edges), every player of
    E joined to the |E| + 2 players of R next to it, R as a path of consecutive
    players.  The bye goes to a player of minimal (bye_repeat, bye_points):
    for the top segment those must all be in R (each gets a bye edge and a skip
    edge over it), for the bottom segment all in E (bye edges with real costs).
    That restriction of the bye is valid only when the result has no rematch
    (a real pairing may trade a worse bye for fewer rematches), so such a
    result is discarded.  Returns ``{field: total}``, or None when the bound
    does not apply.
    """
    players = [p for p in problem.vertices if p is not None]
    index = {p: i for i, p in enumerate(problem.vertices)}
    order = sorted(players, key=lambda p: (-problem.points[p], p not in problem.floated, index[p]))
    if bottom:
        order.reverse()
    cut = 0
    while cut < len(order) and (cut < head_min or problem.points[order[cut]] == problem.points[order[cut - 1]]):
        cut += 1
    if cut >= len(order) - 1 or cut > 4 * head_min:
        return None
    exact, rest = order[:cut], order[cut:]  # ``rest`` starts next to the exact segment
    has_bye = None in index
    candidates: set[str] = set()
    if has_bye:
        best = min((problem.byes[p], problem.points[p]) for p in players)
        candidates = {p for p in players if (problem.byes[p], problem.points[p]) == best}
        if candidates & set(rest if bottom else exact):
            return None
    verts: list[str | None] = [*exact, *rest] + ([None] if has_bye else [])
    pos = {p: k for k, p in enumerate(verts)}
    edge_costs: dict[tuple[int, int], dict[str, int]] = {}

    def add(a: str | None, b: str | None, costs: dict[str, int] | None) -> None:
        if costs is not None:
            i, j = pos[a], pos[b]
            edge_costs[(i, j) if i < j else (j, i)] = costs

    for i, a in enumerate(exact):
        for b in exact[i + 1 :]:
            add(a, b, problem.costs(a, b))
        for b in rest[: len(exact) + 2]:
            add(a, b, problem.costs(a, b, free=True))
    for k in range(len(rest) - 1):
        add(rest[k], rest[k + 1], problem.costs(rest[k], rest[k + 1], free=True))
    for k, t in enumerate(verts[:-1] if has_bye else ()):
        if t in candidates:
            add(t, None, problem.costs(t, None))
            if not bottom and cut < k < len(verts) - 2:
                add(verts[k - 1], verts[k + 1], problem.costs(verts[k - 1], verts[k + 1], free=True))
    found = solve_matching(len(verts), [(i, j, problem.top - problem.pack(c)) for (i, j), c in edge_costs.items()])
    if 2 * len(found) != len(verts):
        return None
    totals = dict.fromkeys(FIELDS, 0)
    for e in found:
        for name, v in edge_costs[e].items():
            totals[name] += v
    if has_bye and totals["rematch"]:
        # Giving the bye only to the minimal class is a valid restriction only while the bound
        # has no rematch: a real pairing may trade a worse bye for fewer rematches.
        return None
    return totals
