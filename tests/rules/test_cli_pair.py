from __future__ import annotations

import io
import json
from typing import Any

import pytest

from rules.__main__ import main


def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str],
        stdin: str = "") -> tuple[int, Any, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(["pair", *argv])
    out, err = capsys.readouterr()
    return code, json.loads(out) if code == 0 else out, err


def history(n: int = 4, rounds: list[dict[str, Any]] | None = None, **extra: Any) -> str:
    players = [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, n + 1)]
    return json.dumps({"players": players, "rounds": rounds or [], **extra})


def duel(a: str, b: str, wa: int = 2, wb: int = 0) -> dict[str, Any]:
    return {"players": [a, b], "wins": [wa, wb]}


ALL_PLAYED = [
    {"number": 1, "matches": [duel("p1", "p2"), duel("p3", "p4")]},
    {"number": 2, "matches": [duel("p1", "p3"), duel("p2", "p4")]},
    {"number": 3, "matches": [duel("p1", "p4"), duel("p2", "p3")]},
]


def shape(result: dict[str, Any]) -> None:
    assert set(result) == {"round", "pairings", "byes"}
    assert all({"table", "players", "reason"} <= set(t) for t in result["pairings"])


@pytest.mark.parametrize("system", ["swiss", "single-elimination", "double-elimination", "round-robin", "pods"])
def test_every_system_is_implemented(monkeypatch, capsys, system: str) -> None:
    code, result, err = run(monkeypatch, capsys, ["--system", system, "--seed", "1"], history(8))
    assert code == 0, err
    shape(result)
    assert result["round"] == 1
    seated = [p for t in result["pairings"] for p in t["players"]] + result["byes"]
    assert sorted(seated) == [f"p{i}" for i in range(1, 9)]


@pytest.mark.parametrize("system", ["swiss", "double-elimination", "round-robin", "pods"])
def test_same_input_and_seed_same_output(monkeypatch, capsys, system: str) -> None:
    outs = [run(monkeypatch, capsys, ["--system", system, "--seed", "5"], history(9))[1] for _ in range(2)]
    assert outs[0] == outs[1]


def test_swiss_rematches_exit_2_unless_allowed(monkeypatch, capsys) -> None:
    code, _, err = run(monkeypatch, capsys, ["--system", "swiss"], history(4, ALL_PLAYED))
    assert code == 2 and "rematch" in err and "allow rematches" in err
    code, result, _ = run(monkeypatch, capsys, ["--system", "swiss", "--allow-rematches"], history(4, ALL_PLAYED))
    assert code == 0 and all("REMATCH" in t["reason"] for t in result["pairings"])


def test_swiss_forbidden_pairs_and_awarded_byes(monkeypatch, capsys) -> None:
    code, result, _ = run(monkeypatch, capsys, ["--system", "swiss"],
                          history(5, forbidden=[["p1", "p2"]], awarded_byes={"p3": [1]}))
    assert code == 0
    assert result["byes"][0] == "p3" and len(result["byes"]) == 1
    assert ["p1", "p2"] not in [sorted(t["players"]) for t in result["pairings"]]


def test_forbidden_pairs_that_make_pairing_impossible_exit_2(monkeypatch, capsys) -> None:
    code, out, err = run(monkeypatch, capsys, ["--system", "swiss"], history(2, forbidden=[["p1", "p2"]]))
    assert code == 2 and out == ""
    assert "forbidden" in err and "Remove a forbidden pair" in err


@pytest.mark.parametrize("extra, word", [
    ({"forbidden": [["p1"]]}, "forbidden[0]"),
    ({"forbidden": [["p1", "nobody"]]}, "nobody"),
    ({"awarded_byes": {"p1": ["x"]}}, "awarded_byes"),
    ({"teams": {"p1": ["a"]}}, "team"),
])
def test_bad_optional_keys_exit_2(monkeypatch, capsys, extra: dict[str, Any], word: str) -> None:
    code, _, err = run(monkeypatch, capsys, ["--system", "swiss"], history(4, **extra))
    assert code == 2 and word in err


@pytest.mark.parametrize("system", ["swiss", "single-elimination", "double-elimination", "round-robin", "pods"])
def test_fewer_than_two_players_exit_2(monkeypatch, capsys, system: str) -> None:
    code, out, err = run(monkeypatch, capsys, ["--system", system], history(1))
    assert code == 2 and out == ""
    assert "error:" in err and ("player" in err)


@pytest.mark.parametrize("system", ["swiss", "single-elimination", "double-elimination", "round-robin", "pods"])
def test_malformed_json_exit_2(monkeypatch, capsys, system: str) -> None:
    code, out, err = run(monkeypatch, capsys, ["--system", system], "{nope")
    assert code == 2 and out == "" and "JSON" in err


