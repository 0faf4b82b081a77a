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
