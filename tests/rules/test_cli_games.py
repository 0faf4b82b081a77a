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
    code, out, err = run(monkeypatch, capsys, ["standings", "--tiebreakers", "elo"], history())
    assert code == 2 and out == ""
    assert "'elo'" in err
    assert "mtg, melee, pokemon, buchholz, pods" in err


STABLE_KEYS = ["rank", "player", "points", "wins", "losses", "draws", "omwp", "gwp", "ogwp"]
EXTRA_KEYS = {
    "mtg": [], "melee": [], "pokemon": ["owp", "oowp", "h2h"],
    "buchholz": ["score", "bh", "bh_c1", "bh_m1", "sb", "ps"], "pods": [],
}


@pytest.mark.parametrize("system", list(EXTRA_KEYS))
def test_standings_for_every_system(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                    system: str) -> None:
    code, out, err = run(monkeypatch, capsys, ["standings", "--tiebreakers", system], history([ROUND1]))
    assert code == 0, err
    rows = json.loads(out)
    assert [r["player"] for r in rows][0] == "p1"
    for row in rows:
        assert list(row) == STABLE_KEYS + ["byes"] + EXTRA_KEYS[system]


def test_standings_floor_flag(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(monkeypatch, capsys, ["standings"], history([ROUND1]))
    assert json.loads(out)[0]["omwp"] == 0.333333
    for floor in ("0.33", "33/100"):
        code, out, _ = run(monkeypatch, capsys, ["standings", "--floor", floor], history([ROUND1]))
        assert code == 0
        assert json.loads(out)[0]["omwp"] == 0.33


def test_standings_placement_points_for_pods(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    pod = {"number": 1, "matches": [{"players": ["p1", "p2", "p3", "p4"], "wins": [1, 0, 0, 0],
                                     "placements": [1, 2, 3, 4]}]}
    code, out, err = run(monkeypatch, capsys, ["standings", "--tiebreakers", "pods", "--placement-points", "4,3,2,1"],
                         history([pod]))
    assert code == 0, err
    assert [(r["player"], r["points"]) for r in json.loads(out)] == [("p1", 4), ("p2", 3), ("p3", 2), ("p4", 1)]
    code, out, _ = run(monkeypatch, capsys, ["standings", "--tiebreakers", "pods"], history([pod]))
    assert [r["points"] for r in json.loads(out)] == [5, 3, 2, 1]


def test_standings_multiplayer_history_needs_pods(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    pod = {"number": 1, "matches": [{"players": ["p1", "p2", "p3"], "wins": [1, 0, 0]}]}
    code, _, err = run(monkeypatch, capsys, ["standings"], history([pod]))
    assert code == 2 and "pods" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["--floor", "a lot"], "--floor"), (["--floor", "2"], "between 0 and 1"),
     (["--tiebreakers", "pods", "--placement-points", "5,x"], "--placement-points"),
     (["--tiebreakers", "pods", "--placement-points", "1,5"], "placement_points"),
     (["--placement-points", "5,3"], "does not use placement_points"),
     (["--tiebreakers", "buchholz", "--floor", "0.3"], "does not use floor"),
     (["--tiebreakers", "pokemon", "--tie-value", "1,2"], "one number")],
)
def test_standings_bad_options_exit_2(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                      argv: list[str], message: str) -> None:
    code, out, err = run(monkeypatch, capsys, ["standings", *argv], history([ROUND1]))
    assert code == 2 and out == ""
    assert message in err


def test_standings_disqualified_player_is_left_out(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    obj = json.loads(history([ROUND1]))
    obj["disqualified"] = ["p1"]
    code, out, _ = run(monkeypatch, capsys, ["standings"], json.dumps(obj))
    assert code == 0
    rows = json.loads(out)
    assert [r["player"] for r in rows] == ["p4", "p2", "p3"]
    assert [r["rank"] for r in rows] == [1, 2, 3]


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


def test_tiebreakers_lists_one_system_per_line(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(monkeypatch, capsys, ["tiebreakers"])
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("mtg ")
    assert [line.split(" ", 1)[0] for line in lines] == ["mtg", "melee", "pokemon", "buchholz", "pods"]
    assert all(len(line.split(" ", 1)[1]) > 10 for line in lines)
