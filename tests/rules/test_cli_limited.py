"""``python -m rules pool sealed|draft|off-the-top`` and ``validate-deck --pool --player`` (issue 23, Command line).

Sources: spell-battle-rules.txt, 6. How to make your own deck (Sealed, Draft) and 8. Tournaments.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules.__main__ import main

PROJECT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, dict, str]:  # type: ignore[type-arg]
    code = main(argv)
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip() else {}), err


def test_pool_sealed_prints_one_90_card_pool_per_player(capsys: pytest.CaptureFixture[str]) -> None:
    code, data, _ = run(capsys, ["pool", "sealed", "--players", "3", "--seed", "11", "--sets", "4th,DL"])
    assert code == 0
    assert data["kind"] == "sealed" and data["seed"] == 11
    assert [pool["player"] for pool in data["pools"]] == [1, 2, 3]
    assert all(len(pool["cards"]) == 90 for pool in data["pools"])
    assert data["source"]["sets"] == ["4th", "DL"]
    assert all("stated default" in c["source"] for c in data["source"]["compositions"])


def test_the_same_seed_gives_the_same_pools_in_another_process() -> None:
    argv = [sys.executable, "-m", "rules", "pool", "draft", "--players", "2", "--seed", "3", "--sets", "RL"]
    first = subprocess.run(argv, cwd=PROJECT, capture_output=True, text=True, check=True).stdout
    second = subprocess.run(argv, cwd=PROJECT, capture_output=True, text=True, check=True).stdout
    assert first == second
    pools = json.loads(first)["pools"]
    assert [len(pack) for pack in pools[0]["packs"]] == [15, 15, 15]


def test_pool_off_the_top_prints_one_shared_pool_per_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, data, _ = run(capsys, ["pool", "off-the-top", "--players", "4", "--seed", "1"])
    assert code == 0
    assert [(pool["table"], pool["players"], len(pool["cards"])) for pool in data["pools"]] == [
        (1, [1, 2], 100),
        (2, [3, 4], 100),
    ]


def test_pool_from_the_organisers_list_deals_only_its_cards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    cards = tmp_path / "collection.txt"
    cards.write_text("10x War Party (3rd/54)\n20x Waterdeep (1st/1)\n")
    code, data, _ = run(
        capsys, ["pool", "sealed", "--players", "2", "--seed", "2", "--packs", "1", "--from", str(cards)]
    )
    assert code == 0
    dealt = data["pools"][0]["cards"] + data["pools"][1]["cards"]
    assert len(dealt) == 30 and set(dealt) == {"3rd/54", "1st/1"}
    assert data["source"] == {"file": "collection.txt", "cards": 30}


def test_a_list_too_short_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    cards = tmp_path / "collection.txt"
    cards.write_text("1x War Party (3rd/54)\n")
    code, _, err = run(capsys, ["pool", "draft", "--players", "2", "--seed", "2", "--from", str(cards)])
    assert code == 2
    assert "too short" in err


def test_validate_deck_against_a_pool_reports_not_in_pool(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pools = tmp_path / "pools.json"
    pools.write_text(
        json.dumps(
            {
                "kind": "sealed",
                "seed": 1,
                "pools": [
                    {"player": 1, "cards": ["3rd/54", "1st/1"]},
                    {"player": 2, "cards": ["3rd/54", "3rd/54", "1st/1", "1st/2"]},
                ],
            }
        )
    )
    deck = tmp_path / "deck.txt"
    deck.write_text("2x War Party (3rd/54)\n1x Menzoberranzan (1st/2)\n")
    code, row, _ = run(
        capsys, ["validate-deck", "--format", "30-sealed", "--pool", str(pools), "--player", "1", str(deck)]
    )
    assert code == 1
    pool_rows = [v for v in row["violations"] if v["code"] == "not_in_pool"]
    assert [v["cards"] for v in pool_rows] == [["3rd/54 War Party"], ["1st/2 Menzoberranzan"]]
    assert all(
        v["rule"].startswith("spell-battle-rules.txt, 6. How to make your own deck") for v in pool_rows
    )
    code, row, _ = run(
        capsys, ["validate-deck", "--format", "30-sealed", "--pool", str(pools), "--player", "2", str(deck)]
    )
    assert "not_in_pool" not in [v["code"] for v in row["violations"]]


def test_validate_deck_with_a_pool_but_no_player_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pools = tmp_path / "pools.json"
    pools.write_text("{}")
    deck = tmp_path / "deck.txt"
    deck.write_text("1x War Party (3rd/54)\n")
    code, _, err = run(capsys, ["validate-deck", "--format", "55", "--pool", str(pools), str(deck)])
    assert code == 2
    assert "--player" in err
