"""Single-elimination brackets (PAIRINGS.md §3.1; Magic Tournament Rules 10.4 for the top-8 layout).

Terms
-----
seed
    A player's position in the bracket order, 1 = best (for a Swiss top cut,
    the final Swiss rank).
bracket size
    The next power of two >= the number of seeds; the missing slots are byes,
    which go to the top seeds (seed s meets seed size + 1 - s in round 1).
bracket order
    ``seed_order(size)``: the seeds from the top of the bracket down;
    consecutive pairs are round-1 matches, and the winners of adjacent matches
    meet next (top 8: 1v8, 4v5, 2v7, 3v6; winners of 1/8 and 4/5 meet).

The functions are stateless: the bracket is rebuilt from the seeds and the
elimination rounds already played, in order.  The winner of a match is the
player with more game wins; a drawn elimination match must be replayed.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.history import MatchRecord, RoundRecord
from rules.pairings import Pairing, PairingError, Table

__all__ = ["seed_order", "pair_single_elimination", "bracket_winner"]


def seed_order(size: int) -> list[int]:
    """Seeds 1..size in bracket order (PAIRINGS.md §3.1): 4 -> [1, 4, 2, 3]; 8 -> [1, 8, 4, 5, 2, 7, 3, 6].

    Built by replacing each seed s with (s, 2m + 1 - s) where m is the current
    length.  ``size`` must be a power of two >= 1, else
    ``PairingError("bracket_size")``.
    """
    if isinstance(size, bool) or not isinstance(size, int) or size < 1 or size & (size - 1):
        raise PairingError(
            "bracket_size", f"A bracket size must be a power of two (1, 2, 4, 8, ...), not {size!r}.", size=size
        )
    order = [1]
    while len(order) < size:
        m = len(order)
        order = [s for seed in order for s in (seed, 2 * m + 1 - seed)]
    return order


def _initial_slots(seeds: Sequence[str]) -> list[str | None]:
    if len(seeds) < 2:
        raise PairingError(
            "too_few_players",
            f"A bracket needs at least two players, not {len(seeds)}; add players to the cut.",
            players=len(seeds),
        )
    if len(set(seeds)) != len(seeds):
        raise PairingError("duplicate_seed", "A player is seeded twice; list each player once.")
    size = 1
    while size < len(seeds):
        size *= 2
    return [seeds[s - 1] if s <= len(seeds) else None for s in seed_order(size)]


def _find_match(rnd: RoundRecord, a: str, b: str) -> MatchRecord | None:
    for match in rnd.matches:
        if not match.bye and a in match.players and b in match.players:
            return match
    return None


def _replay(seeds: Sequence[str], rounds: Sequence[RoundRecord]) -> list[str | None]:
    """The players still in the bracket, in bracket order (``None`` = a bye slot), after ``rounds``."""
    alive = _initial_slots(seeds)
    for index, rnd in enumerate(rounds, start=1):
        if len(alive) == 1:
            raise PairingError(
                "rounds_after_final",
                f"Elimination round {index} (round {rnd.number}) comes after the bracket was already won; "
                "remove it.",
                round=rnd.number,
            )
        survivors: list[str | None] = []
        for k in range(0, len(alive), 2):
            a, b = alive[k], alive[k + 1]
            if a is None or b is None:
                survivors.append(b if a is None else a)
                continue
            match = _find_match(rnd, a, b)
            if match is None or not match.reported:
                raise PairingError(
                    "results_missing",
                    f"Elimination round {index} (round {rnd.number}) has no result for {a} vs {b}; "
                    "report that match first.",
                    round=rnd.number,
                    players=[a, b],
                )
            wins = dict(zip(match.players, match.wins))
            if wins[a] == wins[b]:
                raise PairingError(
                    "elimination_draw",
                    f"{a} vs {b} in round {rnd.number} is a drawn elimination match; it must be replayed "
                    "until one player wins. Report the replayed result.",
                    round=rnd.number,
                    players=[a, b],
                )
            survivors.append(a if wins[a] > wins[b] else b)
        alive = survivors
    return alive


def bracket_winner(seeds: Sequence[str], rounds: Sequence[RoundRecord]) -> str | None:
    """The bracket's winner after ``rounds`` (elimination rounds played, in order), or None if undecided.

    Same inputs and errors as ``pair_single_elimination`` (except "bracket_complete").
    """
    alive = _replay(seeds, rounds)
    return alive[0] if len(alive) == 1 else None


def pair_single_elimination(seeds: Sequence[str], rounds: Sequence[RoundRecord]) -> Pairing:
    """The next round of a single-elimination bracket (PAIRINGS.md §3.1).

    ``seeds``: player ids, best first; ``rounds``: the elimination rounds
    already played, in order.  Returns tables in bracket order (table 1 = top
    of the bracket, seat 0 = the better seed) and the players with a bye;
    ``Pairing.round`` is ``len(rounds) + 1`` (the caller renumbers).
    Raises ``PairingError`` with code "too_few_players", "duplicate_seed",
    "results_missing" (a bracket match of a played round has no reported
    result), "elimination_draw" (must be replayed), "rounds_after_final", or
    "bracket_complete" (``params["winner"]`` is the champion).
    """
    alive = _replay(seeds, rounds)
    if len(alive) == 1:
        winner = alive[0]
        raise PairingError(
            "bracket_complete",
            f"The bracket is complete: {winner} has won. There is no further round to pair.",
            winner=winner,
        )
    seed_of = {pid: i + 1 for i, pid in enumerate(seeds)}
    tables: list[Table] = []
    byes: list[str] = []
    for k in range(0, len(alive), 2):
        a, b = alive[k], alive[k + 1]
        if a is None or b is None:
            p = b if a is None else a
            assert p is not None
            byes.append(p)
            continue
        if seed_of[b] < seed_of[a]:
            a, b = b, a
        tables.append(
            Table(number=len(tables) + 1, players=(a, b), reason=f"bracket: seed {seed_of[a]} vs seed {seed_of[b]}")
        )
    return Pairing(round=len(rounds) + 1, tables=tuple(tables), byes=tuple(byes))