def test_single_elimination_options(monkeypatch, capsys) -> None:
    code, result, _ = run(monkeypatch, capsys, ["--system", "single-elimination", "--random-seeding", "--seed", "3"],
                          history(8))
    assert code == 0 and len(result["pairings"]) == 4
    code, result, _ = run(monkeypatch, capsys, ["--system", "single-elimination", "--table-size", "4"], history(8))
    assert code == 0 and [len(t["players"]) for t in result["pairings"]] == [4, 4]
    semis = {"number": 1, "elimination": True, "matches": [duel("p1", "p4"), duel("p2", "p3", 0, 2)]}
    code, result, _ = run(monkeypatch, capsys, ["--system", "single-elimination", "--third-place"],
                          history(4, [semis]))
    assert code == 0
    assert [t["players"] for t in result["pairings"]] == [["p1", "p3"], ["p2", "p4"]]


def test_top_cut_seeds_by_swiss_rank(monkeypatch, capsys) -> None:
    swiss = [{"number": 1, "matches": [duel("p1", "p2", 0, 2), duel("p3", "p4", 0, 2), duel("p5", "p6"),
                                       duel("p7", "p8")]}]
    code, result, _ = run(monkeypatch, capsys, ["--system", "single-elimination", "--top-cut", "4"],
                          history(8, swiss))
    assert code == 0 and result["round"] == 2
    top4 = {p for t in result["pairings"] for p in t["players"]}
    assert top4 == {"p2", "p4", "p5", "p7"}
    code, _, err = run(monkeypatch, capsys, ["--system", "single-elimination", "--top-cut", "6"], history(8))
    assert code == 2 and "4, 8, 16 or 32" in err


def test_a_bracket_of_one_exits_2(monkeypatch, capsys) -> None:
    for system in ("single-elimination", "double-elimination"):
        code, _, err = run(monkeypatch, capsys, ["--system", system], history(2, drops={"p2": 0}))
        assert code == 2 and "at least two players" in err


def test_double_elimination_round_two(monkeypatch, capsys) -> None:
    r1 = {"number": 1, "elimination": True, "matches": [duel("p1", "p4"), duel("p2", "p3")]}
    code, result, _ = run(monkeypatch, capsys, ["--system", "double-elimination", "--bracket-reset"],
                          history(4, [r1]))
    assert code == 0 and result["round"] == 2
    assert [t["players"] for t in result["pairings"]] == [["p1", "p2"], ["p3", "p4"]]


def test_round_robin_double_and_complete(monkeypatch, capsys) -> None:
    rounds = [{"number": k, "matches": []} for k in (1, 2, 3)]
    code, _, err = run(monkeypatch, capsys, ["--system", "round-robin"], history(4, rounds))
    assert code == 2 and "complete" in err
    code, result, _ = run(monkeypatch, capsys, ["--system", "round-robin", "--double"], history(4, rounds))
    assert code == 0 and result["round"] == 4


def test_pods_size_option(monkeypatch, capsys) -> None:
    code, result, _ = run(monkeypatch, capsys, ["--system", "pods", "--pod-size", "3"], history(9))
    assert code == 0 and [len(t["players"]) for t in result["pairings"]] == [3, 3, 3]
    code, result, _ = run(monkeypatch, capsys, ["--system", "pods"], history(10))
    assert [len(t["players"]) for t in result["pairings"]] == [4, 3, 3]
    code, _, err = run(monkeypatch, capsys, ["--system", "pods", "--pod-size", "9"], history(10))
    assert code == 2 and "--pod-size" in err


def test_teams_are_expanded(monkeypatch, capsys) -> None:
    teams = {f"p{i}": [f"p{i}a", f"p{i}b"] for i in range(1, 5)}
    code, result, _ = run(monkeypatch, capsys, ["--system", "swiss"], history(4, teams=teams))
    assert code == 0
    assert all(len(t["players"]) == 4 for t in result["pairings"])


def test_pods_with_a_fixed_table_size(monkeypatch, capsys) -> None:
    """spell-battle-rules.txt, 8. Tournaments: table sizes "decided ahead of time": 13 players at tables of exactly 4
    make three tables and one bye."""
    code, result, err = run(monkeypatch, capsys, ["--system", "pods", "--fixed-table-size", "--seed", "1"], history(13))
    assert code == 0, err
    assert [len(t["players"]) for t in result["pairings"]] == [4, 4, 4] and len(result["byes"]) == 1
    code, result, _ = run(monkeypatch, capsys, ["--system", "pods", "--seed", "1"], history(13))
    assert [len(t["players"]) for t in result["pairings"]] == [4, 3, 3, 3] and result["byes"] == []


def test_a_fixed_table_size_is_refused_outside_pods(monkeypatch, capsys) -> None:
    code, _, err = run(monkeypatch, capsys, ["--system", "swiss", "--fixed-table-size"], history(8))
    assert code == 2 and "--fixed-table-size" in err
