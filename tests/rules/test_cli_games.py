from __future__ import annotations

import io
import json
from typing import Any

import pytest

from rules.__main__ import main


def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str],
        stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def history(rounds: list[dict[str, Any]] | None = None, n: int = 4, drops: dict[str, int] | None = None) -> str:
    players = [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, n + 1)]
    return json.dumps({"players": players, "rounds": rounds or [], "drops": drops or {}})


ROUND1 = {"number": 1, "elimination": False, "matches": [
    {"players": ["p1", "p2"], "wins": [2, 0], "draws": 0},
    {"players": ["p3", "p4"], "wins": [1, 2], "draws": 0},
]}


def test_standings_prints_the_rows(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(monkeypatch, capsys, ["standings"], history([ROUND1]))
    assert code == 0
    rows = json.loads(out)
    # p1 (GW% 1) above p4 (GW% 2/3); p2 above p3 on OGW% (p1's GW% 1 against p4's 2/3)
    assert [r["player"] for r in rows] == ["p1", "p4", "p2", "p3"]
    assert [r["rank"] for r in rows] == [1, 2, 3, 4]
    assert rows[0]["points"] == 3
    assert set(rows[0]) >= {"rank", "player", "points", "wins", "losses", "draws", "omwp", "gwp", "ogwp"}
    assert rows[-1]["points"] == 0


def test_standings_rejects_malformed_json(monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(monkeypatch, capsys, ["standings"], "{not json")
    assert code == 2 and out == ""
    assert "JSON" in err


def test_standings_rejects_a_bad_history(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    bad = json.loads(history([ROUND1]))
    bad["rounds"][0]["matches"][0]["players"] = ["p1", "nobody"]
    code, _, err = run(monkeypatch, capsys, ["standings"], json.dumps(bad))
    assert code == 2
    assert "nobody" in err


def test_standings_rejects_an_unknown_tiebreaker(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(monkeypatch, capsys, ["standings", "--tiebreakers", "buchholz"], history())
    assert code == 2 and "buchholz" in err


def test_pair_swiss(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(monkeypatch, capsys, ["pair", "--system", "swiss", "--seed", "7"], history([ROUND1]))
    assert code == 0
    result = json.loads(out)
    assert result["round"] == 2
    assert [set(t["players"]) for t in result["pairings"]] == [{"p1", "p4"}, {"p2", "p3"}]
    assert result["byes"] == []


def test_pair_swiss_is_reproducible(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    outs = {run(monkeypatch, capsys, ["pair", "--system", "swiss", "--seed", "3"], history(n=9))[1]
            for _ in range(3)}
    assert len(outs) == 1


def test_pair_swiss_that_cannot_be_paired_exits_2(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    rounds = [ROUND1,
              {"number": 2, "matches": [{"players": ["p1", "p3"], "wins": [2, 0]},
                                        {"players": ["p2", "p4"], "wins": [2, 0]}]},
              {"number": 3, "matches": [{"players": ["p1", "p4"], "wins": [2, 0]},
                                        {"players": ["p2", "p3"], "wins": [2, 0]}]}]
    code, out, err = run(monkeypatch, capsys, ["pair", "--system", "swiss"], history(rounds))
    assert code == 2 and out == ""
    assert "rematch" in err


def test_pair_single_elimination(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(monkeypatch, capsys, ["pair", "--system", "single-elimination"], history(n=8))
    assert code == 0
    result = json.loads(out)
    assert [t["players"] for t in result["pairings"]] == [["p1", "p8"], ["p4", "p5"], ["p2", "p7"], ["p3", "p6"]]


def test_single_elimination_uses_the_elimination_rounds(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    final = {"number": 2, "elimination": True, "matches": [
        {"players": ["p1", "p4"], "wins": [2, 0]}, {"players": ["p2", "p3"], "wins": [0, 2]}]}
    code, out, _ = run(monkeypatch, capsys, ["pair", "--system", "single-elimination"], history([ROUND1, final]))
    assert code == 0
    result = json.loads(out)
    assert result["round"] == 3
    assert result["pairings"][0]["players"] == ["p1", "p3"]


def test_a_complete_bracket_exits_2(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    final = {"number": 1, "elimination": True, "matches": [{"players": ["p1", "p2"], "wins": [0, 2]}]}
    code, _, err = run(monkeypatch, capsys, ["pair", "--system", "single-elimination"], history([final], n=2))
    assert code == 2 and "p2" in err


@pytest.mark.parametrize("system", ["double-elimination", "round-robin", "pods"])
def test_other_systems_are_not_implemented_yet(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str], system: str) -> None:
    code, out, err = run(monkeypatch, capsys, ["pair", "--system", system], history())
    assert code == 2 and out == ""
    assert "not implemented yet" in err


def test_tiebreakers_lists_one_system_per_line(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(monkeypatch, capsys, ["tiebreakers"])
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("mtg ")
    assert len(lines) == 1
