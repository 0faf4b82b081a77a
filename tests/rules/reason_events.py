"""Whole events paired by every pairing algorithm with seeded random results: the pairings they produce, for the
tests of the pairing reasons (tests/rules/test_pairing_reasons.py, tests/i18n/test_pairing_reasons.py)."""

from __future__ import annotations

import random
from collections.abc import Callable

from rules.history import History, MatchRecord, PlayerEntry, RoundRecord
from rules.pairings import (
    Pairing,
    PairingError,
    pair_double_elimination,
    pair_pods,
    pair_round_robin,
    pair_single_elimination,
    pair_swiss,
    pair_table_elimination,
)
from rules.pairings.elimination import pair_random_elimination
from rules.pairings.teams import expand_pairing

ROSTER = {"red": ["r1", "r2"], "blue": ["b1", "b2"], "green": ["g1", "g2"], "gold": ["y1", "y2"], "jade": ["j1", "j2"]}


def _players(n: int) -> tuple[PlayerEntry, ...]:
    return tuple(PlayerEntry(f"p{i}", f"P{i}") for i in range(1, n + 1))


def _result(p: Pairing, rng: random.Random, *, draws: bool = True, elimination: bool = False) -> RoundRecord:
    outcomes = [(2, 0), (0, 2), (2, 1), (1, 2)] + ([(1, 1)] if draws else [])
    matches = []
    for t in p.tables:
        if len(t.players) == 2:
            matches.append(MatchRecord(t.players, rng.choice(outcomes)))
        else:
            winner = rng.randrange(len(t.players))
            matches.append(MatchRecord(t.players, tuple(2 if k == winner else 0 for k in range(len(t.players)))))
    matches += [MatchRecord((b,), bye=True) for b in p.byes]
    return RoundRecord(p.round, tuple(matches), elimination)


def _until_done(pair: Callable[[list[RoundRecord]], Pairing], rng: random.Random, *, limit: int = 12,
                draws: bool = False, elimination: bool = True) -> list[Pairing]:
    rounds: list[RoundRecord] = []
    out: list[Pairing] = []
    for _ in range(limit):
        try:
            p = pair(rounds)
        except PairingError as exc:
            assert exc.code in ("bracket_complete", "round_robin_complete"), exc
            break
        out.append(p)
        rounds.append(_result(p, rng, draws=draws, elimination=elimination))
    return out


def swiss_events(seed: int = 1) -> list[Pairing]:
    """Odd and even fields over many rounds (pair-downs, rematches once opponents run out, pairing byes, a second
    bye when everyone had one), and byes awarded at registration."""
    out: list[Pairing] = []
    rng = random.Random(seed)
    for n, rounds in ((9, 6), (4, 5), (5, 7), (3, 4)):
        h = History(_players(n), ())
        awarded = {"p1": [1]} if n == 9 else None
        for _ in range(rounds):
            p = pair_swiss(h, rng, awarded_byes=awarded)
            out.append(p)
            h = History(h.players, (*h.rounds, _result(p, rng)), {})
    # everyone but one has a bye awarded for round 1: a pairing bye with no opponent
    out.append(pair_swiss(History(_players(3), ()), rng, awarded_byes={"p1": [1], "p2": [1]}))
    return out


def elimination_events(seed: int = 2) -> list[Pairing]:
    """Single elimination (byes, third-place match), by tables, with a random draw, and double elimination
    (with and without a bracket reset)."""
    rng = random.Random(seed)
    ids = [f"s{i}" for i in range(1, 9)]
    out: list[Pairing] = []
    out += _until_done(lambda r: pair_single_elimination(ids, r, third_place=True), rng)
    out += _until_done(lambda r: pair_single_elimination(ids[:6], r), rng)
    out += _until_done(lambda r: pair_table_elimination(ids + ["s9", "s10"], r, table_size=4), rng)
    out += _until_done(lambda r: pair_random_elimination(ids[:7], r, rng), rng)
    for reset in (False, True):
        for n in (8, 6):
            for k in range(4):
                out += _until_done(lambda r, n=n, reset=reset: pair_double_elimination(ids[:n], r, bracket_reset=reset),
                                   random.Random(seed * 10 + k), limit=20)
    return out


def round_robin_events() -> list[Pairing]:
    """An odd field (a bye each round), single and double."""
    rng = random.Random(3)
    out: list[Pairing] = []
    for double in (False, True):
        h = History(_players(5), ())

        def pair(rounds: list[RoundRecord], h: History = h, double: bool = double) -> Pairing:
            return pair_round_robin(History(h.players, tuple(rounds), {}), double=double)

        out += _until_done(pair, rng, limit=20, elimination=False, draws=True)
    return out


def pod_events() -> list[Pairing]:
    """Pods of 4 (a short pod, byes, repeats after a few rounds), and of exactly 4 (the table size fixed ahead of
    time: the players left over get byes)."""
    rng = random.Random(4)
    out: list[Pairing] = []
    for n, fixed in ((9, False), (11, False), (5, False), (10, True)):
        h = History(_players(n), ())
        for _ in range(4):
            p = pair_pods(h, rng, fixed_size=fixed)
            out.append(p)
            h = History(h.players, (*h.rounds, _result(p, rng)), {})
    return out


def team_events() -> list[Pairing]:
    """Teams paired by Swiss (odd: a team bye) and in a bracket."""
    rng = random.Random(5)
    h = History(tuple(PlayerEntry(t, t) for t in ROSTER), ())
    out = [expand_pairing(pair_swiss(h, rng), ROSTER)]
    out.append(expand_pairing(pair_single_elimination(list(ROSTER)[:4], []), ROSTER))
    return out


def every_event() -> dict[str, list[Pairing]]:
    """Algorithm -> the pairings of its events."""
    return {"swiss": swiss_events(), "elimination": elimination_events(), "round_robin": round_robin_events(),
            "pods": pod_events(), "teams": team_events()}
