"""A table size fixed ahead of time (spell-battle-rules.txt, 8. Tournaments: "It should be decided ahead of time how
many people will be in each game"): every pods table seats exactly the chosen number, the players left over get byes
instead of a smaller table; the option flows from the form and the API to the pairing."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.conftest import make_event
from tournaments.models import Tournament
from tournaments.pages.event_views import structure_text
from tournaments.services import round_pair_next

pytestmark = pytest.mark.django_db


def _api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_thirteen_players_at_tables_of_exactly_four_make_three_tables_and_one_bye(
    organiser, django_capture_on_commit_callbacks
):
    t, _ = make_event(organiser, 13, table_size=4, fixed_table_size=True)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = round_pair_next(tournament=t, actor=organiser, seed=1)
    sizes = sorted((m.seats.count(), m.pairing_reason_code) for m in rnd.matches.all())
    assert sizes == [(1, "bye"), (4, "pod"), (4, "pod"), (4, "pod")]
    bye = rnd.matches.get(pairing_reason_code="bye")
    assert bye.pairing_reason_params["reason_code"] == "fixed_table_bye"
    assert "exactly 4 at every table" in structure_text(t)


def test_the_api_takes_the_option_for_pods_and_refuses_it_elsewhere(organiser):
    body = {
        "name": "Pods",
        "date": "2026-12-12",
        "structure": "pods",
        "table_size": 4,
        "fixed_table_size": True,
    }
    response = _api(organiser).post("/api/v1/tournaments/", body, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["fixed_table_size"] is True
    assert Tournament.objects.get().fixed_table_size is True
    response = _api(organiser).post("/api/v1/tournaments/", {**body, "structure": "swiss"}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "fixed_table_size"


def test_the_new_event_form_offers_the_option_with_pods(client, organiser):
    client.force_login(organiser)
    page = client.get(reverse("tournaments:new") + "?structure=pods").content.decode()
    assert 'name="fixed_table_size"' in page
    assert (
        'name="fixed_table_size"'
        not in client.get(reverse("tournaments:new") + "?structure=swiss").content.decode()
    )
    body = {
        "structure": "pods",
        "shown_structure": "pods",
        "name": "Cup",
        "date": "2026-12-12",
        "deck_format_id": "55",
        "best_of": "1",
        "swiss_rounds": "3",
        "top_cut": "0",
        "table_size": "4",
        "fixed_table_size": "on",
    }
    assert client.post(reverse("tournaments:new"), body).status_code == 302
    assert Tournament.objects.get().fixed_table_size is True
