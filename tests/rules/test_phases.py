"""Events run in phases (day 1 Swiss, a cut, day 2 Swiss, a top cut), replayed by hand.

Source: the Play! Pokémon Tournament Rules Handbook, day 2 advancement (the players with the published record
after day 1 play day 2; the others keep their day-1 standing) and TOM's final standings (every day-2 player above
every day-1 player), as docs/rules.md ("Phases") reads them; the tiebreakers are the Magic Tournament Rules,
Appendix C (``mtg``).
"""

from __future__ import annotations

import copy
import io
import json
import random
from typing import Any

import pytest

from rules.__main__ import main
from rules.pairings import PairingError
from rules.history import Cut, HistoryError, history_from_json, history_to_json
from rules.standings import StandingsError, compute_phase_standings, compute_standings
from rules.standings.phases import passes_cut
from rules.standings.placings import final_placings
from rules.structures import NextRound, StructureSettings, next_round


def duel(a: str, b: str) -> dict[str, Any]:
    """``a`` beats ``b`` 2-0."""
    return {"players": [a, b], "wins": [2, 0]}


#: Day 1: two rounds; the cut into day 2 is "X-1 or better"; day 2: one round.
#: p4 wins round 1 and drops (a drop before the cut); p6 passes the cut and drops after day 2's round 3.
#: After day 1: p1 2-0, p5 1-1, p3 1-1, p6 1-1 (a bye), p4 1-0 (dropped), p2 0-2: p1, p5, p3, p6 advance.
#: Day 2 (round 3): p1 beats p5, p3 beats p6.  Day 2 standings: p1 9, p3 6, then p5 and p6 on 3: p5's OMW% is
#: (p6 1/3 + p1 1 + p1 1) / 3 = 7/9, p6's (p5 1/3 + p3 2/3) / 2 = 1/2 (the bye is no opponent): p5 above p6.
#: Day 1 standings frozen for the others: p4 (3 points) then p2 (0).
TWO_DAY_EVENT: dict[str, Any] = {
    "players": [{"id": f"p{k}", "name": f"Player {k}"} for k in range(1, 7)],
    "phases": [{"rounds": 2}, {"rounds": 1, "cut": {"record": "x-1"}}],
    "rounds": [
        {"number": 1, "matches": [duel("p1", "p2"), duel("p4", "p3"), duel("p5", "p6")]},
        {"number": 2, "matches": [duel("p1", "p5"), duel("p3", "p2"), {"players": ["p6"], "bye": True}]},
        {"number": 3, "phase": 2, "matches": [duel("p1", "p5"), duel("p3", "p6")]},
    ],
    "drops": {"p4": 1, "p6": 3},
}

DAY_TWO = ["p1", "p3", "p5", "p6"]
DAY_ONE_ONLY = ["p4", "p2"]


def with_top_cut() -> dict[str, Any]:
    """The event with a top 2 after day 2: p3 beats p1 in the final."""
    event = copy.deepcopy(TWO_DAY_EVENT)
    event["rounds"].append({"number": 4, "elimination": True, "matches": [duel("p3", "p1")]})
    return event


def run_cli(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str], obj: dict[str, Any]
) -> Any:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(obj)))
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_the_history_format_carries_phases_and_round_phases() -> None:
    history = history_from_json(TWO_DAY_EVENT)
    assert [r.phase for r in history.rounds] == [1, 1, 2]
    assert history.phases[1].cut == Cut("record", 1)
    assert history_from_json(history_to_json(history)) == history
    assert history_to_json(history)["phases"] == [{"rounds": 2}, {"rounds": 1, "cut": {"record": "x-1"}}]


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda e: e["phases"].pop(), "unknown_phase"),
        (lambda e: e["phases"][1].pop("cut"), "bad_phases"),
        (lambda e: e["phases"][1].update(cut={"record": "two"}), "bad_cut"),
        (lambda e: e["rounds"][0].update(phase=2), "phase_order"),
        (lambda e: e["phases"][0].update(rounds=1), "phase_rounds"),
    ],
)
def test_a_malformed_phase_is_refused_with_its_code(change: Any, code: str) -> None:
    event = copy.deepcopy(TWO_DAY_EVENT)
    change(event)
    with pytest.raises(HistoryError) as caught:
        history_from_json(event)
    assert caught.value.code == code


