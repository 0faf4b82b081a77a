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
                    "results_version": tournament.results_version, "phases": []}


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


def test_an_operation_anyone_may_call_is_documented_without_authentication(schema):
    """drf-spectacular knows AllowAny and IsAuthenticatedOrReadOnly only: a view with another permission that lets
    anonymous readers in must say so, or clients are told to log in for a public read (issue 21, 13)."""
    clock = schema["paths"]["/api/v1/tournaments/{id}/rounds/{number}/clock/"]
    assert {} in clock["get"]["security"]
    assert {} not in clock["post"]["security"]
    for path, method, operation in _operations(schema):
        if method == "get" and path.endswith(("/standings/", "/rounds/", "/rounds/{number}/", "/clock/")):
            assert {} in operation["security"], (path, method)


@pytest.mark.django_db
def test_a_path_with_a_newline_under_the_api_is_a_json_404():
    for path in ("/api/v1/tournaments/%0A/", "/api/v1/%0A/", "/api/v1/tournaments/1/%0Arounds/", "/api/v1/a%0Ab/"):
        response = APIClient().get(path)
        assert response.status_code == 404, path
        assert response["Content-Type"] == "application/json" and response.json()["code"] == "not_found", path


@pytest.mark.django_db
def test_a_body_over_the_upload_limit_is_a_json_413_not_the_html_page(alice, tournament, settings):
    """Django refuses a form body over DATA_UPLOAD_MAX_MEMORY_SIZE (RequestDataTooBig) before DRF sees it."""
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    client = APIClient()
    client.force_login(alice)
    for content_type, body in (("application/x-www-form-urlencoded", "name=" + "x" * 2000),
                               ("application/json", '{"name": "' + "x" * 2000 + '"}')):
        response = client.post(f"/api/v1/tournaments/{tournament.pk}/walk-ins/", body, content_type=content_type)
        assert response.status_code == 413, content_type
        assert response["Content-Type"] == "application/json", content_type
        assert response.json()["code"] == "too_large", content_type


def test_the_export_s_submission_is_documented_as_an_id(schema):
    """Any other number is refused (400 ``invalid``): the schema says so, or a client cannot know (issue 21, 13)."""
    operation = schema["paths"]["/api/v1/tournaments/{id}/registrations/{registration_id}/deck/export/"]["get"]
    submission = next(p for p in operation["parameters"] if p["name"] == "submission")
    assert submission["schema"]["minimum"] == 1 and submission["schema"]["maximum"] == 2**63 - 1


def test_request_bodies_say_what_validation_refuses(schema):
    """What the serializers refuse is in the schema (scripts/schemathesis: no "validation mismatch")."""
    components = schema["components"]["schemas"]
    for name in ("DisputeInput", "OverrideInput", "RequiredReason", "ReasonOnly", "Byes", "PenaltyInput"):
        reason = components[name]["properties"]["reason"]
        assert reason["minLength"] == 1, name
        assert reason["pattern"] == r"^[^\u0000]*\S[^\u0000]*$", name  # a non-space character, no NUL
    kind = components["PenaltyInput"]["properties"]["kind"]["$ref"].rsplit("/", 1)[1]
    assert set(components[kind]["enum"]) == {"warning", "game_loss", "match_loss", "disqualification"}
    for name in ("DisputeInput", "OverrideInput", "ReportInput", "GameInput"):
        assert components[name]["additionalProperties"] is False, name
    assert len(components["OverrideInput"]["oneOf"]) == 4  # submission, games, placements, score
    assert components["OverrideInput"]["properties"]["games"]["minItems"] == 1
    assert components["ReportInput"]["properties"]["table"]["minimum"] == 1
    deck = schema["paths"]["/api/v1/tournaments/{id}/registrations/{registration_id}/deck/"]["post"]["requestBody"]
    assert set(deck["content"]) == {"application/json", "multipart/form-data"}
    assert components["DeckText"]["required"] == ["text"]
    assert components["DeckUpload"]["properties"]["file"]["format"] == "binary"
