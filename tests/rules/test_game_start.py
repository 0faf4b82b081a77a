"""Issue #10, rule 8: who goes first and the hand sizes of each format, with their sources."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.formats import BUILTIN_FORMATS, get_format, load_format
from rules.game_start import FIRST_PLAYER_RULE, FIRST_PLAYER_TEXT, first_player, tied_for_first
from rules.results import ResultError

TEXTS = Path("/work/shared/rules-texts")


@pytest.mark.parametrize(
    ("format_id", "hands"),
    [("55", (5, 3, 8)), ("75", (6, 4, 10)), ("110", (7, 5, 12)), ("75-modern", (6, 4, 10)),
     ("110-modern", (7, 5, 12)), ("55-br", (5, 3, 8))],
)
def test_every_builtin_format_has_its_hand_sizes(format_id: str, hands: tuple[int, int, int]) -> None:
    fmt = get_format(format_id)
    assert (fmt.starting_hand, fmt.draws_per_turn, fmt.hand_limit) == hands
    assert fmt.hand_source
    assert f"hand {hands[0]}, draw {hands[1]} a turn, hand limit {hands[2]}" in fmt.describe()


def test_the_hand_sizes_are_the_words_of_the_cited_texts() -> None:
    rules = (TEXTS / "spellfire-tournament-rules-2.0.txt").read_text(encoding="utf-8")
    for size, words in ((55, ("five", "three", "eight")), (75, ("six", "four", "10")), (110, ("seven", "five", "12"))):
        section = rules.split(f"{size}-Card Game Drawing & Hand Size", 1)[1].split("Drawing & Hand Size")[0]
        start, draws, limit = words
        assert f"draws {start} cards to form his starting hand" in section
        assert f"he draws {draws} cards" in section
        assert f"only {limit} cards in his hand" in section
        assert get_format(str(size)).hand_source.endswith(f"{size}-Card Game Drawing & Hand Size")
    brazil = (TEXTS / "spellfire-regras-pt-br.txt").read_text(encoding="utf-8")
    for phrase in ("Cada jogador pega cinco cartas para formar sua mão inicial", "Saque três cartas",
                   "um limite máximo de oito cartas"):
        assert phrase in brazil
        assert phrase in get_format("55-br").hand_source


def test_a_cff_format_of_a_standard_size_gets_the_2_0_hand_sizes(catalogue) -> None:  # type: ignore[no-untyped-def]
    fmt = load_format("/work/shared/cards/formats/crossfire/55 Card/55.cff", catalogue)
    assert (fmt.starting_hand, fmt.draws_per_turn, fmt.hand_limit) == (5, 3, 8)
    assert "does not give hand sizes" in fmt.hand_source


def test_the_highest_last_digit_goes_first() -> None:
    assert first_player([{"ann": 118, "bob": 47}]) == "ann"
    assert tied_for_first({"ann": 118, "bob": 28, "cy": 40}) == ["ann", "bob"]
    # a tie: the tied players draw again until one is higher
    assert first_player([{"ann": 118, "bob": 28, "cy": 40}, {"ann": 3, "bob": 13}, {"ann": 5, "bob": 9}]) == "bob"
    with pytest.raises(ResultError) as info:
        first_player([{"ann": 118, "bob": 28}])
    assert info.value.code == "first_player_tied" and info.value.params["players"] == ["ann", "bob"]
    with pytest.raises(ResultError) as info:
        first_player([{"ann": 118, "bob": 28, "cy": 40}, {"ann": 3, "cy": 9}])
    assert info.value.code == "first_player_draw"
    with pytest.raises(ResultError):
        first_player([])


def test_the_first_player_rule_cites_the_2_0_text_and_the_mulligan_restart() -> None:
    rules = (TEXTS / "spellfire-tournament-rules-2.0.txt").read_text(encoding="utf-8")
    for quoted in ("each player randomly draws (or cuts to) one card, noting the last digit of the card number",
                   "When starting a new game as a result of a mulligan, players need to determine again who goes "
                   "first."):
        assert quoted in rules and quoted in FIRST_PLAYER_RULE
    assert "mulligan" in FIRST_PLAYER_TEXT and "last digit" in FIRST_PLAYER_TEXT


def test_python_m_rules_formats_shows_the_hand_sizes(capsys: pytest.CaptureFixture[str]) -> None:
    from rules.__main__ import main

    assert main(["formats"]) == 0
    out = capsys.readouterr().out
    assert len(out.splitlines()) == len(BUILTIN_FORMATS)
    assert "55 55-card deck (Standard)" in out and "hand 5, draw 3 a turn, hand limit 8" in out
