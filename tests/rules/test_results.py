from __future__ import annotations

import pytest

from rules.results import Game, MatchScore, ResultError, check_mulligan, score_match

W0, W1, D = Game(winner=0), Game(winner=1), Game(drawn=True)
M0, M1 = Game(mulligan_by=0), Game(mulligan_by=1)


def code_of(games: list[Game], best_of: int = 3) -> str:
    with pytest.raises(ResultError) as info:
        score_match(games, best_of)
    return info.value.code


def test_a_two_one_win() -> None:
    assert score_match([W0, W1, W0], 3) == MatchScore(
        wins=(2, 1), draws=0, mulligans=0, winner=0, games_played=3, decided=True
    )


def test_mulligans_are_not_counted_games() -> None:
    score = score_match([M0, W1, M1, M1, W1], 3)
    assert score.wins == (0, 2)
    assert score.mulligans == 3
    assert score.games_played == 2
    assert score.winner == 1


def test_a_match_ended_by_time_with_more_wins_is_won() -> None:
    score = score_match([W1, D], 3)
    assert score.winner == 1
    assert not score.decided


def test_equal_wins_is_a_drawn_match() -> None:
    score = score_match([W0, W1, D], 3)
    assert score.winner is None
    assert score.draws == 1


def test_best_of_one() -> None:
    assert score_match([W1], 1).decided


@pytest.mark.parametrize("best_of", [0, 2, 4, 7])
def test_it_rejects_other_match_lengths(best_of: int) -> None:
    assert code_of([W0], best_of) == "best_of"


def test_it_rejects_a_game_after_the_match_was_won() -> None:
    assert code_of([W0, W0, W1]) == "game_after_decision"


def test_it_rejects_a_mulligan_after_the_match_was_won() -> None:
    assert code_of([W0, W0, M1]) == "game_after_decision"


def test_it_rejects_more_counted_games_than_best_of() -> None:
    assert code_of([D, D, D, W0]) == "too_many_games"


def test_it_rejects_a_report_of_only_mulligans() -> None:
    assert code_of([M0, M1]) == "no_games"


def test_it_rejects_an_empty_report() -> None:
    assert code_of([]) == "no_games"


@pytest.mark.parametrize(
    "game", [Game(), Game(winner=0, drawn=True), Game(winner=2), Game(mulligan_by=3), Game(winner=0, mulligan_by=1)]
)
def test_it_rejects_a_malformed_game(game: Game) -> None:
    assert code_of([game]) == "game_outcome"


def test_it_rejects_a_third_mulligan_in_a_row_by_the_same_player() -> None:
    with pytest.raises(ResultError) as info:
        score_match([M0, M0, M0, W0], 3)
    assert info.value.code == "mulligan_limit"
    assert info.value.params == {
        "seat": 0, "game": 3, "rule": "spellfire-tournament-rules-2.0.txt, Two-Draw Mulligan"
    }
    assert "only twice in a row" in str(info.value)


def test_another_players_mulligan_breaks_the_streak() -> None:
    assert score_match([M0, M0, M1, M0, W0], 1).mulligans == 4


def test_a_played_game_breaks_the_streak() -> None:
    assert score_match([M0, M0, W1, M0, M0, W0, W0], 3).winner == 0


def test_check_mulligan_refuses_the_third_declaration() -> None:
    with pytest.raises(ResultError) as info:
        check_mulligan([W0, M1, M1], 1)
    assert info.value.code == "mulligan_limit"


def test_check_mulligan_allows_the_second_declaration_and_the_other_seat() -> None:
    check_mulligan([M1], 1)
    check_mulligan([M1, M1], 0)
    check_mulligan([M1, M0, M1], 1)


def test_check_mulligan_rejects_a_bad_seat() -> None:
    with pytest.raises(ResultError) as info:
        check_mulligan([], 2)
    assert info.value.code == "seat"
