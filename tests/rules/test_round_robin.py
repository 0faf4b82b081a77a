from __future__ import annotations

import itertools

import pytest

from rules.history import History, MatchRecord, PlayerEntry, RoundRecord
from rules.pairings import PairingError, berger_rounds, pair_round_robin
from rules.pairings.round_robin import berger_table, round_robin_length

# FIDE Handbook C.05, Annex 1 (Berger tables), white listed first
FIDE_4 = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
FIDE_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]
FIDE_8 = [
    [(1, 8), (2, 7), (3, 6), (4, 5)],
    [(8, 5), (6, 4), (7, 3), (1, 2)],
    [(2, 8), (3, 1), (4, 7), (5, 6)],
    [(8, 6), (7, 5), (1, 4), (2, 3)],
    [(3, 8), (4, 2), (5, 1), (6, 7)],
    [(8, 7), (1, 6), (2, 5), (3, 4)],
    [(4, 8), (5, 3), (6, 2), (7, 1)],
]


def history(n: int, rounds: int = 0) -> History:
    players = tuple(PlayerEntry(f"p{i}", f"P{i}") for i in range(1, n + 1))
    schedule = berger_rounds([p.id for p in players])
    played = tuple(
        RoundRecord(r + 1, tuple(MatchRecord(t, (2, 0)) if len(t) == 2 else MatchRecord(t, bye=True)
                                 for t in schedule[r]))
        for r in range(rounds)
    )
    return History(players, played)


@pytest.mark.parametrize("n, table", [(4, FIDE_4), (6, FIDE_6), (8, FIDE_8)])
def test_berger_tables_match_fide(n: int, table: list[list[tuple[int, int]]]) -> None:
    assert berger_table(n) == table


def test_four_players() -> None:
    rounds = berger_rounds(["a", "b", "c", "d"])
    assert rounds == [[("a", "d"), ("b", "c")], [("d", "c"), ("a", "b")], [("b", "d"), ("c", "a")]]


def test_five_players_use_the_six_table_with_a_bye() -> None:
    rounds = berger_rounds(["a", "b", "c", "d", "e"])
    # FIDE table for 6 with player 6 as the bye
    assert rounds[0] == [("b", "e"), ("c", "d"), ("a",)]
    assert rounds[1] == [("e", "c"), ("a", "b"), ("d",)]
    assert rounds[4] == [("d", "b"), ("e", "a"), ("c",)]
    byes = [r[-1][0] for r in rounds]
    assert sorted(byes) == ["a", "b", "c", "d", "e"]  # each player has exactly one bye


@pytest.mark.parametrize("n", range(2, 15))
def test_everyone_meets_everyone_once(n: int) -> None:
    ids = [f"p{i}" for i in range(n)]
    rounds = berger_rounds(ids)
    assert len(rounds) == round_robin_length(n)
    pairs = [frozenset(t) for r in rounds for t in r if len(t) == 2]
    assert sorted(map(sorted, pairs)) == sorted(map(sorted, map(frozenset, itertools.combinations(ids, 2))))
    for r in rounds:
        seated = [p for t in r for p in t]
        assert sorted(seated) == sorted(ids)


def test_double_round_robin_reverses_colours_and_swaps_the_last_two_rounds() -> None:
    ids = ["a", "b", "c", "d"]
    single = berger_rounds(ids)
    double = berger_rounds(ids, double=True)
    assert len(double) == 6
    assert double[:3] == [single[0], single[2], single[1]]
    assert double[3:] == [[tuple(reversed(t)) for t in r] for r in [single[0], single[2], single[1]]]


def test_pair_round_robin_is_stateless() -> None:
    p1 = pair_round_robin(history(5))
    assert p1.round == 1 and [t.players for t in p1.tables] == [("p2", "p5"), ("p3", "p4")] and p1.byes == ("p1",)
    p3 = pair_round_robin(history(5, 2))
    assert p3.round == 3
    assert [t.players for t in p3.tables] == [t for t in berger_rounds([f"p{i}" for i in range(1, 6)])[2]
                                              if len(t) == 2]


def test_complete_and_too_small() -> None:
    with pytest.raises(PairingError) as info:
        pair_round_robin(history(4, 3))
    assert info.value.code == "round_robin_complete"
    assert pair_round_robin(history(4, 3), double=True).round == 4
    with pytest.raises(PairingError) as info:
        pair_round_robin(history(1))
    assert info.value.code == "too_few_players"
