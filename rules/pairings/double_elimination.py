"""Double-elimination brackets (PAIRINGS.md §3.2).

Terms
-----
winners' bracket (WB)
    A single-elimination bracket of size P = 2**k seeded as ``seed_order``
    (PAIRINGS.md §3.1): seed s meets seed P + 1 - s in WB round 1, the missing
    seeds are byes for the top seeds.  Match ``("W", r, i)``: WB round r
    (1..k), index i from the top.
losers' bracket (LB)
    2(k - 1) rounds.  LB round 1: the losers of WB round-1 matches 2i and
    2i+1 meet.  LB round 2j: the winner of LB (2j - 1) match i meets a player
    dropped from WB round j + 1.  LB round 2j + 1 (j >= 1): winners of LB 2j
    matches 2i and 2i + 1 meet.  A player is out after a second loss.
split and flip
    The order in which WB losers drop into the LB alternates so that a dropped
    player meets survivors from the *other* part of the bracket (no early
    rematch): for LB round 2j with m matches, the loser of WB (j + 1) match i
    goes to LB match m - 1 - i when j is odd (flip), to (i + m/2) mod m when j
    is even (split: the halves are swapped).  (PAIRINGS.md §3.2, "split and
    flip"; the npm ``tournament-pairings`` convention.)  Guarantee (tested for
    every outcome sampled, 4 to 32 players): LB rounds 1 and 2 never pair two
    players who met before, unless LB round 2 is already the LB final (4
    players).  Later LB rounds can bring a rematch, as in any double
    elimination; the grand final often is one by construction.
grand final
    The WB champion (no loss) against the LB champion (one loss).  With
    ``bracket_reset=True``, if the LB champion wins, both have one loss and a
    second, deciding grand final is played.  Without it the first grand final
    decides (the default).  For P = 2 the LB champion is the loser of the only WB match.
bye
    A bracket slot without a player (P > number of seeds).  A match with one
    player is not played: that player advances and nobody drops to the LB.

Scheduling (stateless, like ``elimination.py``): a match is *ready* once both
of its players are known; each round consists of every ready match not yet
played (WB matches first, then LB, then the grand final).  The next round is
recomputed from the seeds and the elimination rounds already played, in
order; each played round must contain a result for every match that was ready
(round 1: WB round 1; round 2: WB round 2 and LB round 1; ...).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.history import RoundRecord
from rules.pairings import Pairing, PairingError, Table
from rules.pairings.elimination import duel_result, seed_order

__all__ = ["pair_double_elimination", "double_elimination_winner", "DoubleEliminationState", "replay"]

Slot = tuple[str, str, int, int]  # ("win" | "lose", kind, round, index); kind "W", "L", "G"


@dataclass
class DoubleEliminationState:
    """The bracket after the played rounds.

    ``results``: match id -> (winner, loser) (None for a bye slot); ``pending``:
    ready matches with two players, in table order (match id, (player, player));
    ``champion``: set when the bracket is complete; ``eliminated``: players with
    two losses, in order of elimination.
    """

    results: dict[tuple[str, int, int], tuple[str | None, str | None]]
    pending: list[tuple[tuple[str, int, int], tuple[str, str]]]
    champion: str | None
    eliminated: list[str]


def _structure(n: int) -> tuple[int, int]:
    size, k = 1, 0
    while size < n:
        size *= 2
        k += 1
    return size, k


def _inputs(match: tuple[str, int, int], size: int, k: int, reset: bool) -> list[Slot] | None:
    """The two sources of a match's players; None for a WB round-1 match (filled from the seeds)."""
    kind, r, i = match
    if kind == "W":
        if r == 1:
            return None
        return [("win", "W", r - 1, 2 * i), ("win", "W", r - 1, 2 * i + 1)]
    if kind == "L":
        if r == 1:
            return [("lose", "W", 1, 2 * i), ("lose", "W", 1, 2 * i + 1)]
        if r % 2 == 0:
            j = r // 2
            m = size >> (j + 1)
            # inverse of the drop permutation: which WB (j+1) match drops into LB match i
            src = m - 1 - i if j % 2 == 1 else (i + m // 2) % m if m > 1 else i
            return [("win", "L", r - 1, i), ("lose", "W", j + 1, src)]
        return [("win", "L", r - 1, 2 * i), ("win", "L", r - 1, 2 * i + 1)]
    # grand finals
    lb_champion: Slot = ("lose", "W", 1, 0) if k == 1 else ("win", "L", 2 * (k - 1), 0)
    if r == 1:
        return [("win", "W", k, 0), lb_champion]
    return [("win", "G", 1, 0), ("lose", "G", 1, 0)]


def _all_matches(size: int, k: int) -> list[tuple[str, int, int]]:
    out: list[tuple[str, int, int]] = []
    for r in range(1, k + 1):
        out += [("W", r, i) for i in range(size >> r)]
    for r in range(1, 2 * (k - 1) + 1):
        count = size >> (r // 2 + 1) if r % 2 == 0 else size >> ((r + 1) // 2 + 1)
        out += [("L", r, i) for i in range(count)]
    out.append(("G", 1, 0))
    return out


def replay(seeds: Sequence[str], rounds: Sequence[RoundRecord], *, bracket_reset: bool = False
           ) -> DoubleEliminationState:
    """Rebuild the bracket from ``seeds`` (best first) and the elimination ``rounds`` played, in order.

    Raises ``PairingError`` with code "too_few_players", "duplicate_seed",
    "results_missing", "elimination_draw" or "rounds_after_final".
    """
    if len(seeds) < 2:
        raise PairingError(
            "too_few_players",
            f"A bracket needs at least two players, not {len(seeds)}; add players to the bracket.",
            players=len(seeds),
        )
    if len(set(seeds)) != len(seeds):
        raise PairingError("duplicate_seed", "A player is seeded twice; list each player once.")
    size, k = _structure(len(seeds))
    order = seed_order(size)
    first = {("W", 1, i): (seeds[order[2 * i] - 1] if order[2 * i] <= len(seeds) else None,
                           seeds[order[2 * i + 1] - 1] if order[2 * i + 1] <= len(seeds) else None)
             for i in range(size // 2)}
    matches = _all_matches(size, k)
    results: dict[tuple[str, int, int], tuple[str | None, str | None]] = {}
    eliminated: list[str] = []

    def players_of(match: tuple[str, int, int]) -> tuple[str | None, str | None] | None:
        if match in first:
            return first[match]
        sources = _inputs(match, size, k, bracket_reset)
        assert sources is not None
        got: list[str | None] = []
        for which, kind, r, i in sources:
            res = results.get((kind, r, i))
            if res is None:
                return None
            got.append(res[0] if which == "win" else res[1])
        return got[0], got[1]

    def champion() -> str | None:
        g1 = results.get(("G", 1, 0))
        if g1 is None:
            return None
        wb_champion = results.get(("W", k, 0), (None, None))[0]
        if g1[0] == wb_champion or not bracket_reset:
            return g1[0]
        g2 = results.get(("G", 2, 0))
        return g2[0] if g2 else None

    def settle_byes() -> list[tuple[tuple[str, int, int], tuple[str, str]]]:
        """Resolve matches with a missing player; return the ready two-player matches."""
        while True:
            progressed = False
            ready: list[tuple[tuple[str, int, int], tuple[str, str]]] = []
            candidates = list(matches)
            g1 = results.get(("G", 1, 0))
            if bracket_reset and g1 is not None and champion() is None:
                candidates.append(("G", 2, 0))
            for match in candidates:
                if match in results:
                    continue
                got = players_of(match)
                if got is None:
                    continue
                a, b = got
                if a is None or b is None:
                    results[match] = (b if a is None else a, None)
                    progressed = True
                else:
                    ready.append((match, (a, b)))
            if not progressed:
                return ready

    pending = settle_byes()
    for index, rnd in enumerate(rounds, start=1):
        if not pending:
            raise PairingError(
                "rounds_after_final",
                f"Elimination round {index} (round {rnd.number}) comes after the bracket was already won; "
                "remove it.",
                round=rnd.number,
            )
        for match, (a, b) in pending:
            winner, loser = duel_result(rnd, index, a, b)
            results[match] = (winner, loser)
            if match[0] == "L" or (match[0] == "G" and (match[1] == 2 or not bracket_reset
                                                          or winner == results[("W", k, 0)][0])):
                eliminated.append(loser)
        pending = settle_byes()
    done = champion()
    if done is not None:
        pending = []
    return DoubleEliminationState(results=results, pending=pending, champion=done, eliminated=eliminated)


def double_elimination_winner(seeds: Sequence[str], rounds: Sequence[RoundRecord], *,
                              bracket_reset: bool = False) -> str | None:
    """The champion after ``rounds``, or None while undecided (errors as ``replay``)."""
    return replay(seeds, rounds, bracket_reset=bracket_reset).champion


def _describe(match: tuple[str, int, int], k: int) -> str:
    kind, r, _ = match
    if kind == "W":
        return "winners' bracket final" if r == k else f"winners' bracket round {r}"
    if kind == "L":
        if r == 1:
            return "losers' bracket round 1: losers of winners' round 1"
        if r % 2 == 0:
            flip = "flipped" if (r // 2) % 2 == 1 else "halves swapped"
            return (f"losers' bracket round {r}: survivor vs a player dropped from winners' round "
                    f"{r // 2 + 1} ({flip} to avoid a rematch)")
        return f"losers' bracket round {r}"
    if r == 1:
        return "grand final: winners' bracket champion vs losers' bracket champion"
    return "grand final reset: the losers' bracket champion won the first grand final"


def _describe_data(match: tuple[str, int, int], k: int) -> tuple[str, dict[str, Any]]:
    """``_describe`` as (code, params) (``rules.pairings.REASON_CODES``), without the seeds."""
    kind, r, _ = match
    if kind == "W":
        return "winners_bracket", {"stage": "winners", "bracket_round": r, "final": r == k}
    if kind == "L":
        params: dict[str, Any] = {"stage": "losers", "bracket_round": r}
        if r > 1 and r % 2 == 0:
            params["from_winners_round"] = r // 2 + 1
            params["swap"] = "flipped" if (r // 2) % 2 == 1 else "halves_swapped"
        return "losers_bracket", params
    if r == 1:
        return "grand_final", {"stage": "grand", "bracket_round": 1}
    return "grand_final_reset", {"stage": "grand", "bracket_round": 2}


def pair_double_elimination(seeds: Sequence[str], rounds: Sequence[RoundRecord], *,
                            bracket_reset: bool = False) -> Pairing:
    """The next round of a double-elimination bracket (PAIRINGS.md §3.2; module docstring).

    ``seeds``: player ids best first; ``rounds``: the elimination rounds played,
    in order.  Returns the ready matches as tables (WB first, then LB, then the
    grand final; seat 0 = the better seed) and no byes (a bye slot just
    advances its player); ``Pairing.round`` is ``len(rounds) + 1``.  Raises
    ``PairingError`` with code "too_few_players", "duplicate_seed",
    "results_missing", "elimination_draw", "rounds_after_final" or
    "bracket_complete" (``params["winner"]``).
    """
    state = replay(seeds, rounds, bracket_reset=bracket_reset)
    if state.champion is not None:
        raise PairingError(
            "bracket_complete",
            f"The bracket is complete: {state.champion} has won. There is no further round to pair.",
            winner=state.champion,
        )
    _, k = _structure(len(seeds))
    seed_of = {p: i + 1 for i, p in enumerate(seeds)}
    tables = []
    for number, (match, (a, b)) in enumerate(state.pending, start=1):
        if seed_of[b] < seed_of[a]:
            a, b = b, a
        code, params = _describe_data(match, k)
        tables.append(Table(number=number, players=(a, b),
                            reason=f"{_describe(match, k)}: seed {seed_of[a]} vs seed {seed_of[b]}",
                            reason_code=code, reason_params={**params, "seeds": [seed_of[a], seed_of[b]]}))
    return Pairing(round=len(rounds) + 1, tables=tuple(tables), byes=())
