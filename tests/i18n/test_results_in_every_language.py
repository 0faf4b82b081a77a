"""Issue 14, results and scoring: a refused report says why in the reader's language (the API's ``detail``, the
``code`` unchanged); the result and the games are shown in it on the pages; the audit log stores them in English
whatever the language of the organiser who acted; the standings headings and the tiebreaker select are translated."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from tournaments import services
from tournaments.models import AuditEntry, Match
from tournaments.pages.forms import TournamentForm
from tournaments.pages.presenters import standings_columns

pytestmark = pytest.mark.django_db


def _api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def _seated(match: Match) -> list:
    return [s.registration.player for s in match.seats.select_related("registration__player").order_by("number")]


# --------------------------------------------------------------------------- API refusals


def test_a_report_naming_a_seat_not_at_the_table_is_refused_in_portuguese(round_one):
    match = round_one.matches.get()
    first, _second = _seated(match)
    response = _api(first).post(f"/api/v1/matches/{match.pk}/reports/", {"games": [{"winner": "c"}]},
                                format="json", HTTP_ACCEPT_LANGUAGE="pt-br")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "seat"
    assert body["detail"] == "Jogo 1: um vencedor deve ser 'a' ou 'b' (ou assento 1 ou 2), não 'c'."
    assert body["params"]["game"] == 1


def test_a_player_not_at_the_table_is_refused_in_french(round_one, carol):
    match = round_one.matches.get()
    response = _api(carol).post(f"/api/v1/matches/{match.pk}/reports/", {"games": [{"winner": "a"}]},
                                format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 403
    assert response.json()["code"] == "not_at_table"
    assert response.json()["detail"] == f"Seuls les joueurs de la table {match.table} peuvent déclarer son résultat."


def test_the_api_404_and_a_missing_reason_in_french_and_portuguese(round_one):
    match = round_one.matches.get()
    first, second = _seated(match)
    missing = _api(first).post("/api/v1/matches/999999/reports/", {"games": []}, format="json",
                               HTTP_ACCEPT_LANGUAGE="fr")
    assert missing.status_code == 404
    assert missing.json() == {"code": "not_found", "detail": "Il n'y a pas de match 999999.",
                              "params": {"match": 999999}}
    report = _api(first).post(f"/api/v1/matches/{match.pk}/reports/",
                              {"games": [{"winner": "a"}, {"winner": "a"}]}, format="json")
    assert report.status_code == 201
    dispute = _api(second).post(f"/api/v1/reports/{report.json()['id']}/dispute/", {}, format="json",
                                HTTP_ACCEPT_LANGUAGE="pt-br")
    assert dispute.status_code == 400 and dispute.json()["code"] == "reason_required"
    assert "Diga o que está errado no resultado informado." in dispute.json()["detail"]


def test_a_rule_refusal_wrapped_by_scoring_is_in_the_readers_language(round_one):
    """``_user_error``: the rule's part rendered from its code and params (tournaments/rule_texts.py)."""
    match = round_one.matches.get()
    first, _second = _seated(match)
    games = [{"winner": "a"}] * 200
    response = _api(first).post(f"/api/v1/matches/{match.pk}/reports/", {"games": games}, format="json",
                                HTTP_ACCEPT_LANGUAGE="pt-br")
    assert response.status_code == 400
    assert response.json()["code"] == "too_many_games_reported"
    with translation.override("pt-br"):
        expected = translation.gettext("%(count)s games were reported; at most %(max)s are allowed.") % {
            "count": 200, "max": response.json()["params"]["max"]}
    assert response.json()["detail"] == expected and "jogos" in expected


