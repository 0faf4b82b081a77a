"""Maximum-weight matching *with its linear-programming dual* (Edmonds' primal-dual blossom algorithm).

``rustworkx`` and ``networkx`` return the matching only; the Swiss engine needs the dual as
well, to certify that a matching of a sparse candidate graph is optimal on the complete graph
(``rules.pairings.swiss``, "Pricing").  This module is a typed port of the algorithm of
``networkx.max_weight_matching`` (networkx 3.6, BSD-3-Clause; itself a port of Joris van
Rantwijk's ``mwmatching.py``, after Galil, "Efficient algorithms for finding maximum matching
in graphs", ACM Computing Surveys 1986), with two changes: it can start from a matching of
tight edges (a warm start: only the vertices left free cost augmentations), and it returns
the dual.

The dual (integer weights, ``max_cardinality`` mode).  ``dual[v]`` is twice the vertex
potential and ``Blossom.dual`` twice the odd-set dual; on return, for every edge ``(i, j, w)``
of the graph::

    dual[i] + dual[j] + 2 * sum(B.dual for every blossom B containing both i and j) >= 2 * w,

with equality on matched edges, ``B.dual >= 0``, and every blossom with ``B.dual > 0``
containing ``(|B| - 1) / 2`` matched edges.  When the matching is perfect this proves it is
a maximum-weight perfect matching of *any* graph on the same vertices whose edges all satisfy
the inequality (``rules.pairings.swiss`` module docstring, "Pricing").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Union

__all__ = ["Blossom", "DualMatching", "max_weight_matching_with_dual"]


class Blossom:
    """An odd set of the dual: ``children`` (vertices or blossoms, in cycle order) and ``dual`` (>= 0)."""

    __slots__ = ("children", "edges", "best_edges", "dual", "leaf_list")

    def __init__(self) -> None:
        self.children: list[Node] = []
        self.edges: list[tuple[int, int]] = []
        self.best_edges: list[tuple[int, int]] | None = None
        self.dual = 0
        self.leaf_list: list[int] = []

    def leaves(self) -> list[int]:
        """The vertices of the blossom (set once when it forms: its members never change)."""
        return self.leaf_list


Node = Union[int, Blossom]


@dataclass(frozen=True)
class DualMatching:
    """The result: ``mate[v]`` (-1 = unmatched), ``dual[v]`` per vertex, ``top``: the outermost
    blossoms and unmatched-in-a-blossom vertices (the laminar family of odd sets is the tree
    under them), ``parent``: each blossom's or vertex's enclosing blossom (absent = top level)."""

    mate: list[int]
    dual: list[int]
    top: list[Node]
    parent: dict[Node, Blossom]

    def pairs(self) -> list[tuple[int, int]]:
        return [(v, m) for v, m in enumerate(self.mate) if v < m]

    def chain(self, v: int) -> list[Blossom]:
        """The blossoms containing ``v``, innermost first."""
        out: list[Blossom] = []
        node: Node = v
        while node in self.parent:
            node = self.parent[node]
            out.append(node)
        return out

    @cached_property
    def blossom_sum(self) -> dict[Blossom, int]:
        """Per blossom: twice the sum of the duals of it and of every blossom containing it."""
        out: dict[Blossom, int] = {}
        stack: list[tuple[Blossom, int]] = [(b, 0) for b in self.top if isinstance(b, Blossom)]
        while stack:
            b, above = stack.pop()
            z = above + 2 * b.dual
            out[b] = z
            stack.extend((c, z) for c in b.children if isinstance(c, Blossom))
        return out

    def violated(self, i: int, j: int, weight: int) -> bool:
        """Whether the edge ``(i, j, weight)`` has a negative slack (``slack``), cheaply when it has none."""
        if self.dual[i] + self.dual[j] >= 2 * weight:
            return False  # blossom duals are >= 0
        return self.slack(i, j, weight) < 0

    def slack(self, i: int, j: int, weight: int) -> int:
        """``dual[i] + dual[j] + 2 * (blossom duals over both) - 2 * weight`` (>= 0 means the edge is priced out)."""
        s = self.dual[i] + self.dual[j] - 2 * weight
        if i not in self.parent or j not in self.parent:
            return s
        above_i = set(self.chain(i))
        node: Node = j
        parent = self.parent
        while node in parent:
            node = parent[node]
            if node in above_i:
                return s + self.blossom_sum[node]
        return s


def max_weight_matching_with_dual(n: int, edges: Iterable[tuple[int, int, int]],
                                  start: Iterable[tuple[int, int]] = ()) -> DualMatching:
    """Maximum-weight maximum-cardinality matching of vertices ``0..n-1`` with its dual.

    ``edges``: ``(i, j, w)``, integer weights, ``i != j``, each pair once.  ``start``: matched
    pairs to start from; a pair is used only if it is an edge of maximal weight (tight at the
    initial dual), the others are ignored.  O(n^3) in the worst case; with a warm start only
    the free vertices cost stages.
    """
    return _Solver(n, edges, start).run()


class _Solver:
    def __init__(self, n: int, edges: Iterable[tuple[int, int, int]], start: Iterable[tuple[int, int]]) -> None:
        self.n = n
        self.adj: list[dict[int, int]] = [{} for _ in range(n)]
        maxweight = 0
        for i, j, w in edges:
            if i == j:
                continue
            self.adj[i][j] = w
            self.adj[j][i] = w
            if w > maxweight:
                maxweight = w
        self.mate: list[int] = [-1] * n
        for i, j in start:
            if self.adj[i].get(j) == maxweight and self.mate[i] < 0 and self.mate[j] < 0:
                self.mate[i] = j
                self.mate[j] = i
        self.dualvar: list[int] = [maxweight] * n
        self.inblossom: list[Node] = list(range(n))
        self.blossomparent: dict[Node, Blossom | None] = {v: None for v in range(n)}
        self.blossombase: dict[Node, int] = {v: v for v in range(n)}
        self.blossoms: set[Blossom] = set()
        self.label: dict[Node, int] = {}
        self.labeledge: dict[Node, tuple[int, int] | None] = {}
        self.bestedge: dict[Node, tuple[int, int] | None] = {}
        self.allowedge: set[tuple[int, int]] = set()
        self.queue: list[int] = []
        self.labelled: set[Node] = set()
        """Top-level nodes labelled this stage (the dual update visits only these)."""

    def slack(self, v: int, w: int) -> int:
        return self.dualvar[v] + self.dualvar[w] - 2 * self.adj[v][w]

    def find(self, v: int) -> Node:
        """The top-level blossom (or vertex) containing ``v``."""
        b = self.inblossom[v]
        parent = self.blossomparent[b]
        if parent is None:
            return b
        while parent is not None:
            b = parent
            parent = self.blossomparent[b]
        self.inblossom[v] = b
        return b

    def assign_label(self, w: int, t: int, v: int | None) -> None:
        while True:
            b = self.find(w)
            self.label[w] = self.label[b] = t
            self.labelled.add(b)
            edge = (v, w) if v is not None else None
            self.labeledge[w] = self.labeledge[b] = edge
            self.bestedge[w] = self.bestedge[b] = None
            if t == 1:
                if isinstance(b, Blossom):
                    self.queue.extend(b.leaves())
                else:
                    self.queue.append(b)
                return
            base = self.blossombase[b]
            w, t, v = self.mate[base], 1, base

    def scan_blossom(self, v: int, w: int) -> int:
        """Trace back from ``v`` and ``w``: the base of a new blossom, or -1 for an augmenting path."""
        path: list[Node] = []
        base = -1
        vv, ww = v, w
        while vv != -1:
            b = self.find(vv)
            if self.label[b] & 4:
                base = self.blossombase[b]
                break
            path.append(b)
            self.label[b] = 5
            edge = self.labeledge[b]
            if edge is None:
                vv = -1
            else:
                vv = edge[0]
                b = self.find(vv)
                e2 = self.labeledge[b]
                assert e2 is not None
                vv = e2[0]
            if ww != -1:
                vv, ww = ww, vv
        for b in path:
            self.label[b] = 1
        return base

    def add_blossom(self, base: int, v: int, w: int) -> None:

        bb, bv, bw = self.find(base), self.find(v), self.find(w)
        b = Blossom()
        self.blossombase[b] = base
        self.blossomparent[b] = None
        path = b.children
        edgs = b.edges
        edgs.append((v, w))
        while bv != bb:
            self.blossomparent[bv] = b
            path.append(bv)
            e = self.labeledge[bv]
            assert e is not None
            edgs.append(e)
            bv = self.find(e[0])
        path.append(bb)
        path.reverse()
        edgs.reverse()
        bb_parent_pending = bb
        while bw != bb:
            self.blossomparent[bw] = b
            path.append(bw)
            e = self.labeledge[bw]
            assert e is not None
            edgs.append((e[1], e[0]))
            bw = self.find(e[0])
        # (set only now: ``find`` must not climb from the base's blossom into b while tracing)
        self.blossomparent[bb_parent_pending] = b
        for sub in path:
            if isinstance(sub, Blossom):
                b.leaf_list.extend(sub.leaf_list)
            else:
                b.leaf_list.append(sub)
        self.label[b] = 1
        self.labelled.add(b)
        self.labeledge[b] = self.labeledge[bb]
        self.blossoms.add(b)
        for sub in path:
            # T-blossoms become S: their vertices are scanned.  ``inblossom`` is not rewritten
            # for the leaves (that is quadratic in nested blossoms): ``find`` follows the
            # parents up to the new blossom and compresses the path.
            if self.label.get(sub) == 2:
                if isinstance(sub, Blossom):
                    self.queue.extend(sub.leaf_list)
                else:
                    self.queue.append(sub)
        bestedgeto: dict[Node, tuple[int, int]] = {}
        bestslack: dict[Node, int] = {}
        for sub in path:
            nblist: Iterable[tuple[int, int]]
            if isinstance(sub, Blossom):
                if sub.best_edges is not None:
                    nblist = sub.best_edges
                    sub.best_edges = None
                else:
                    nblist = [(x, y) for x in sub.leaves() for y in self.adj[x]]
            else:
                nblist = [(sub, y) for y in self.adj[sub]]
            inb, bp, label, dual, adj = self.inblossom, self.blossomparent, self.label, self.dualvar, self.adj
            for i, j in nblist:
                bj = inb[j]
                if bp[bj] is not None:
                    bj = self.find(j)
                if bj != b and label.get(bj) == 1:
                    s = dual[i] + dual[j] - 2 * adj[i][j]
                    if bj not in bestslack or s < bestslack[bj]:
                        bestedgeto[bj] = (i, j)
                        bestslack[bj] = s
            self.bestedge[sub] = None
        b.best_edges = list(bestedgeto.values())
        best: tuple[int, int] | None = None
        best_s = 0
        for k in b.best_edges:
            s = self.slack(*k)
            if best is None or s < best_s:
                best, best_s = k, s
        self.bestedge[b] = best

    def expand_blossom(self, b0: Blossom, endstage: bool) -> None:
        stack: list[Blossom] = [b0]
        while stack:
            b = stack.pop()
            for s in b.children:
                self.blossomparent[s] = None
                if isinstance(s, Blossom):
                    if endstage and s.dual == 0:
                        stack.append(s)
                    else:
                        for leaf in s.leaves():
                            self.inblossom[leaf] = s
                else:
                    self.inblossom[s] = s
            if not endstage and self.label.get(b) == 2:
                self._relabel_expanded(b)
            self.label.pop(b, None)
            self.labeledge.pop(b, None)
            self.bestedge.pop(b, None)
            del self.blossomparent[b]
            del self.blossombase[b]
            self.blossoms.discard(b)

    def _relabel_expanded(self, b: Blossom) -> None:
        le = self.labeledge[b]
        assert le is not None
        entrychild = self.find(le[1])
        j = b.children.index(entrychild)
        if j & 1:
            j -= len(b.children)
            jstep = 1
        else:
            jstep = -1
        v, w = le
        while j != 0:
            if jstep == 1:
                p, q = b.edges[j]
            else:
                q, p = b.edges[j - 1]
            self.label.pop(w, None)
            self.label.pop(q, None)
            self.assign_label(w, 2, v)
            self.allowedge.add((p, q))
            self.allowedge.add((q, p))
            j += jstep
            if jstep == 1:
                v, w = b.edges[j]
            else:
                w, v = b.edges[j - 1]
            self.allowedge.add((v, w))
            self.allowedge.add((w, v))
            j += jstep
        bw = b.children[j]
        self.label[w] = self.label[bw] = 2
        self.labelled.add(bw)
        self.labelled.add(w)
        self.labeledge[w] = self.labeledge[bw] = (v, w)
        self.bestedge[bw] = None
        j += jstep
        while b.children[j] != entrychild:
            bv = b.children[j]
            if self.label.get(bv) == 1:
                j += jstep
                continue
            x = -1
            if isinstance(bv, Blossom):
                for leaf in bv.leaves():
                    if self.label.get(leaf):
                        x = leaf
                        break
            else:
                x = bv
            if x >= 0 and self.label.get(x):
                self.label.pop(x, None)
                self.label.pop(self.mate[self.blossombase[bv]], None)
                e = self.labeledge[x]
                assert e is not None
                self.assign_label(x, 2, e[0])
            j += jstep

    def augment_blossom(self, b0: Blossom, v0: int) -> None:
        stack: list[tuple[Blossom, int]] = [(b0, v0)]
        while stack:
            b, v = stack.pop()
            t: Node = v
            while True:
                parent = self.blossomparent[t]
                assert parent is not None
                if parent is b:
                    break
                t = parent
            if isinstance(t, Blossom):
                stack.append((t, v))
            i = j = b.children.index(t)
            if i & 1:
                j -= len(b.children)
                jstep = 1
            else:
                jstep = -1
            while j != 0:
                j += jstep
                t = b.children[j]
                if jstep == 1:
                    w, x = b.edges[j]
                else:
                    x, w = b.edges[j - 1]
                if isinstance(t, Blossom):
                    stack.append((t, w))
                j += jstep
                t = b.children[j]
                if isinstance(t, Blossom):
                    stack.append((t, x))
                self.mate[w] = x
                self.mate[x] = w
            b.children = b.children[i:] + b.children[:i]
            b.edges = b.edges[i:] + b.edges[:i]
            # (networkx recurses into the sub-blossom first and asserts the new base is v; the
            # sub-blossoms here are augmented after their parent, which does not read them.)
            self.blossombase[b] = v

    def augment_matching(self, v: int, w: int) -> None:
        for s0, j0 in ((v, w), (w, v)):
            s, j = s0, j0
            while True:
                bs = self.find(s)
                if isinstance(bs, Blossom):
                    self.augment_blossom(bs, s)
                self.mate[s] = j
                e = self.labeledge[bs]
                if e is None:
                    break
                t = e[0]
                bt = self.find(t)
                e2 = self.labeledge[bt]
                assert e2 is not None
                s, j = e2
                if isinstance(bt, Blossom):
                    self.augment_blossom(bt, j)
                self.mate[j] = s

    def run(self) -> DualMatching:
        n = self.n
        label = self.label
        while True:
            label.clear()
            self.labelled.clear()
            self.labeledge.clear()
            self.bestedge.clear()
            for blossom in self.blossoms:
                blossom.best_edges = None
            self.allowedge.clear()
            self.queue.clear()
            for v in range(n):
                if self.mate[v] < 0 and label.get(self.find(v)) is None:
                    self.assign_label(v, 1, None)
            augmented = False
            while True:
                while self.queue and not augmented:
                    v = self.queue.pop()
                    inb, bp = self.inblossom, self.blossomparent
                    for w, wt in self.adj[v].items():
                        bv = inb[v]  # may change when a blossom forms in this loop
                        if bp[bv] is not None:
                            bv = self.find(v)
                        bw = inb[w]
                        if bp[bw] is not None:
                            bw = self.find(w)
                        if bv == bw:
                            continue
                        allowed = (v, w) in self.allowedge
                        kslack = 0
                        if not allowed:
                            kslack = self.dualvar[v] + self.dualvar[w] - 2 * wt
                            if kslack <= 0:
                                self.allowedge.add((v, w))
                                self.allowedge.add((w, v))
                                allowed = True
                        lw = label.get(bw)
                        if allowed:
                            if lw is None:
                                self.assign_label(w, 2, v)
                            elif lw == 1:
                                base = self.scan_blossom(v, w)
                                if base >= 0:
                                    self.add_blossom(base, v, w)
                                else:
                                    self.augment_matching(v, w)
                                    augmented = True
                                    break
                            elif label.get(w) is None:
                                label[w] = 2
                                self.labelled.add(w)
                                self.labeledge[w] = (v, w)
                        elif lw == 1:
                            be = self.bestedge.get(bv)
                            if be is None or kslack < self.slack(*be):
                                self.bestedge[bv] = (v, w)
                        elif label.get(w) is None:
                            be = self.bestedge.get(w)
                            if be is None or kslack < self.slack(*be):
                                self.bestedge[w] = (v, w)
                if augmented:
                    break
                deltatype = -1
                delta = 0
                ties: list[tuple[int, int]] = []
                deltablossom: Blossom | None = None
                # delta2 (edge from an S-blossom to a free vertex) and delta3 (between two
                # S-blossoms), over the best edges recorded this stage only.
                for k, be in self.bestedge.items():
                    if be is None:
                        continue
                    if isinstance(k, Blossom):
                        if label.get(k) != 1 or self.blossomparent.get(k, 0) is not None:
                            continue
                        d = self.slack(*be) // 2
                        dtype = 3
                    else:
                        top = self.find(k)
                        if label.get(top) is None:
                            d = self.slack(*be)
                            dtype = 2
                        elif top == k and label.get(k) == 1:
                            d = self.slack(*be) // 2
                            dtype = 3
                        else:
                            continue
                    if deltatype == -1 or d < delta:
                        delta, deltatype = d, dtype
                        ties = [be]
                    elif d == delta:
                        ties.append(be)
                for b in self.blossoms:
                    if self.blossomparent[b] is None and label.get(b) == 2 and (deltatype == -1 or b.dual < delta):
                        delta, deltatype, deltablossom = b.dual, 4, b
                if deltatype == -1:
                    # No further progress possible (max cardinality reached).
                    deltatype = 1
                    delta = 0
                for node in list(self.labelled):
                    if isinstance(node, Blossom):
                        if node not in self.blossoms or self.blossomparent[node] is not None:
                            self.labelled.discard(node)
                            continue
                    elif self.find(node) != node:
                        self.labelled.discard(node)
                        continue
                    lb = label.get(node)
                    if lb == 1:
                        if isinstance(node, Blossom):
                            node.dual += delta
                            for v in node.leaf_list:
                                self.dualvar[v] -= delta
                        else:
                            self.dualvar[node] -= delta
                    elif lb == 2:
                        if isinstance(node, Blossom):
                            node.dual -= delta
                            for v in node.leaf_list:
                                self.dualvar[v] += delta
                        else:
                            self.dualvar[node] += delta
                if deltatype == 1:
                    break
                if deltatype in (2, 3):
                    # Every best edge that reached the minimum is tight now: take them all at once
                    # (structured weights tie a lot; one per dual update would cost a full scan each).
                    for v, w in ties:
                        self.allowedge.add((v, w))
                        self.allowedge.add((w, v))
                        self.queue.append(v)
                else:
                    assert deltablossom is not None
                    # Every top-level T-blossom whose dual is zero may be expanded, in any order (its
                    # dual does not enter any slack): all of them at once, and the sub-blossoms that
                    # come out as zero-dual T-blossoms too, instead of one per dual update (nested
                    # blossoms from earlier stages would otherwise cost a full scan each).
                    stack = [b for b in self.blossoms
                             if b.dual == 0 and self.blossomparent[b] is None and label.get(b) == 2]
                    while stack:
                        b = stack.pop()
                        if b in self.blossoms and self.blossomparent[b] is None and label.get(b) == 2:
                            children = list(b.children)
                            self.expand_blossom(b, False)
                            stack.extend(c for c in children if isinstance(c, Blossom) and c.dual == 0)
            if not augmented:
                break
            for b in list(self.blossoms):
                if b in self.blossoms and self.blossomparent[b] is None and label.get(b) == 1 and b.dual == 0:
                    self.expand_blossom(b, True)
        parent: dict[Node, Blossom] = {}
        for node, par in self.blossomparent.items():
            if par is not None:
                parent[node] = par
        roots: list[Node] = [node for node, par in self.blossomparent.items() if par is None]
        return DualMatching(mate=list(self.mate), dual=list(self.dualvar), top=roots, parent=parent)
