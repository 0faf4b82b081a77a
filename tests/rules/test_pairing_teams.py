from __future__ import annotations

import random

import pytest

from rules.history import History, MatchRecord, PlayerEntry, RoundRecord
from rules.pairings import PairingError, pair_single_elimination, pair_swiss
from rules.pairings.teams import expand_pairing, team_history, validate_roster

ROSTER = {"red": ["r1", "r2"], "blue": ["b1", "b2"], "green": ["g1", "g2", "g3"], "gold": ["y1", "y2"]}


def test_teams_are_paired_as_units_with_swiss() -> None:
    h = History(tuple(PlayerEntry(t, t) for t in ROSTER), ())
    p = pair_swiss(h, random.Random(0))
    seats = expand_pairing(p, ROSTER)
    assert len(seats.tables) == 2
    for team_table, table in zip(p.tables, seats.tables):
        a, b = team_table.players
        assert table.players == tuple(ROSTER[a]) + tuple(ROSTER[b])
        assert table.reason.startswith(f"teams {a} vs {b}")


def test_team_bracket_and_byes() -> None:
    seeds = ["red", "blue", "green"]
    p = expand_pairing(pair_single_elimination(seeds, []), ROSTER)
    assert p.byes == ("r1", "r2")
    assert p.tables[0].players == ("b1", "b2", "g1", "g2", "g3")


def test_team_history_renames_members() -> None:
    members = History(tuple(PlayerEntry(m, m) for t in ROSTER.values() for m in t),
                      (RoundRecord(1, (MatchRecord(("r1", "r2", "b1", "b2"), (1, 1, 0, 0)),)),),
                      {"g3": 1})
    h = team_history(members, ROSTER)
    assert h.player_ids() == ["red", "blue", "green", "gold"]
    assert h.rounds[0].matches[0].players == ("red", "blue")
    assert h.rounds[0].matches[0].wins == (1, 0)
    assert h.drops == {"green": 1}


@pytest.mark.parametrize("roster", [{"a": ["x"]}, {"a": ["x", "y"], "b": ["y", "z"]}, {"a": ["x", "x"]},
                                    {"a": ["w", "x", "y", "z"]}])
def test_bad_rosters(roster: dict[str, list[str]]) -> None:
    with pytest.raises(PairingError) as info:
        validate_roster(roster)
    assert info.value.code == "bad_team"


def test_unknown_team() -> None:
    h = History((PlayerEntry("red", "red"), PlayerEntry("pink", "pink")), ())
    with pytest.raises(PairingError) as info:
        expand_pairing(pair_swiss(h, random.Random(0)), ROSTER)
    assert info.value.code == "unknown_team"
