"""One registry of tournament structures (``rules.structures.STRUCTURE_REGISTRY``): the command line lists it,
``pair --system`` and ``next_round`` read it, one validator judges the settings, and a structure added through
``register_structure`` alone is paired by ``python -m rules pair``."""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from rules.__main__ import main
from rules.history import History, MatchRecord, PlayerEntry, RoundRecord, history_to_json
from rules.pairings.cli import PairRequest, pair_settings
from rules.structures import (
    STRUCTURE_OPTIONS,
    STRUCTURE_REGISTRY,
    STRUCTURES,
    TABLE_SIZES,
    Finished,
    NextRound,
    StructureError,
    StructureSettings,
    StructureSpec,
    cli_systems,
    get_structure,
    next_round,
    register_structure,
    structure_for_cli,
    unregister_structure,
    validate_structure,
)
from tests.rules.toy_structures import KING_OF_THE_HILL, registered

BUILT_INS = ("swiss", "single_elimination", "double_elimination", "round_robin", "pods", "table_elimination")


def run_cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str],
            stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


# --------------------------------------------------------------------------- the registry and the command line


def test_the_built_in_structures_are_registered_in_their_historical_order() -> None:
    assert tuple(STRUCTURE_REGISTRY) == BUILT_INS
    assert STRUCTURES == BUILT_INS and tuple(STRUCTURES) == BUILT_INS and "pods" in STRUCTURES
    for spec in STRUCTURE_REGISTRY.values():
        assert spec.description and spec.source and set(spec.options) <= set(STRUCTURE_OPTIONS)


def test_python_m_rules_structures_lists_every_structure_one_per_line(monkeypatch, capsys) -> None:
    code, out, err = run_cli(monkeypatch, capsys, ["structures"])
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert [line.split(" ", 1)[0] for line in lines] == list(STRUCTURE_REGISTRY)
    assert lines == [f"{name} {spec.description}" for name, spec in STRUCTURE_REGISTRY.items()]


def test_the_structures_listing_is_shaped_like_the_tiebreakers_listing(monkeypatch, capsys) -> None:
    for command in ("structures", "tiebreakers"):
        code, out, _ = run_cli(monkeypatch, capsys, [command])
        assert code == 0 and out.endswith("\n")
        assert all(" " in line and not line.startswith(" ") for line in out.splitlines())


def test_every_pair_system_name_is_a_registered_structure() -> None:
    assert cli_systems() == ("swiss", "single-elimination", "double-elimination", "round-robin", "pods")
    assert structure_for_cli("single-elimination").name == "single_elimination"
    assert structure_for_cli("single-elimination", 3).name == "table_elimination"
    assert {structure_for_cli(name).name for name in cli_systems()} <= set(STRUCTURE_REGISTRY)
    with pytest.raises(StructureError) as info:
        structure_for_cli("ladder")
    assert info.value.code == "unknown_structure" and info.value.params["valid"] == list(cli_systems())


def test_an_unknown_structure_is_refused_with_the_registered_names() -> None:
    with pytest.raises(StructureError) as info:
        get_structure("ladder")
    assert info.value.code == "unknown_structure" and info.value.params["field"] == "structure"
    assert info.value.params["valid"] == list(STRUCTURE_REGISTRY)
    assert all(name in str(info.value) for name in BUILT_INS)


def test_a_name_is_registered_once() -> None:
    with pytest.raises(ValueError, match="registered already"):
        register_structure(get_structure("swiss"))
    with pytest.raises(ValueError, match="command-line name"):
        register_structure(dataclasses.replace(get_structure("swiss"), name="swiss_again"))
    with pytest.raises(ValueError):
        StructureSpec(name="two words", description="d", source="s", pair=get_structure("swiss").pair)
    with pytest.raises(ValueError):
        StructureSpec(name="x", description="d", source="s", pair=get_structure("swiss").pair,
                      options=frozenset({"colour"}))


# --------------------------------------------------------------------------- one validator


def test_a_multiplayer_table_seats_three_to_six_players_whatever_the_structure() -> None:
    # spell-battle-rules.txt, "8. Tournaments": two-, three- or four-player matches (two is a duel, not a
    # table); "7. Teams": four- and six-player games.  The pods pairing seats 3 to 6 as well.
    assert list(TABLE_SIZES) == [3, 4, 5, 6]
    for structure in BUILT_INS:
        for size in range(0, 9):
            if size in TABLE_SIZES:
                validate_structure(structure, table_size=size)
            else:
                with pytest.raises(StructureError) as info:
                    validate_structure(structure, table_size=size)
                assert info.value.params["field"] == "table_size"


@pytest.mark.parametrize("options", [
    {"random_seeding": True}, {"third_place_match": True}, {"top_cut": 8},
])
def test_a_random_draw_each_round_is_single_elimination_without_seeding_third_place_or_cut(options) -> None:
    validate_structure("single_elimination", random_draw_each_round=True)
    with pytest.raises(StructureError) as info:
        validate_structure("single_elimination", random_draw_each_round=True, **options)
    assert info.value.params["field"] == "random_draw_each_round"
    for structure in BUILT_INS:
        if structure != "single_elimination":
            with pytest.raises(StructureError) as info:
                validate_structure(structure, random_draw_each_round=True)
            assert info.value.params["field"] == "random_draw_each_round"


