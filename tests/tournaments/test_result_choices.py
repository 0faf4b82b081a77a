"""The one-tap results (tournaments.result_choices): what each format offers, decided by the rules
(rules.results.check_match_score, ELIMINATION_RULE), and the keyboard entry of the results desk."""

from __future__ import annotations

import pytest

from tournaments.errors import UserError
from tournaments.result_choices import duel_choices, parse_desk_entry, score_choice, table_choices
from tournaments.result_input import ResultInputError


def keys(best_of: int, elimination: bool = False) -> list[str]:
    return [c.key for c in duel_choices(best_of, elimination=elimination)]


def at_time(best_of: int) -> list[str]:
    return [c.key for c in duel_choices(best_of) if c.at_time]


def test_a_best_of_3_offers_the_four_decided_scores_then_those_at_time():
    assert keys(3) == ["2-0", "2-1", "1-2", "0-2", "1-0", "0-1", "1-1"]
    assert at_time(3) == ["1-0", "0-1", "1-1"]


def test_a_best_of_1_offers_a_win_each_and_a_game_drawn_at_time():
    assert keys(1) == ["1-0", "0-1", "0-0-1"]
    assert at_time(1) == ["0-0-1"]


def test_a_best_of_5_offers_the_six_decided_scores_and_every_score_at_time():
    assert keys(5)[:6] == ["3-0", "3-1", "3-2", "2-3", "1-3", "0-3"]
    assert sorted(at_time(5)) == sorted(["2-0", "2-1", "1-0", "1-2", "0-1", "0-2", "2-2", "1-1"])
    assert "3-3" not in keys(5) and "4-0" not in keys(5)  # both_won, too_many_wins: the rules refuse them


@pytest.mark.parametrize("best_of", [1, 3, 5])
def test_an_elimination_match_offers_no_tied_score(best_of):
    offered = duel_choices(best_of, elimination=True)
    assert offered and all(c.wins[0] != c.wins[1] for c in offered)


def test_a_multiplayer_table_offers_each_seats_win_and_a_drawn_game():
    assert [c.key for c in table_choices(4)] == ["1 2 2 2", "2 1 2 2", "2 2 1 2", "2 2 2 1", "1 1 1 1"]


def test_an_elimination_table_offers_no_drawn_game():
    assert [c.winner for c in table_choices(3, elimination=True)] == [1, 2, 3]


def test_a_score_is_read_from_the_reporting_players_side():
    assert score_choice("2-1", 3, seat=2).wins == (1, 2)
    assert score_choice("2-1", 3).wins == (2, 1)
    assert score_choice("1-0", 3).at_time and not score_choice("2-1", 3).at_time
    with pytest.raises(ResultInputError) as refused:
        score_choice("two to one", 3)
    assert refused.value.code == "score"


@pytest.mark.parametrize("text, table, score", [("12 2-1", 12, "2-1"), ("12: 2-1", 12, "2-1"),
                                                ("t3 1-1", 3, "1-1"), (" 7   2-1-1 ", 7, "2-1-1"),
                                                ("4 2–0", 4, "2-0")])
def test_the_desk_reads_a_table_and_its_score(text, table, score):
    entry = parse_desk_entry(text)
    assert (entry.table, entry.score) == (table, score)


@pytest.mark.parametrize("text", ["", "12", "2-1", "12 two", "0 2-1", "12 2-1 x", "١٢ 2-1", "12 2 1"])
def test_the_desk_refuses_a_line_it_cannot_read_saying_what_to_type(text):
    with pytest.raises(UserError) as refused:
        parse_desk_entry(text)
    assert refused.value.code == "desk_entry" and '"12 2-1"' in refused.value.message


@pytest.mark.parametrize("text, table, places", [("7 2 1 3 4", 7, (2, 1, 3, 4)), ("t7: 1 1 3 4", 7, (1, 1, 3, 4)),
                                                 ("3 1 2 3", 3, (1, 2, 3)), (" 12  2 1 3 4 5 ", 12, (2, 1, 3, 4, 5))])
def test_the_desk_reads_a_tables_places_in_seat_order(text, table, places):
    entry = parse_desk_entry(text)
    assert (entry.table, entry.placements, entry.score) == (table, places, "")


@pytest.mark.parametrize("text", ["7 2 1 x 4", "7 2 1 3-0", "7 ٢ 1 3"])
def test_the_desk_refuses_places_it_cannot_read_saying_both_forms(text):
    with pytest.raises(UserError) as refused:
        parse_desk_entry(text)
    assert '"7 2 1 3 4"' in refused.value.message and '"12 2-1"' in refused.value.message
