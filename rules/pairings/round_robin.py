"""Round robin by Berger tables (FIDE Handbook C.05, Annex 1; PAIRINGS.md §3.3).

Terms
-----
pairing number
    1..n, the players' order in ``players`` (seeding order).  With an odd
    number of players a dummy n = N + 1 is added; whoever meets the dummy has a
    bye that round.
Berger table (closed form, PAIRINGS.md §3.3, checked against the published
FIDE tables for 4, 6, 8, 10 and 12 players)
    For even n and rounds r = 1..n-1: players i, j in 1..n-1 meet in round r
    iff (i + j) = r + 1 (mod n - 1); the lower number has white (is listed
    first) when j - i is odd, else the higher.  Player n meets the i with
    2i = r + 1 (mod n - 1) and has white in even rounds.  Table 1 is player n's
    game; table t >= 2 seats the players p + (t - 1) and p - (t - 1) (mod n - 1,
    in 1..n-1) where p is player n's opponent, as in the printed tables.
double round robin
    A second cycle with colours reversed.  FIDE C.05 Annex 1 recommends
    reversing the order of the last two rounds of the first cycle (so nobody
    has the same colour three times in a row across the cycles); done here
    when ``double=True`` and n >= 4.

Seat 0 of a table is the player listed first (white in chess terms; in
Spellfire, who starts is decided at the table, so the order is just the
published one).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.history import History
from rules.pairings import Pairing, PairingError, Table

__all__ = ["berger_table", "berger_rounds", "pair_round_robin", "round_robin_length"]


def berger_table(n: int) -> list[list[tuple[int, int]]]:
    """The Berger table for ``n`` pairing numbers (n even >= 2): per round, per table, (first, second).

    Raises ``PairingError("bad_size")`` for an odd or too small ``n``.
    """
    if n < 2 or n % 2:
        raise PairingError("bad_size", f"A Berger table needs an even number of at least 2, not {n}.")
    if n == 2:
        return [[(1, 2)]]
    m = n - 1
    rounds: list[list[tuple[int, int]]] = []
    for r in range(1, n):
        p = next(i for i in range(1, n) if (2 * i - (r + 1)) % m == 0)
        tables = [(n, p) if r % 2 == 0 else (p, n)]
        for t in range(2, n // 2 + 1):
            a = (p + t - 2) % m + 1
            b = (p - t) % m + 1
            i, j = min(a, b), max(a, b)
            tables.append((i, j) if (j - i) % 2 == 1 else (j, i))
        rounds.append(tables)
    return rounds


def round_robin_length(players: int, *, double: bool = False) -> int:
    """The number of rounds: n - 1 (n = players rounded up to even), twice that for a double round robin."""
    n = players + players % 2
    return (n - 1) * (2 if double else 1)


def berger_rounds(players: Sequence[str], *, double: bool = False) -> list[list[tuple[str, ...]]]:
    """Every round of a (single or double) round robin of ``players`` (seeding order = pairing numbers).

    Returns, per round, the tables as player-id tuples in Berger table order;
    a one-tuple ``(id,)`` is a bye (the player met the dummy of an odd field).
    Raises ``PairingError`` "too_few_players" (fewer than two) or "duplicate_seed".
    """
    if len(players) < 2:
        raise PairingError(
            "too_few_players",
            f"A round robin needs at least two players, not {len(players)}; add players.",
            players=len(players),
        )
    if len(set(players)) != len(players):
        raise PairingError("duplicate_seed", "A player is listed twice; list each player once.")
    n = len(players) + len(players) % 2
    table = berger_table(n)
    if double and n >= 4:
        table = table[:-2] + [table[-1], table[-2]]
    cycles = [table] + ([[[(b, a) for a, b in rnd] for rnd in table]] if double else [])
    out: list[list[tuple[str, ...]]] = []
    for cycle in cycles:
        for rnd in cycle:
            tables: list[tuple[str, ...]] = []
            byes: list[tuple[str, ...]] = []
            for a, b in rnd:
                if a > len(players):
                    byes.append((players[b - 1],))
                elif b > len(players):
                    byes.append((players[a - 1],))
                else:
                    tables.append((players[a - 1], players[b - 1]))
            out.append(tables + byes)
    return out


def pair_round_robin(history: History, *, double: bool = False, players: Sequence[str] | None = None) -> Pairing:
    """The next round of a round robin over ``players`` (default: every player of ``history``, seeding order).

    The round played next is the number of non-elimination rounds in
    ``history`` + 1 (stateless).  Dropped players keep their pairing number:
    their games are listed (the organiser scores them as forfeits) so the
    table stays the FIDE one.  Tables are numbered as in the Berger table;
    the bye (odd field) is in ``byes``.  Raises ``PairingError``
    "too_few_players", "duplicate_seed" or "round_robin_complete".
    """
    ids = list(players) if players is not None else history.player_ids()
    schedule = berger_rounds(ids, double=double)
    played = [r for r in history.rounds if not r.elimination]
    index = len(played)
    if index >= len(schedule):
        raise PairingError(
            "round_robin_complete",
            f"The round robin is complete: all {len(schedule)} rounds have been played. "
            "There is no further round to pair.",
            rounds=len(schedule),
        )
    number = max((r.number for r in history.rounds), default=0) + 1
    cycle = "second cycle, " if double and index >= len(schedule) // 2 else ""
    tables: list[Table] = []
    byes: list[str] = []
    for entry in schedule[index]:
        if len(entry) == 1:
            byes.append(entry[0])
            continue
        berger = index % (len(schedule) // (2 if double else 1)) + 1
        numbers = [ids.index(entry[0]) + 1, ids.index(entry[1]) + 1]
        tables.append(Table(number=len(tables) + 1, players=entry,
                            reason=f"round robin ({cycle}Berger table round {berger}): "
                                   f"pairing numbers {numbers[0]} vs {numbers[1]}",
                            reason_code="round_robin",
                            reason_params={"berger_round": berger, "second_cycle": bool(cycle),
                                           "pairing_numbers": numbers}))
    return Pairing(round=number, tables=tuple(tables), byes=tuple(byes),
                   bye_reasons=tuple("bye: meets the dummy player of an odd round robin" for _ in byes),
                   bye_reason_codes=("round_robin_bye",) * len(byes), bye_reason_params=tuple({} for _ in byes))