def test_day_one_standings_rank_everyone_and_say_who_advanced() -> None:
    day_one, day_two = compute_phase_standings(history_from_json(TWO_DAY_EVENT))
    assert [r.player for r in day_one.rows][:1] == ["p1"]
    assert set(day_one.advanced) == {"p1", "p3", "p5", "p6"}  # p4 is 1-0 but dropped before the cut
    assert [r.player for r in day_two.rows] == DAY_TWO
    assert [r.rank for r in day_two.rows] == [1, 2, 3, 4]


def test_final_standings_put_every_day_two_player_above_the_day_one_players() -> None:
    # Without phases p4 (1-0, OMW% = p3's 2/3) would rank above p6 (1-2, OMW% 1/2) on the same 3 points.
    unphased = {**TWO_DAY_EVENT, "phases": []}
    unphased["rounds"] = [{k: v for k, v in r.items() if k != "phase"} for r in TWO_DAY_EVENT["rounds"]]
    order = [r.player for r in compute_standings(history_from_json(unphased))]
    assert order.index("p4") < order.index("p6")
    rows = compute_standings(history_from_json(TWO_DAY_EVENT))
    assert [r.player for r in rows] == DAY_TWO + DAY_ONE_ONLY
    assert [r.phase for r in rows] == [2, 2, 2, 2, 1, 1]
    assert [p.placing for p in final_placings(history_from_json(TWO_DAY_EVENT))] == [1, 2, 3, 4, 5, 6]


def test_the_top_cut_places_above_day_two() -> None:
    placings = final_placings(history_from_json(with_top_cut()))
    assert [(p.player, p.placing) for p in placings] == [
        ("p3", 1),
        ("p1", 2),
        ("p5", 3),
        ("p6", 4),
        ("p4", 5),
        ("p2", 6),
    ]


def test_a_day_two_round_with_a_player_who_did_not_advance_is_refused() -> None:
    event = copy.deepcopy(TWO_DAY_EVENT)
    event["rounds"][2]["matches"][1] = duel("p3", "p2")  # p2 went 0-2 on day 1
    event["drops"] = {"p4": 1}
    with pytest.raises(StandingsError) as caught:
        compute_standings(history_from_json(event))
    assert caught.value.code == "not_advanced"


def test_day_two_pairs_only_the_advancing_players() -> None:
    event = copy.deepcopy(TWO_DAY_EVENT)
    event["rounds"].pop()
    event["drops"] = {"p4": 1}
    result = next_round(StructureSettings(swiss_rounds=2), history_from_json(event), random.Random(1))
    assert isinstance(result, NextRound)
    assert result.phase == 2
    seated = {p for table in result.pairing.tables for p in table.players} | set(result.pairing.byes)
    assert seated == {"p1", "p3", "p5", "p6"}


def test_after_day_two_the_top_cut_seeds_the_day_two_leaders() -> None:
    event = copy.deepcopy(TWO_DAY_EVENT)
    event["drops"] = {"p4": 1}
    settings = StructureSettings(swiss_rounds=2, top_cut=4)
    result = next_round(settings, history_from_json(event), random.Random(1))
    assert isinstance(result, NextRound)
    assert result.kind == "elimination"
    assert {frozenset(t.players) for t in result.pairing.tables} == {
        frozenset({"p1", "p6"}),
        frozenset({"p3", "p5"}),
    }


def test_a_day_one_player_never_fills_a_top_cut_seat() -> None:
    # p6 dropped after day 2: three day-2 players are left for a top 4; p2 (0-2 on day 1) is not the fourth.
    with pytest.raises(PairingError) as caught:
        next_round(
            StructureSettings(swiss_rounds=2, top_cut=4), history_from_json(TWO_DAY_EVENT), random.Random(1)
        )
    assert "needs 4 ranked players, but there are 3" in str(caught.value)


