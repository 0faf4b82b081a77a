from __future__ import annotations

from typing import Any

import pytest

from rules.history import (
    History,
    HistoryError,
    MatchRecord,
    PlayerEntry,
    RoundRecord,
    derived_placements,
    history_from_json,
    history_to_json,
    validate_history,
)


def sample() -> dict[str, Any]:
    return {
        "players": [{"id": "alice", "name": "Alice"}, {"id": "bob", "name": "Bob"}, {"id": "cara", "name": "Cara"}],
        "rounds": [
            {
                "number": 1,
                "elimination": False,
                "matches": [
                    {"players": ["alice", "bob"], "wins": [2, 1], "draws": 0},
                    {"players": ["cara"], "bye": True},
                ],
            }
        ],
        "drops": {"bob": 1},
    }


def error_of(obj: Any) -> HistoryError:
    with pytest.raises(HistoryError) as info:
        history_from_json(obj)
    return info.value


def test_it_reads_players_rounds_and_drops() -> None:
    h = history_from_json(sample())
    assert h.players == (PlayerEntry("alice", "Alice"), PlayerEntry("bob", "Bob"), PlayerEntry("cara", "Cara"))
    assert h.rounds == (
        RoundRecord(1, (MatchRecord(("alice", "bob"), (2, 1), 0), MatchRecord(("cara",), bye=True)), False),
    )
    assert dict(h.drops) == {"bob": 1}


def test_it_round_trips_through_json() -> None:
    obj = sample()
    assert history_to_json(history_from_json(obj)) == obj


def test_defaults_for_optional_fields() -> None:
    h = history_from_json(
        {"players": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}],
         "rounds": [{"number": 1, "matches": [{"players": ["a", "b"], "wins": [1, 0]}]}]}
    )
    assert h.rounds[0].elimination is False
    assert h.rounds[0].matches[0].draws == 0
    assert dict(h.drops) == {}


def test_a_match_without_wins_is_not_reported() -> None:
    obj = sample()
    del obj["rounds"][0]["matches"][0]["wins"]
    match = history_from_json(obj).rounds[0].matches[0]
    assert match.wins == ()
    assert not match.reported


def test_it_rejects_non_object_input() -> None:
    assert error_of([1, 2]).code == "not_an_object"


def test_it_rejects_an_unknown_player_naming_the_field() -> None:
    obj = sample()
    obj["rounds"][0]["matches"][0]["players"] = ["alice", "zed"]
    err = error_of(obj)
    assert err.code == "unknown_player"
    assert err.params["field"] == "rounds[0].matches[0].players[1]"
    assert "zed" in str(err)


def test_it_rejects_wins_of_the_wrong_length() -> None:
    obj = sample()
    obj["rounds"][0]["matches"][0]["wins"] = [2, 1, 0]
    assert error_of(obj).code == "wins_length"


def test_it_rejects_negative_numbers() -> None:
    obj = sample()
    obj["rounds"][0]["matches"][0]["draws"] = -1
    err = error_of(obj)
    assert err.code == "bad_number"
    assert err.params["field"] == "rounds[0].matches[0].draws"


def test_it_rejects_booleans_as_numbers() -> None:
    obj = sample()
    obj["rounds"][0]["matches"][0]["wins"] = [True, 0]
    assert error_of(obj).code == "bad_number"


def test_it_rejects_a_player_twice_in_a_round() -> None:
    obj = sample()
    obj["rounds"][0]["matches"][1] = {"players": ["alice"], "bye": True}
    err = error_of(obj)
    assert err.code == "player_twice"
    assert err.params["player"] == "alice"


def test_it_rejects_duplicate_player_ids() -> None:
    obj = sample()
    obj["players"].append({"id": "alice", "name": "Alice again"})
    assert error_of(obj).code == "duplicate_player"


def test_it_rejects_rounds_out_of_order() -> None:
    obj = sample()
    obj["rounds"].append({"number": 1, "matches": []})
    assert error_of(obj).code == "round_order"


def test_it_rejects_a_bye_with_two_players() -> None:
    obj = sample()
    obj["rounds"][0]["matches"] = [{"players": ["alice", "bob"], "bye": True}]
    assert error_of(obj).code == "bad_bye"


