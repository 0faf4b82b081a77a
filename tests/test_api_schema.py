"""The OpenAPI schema documents what the API really answers (scripts/schemathesis checks it live)."""

from __future__ import annotations

from collections import Counter

import pytest
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient


@pytest.fixture(scope="module")
def schema():
    return SchemaGenerator().get_schema(request=None, public=True)


def _operations(schema):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            yield path, method, operation


def test_operation_ids_are_unique(schema):
    ids = Counter(operation["operationId"] for _, _, operation in _operations(schema))
    assert [i for i, n in ids.items() if n > 1] == []


def test_every_operation_documents_its_errors_with_the_one_error_body(schema):
    for path, method, operation in _operations(schema):
        for code in ("400", "401", "403", "404", "429") + (("409",) if method == "post" else ()):
            body = operation["responses"][code]["content"]["application/json"]["schema"]
            assert body == {"$ref": "#/components/schemas/Error"}, (path, method, code)
    assert set(schema["components"]["schemas"]["Error"]["required"]) == {"code", "detail", "params"}


def test_nullable_and_required_fields(schema):
    components = schema["components"]["schemas"]
    assert components["Tournament"]["properties"]["winner"]["nullable"] is True
    standings = components["StandingsResponse"]
    assert set(standings["required"]) == {"version", "computed_at", "tiebreakers", "rows", "results_version"}
    assert set(components["RegistrationDeck"]["required"]) == {"registered", "latest"}
    for name in ("DisputeInput", "OverrideInput", "RequiredReason"):
        assert components[name]["properties"]["reason"]["minLength"] == 1
        assert "reason" in components[name]["required"]


@pytest.mark.django_db
def test_standings_without_a_snapshot_have_every_documented_field(tournament):
    body = APIClient().get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()
    assert body == {"version": 0, "computed_at": None, "tiebreakers": tournament.tiebreakers, "rows": [],
                    "results_version": tournament.results_version}


@pytest.mark.django_db
def test_a_path_that_is_no_route_under_the_api_is_a_json_404():
    for path in ("/api/v1/matches/-1/", "/api/v1/tournaments/99999999999999999999/", "/api/v1/nothing/"):
        response = APIClient().get(path)
        assert response.status_code == 404 and response.json()["code"] == "not_found", path


@pytest.mark.django_db
def test_a_post_to_no_route_is_a_json_404_not_the_csrf_page(alice):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(alice)
    response = client.post("/api/v1/matches/abc/override/", {}, format="json")
    assert response.status_code == 404 and response.json()["code"] == "not_found"


@pytest.mark.django_db
def test_a_huge_limit_or_offset_is_no_server_error(tournament):
    for query in ("limit=3844406204315055157149696&offset=-2251799813685248", "offset=10000000000000000000000"):
        response = APIClient().get(f"/api/v1/tournaments/{tournament.pk}/registrations/?{query}")
        assert response.status_code == 200, query
        response = APIClient().get(f"/api/v1/tournaments/?{query}")
        assert response.status_code == 200, query


def test_writes_document_http_basic_and_session_authentication(schema):
    assert schema["components"]["securitySchemes"]["basicAuth"] == {"type": "http", "scheme": "basic"}
    operation = schema["paths"]["/api/v1/tournaments/"]["post"]
    assert {"basicAuth": []} in operation["security"] and {"cookieAuth": []} in operation["security"]
