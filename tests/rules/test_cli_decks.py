"""``python -m rules validate-deck`` and ``python -m rules formats``: output and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules.__main__ import main
from rules.cards import default_cards_dir

SAMPLES = default_cards_dir() / "decks" / "crossfire"
LEGAL_55 = SAMPLES / "55 Card" / "Standard" / "Sample_gencon.cfd"
ILLEGAL_55 = SAMPLES / "55 Card" / "Standard" / "Sample_Undead Greyhawk Spellcasters.cfd"
OVER_CAP_75 = SAMPLES / "75 Card" / "Standard" / "Sample_Psionicist Speed.cfd"
PROJECT = Path(__file__).resolve().parents[2]


def json_lines(text: str) -> list[dict]:  # type: ignore[type-arg]
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def test_a_legal_deck_exits_0_with_one_json_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate-deck", "--format", "55", str(LEGAL_55)]) == 0
    out = capsys.readouterr().out
    (row,) = json_lines(out)
    assert row == {
        "file": str(LEGAL_55),
        "format": "55",
        "legal": True,
        "cards": 55,
        "champion_levels": 73,
        "violations": [],
    }


def test_an_illegal_deck_exits_1_and_lists_violations(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate-deck", "--format", "55", str(LEGAL_55), str(ILLEGAL_55)]) == 1
    rows = json_lines(capsys.readouterr().out)
    assert [row["legal"] for row in rows] == [True, False]
    bad = rows[1]
    assert bad["cards"] == 21
    assert [v["code"] for v in bad["violations"]] == ["deck_size", "type_minimum"]
    for violation in bad["violations"]:
        assert set(violation) == {"code", "message", "cards", "rule"}
        assert violation["rule"] == "spellfire-tournament-rules-2.0.txt, 55-Card Deck (Standard)"
    assert bad["violations"][1]["cards"] == ["4th/71 Haven of the Undead"]


def test_75_card_sample_breaks_the_115_level_cap(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate-deck", "--format", "75", str(OVER_CAP_75)]) == 1
    (row,) = json_lines(capsys.readouterr().out)
    assert row["champion_levels"] == 125
    assert [v["code"] for v in row["violations"]] == ["level_cap"]


def test_an_unreadable_file_exits_2_but_others_are_still_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    garbage = tmp_path / "garbage.cfd"
    garbage.write_bytes(bytes(range(256)))
    missing = tmp_path / "missing.txt"
    files = [str(garbage), str(missing), str(ILLEGAL_55), str(LEGAL_55)]
    code = main(["validate-deck", "--format", "55", *files])
    assert code == 2
    captured = capsys.readouterr()
    assert [row["file"] for row in json_lines(captured.out)] == [str(ILLEGAL_55), str(LEGAL_55)]
    assert f"{garbage}: " in captured.err and "binary" in captured.err
    assert f"{missing}: cannot read the file" in captured.err


def test_unknown_cards_are_named_on_stderr_with_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("War Party\nWar Prty\n", encoding="utf-8")
    assert main(["validate-deck", "--format", "55", str(deck)]) == 2
    err = capsys.readouterr().err
    assert 'line 2: "War Prty" - did you mean: War Party' in err


def test_a_text_deck_is_validated(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("2x War Party\n1st/44\n3rd/44\n", encoding="utf-8")
    assert main(["validate-deck", "--format", "55", str(deck)]) == 1
    (row,) = json_lines(capsys.readouterr().out)
    codes = [v["code"] for v in row["violations"]]
    assert "duplicate_card" in codes and "deck_size" in codes
    duplicate = next(v for v in row["violations"] if v["code"] == "duplicate_card")
    assert duplicate["cards"] == ["1st/44 Elminster the Mage", "3rd/44 Elminster the Mage"]


def test_an_unknown_format_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate-deck", "--format", "60", str(LEGAL_55)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "Unknown deck format \"60\"; valid formats: 55, 75, 110, 55-br, 75-modern, 110-modern, 30-sealed, 30-draft, 40-pool, off-the-top." in captured.err


def test_a_missing_cards_directory_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate-deck", "--format", "55", "--cards", str(tmp_path), str(LEGAL_55)]) == 2
    assert "card catalogue" in capsys.readouterr().err


def test_the_cards_option_selects_the_catalogue(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate-deck", "--format", "55", "--cards", str(default_cards_dir()), str(LEGAL_55)]) == 0


def test_formats_lists_one_line_per_builtin_format(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["formats"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(" ", 1)[0] for line in lines] == ["55", "75", "110", "55-br", "75-modern", "110-modern",
                                                          "30-sealed", "30-draft", "40-pool", "off-the-top"]
    assert "90" in lines[0] and "115" in lines[1] and "2 free avatars" in lines[2]


def test_the_module_runs_as_a_subprocess() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "rules", "validate-deck", "--format", "110",
         str(SAMPLES / "110 Card" / "Standard" / " Sample_Battle Mages.cfd")],
        cwd=PROJECT, capture_output=True, text=True, timeout=60, check=False,
    )
    assert result.returncode == 0, result.stderr
    (row,) = json_lines(result.stdout)
    assert (row["legal"], row["cards"], row["champion_levels"]) == (True, 110, 180)


def test_a_crossfire_cff_file_is_a_format(capsys: pytest.CaptureFixture[str]) -> None:
    cff = default_cards_dir() / "formats" / "crossfire" / "55 Card" / "551ES.cff"
    starter = SAMPLES / "55 Card" / "1st Edition Starter" / "Sample_1st Edition Starter Deck A-1.cfd"
    assert main(["validate-deck", "--format", str(cff), str(starter), str(LEGAL_55)]) == 1
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(line["format"], line["legal"]) for line in lines] == [("551ES", True), ("551ES", False)]
    assert {v["code"] for v in lines[1]["violations"]} >= {"group_maximum"}
    assert all(v["rule"] == "CrossFire format 551ES.cff (55 Card 1st Edition Starter)"
               for v in lines[1]["violations"] if v["code"] == "group_maximum")


def test_a_nonsense_cff_exits_2_and_says_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.cff"
    bad.write_text("set tempDeckFormatTotal {\n All 60 50\n}\n")
    assert main(["validate-deck", "--format", str(bad), str(LEGAL_55)]) == 2
    assert "Deck size: the minimum 60 is above the maximum 50." in capsys.readouterr().err
    assert main(["validate-deck", "--format", str(tmp_path / "missing.cff"), str(LEGAL_55)]) == 2
    assert "No format file at" in capsys.readouterr().err
