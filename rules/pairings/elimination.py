"""Single-elimination brackets (PAIRINGS.md §3.1; Magic Tournament Rules 10.4 for the top-8 layout).

Also: random seeding (``random_seeds``; /work/shared/rules-texts/spell-battle-rules.txt,
"8. Tournaments": "players are randomly assigned their opponents ... a bye ... counts as a
win"), an optional third-place match, the Swiss top cut (``top_cut``) and single
elimination by multiplayer tables (``pair_table_elimination``; spell-battle-rules.txt,
"8. Tournaments": "two, three, or four-player matches").

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

import random
from collections.abc import Sequence

from rules.history import MatchRecord, RoundRecord
from rules.pairings import Pairing, PairingError, Table

__all__ = [
    "seed_order",
    "pair_single_elimination",
    "bracket_winner",
    "random_seeds",
    "top_cut",
    "top_cut_seeds",
    "TOP_CUT_SIZES",
    "pair_table_elimination",
    "table_bracket_winner",
    "table_winner",
    "pair_random_elimination",
    "random_elimination_survivors",
    "RANDOM_ELIMINATION_RULE",
]

#: Single elimination as the Spell Battle rules describe it.
RANDOM_ELIMINATION_RULE = (
    'spell-battle-rules.txt, 8. Tournaments ("players are randomly assigned their opponents for each match ... '
    'Only the winners stay in the tournament and are assigned to play against another random opponent ... If '
    'there\'s an uneven number of players, then one player (or team) might not get an opponent. These players '
    'get a \u201cbye,\u201d which counts as a win.")'
)

TOP_CUT_SIZES = (4, 8, 16, 32)


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


def duel_result(rnd: RoundRecord, index: int, a: str, b: str) -> tuple[str, str]:
    """``(winner, loser)`` of the bracket match ``a`` vs ``b`` in elimination round ``index`` (``rnd``).

    Raises ``PairingError`` "results_missing" (no reported result: report it first) or
    "elimination_draw" (a drawn elimination match must be replayed).
    """
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
    return (a, b) if wins[a] > wins[b] else (b, a)


def _replay(seeds: Sequence[str], rounds: Sequence[RoundRecord],
            losers: list[list[str]] | None = None) -> list[str | None]:
    """The players still in the bracket, in bracket order (``None`` = a bye slot), after ``rounds``.

    ``losers``, when given, receives the players knocked out in each round (one list per round).
    """
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
        if losers is not None:
            losers.append([])
        for k in range(0, len(alive), 2):
            a, b = alive[k], alive[k + 1]
            if a is None or b is None:
                survivors.append(b if a is None else a)
                continue
            winner, loser = duel_result(rnd, index, a, b)
            survivors.append(winner)
            if losers is not None:
                losers[-1].append(loser)
        alive = survivors
    return alive


def bracket_winner(seeds: Sequence[str], rounds: Sequence[RoundRecord]) -> str | None:
    """The bracket's winner after ``rounds`` (elimination rounds played, in order), or None if undecided.

    Same inputs and errors as ``pair_single_elimination`` (except "bracket_complete").
    """
    alive = _replay(seeds, rounds)
    return alive[0] if len(alive) == 1 else None


def random_seeds(players: Sequence[str], rng: random.Random) -> list[str]:
    """``players`` in a random order drawn from ``rng`` (one shuffle of a copy).

    For a bracket seeded at random (spell-battle-rules.txt, "8. Tournaments").
    The bracket functions are stateless, so give them the same seeds every
    round: draw them once (or from a ``random.Random`` with the same seed).
    """
    order = list(players)
    rng.shuffle(order)
    return order


def pair_single_elimination(
    seeds: Sequence[str],
    rounds: Sequence[RoundRecord],
    *,
    third_place: bool = False,
    rng: random.Random | None = None,
) -> Pairing:
    """The next round of a single-elimination bracket (PAIRINGS.md §3.1).

    ``seeds``: player ids, best first; ``rounds``: the elimination rounds
    already played, in order.  ``rng``: when given, the seeds are first put in
    a random order drawn from it (``random_seeds``; pass an rng in the same
    state every round).  ``third_place``: the two losing semi-finalists play a
    third-place match in the round of the final (table 2, reason "third-place
    match"); the bracket is complete when the final has a result.
    Returns tables in bracket order (table 1 = top of the bracket, seat 0 =
    the better seed) and the players with a bye; ``Pairing.round`` is
    ``len(rounds) + 1`` (the caller renumbers).
    Raises ``PairingError`` with code "too_few_players", "duplicate_seed",
    "results_missing" (a bracket match of a played round has no reported
    result), "elimination_draw" (must be replayed), "rounds_after_final", or
    "bracket_complete" (``params["winner"]`` is the champion).
    """
    if rng is not None:
        seeds = random_seeds(seeds, rng)
    losers: list[list[str]] = []
    alive = _replay(seeds, rounds, losers)
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
            Table(number=len(tables) + 1, players=(a, b), reason=f"bracket: seed {seed_of[a]} vs seed {seed_of[b]}",
                  reason_code="bracket", reason_params={"stage": "main", "seeds": [seed_of[a], seed_of[b]]})
        )
    if third_place and len(alive) == 2 and losers and len(losers[-1]) == 2:
        a, b = sorted(losers[-1], key=seed_of.__getitem__)
        tables.append(Table(number=len(tables) + 1, players=(a, b),
                            reason=f"third-place match: the losing semi-finalists (seed {seed_of[a]} vs "
                                   f"seed {seed_of[b]})",
                            reason_code="third_place",
                            reason_params={"stage": "third", "seeds": [seed_of[a], seed_of[b]]}))
    return Pairing(round=len(rounds) + 1, tables=tuple(tables), byes=tuple(byes))


def top_cut_seeds(ranked: Sequence[str], size: int) -> list[str]:
    """The first ``size`` of ``ranked`` (player ids in final Swiss rank order, best first).

    ``size`` must be one of ``TOP_CUT_SIZES`` (4, 8, 16, 32), else
    ``PairingError("bracket_size")``; fewer ranked players than ``size`` raises
    ``PairingError("too_few_players")`` (cut to a smaller size).  Magic
    Tournament Rules 10.4: the playoff is seeded by Swiss standings.
    """
    if size not in TOP_CUT_SIZES:
        raise PairingError("bracket_size", f"A top cut has 4, 8, 16 or 32 players, not {size!r}.", size=size)
    if len(set(ranked)) != len(ranked):
        raise PairingError("duplicate_seed", "A player is ranked twice; list each player once.")
    if len(ranked) < size:
        raise PairingError(
            "too_few_players",
            f"A top {size} needs {size} ranked players, but there are {len(ranked)}; choose a smaller cut.",
            players=len(ranked),
            size=size,
        )
    return list(ranked[:size])


def top_cut(ranked: Sequence[str], size: int, rounds: Sequence[RoundRecord] = (), *,
            third_place: bool = False) -> Pairing:
    """The next round of a top-``size`` single-elimination playoff seeded by final Swiss rank (MTR 10.4).

    ``ranked``: player ids best first (e.g. ``compute_standings`` without the
    dropped players); ``rounds``: the playoff rounds played so far.  Top 8 round
    1 is 1v8, 4v5, 2v7, 3v6.  Errors: those of ``top_cut_seeds`` and
    ``pair_single_elimination``.
    """
    return pair_single_elimination(top_cut_seeds(ranked, size), rounds, third_place=third_place)


def table_winner(match: MatchRecord) -> str | None:
    """The winner of a reported multiplayer (or duel) table: the seat placed first
    (``MatchRecord.placements``, when given), else the one seat with the most game wins.

    None when the table is unreported, an opponentless loss, or the top is shared (a drawn table must
    be replayed in an elimination).
    """
    if match.bye:
        return match.players[0]
    if match.loss:
        return None
    placements = getattr(match, "placements", ())
    if placements:
        first = min(placements)
        leaders = [p for p, place in zip(match.players, placements) if place == first]
        return leaders[0] if len(leaders) == 1 else None
    if not match.reported:
        return None
    top = max(match.wins)
    leaders = [p for p, w in zip(match.players, match.wins) if w == top]
    return leaders[0] if len(leaders) == 1 else None


def _split_tables(players: Sequence[str], table_size: int) -> list[list[str]]:
    """Split seed-ordered ``players`` into ceil(n / table_size) tables of near-equal size, seeds snaked."""
    n = len(players)
    count = -(-n // table_size)
    tables: list[list[str]] = [[] for _ in range(count)]
    for k, p in enumerate(players):
        lap, pos = divmod(k, count)
        tables[pos if lap % 2 == 0 else count - 1 - pos].append(p)
    return tables


def _replay_tables(seeds: Sequence[str], rounds: Sequence[RoundRecord], table_size: int) -> list[str]:
    if table_size < 2:
        raise PairingError("bad_table_size", f"A table seats at least 2 players, not {table_size}.")
    if len(seeds) < 2:
        raise PairingError(
            "too_few_players",
            f"A bracket needs at least two players, not {len(seeds)}; add players.",
            players=len(seeds),
        )
    if len(set(seeds)) != len(seeds):
        raise PairingError("duplicate_seed", "A player is seeded twice; list each player once.")
    alive = list(seeds)
    for index, rnd in enumerate(rounds, start=1):
        if len(alive) == 1:
            raise PairingError("rounds_after_final", f"Elimination round {index} (round {rnd.number}) comes "
                               "after the bracket was already won; remove it.", round=rnd.number)
        survivors: list[str] = []
        for table in _split_tables(alive, table_size):
            match = next((m for m in rnd.matches if not m.bye and set(m.players) == set(table)), None)
            if match is None or not match.reported:
                raise PairingError(
                    "results_missing",
                    f"Elimination round {index} (round {rnd.number}) has no result for the table "
                    f"{', '.join(table)}; report that table first.",
                    round=rnd.number, players=table,
                )
            winner = table_winner(match)
            if winner is None:
                raise PairingError(
                    "elimination_draw",
                    f"The table {', '.join(table)} in round {rnd.number} has no single winner; replay it "
                    "until one player wins and report that result.",
                    round=rnd.number, players=table,
                )
            survivors.append(winner)
        order = {p: i for i, p in enumerate(seeds)}
        alive = sorted(survivors, key=order.__getitem__)
    return alive


def table_bracket_winner(seeds: Sequence[str], rounds: Sequence[RoundRecord], table_size: int = 4) -> str | None:
    """The winner of a table-elimination bracket after ``rounds``, or None while undecided."""
    alive = _replay_tables(seeds, rounds, table_size)
    return alive[0] if len(alive) == 1 else None


def pair_table_elimination(
    seeds: Sequence[str], rounds: Sequence[RoundRecord], *, table_size: int = 4,
    rng: random.Random | None = None,
) -> Pairing:
    """The next round of single elimination by multiplayer tables: each table's winner advances.

    Source: spell-battle-rules.txt, "8. Tournaments" (two-, three- or
    four-player matches; losers are eliminated).  ``seeds``: player ids best
    first; ``rounds``: the elimination rounds played.  The players still in
    are split into ceil(n / table_size) tables whose sizes differ by at most
    one (never a table of one), seeds snaked across tables (1, 2, 3 / 6, 5, 4
    ...) so top seeds meet late; the survivors keep seed order.  A table's
    winner is the one seat with the most game wins (``table_winner``).
    ``rng``: when given, the seeds are put in random order first (pass it in
    the same state every round) and each table's seat order is drawn from it;
    otherwise seats are in seed order.  Errors as ``pair_single_elimination``,
    plus "bad_table_size".
    """
    if rng is not None:
        seeds = random_seeds(seeds, rng)
    alive = _replay_tables(seeds, rounds, table_size)
    if len(alive) == 1:
        raise PairingError("bracket_complete", f"The bracket is complete: {alive[0]} has won. There is no "
                           "further round to pair.", winner=alive[0])
    seed_of = {p: i + 1 for i, p in enumerate(seeds)}
    tables = []
    for k, members in enumerate(_split_tables(alive, table_size), start=1):
        seats = list(members)
        if rng is not None:
            rng.shuffle(seats)
        final = " (final)" if len(alive) <= table_size else ""
        tables.append(Table(number=k, players=tuple(seats),
                            reason=f"elimination table of {len(seats)}{final}: seeds "
                                   f"{', '.join(str(seed_of[p]) for p in members)}; the winner advances",
                            reason_code="elimination_table",
                            reason_params={"stage": "main", "size": len(seats), "final": bool(final),
                                           "seeds": [seed_of[p] for p in members]}))
    return Pairing(round=len(rounds) + 1, tables=tuple(tables), byes=())


def random_elimination_survivors(players: Sequence[str], rounds: Sequence[RoundRecord]) -> list[str]:
    """The players still in a random-draw single elimination after ``rounds``, in entry order.

    ``players``: the entrants; ``rounds``: the elimination rounds played, in order.  In
    each round every player still in must have a bye (a win) or a reported match: its
    winner stays, the others are out.  Raises ``PairingError`` "too_few_players",
    "duplicate_seed", "results_missing" (a player still in has no result in a round),
    "elimination_draw" (a drawn match must be replayed) or "rounds_after_final".
    """
    if len(players) < 2:
        raise PairingError("too_few_players", f"An elimination needs at least two players, not {len(players)}; "
                           "add players.", players=len(players))
    if len(set(players)) != len(players):
        raise PairingError("duplicate_seed", "A player is entered twice; list each player once.")
    alive = list(players)
    for index, rnd in enumerate(rounds, start=1):
        if len(alive) == 1:
            raise PairingError("rounds_after_final", f"Elimination round {index} (round {rnd.number}) comes after "
                               "the elimination was already won; remove it.", round=rnd.number)
        out: set[str] = set()
        for player in alive:
            if player in out:
                continue
            match = next((m for m in rnd.matches if player in m.players), None)
            if match is None or (not match.bye and not match.reported):
                raise PairingError(
                    "results_missing",
                    f"Elimination round {index} (round {rnd.number}) has no result for {player}; report it first.",
                    round=rnd.number, players=[player],
                )
            if match.bye:
                continue
            winner = table_winner(match)
            if winner is None:
                raise PairingError(
                    "elimination_draw",
                    f"{' vs '.join(match.players)} in round {rnd.number} is a drawn elimination match; it must be "
                    "replayed until one player wins. Report the replayed result.",
                    round=rnd.number, players=list(match.players),
                )
            out.update(p for p in match.players if p != winner)
        alive = [p for p in alive if p not in out]
    return alive


def pair_random_elimination(players: Sequence[str], rounds: Sequence[RoundRecord], rng: random.Random) -> Pairing:
    """The next round of single elimination with a new random draw every round (``RANDOM_ELIMINATION_RULE``).

    ``players``: the entrants; ``rounds``: the elimination rounds played; ``rng``: the
    round's seeded random source (the same seed and history give the same round).  The
    players still in (``random_elimination_survivors``) are shuffled with ``rng`` and
    paired in that order; with an odd number the one left over gets the bye, which
    counts as a win (nobody else gets one).  Byes are not balanced between rounds: the
    text gives the bye to whoever is left over, so a player may get two.  Raises
    ``PairingError`` as ``random_elimination_survivors``, and "bracket_complete"
    (``params["winner"]``) when one player is left.
    """
    alive = random_elimination_survivors(players, rounds)
    if len(alive) == 1:
        raise PairingError("bracket_complete", f"The elimination is complete: {alive[0]} has won. There is no "
                           "further round to pair.", winner=alive[0])
    order = list(alive)
    rng.shuffle(order)
    tables = tuple(
        Table(number=k // 2 + 1, players=(order[k], order[k + 1]),
              reason="random draw among the players still in (Spell Battle Rules, 8. Tournaments)",
              reason_code="random_draw", reason_params={"stage": "main"})
        for k in range(0, len(order) - 1, 2)
    )
    byes = (order[-1],) if len(order) % 2 else ()
    reasons = ("left over in the random draw (uneven number of players): the bye counts as a win",) if byes else ()
    return Pairing(round=len(rounds) + 1, tables=tables, byes=byes, bye_reasons=reasons,
                   bye_reason_codes=("random_draw_bye",) * len(byes), bye_reason_params=tuple({} for _ in byes))
