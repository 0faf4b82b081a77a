from __future__ import annotations

import pytest

from rules.history import MatchRecord, RoundRecord
from rules.pairings import Pairing, PairingError, bracket_winner, pair_single_elimination, seed_order

TOP8 = [f"s{i}" for i in range(1, 9)]


def tables(p: Pairing) -> list[tuple[str, ...]]:
    return [t.players for t in p.tables]


def win(a: str, b: str, wa: int = 2, wb: int = 0) -> MatchRecord:
    return MatchRecord((a, b), (wa, wb))


def code_of(seeds: list[str], rounds: list[RoundRecord]) -> PairingError:
    with pytest.raises(PairingError) as info:
        pair_single_elimination(seeds, rounds)
    return info.value


@pytest.mark.parametrize(
    "size, order",
    [
        (1, [1]),
        (2, [1, 2]),
        (4, [1, 4, 2, 3]),
        (8, [1, 8, 4, 5, 2, 7, 3, 6]),
        (16, [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]),
    ],
)
def test_seed_order(size: int, order: list[int]) -> None:
    assert seed_order(size) == order


def test_seed_order_pairs_seed_s_with_size_plus_one_minus_s() -> None:
    order = seed_order(64)
    assert sorted(order) == list(range(1, 65))
    assert all(order[k] + order[k + 1] == 65 for k in range(0, 64, 2))


@pytest.mark.parametrize("size", [0, 3, 6, 12])
def test_seed_order_rejects_other_sizes(size: int) -> None:
    with pytest.raises(PairingError) as info:
        seed_order(size)
    assert info.value.code == "bracket_size"


def test_top_eight() -> None:
    p = pair_single_elimination(TOP8, [])
    assert tables(p) == [("s1", "s8"), ("s4", "s5"), ("s2", "s7"), ("s3", "s6")]
    assert [t.number for t in p.tables] == [1, 2, 3, 4]
    assert p.round == 1 and p.byes == ()
    assert p.tables[0].reason == "bracket: seed 1 vs seed 8"


def test_top_four() -> None:
    assert tables(pair_single_elimination(["a", "b", "c", "d"], [])) == [("a", "d"), ("b", "c")]


def test_six_players_give_the_top_two_seeds_byes() -> None:
    p = pair_single_elimination(list("abcdef"), [])
    assert p.byes == ("a", "b")
    assert tables(p) == [("d", "e"), ("c", "f")]


def test_six_players_second_round_brings_in_the_bye_seeds() -> None:
    r1 = RoundRecord(1, (win("e", "d"), win("c", "f"), MatchRecord(("a",), bye=True)), elimination=True)
    p = pair_single_elimination(list("abcdef"), [r1])
    assert p.round == 2
    assert tables(p) == [("a", "e"), ("b", "c")]
    assert p.byes == ()


def test_full_replay_to_a_winner() -> None:
    r1 = RoundRecord(9, (win("s1", "s8"), win("s5", "s4", 2, 1), win("s7", "s2"), win("s3", "s6")), True)
    p2 = pair_single_elimination(TOP8, [r1])
    assert tables(p2) == [("s1", "s5"), ("s3", "s7")]
    # seat order in the record does not matter: the winner has more game wins
    r2 = RoundRecord(10, (MatchRecord(("s5", "s1"), (0, 2)), win("s7", "s3")), True)
    p3 = pair_single_elimination(TOP8, [r1, r2])
    assert tables(p3) == [("s1", "s7")] and p3.round == 3
    r3 = RoundRecord(11, (win("s7", "s1", 2, 1),), True)
    assert bracket_winner(TOP8, [r1, r2, r3]) == "s7"
    err = code_of(TOP8, [r1, r2, r3])
    assert err.code == "bracket_complete"
    assert err.params["winner"] == "s7"


def test_bracket_winner_is_none_while_undecided() -> None:
    assert bracket_winner(TOP8, []) is None


def test_a_missing_result_is_reported() -> None:
    r1 = RoundRecord(1, (win("s1", "s8"), win("s4", "s5"), win("s2", "s7")), True)
    err = code_of(TOP8, [r1])
    assert err.code == "results_missing"
    assert err.params["players"] == ["s3", "s6"]
    assert "report" in str(err)


def test_an_unreported_match_is_a_missing_result() -> None:
    r1 = RoundRecord(1, (MatchRecord(("a", "b")),), True)
    assert code_of(["a", "b"], [r1]).code == "results_missing"


def test_a_drawn_elimination_match_must_be_replayed() -> None:
    r1 = RoundRecord(1, (MatchRecord(("a", "b"), (1, 1), 1),), True)
    err = code_of(["a", "b"], [r1])
    assert err.code == "elimination_draw"
    assert "replayed" in str(err)


def test_too_few_players() -> None:
    assert code_of(["a"], []).code == "too_few_players"


def test_two_players_play_a_final() -> None:
    p = pair_single_elimination(["a", "b"], [])
    assert tables(p) == [("a", "b")]


# --- random seeding, third place, top cut, tables -------------------------------------------------

import random  # noqa: E402

from rules.pairings import pair_table_elimination, top_cut  # noqa: E402
from rules.pairings.elimination import random_seeds, table_bracket_winner, table_winner, top_cut_seeds  # noqa: E402


def test_top_sixteen_is_one_against_sixteen() -> None:
    ranked = [f"r{i}" for i in range(1, 21)]
    p = top_cut(ranked, 16)
    assert tables(p)[0] == ("r1", "r16")
    assert tables(p) == [(f"r{a}", f"r{b}") for a, b in
                         [(1, 16), (8, 9), (4, 13), (5, 12), (2, 15), (7, 10), (3, 14), (6, 11)]]