def test_the_command_line_refuses_a_random_draw_with_random_seeding_naming_the_flag(monkeypatch, capsys) -> None:
    history = History(tuple(PlayerEntry(f"p{i}", f"p{i}") for i in range(6)), ())
    code, _, err = run_cli(monkeypatch, capsys, ["pair", "--system", "single-elimination", "--random-draw",
                                                 "--random-seeding"], json.dumps(history_to_json(history)))
    assert code == 2 and "--random-draw" in err


def settings_space() -> Iterator[dict[str, Any]]:
    """Every combination of the settings the two validators used to disagree on, and their neighbours."""
    for structure in BUILT_INS:
        for table_size in (1, 2, 3, 6, 7):
            for random_draw_each_round in (False, True):
                for random_seeding in (False, True):
                    for third_place_match in (False, True):
                        for top_cut in (0, 4, 5):
                            yield {"structure": structure, "table_size": table_size, "top_cut": top_cut,
                                   "random_draw_each_round": random_draw_each_round,
                                   "random_seeding": random_seeding, "third_place_match": third_place_match}


def accepts(check: Any, values: Mapping[str, Any]) -> str | None:
    """None when ``check(values)`` accepts, else the refused setting."""
    try:
        check(values)
    except StructureError as exc:
        return str(exc.params["field"])
    return None


def test_the_settings_dataclass_and_the_validator_judge_alike() -> None:
    for values in settings_space():
        by_validator = accepts(lambda v: validate_structure(**v), values)
        by_settings = accepts(lambda v: StructureSettings(**v, seed_draw=1), values)
        assert by_validator == by_settings, values


# --------------------------------------------------------------------------- a structure added in one place


@pytest.fixture
def king_of_the_hill() -> Iterator[StructureSpec]:
    """The toy structure, registered for one test and removed after."""
    with registered(KING_OF_THE_HILL) as spec:
        yield spec


def four_players() -> History:
    return History(tuple(PlayerEntry(p, p) for p in ("a", "b", "c", "d")), ())


def played(history: History, result: NextRound) -> History:
    """The round with the first seat of every table winning 2-0."""
    matches = tuple(MatchRecord(t.players, (2, 0)) for t in result.pairing.tables)
    return History(history.players, (*history.rounds, RoundRecord(result.number, matches)))


def test_a_registered_structure_is_listed_validated_and_paired_by_next_round(king_of_the_hill, monkeypatch,
                                                                             capsys) -> None:
    assert "king_of_the_hill" in STRUCTURES and "king-of-the-hill" in cli_systems()
    code, out, _ = run_cli(monkeypatch, capsys, ["structures"])
    assert code == 0 and out.splitlines()[-1] == f"king_of_the_hill {KING_OF_THE_HILL.description}"
    with pytest.raises(StructureError) as info:
        StructureSettings("king_of_the_hill", random_draw_each_round=True)
    assert info.value.params["field"] == "random_draw_each_round"
    settings = StructureSettings("king_of_the_hill")
    history = four_players()
    first = next_round(settings, history, random.Random(0))
    assert isinstance(first, NextRound) and first.number == 1
    assert [t.players for t in first.pairing.tables] == [("a", "b"), ("c", "d")]
    history = played(history, first)
    second = next_round(settings, history, random.Random(0))
    assert isinstance(second, NextRound)
    assert [t.players for t in second.pairing.tables] == [("a", "c"), ("b", "d")]  # 1st v 2nd by standings
    history = played(history, second)
    done = next_round(settings, history, random.Random(0))
    assert isinstance(done, Finished) and done.winner == "a" and done.placings[0].player == "a"


def test_python_m_rules_pair_plays_a_registered_structure(king_of_the_hill, monkeypatch, capsys) -> None:
    history = four_players()
    for _ in range(2):
        code, out, err = run_cli(monkeypatch, capsys, ["pair", "--system", "king-of-the-hill", "--seed", "3"],
                                 json.dumps(history_to_json(history)))
        assert code == 0, err
        expected = next_round(StructureSettings("king_of_the_hill"), history, random.Random(3))
        assert isinstance(expected, NextRound)
        assert json.loads(out) == dataclasses.replace(expected.pairing, seed=3).to_json()
        history = played(history, expected)
    code, _, err = run_cli(monkeypatch, capsys, ["pair", "--system", "king-of-the-hill"],
                           json.dumps(history_to_json(history)))
    assert code == 2 and "king-of-the-hill rounds have been played" in err


def test_the_command_line_settings_of_a_registered_structure(king_of_the_hill) -> None:
    args = argparse.Namespace(system="king-of-the-hill", table_size=2, pod_size=4, top_cut=0, third_place=False,
                              random_seeding=False, seed=0, random_draw=False, bracket_reset=False, double=False,
                              allow_rematches=False, tiebreakers="mtg")
    settings = pair_settings(args, PairRequest(history=four_players()))
    assert settings.structure == "king_of_the_hill" and settings.swiss_rounds is None and settings.top_cut == 0


def test_an_unregistered_structure_is_gone_everywhere(king_of_the_hill) -> None:
    unregister_structure("king_of_the_hill")
    try:
        assert "king_of_the_hill" not in STRUCTURES and "king-of-the-hill" not in cli_systems()
        with pytest.raises(StructureError):
            StructureSettings("king_of_the_hill")
    finally:
        register_structure(KING_OF_THE_HILL)  # the fixture removes it again
