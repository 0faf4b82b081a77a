"""Issue #11, item 11: a result report is bounded by what the rules allow (``rules.results.max_games``) and a
huge one is refused before any game is normalised, scored or stored (duels and tables)."""

from __future__ import annotations

from unittest import mock

import pytest
from rest_framework.test import APIClient

from rules.results import max_games
from tests.conftest import seat_users
from tests.tournaments.test_multiplayer_tables import make_event, pair, tables_of, users_at
from tournaments import services
from tournaments.errors import UserError
from tournaments.models import Match
from tournaments.services import scoring

pytestmark = pytest.mark.django_db

ALTERNATING = [{"mulligan_by": "a" if n % 2 == 0 else "b"} for n in range(40_000)] + [{"winner": "a"},
                                                                                       {"winner": "a"}]


def _counting(target):
    """A mock that wraps ``target`` and counts its calls."""
    return mock.Mock(wraps=target)


def test_40002_alternating_mulligans_are_refused_before_any_game_is_normalised(round_one):
    match = round_one.matches.get()
    player_a, _ = seat_users(match)
    assert len(ALTERNATING) == 40_002
    with mock.patch.object(scoring, "normalised_game", _counting(scoring.normalised_game)) as normalised, \
            mock.patch.object(scoring, "score_match", _counting(scoring.score_match)) as scored:
        with pytest.raises(UserError) as exc:
            services.result_report(match=match, actor=player_a, games=ALTERNATING)
    assert exc.value.code == "too_many_games_reported"
    assert exc.value.params["count"] == 40_002 and exc.value.params["max"] == max_games(3, False)  # the match's own bound: a Swiss best of 3
    assert normalised.call_count == 0 and scored.call_count == 0
    match.refresh_from_db()
    assert not match.submissions.exists() and match.status == Match.Status.PENDING


def test_the_api_refuses_it_with_the_code_and_stores_nothing(round_one):
    match = round_one.matches.get()
    player_a, _ = seat_users(match)
    client = APIClient()
    client.force_authenticate(player_a)
    with mock.patch.object(scoring, "normalised_game", _counting(scoring.normalised_game)) as normalised:
        response = client.post(f"/api/v1/matches/{match.pk}/reports/", {"games": ALTERNATING}, format="json")
    assert response.status_code == 400, response.content
    assert "too_many_games_reported" in response.content.decode()
    assert normalised.call_count == 0
    assert not match.submissions.exists()


def test_a_report_within_the_match_bound_but_over_the_rules_is_refused_by_score_match(round_one, tournament):
    # normalised_record's default bound is the loosest (120); the match's own (best of 3: 43) applies in scoring.
    assert tournament.best_of == 3 and not round_one.is_elimination
    match = round_one.matches.get()
    player_a, _ = seat_users(match)
    games = [{"mulligan_by": "a" if n % 2 == 0 else "b"} for n in range(50)] + [{"winner": "a"}] * 2
    with pytest.raises(UserError) as exc:
        services.result_report(match=match, actor=player_a, games=games)
    assert exc.value.code == "too_many_games_reported" and exc.value.params["max"] == max_games(3) == 43


def test_ten_alternating_mulligans_before_a_game_are_still_accepted(round_one):
    match = round_one.matches.get()
    player_a, _ = seat_users(match)
    games = [{"mulligan_by": "a" if n % 2 == 0 else "b"} for n in range(10)] + [{"winner": "a"}] * 2
    report = services.result_report(match=match, actor=player_a, games=games)
    assert report.outcome["wins"] == [2, 0]


def test_a_table_report_of_40002_games_is_refused_before_normalising(organiser, django_capture_on_commit_callbacks):
    t, _ = make_event(organiser, 9, structure="table_elimination", legal_decks=False, table_size=3)
    table = tables_of(pair(t, organiser, 1, django_capture_on_commit_callbacks))[0]
    games = [{"drawn": True}] * 40_001 + [{"winners": [1]}]
    with mock.patch.object(scoring, "normalised_game", _counting(scoring.normalised_game)) as normalised:
        with pytest.raises(UserError) as exc:
            services.result_report(match=table, actor=users_at(table)[0], games=games)
    assert exc.value.code == "too_many_games_reported"
    assert normalised.call_count == 0
    assert not table.submissions.exists()


def test_normalised_record_checks_the_length_first():
    with mock.patch.object(scoring, "normalised_game", _counting(scoring.normalised_game)) as normalised:
        with pytest.raises(UserError) as exc:
            scoring.normalised_record(seats=2, games=[{"winner": "a"}] * 44, best_of=3, elimination=False)
        assert exc.value.code == "too_many_games_reported"
        assert normalised.call_count == 0
        scoring.normalised_record(seats=2, games=[{"winner": "a"}] * 43, best_of=3, elimination=False)
        assert normalised.call_count == 43