def test_it_rejects_a_drop_of_an_unknown_player() -> None:
    obj = sample()
    obj["drops"] = {"zed": 1}
    assert error_of(obj).code == "unknown_player"


def test_it_rejects_play_after_a_drop() -> None:
    obj = sample()
    obj["drops"] = {"alice": 0}
    assert error_of(obj).code == "played_after_drop"


def test_it_rejects_missing_players_field() -> None:
    err = error_of({"rounds": []})
    assert err.code == "missing_field"
    assert "players" in str(err)


def test_validate_history_checks_python_built_histories() -> None:
    h = History((PlayerEntry("a", "A"),), (RoundRecord(1, (MatchRecord(("a",)),)),))
    with pytest.raises(HistoryError) as info:
        validate_history(h)
    assert info.value.code == "bad_players"


def pod_sample() -> dict[str, Any]:
    obj = sample()
    obj["players"].append({"id": "dave", "name": "Dave"})
    obj["rounds"].append({"number": 2, "elimination": False, "matches": [
        {"players": ["alice", "cara", "dave"], "wins": [0, 1, 0], "draws": 0, "placements": [2, 1, 3]}]})
    obj["drops"] = {}
    obj["disqualified"] = ["dave"]
    return obj


def test_it_reads_placements_and_disqualified_players() -> None:
    h = history_from_json(pod_sample())
    assert h.rounds[1].matches[0].placements == (2, 1, 3)
    assert h.disqualified == ("dave",)
    assert h.rounds[0].matches[0].placements == ()


def test_placements_and_disqualified_round_trip_and_stay_out_when_absent() -> None:
    obj = pod_sample()
    assert history_to_json(history_from_json(obj)) == obj
    assert "disqualified" not in history_to_json(history_from_json(sample()))
    assert "placements" not in history_to_json(history_from_json(sample()))["rounds"][0]["matches"][0]


@pytest.mark.parametrize("placements", [[1, 2], [0, 1, 2], [1, 1, 2], [2, 2, 3], "first", [1, 2, 4]])
def test_it_rejects_bad_placements(placements: Any) -> None:
    obj = pod_sample()
    obj["rounds"][1]["matches"][0]["placements"] = placements
    err = error_of(obj)
    assert err.code in ("bad_placements", "bad_number")
    assert err.params["field"].startswith("rounds[1].matches[0].placements")


@pytest.mark.parametrize("placements", [[1, 1, 1], [1, 1, 3], [3, 1, 1], [1, 2, 2]])
def test_it_accepts_shared_places(placements: list[int]) -> None:
    obj = pod_sample()
    obj["rounds"][1]["matches"][0]["placements"] = placements
    assert history_from_json(obj).rounds[1].matches[0].placements == tuple(placements)


@pytest.mark.parametrize("disqualified", [["zed"], ["dave", "dave"], "dave", [1]])
def test_it_rejects_bad_disqualified_lists(disqualified: Any) -> None:
    obj = pod_sample()
    obj["disqualified"] = disqualified
    assert error_of(obj).code in ("unknown_player", "duplicate_player", "bad_disqualified")


@pytest.mark.parametrize(
    ("wins", "places"),
    [((2, 0, 1, 1), (1, 4, 2, 2)), ((1, 1, 0, 0), (1, 1, 3, 3)), ((0, 0, 0), (1, 1, 1)), ((2, 1), (1, 2))],
)
def test_places_are_derived_from_wins(wins: tuple[int, ...], places: tuple[int, ...]) -> None:
    players = tuple(f"p{i}" for i in range(len(wins)))
    assert derived_placements(MatchRecord(players, wins)) == places


def test_explicit_placements_win_over_wins_and_byes_have_none() -> None:
    assert derived_placements(MatchRecord(("a", "b", "c"), (1, 0, 0), placements=(2, 1, 3))) == (2, 1, 3)
    assert derived_placements(MatchRecord(("a",), bye=True)) == ()
    assert derived_placements(MatchRecord(("a", "b", "c"))) == ()