def test_an_impossible_table_result_composes_its_message_in_french(pods_four):
    """``_check_table``: the prefix and the rule's text, both in French."""
    _t, regs, table = pods_four
    player = _seated(table)[0]
    response = _api(player).post(f"/api/v1/matches/{table.pk}/reports/", {"placements": [1, 1, 1, 2]},
                                 format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "placements"
    assert body["detail"].startswith("Résultat non valable pour 4 sièges\u00a0: ")
    assert "rounds[0]" not in body["detail"] and "placements" in body["detail"]
    english = _api(player).post(f"/api/v1/matches/{table.pk}/reports/", {"placements": [1, 1, 1, 2]},
                                format="json", HTTP_ACCEPT_LANGUAGE="en").json()
    assert english["code"] == "placements" and english["detail"].startswith("Not a valid result for 4 seats: ")


# --------------------------------------------------------------------------- pages


def test_the_match_page_shows_the_result_and_the_games_in_portuguese(
    client, round_one, organiser, django_capture_on_commit_callbacks
):
    t = round_one.tournament
    match = round_one.matches.get()
    first, second = _seated(match)
    services.result_report(match=match, actor=first, games=[{"winner": "a"}, {"mulligan_by": "b"},
                                                            {"drawn": True}, {"winner": "a"}])
    report = match.submissions.get()
    services.result_dispute(submission=report, actor=second, reason="errado")
    client.force_login(organiser)
    client.cookies["django_language"] = "pt-br"
    page = html.unescape(client.get(reverse("tournaments:match", args=[t.pk, match.pk]),
                                    HTTP_ACCEPT_LANGUAGE="pt-br").content.decode())
    assert f"{first.username} 2-0-1 {second.username}" in page  # the score stays numeric
    assert f"Jogo 2: mulligan de dois saques declarado por {second.username}" in page
    assert "Jogo 3: empate" in page
    assert f"Jogo 4: {first.username} venceu" in page
    assert "two-draw mulligan declared by" not in page


def test_a_table_result_is_told_in_french(pods_four):
    from tournaments.presentation import describe_record, outcome_text
    from tournaments.services.results import seats_of
    from tournaments.services.scoring import Outcome

    _t, _regs, table = pods_four
    seats = seats_of(table)
    names = [s.registration.display_name for s in seats]
    outcome = Outcome(wins=(2, 1, 0, 0), placements=(1, 2, 3, 3), draws=1)
    with translation.override("fr"):
        assert outcome_text(seats, outcome) == (
            f"1. {names[0]} (2 parties gagnées), 2. {names[1]} (1 partie gagnée), 3. {names[2]} (0 partie gagnée), "
            f"3. {names[3]} (0 partie gagnée)\u00a0; 1 nulle")
        assert describe_record({"placements": [1, 2, 3, 3]}, dict(enumerate(names, start=1))) == [
            f"Places\u00a0: {names[0]} 1, {names[1]} 2, {names[2]} 3, {names[3]} 3"]
    with translation.override("en"):
        assert outcome_text(seats, outcome).endswith(f"3. {names[3]} (0 won); 1 drawn")


def test_the_audit_entry_stays_english_when_the_organiser_acts_in_french(round_one, organiser):
    match = round_one.matches.get()
    first, second = _seated(match)
    with translation.override("fr"):
        entry = services.result_settle(match=match, actor=organiser, reason="feuille de match",
                                       games=[{"winner": "a"}, {"drawn": True}, {"mulligan_by": "b"},
                                              {"winner": "a"}])
    entry = AuditEntry.objects.get(pk=entry.pk)
    assert entry.after["result"] == f"{first.username} 2-0-1 {second.username}"
    assert entry.after["games"] == [f"Game 1: {first.username} won", "Game 2: drawn",
                                    f"Game 3: two-draw mulligan declared by {second.username}",
                                    f"Game 4: {first.username} won"]
    assert entry.before["result"] == "no confirmed result"


def test_a_bye_and_a_table_are_stored_in_english_in_the_audit_log(pods_four, organiser):
    _t, _regs, table = pods_four
    names = [s.registration.display_name for s in table.seats.select_related("registration").order_by("number")]
    with translation.override("pt-br"):
        entry = services.result_settle(match=table, actor=organiser, reason="súmula", placements=[2, 1, 3, 4])
    entry = AuditEntry.objects.get(pk=entry.pk)
    assert entry.after["result"].startswith(f"1. {names[1]} (1 won), 2. {names[0]} (0 won)")
    assert entry.after["games"] == [f"Placements: {names[0]} 2, {names[1]} 1, {names[2]} 3, {names[3]} 4"]


def test_the_standings_headings_are_translated_and_keep_the_abbreviations():
    pokemon = [("owp", "OWP (resistance)", True), ("oowp", "OOWP", True), ("h2h", "Head to head", False)]
    buchholz = [("score", "Score", False), ("bh", "Buchholz", False), ("bh_c1", "Buchholz cut 1", False),
                ("sb", "Sonneborn-Berger", False), ("ps", "Progressive", False)]
    pods = [("omwp", "Opponents' points %", True), ("gwp", "GW%", True)]
    with translation.override("pt-br"):
        assert [c.heading for c in standings_columns(pokemon)] == ["OWP (resistência)", "OOWP", "Confronto direto"]
        assert [c.heading for c in standings_columns(buchholz)] == [
            "Pontuação", "Buchholz", "Buchholz corte 1", "Sonneborn-Berger", "Pontuação progressiva"]
        assert [c.heading for c in standings_columns(pods)] == ["% de pontos dos adversários", "GW%"]
    with translation.override("fr"):
        assert [c.heading for c in standings_columns(pokemon)][2] == "Confrontation directe"
        assert [c.heading for c in standings_columns(buchholz)][4] == "Score progressif"
        assert standings_columns(pokemon)[2].title != "The result between tied players who met"
    with translation.override("en"):
        assert [c.heading for c in standings_columns(pokemon)] == ["OWP (resistance)", "OOWP", "Head to head"]


def test_the_tiebreaker_select_is_translated():
    with translation.override("en"):
        english = {k: str(v) for k, v in TournamentForm().fields["tiebreakers"].choices}
    assert english["mtg"].startswith("mtg: match points, then OMW%")
    with translation.override("pt-br"):
        labels = {k: str(v) for k, v in TournamentForm().fields["tiebreakers"].choices}
        rendered = str(TournamentForm()["tiebreakers"])
    assert labels["mtg"].startswith("mtg: ") and "match points" not in labels["mtg"]
    assert labels["pods"].startswith("pods: ") and "multiplayer tables" not in labels["pods"]
    assert html.escape(labels["mtg"], quote=False) in rendered or labels["mtg"] in html.unescape(rendered)