def test_the_cli_places_by_phase_and_prints_a_phase(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = run_cli(monkeypatch, capsys, ["standings"], TWO_DAY_EVENT)
    assert [(r["player"], r["phase"], r["placing"]) for r in rows] == [
        ("p1", 2, 1),
        ("p3", 2, 2),
        ("p5", 2, 3),
        ("p6", 2, 4),
        ("p4", 1, 5),
        ("p2", 1, 6),
    ]
    rows = run_cli(monkeypatch, capsys, ["standings"], with_top_cut())
    assert [(r["player"], r["placing"]) for r in rows] == [
        ("p3", 1),
        ("p1", 2),
        ("p5", 3),
        ("p6", 4),
        ("p4", 5),
        ("p2", 6),
    ]
    day_one = run_cli(monkeypatch, capsys, ["standings", "--phase", "1"], TWO_DAY_EVENT)
    assert {r["player"] for r in day_one if r["advanced"]} == {"p1", "p3", "p5", "p6"}


def test_the_cli_pairs_day_two_and_says_its_phase(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    event = copy.deepcopy(TWO_DAY_EVENT)
    event["rounds"].pop()
    event["drops"] = {"p4": 1}
    out = run_cli(monkeypatch, capsys, ["pair", "--system", "swiss", "--seed", "1"], event)
    assert out["phase"] == 2
    assert {p for t in out["pairings"] for p in t["players"]} == {"p1", "p3", "p5", "p6"}


def test_pokemon_places_the_two_day_event_the_same_way() -> None:
    # Play! Pokémon Tournament Rules Handbook §5.3.3.1: p5 and p6 are level on 3 points; p5's resistance is the mean
    # of p6 (no win in the two rounds played, byes left out: floored to 25%), p1, p1 (100%) = 75%; p6's of p5 (1/3)
    # and p3 (2/3) = 50%: p5 above p6.  Day-1 players below, frozen: p4 (3 points) then p2.
    rows = compute_standings(history_from_json(TWO_DAY_EVENT), "pokemon")
    assert [r.player for r in rows] == DAY_TWO + DAY_ONE_ONLY


def test_the_cli_refuses_a_day_two_round_with_a_player_who_did_not_pass(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    event = copy.deepcopy(TWO_DAY_EVENT)
    event["rounds"][2]["matches"][1] = duel("p3", "p2")
    event["drops"] = {"p4": 1}
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(event)))
    assert main(["standings"]) == 2
    assert "did not pass the cut into phase 2" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("cut", "passed"),
    [
        (Cut("record", 1), ["p1", "p5", "p3", "p6"]),
        (Cut("points", 3), ["p1", "p5", "p3", "p6"]),
        (Cut("points", 6), ["p1"]),
        (Cut("top", 2), ["p1", "p5"]),
        (
            Cut("top", 4),
            ["p1", "p5", "p3", "p6"],
        ),  # p4 (4th on day 1) dropped before the cut: p6 takes the seat
    ],
)
def test_each_kind_of_cut_reads_day_one_standings(cut: Cut, passed: list[str]) -> None:
    # Day 1 (MTR Appendix C): p1 6 points; on 3, p5 (OMW% (p6 1/2 + p1 1) / 2 = 3/4), p3 ((p4 1 + p2 floored 1/3) / 2
    # = 2/3), then p4 and p6 (OMW% 1/2 each; GW% 1 against 1/2): p1, p5, p3, p4, p6, p2.
    day_one = compute_phase_standings(history_from_json(TWO_DAY_EVENT))[0]
    assert [r.player for r in day_one.rows] == ["p1", "p5", "p3", "p4", "p6", "p2"]
    eligible = {r.player for r in day_one.rows} - {"p4"}
    assert passes_cut(day_one.rows, cut, eligible) == passed
