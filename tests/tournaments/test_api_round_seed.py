"""The pairing seed of a round is the organiser's (the round page shows it only to them): the API gives it to the
organisers and co-organisers, and leaves it out for anyone else (issue 21, 13)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def _client(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_login(user)
    return client


def test_the_organiser_reads_the_seed_of_a_round(round_one, tournament, organiser):
    client = _client(organiser)
    assert client.get(f"/api/v1/tournaments/{tournament.pk}/rounds/1/").json()["seed"] == round_one.seed == 7
    assert [r["seed"] for r in client.get(f"/api/v1/tournaments/{tournament.pk}/rounds/").json()] == [7]


def test_a_visitor_and_a_player_do_not_get_the_seed(round_one, tournament, alice):
    for client in (_client(), _client(alice)):
        detail = client.get(f"/api/v1/tournaments/{tournament.pk}/rounds/1/").json()
        assert "seed" not in detail and detail["number"] == 1 and detail["matches"]
        rounds = client.get(f"/api/v1/tournaments/{tournament.pk}/rounds/").json()
        assert rounds and all("seed" not in r for r in rounds)


def test_the_schema_does_not_promise_the_seed(round_one):
    from drf_spectacular.generators import SchemaGenerator

    round_schema = SchemaGenerator().get_schema(request=None, public=True)["components"]["schemas"]["Round"]
    assert "seed" in round_schema["properties"] and "seed" not in round_schema["required"]
