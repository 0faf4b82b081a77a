"""A top-cut match or an elimination table when time is called (issue 22, item 1).

Source: rules.results.ELIMINATION_AT_TIME_RULE: /work/shared/rules-texts/spell-battle-rules.txt, "8. Tournaments"
("If there is no winner in the limited time, then the winner is ..."): games won decide, then the end-of-game
counts of the game in progress; only a true tie (equal games won, equal counts) plays on.
"""

from __future__ import annotations

import pytest

from tests.conftest import call_time
from tests.tournaments.test_api import client_for, make_event, pair_over_api, seat_users
from tournaments.errors import UserError
from tournaments.models import Match
from tournaments.services.scoring import score

NAMES = ("unrazed_realms", "razed_realms", "holdings", "champions", "champion_levels", "draw_pile")


def counts(*unrazed: int) -> dict[str, dict[str, int]]:
    return {str(seat): {name: (realms if name == "unrazed_realms" else 0) for name in NAMES}
            for seat, realms in enumerate(unrazed, start=1)}


def game(**fields) -> dict:
    return {"winners": [], "drawn": False, "mulligan_by": None, "unfinished": False, "deck_out": False,
            "counts": None, **fields}


def test_a_top_cut_best_of_three_one_nil_at_time_is_won_by_the_player_ahead():
    record = {"games": [game(winners=[1]), game(unfinished=True)]}
    outcome = score(record, seats=2, best_of=3, elimination=True)
    assert (outcome.wins, outcome.placements) == ((1, 0), (1, 2))


def test_a_level_top_cut_match_at_time_goes_to_the_better_counts_of_the_game_in_progress():
    record = {"games": [game(winners=[1]), game(winners=[2]), game(unfinished=True, counts=counts(2, 4))]}
    outcome = score(record, seats=2, best_of=3, elimination=True)
    assert (outcome.wins, outcome.placements, outcome.draws) == ((1, 2), (2, 1), 0)


def test_a_true_tie_at_time_in_a_top_cut_plays_on():
    record = {"games": [game(winners=[1]), game(winners=[2]), game(unfinished=True, counts=counts(3, 3))]}
    with pytest.raises(UserError) as info:
        score(record, seats=2, best_of=3, elimination=True)
    assert info.value.code == "elimination_undecided"


def test_a_top_cut_match_short_of_the_wins_needed_without_time_called_still_plays_on():
    with pytest.raises(UserError) as info:
        score({"games": [game(winners=[1])]}, seats=2, best_of=3, elimination=True)
    assert info.value.code == "elimination_undecided"


def test_a_swiss_table_game_unfinished_at_time_is_decided_by_the_counts():
    record = {"games": [game(unfinished=True, counts=counts(2, 5, 1, 5))]}
    outcome = score(record, seats=4, best_of=1, end_of_round="decide_by_counts")
    assert outcome.placements == (3, 1, 3, 1) and outcome.wins == (0, 1, 0, 1)
    assert score(record, seats=4, best_of=1).draws == 1  # unfinished_is_draw


def test_an_elimination_table_at_time_goes_to_the_best_counts_and_a_shared_best_plays_on():
    alone = {"games": [game(unfinished=True, counts=counts(2, 5, 1, 4))]}
    assert score(alone, seats=4, best_of=1, elimination=True).placements == (2, 1, 2, 2)
    with pytest.raises(UserError) as info:
        score({"games": [game(unfinished=True, counts=counts(2, 5, 1, 5))]}, seats=4, best_of=1, elimination=True)
    assert info.value.code == "elimination_draw"


def test_a_table_game_unfinished_at_time_needs_every_seats_counts_to_be_decided():
    with pytest.raises(UserError) as info:
        score({"games": [game(unfinished=True)]}, seats=3, best_of=1, elimination=True)
    assert info.value.code == "counts_missing"


def test_the_api_records_a_top_cut_match_at_time(organiser, django_capture_on_commit_callbacks):
    t, _ = make_event(organiser, 2, structure="single_elimination", best_of=3)
    [match] = pair_over_api(organiser, t, django_capture_on_commit_callbacks)
    first, _ = seat_users(match)
    call_time(Match.objects.get(pk=match["id"]).round)
    report = client_for(first).post(f"/api/v1/matches/{match['id']}/reports/",
                                    {"games": [{"winner": "b"}, {"unfinished": True}]}, format="json")
    assert report.status_code == 201, report.content
    assert report.json()["outcome"] == {"wins": [0, 1], "placements": [2, 1], "draws": 1}


def test_an_elimination_table_has_the_same_cap_on_drawn_games_as_a_duel():
    # issue 22, item 9: one cap (rules.results.MAX_ELIMINATION_DRAWN_GAMES), one place (check_elimination_draws)
    five = [game(drawn=True)] * 5 + [game(winners=[2])]
    assert score({"games": five}, seats=3, best_of=1, elimination=True).placements == (2, 1, 2)
    for seats in (2, 3):
        with pytest.raises(UserError) as info:
            score({"games": [game(drawn=True)] * 6 + [game(winners=[2])]}, seats=seats, best_of=1, elimination=True)
        assert info.value.code == "too_many_drawn_games"