@pytest.mark.parametrize("size", [4, 8, 16, 32])
def test_top_cut_sizes(size: int) -> None:
    ranked = [f"r{i}" for i in range(1, 40)]
    assert top_cut_seeds(ranked, size) == ranked[:size]
    p = top_cut(ranked, size)
    assert len(p.tables) == size // 2 and p.byes == ()
    assert all(int(a[1:]) + int(b[1:]) == size + 1 for a, b in tables(p))


def test_top_cut_rejects_other_sizes_and_too_few_players() -> None:
    with pytest.raises(PairingError) as info:
        top_cut([f"r{i}" for i in range(10)], 6)
    assert info.value.code == "bracket_size"
    with pytest.raises(PairingError) as info:
        top_cut(["a", "b", "c"], 4)
    assert info.value.code == "too_few_players" and "smaller cut" in str(info.value)


def test_byes_go_to_the_top_seeds() -> None:
    seeds = [f"s{i}" for i in range(1, 12)]  # 11 players, bracket of 16: 5 byes
    p = pair_single_elimination(seeds, [])
    assert p.byes == ("s1", "s4", "s5", "s2", "s3")
    assert len(p.tables) == 3


def test_random_seeding_is_reproducible_and_random() -> None:
    players = [f"p{i}" for i in range(8)]
    a = pair_single_elimination(players, [], rng=random.Random(1))
    assert a == pair_single_elimination(players, [], rng=random.Random(1))
    draws = {tuple(tables(pair_single_elimination(players, [], rng=random.Random(s)))) for s in range(10)}
    assert len(draws) > 5
    assert sorted(random_seeds(players, random.Random(3))) == players


def test_third_place_match_with_the_final() -> None:
    r1 = RoundRecord(1, (win("s1", "s8"), win("s4", "s5"), win("s2", "s7"), win("s3", "s6")), True)
    r2 = RoundRecord(2, (win("s1", "s4"), win("s3", "s2")), True)
    p = pair_single_elimination(TOP8, [r1, r2], third_place=True)
    assert tables(p) == [("s1", "s3"), ("s2", "s4")]
    assert p.tables[1].reason.startswith("third-place match")
    # without the option, only the final
    assert tables(pair_single_elimination(TOP8, [r1, r2])) == [("s1", "s3")]
    # earlier rounds have no third-place match
    assert len(pair_single_elimination(TOP8, [r1], third_place=True).tables) == 2
    r3 = RoundRecord(3, (win("s3", "s1"), win("s4", "s2")), True)
    assert bracket_winner(TOP8, [r1, r2, r3]) == "s3"
    assert code_of(TOP8, [r1, r2, r3]).code == "bracket_complete"


def table(players: tuple[str, ...], winner: str) -> MatchRecord:
    return MatchRecord(players, tuple(1 if p == winner else 0 for p in players))


def test_single_elimination_by_tables_of_four() -> None:
    seeds = [f"s{i}" for i in range(1, 17)]
    p1 = pair_table_elimination(seeds, [], table_size=4)
    assert [len(t.players) for t in p1.tables] == [4, 4, 4, 4]
    # seeds snake across the tables: the top four seeds are at four different tables
    assert [t.players[0] for t in p1.tables] == ["s1", "s2", "s3", "s4"]
    r1 = RoundRecord(1, tuple(table(t.players, t.players[-1]) for t in p1.tables), True)
    p2 = pair_table_elimination(seeds, [r1], table_size=4)
    assert len(p2.tables) == 1 and len(p2.tables[0].players) == 4 and "final" in p2.tables[0].reason
    r2 = RoundRecord(2, (table(p2.tables[0].players, p2.tables[0].players[1]),), True)
    assert table_bracket_winner(seeds, [r1, r2]) == p2.tables[0].players[1]
    with pytest.raises(PairingError) as info:
        pair_table_elimination(seeds, [r1, r2], table_size=4)
    assert info.value.code == "bracket_complete"


def test_tables_never_seat_one_player() -> None:
    for n in range(2, 30):
        p = pair_table_elimination([f"s{i}" for i in range(n)], [], table_size=4)
        sizes = [len(t.players) for t in p.tables]
        assert sum(sizes) == n and min(sizes) >= 2 and max(sizes) - min(sizes) <= 1


def test_a_shared_top_at_a_table_must_be_replayed() -> None:
    m = MatchRecord(("a", "b", "c"), (1, 1, 0))
    assert table_winner(m) is None
    r1 = RoundRecord(1, (m,), True)
    with pytest.raises(PairingError) as info:
        pair_table_elimination(["a", "b", "c"], [r1], table_size=4)
    assert info.value.code == "elimination_draw"


def test_a_bracket_of_one_is_refused() -> None:
    for call in (lambda: pair_single_elimination(["a"], []), lambda: pair_table_elimination(["a"], []),
                 lambda: top_cut(["a"], 4)):
        with pytest.raises(PairingError) as info:
            call()
        assert info.value.code == "too_few_players"


def test_table_winner_uses_placements_when_given() -> None:
    m = MatchRecord(("a", "b", "c"), (0, 0, 0), placements=(2, 1, 3))
    assert table_winner(m) == "b"
    assert table_winner(MatchRecord(("a", "b", "c"), (0, 0, 0), placements=(1, 1, 3))) is None
