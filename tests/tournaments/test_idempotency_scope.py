"""Issue 21, finding 5: the same ``Idempotency-Key`` on ``POST /tournaments/9/walk-ins/`` answered with tournament
7's walk-in (201) and created nothing in 9. A key is scoped to its user, action, target and a hash of what was
sent (``tournaments.services.idempotency``): the same key again with the same request is answered with the first
result; with another action, target or payload it is refused, 409 ``idempotency_key_reused`` (as payment APIs do)."""

from __future__ import annotations

import datetime

import pytest
from rest_framework.test import APIClient

from tournaments import services
from tournaments.errors import Conflict
from tournaments.models import IdempotencyKey, Penalty, Registration
from tournaments.services.check_in import no_shows_drop, walk_in_register
from tournaments.services.idempotency import claim_key, fingerprint

pytestmark = pytest.mark.django_db


@pytest.fixture
def other(organiser):
    t = services.tournament_create(actor=organiser, name="Other Open", date=datetime.date(2026, 12, 6),
                                   deck_format_id="55", best_of=3, swiss_rounds=3, top_cut=0)
    return services.tournament_open_registration(tournament=t, actor=organiser)


def _api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_the_same_key_on_another_tournament_is_refused_and_creates_nothing(tournament, other, organiser):
    api = _api(organiser)
    first = api.post(f"/api/v1/tournaments/{tournament.pk}/walk-ins/", {"name": "Gale"}, format="json",
                     HTTP_IDEMPOTENCY_KEY="walk-in-1")
    assert first.status_code == 201
    again = api.post(f"/api/v1/tournaments/{other.pk}/walk-ins/", {"name": "Gale"}, format="json",
                     HTTP_IDEMPOTENCY_KEY="walk-in-1")
    assert again.status_code == 409 and again.json()["code"] == "idempotency_key_reused"
    assert not Registration.objects.filter(tournament=other).exists()
    assert Registration.objects.filter(tournament=tournament).count() == 1


def test_the_same_key_with_another_payload_is_refused(tournament, organiser):
    walk_in_register(tournament=tournament, actor=organiser, name="Gale", idempotency_key="k")
    with pytest.raises(Conflict) as refused:
        walk_in_register(tournament=tournament, actor=organiser, name="Hal", idempotency_key="k")
    assert (refused.value.code, refused.value.status) == ("idempotency_key_reused", 409)
    assert list(tournament.registrations.values_list("walk_in_name", flat=True)) == ["Gale"]


def test_the_same_key_with_the_same_request_is_answered_with_the_first_result(tournament, other, organiser):
    first = walk_in_register(tournament=tournament, actor=organiser, name="Gale", idempotency_key="k")
    assert walk_in_register(tournament=tournament, actor=organiser, name="Gale", idempotency_key="k") == first
    row = IdempotencyKey.objects.get(key="k")
    assert row.target == f"tournaments.tournament:{tournament.pk}" and len(row.fingerprint) == 64
    response = _api(organiser).post(f"/api/v1/tournaments/{tournament.pk}/walk-ins/", {"name": "Gale"},
                                    format="json", HTTP_IDEMPOTENCY_KEY="k")
    assert response.status_code == 201 and response.json()["id"] == first.pk


def test_a_key_used_for_another_action_is_a_409(tournament, organiser):
    walk_in_register(tournament=tournament, actor=organiser, name="Gale", idempotency_key="k")
    with pytest.raises(Conflict) as refused:
        no_shows_drop(tournament=tournament, actor=organiser, idempotency_key="k")
    assert refused.value.code == "idempotency_key_reused"


def test_a_penalty_with_the_key_of_another_players_penalty_is_refused(tournament, organiser, registered):
    alice_entry, bob_entry = registered
    services.penalty_issue(tournament=tournament, actor=organiser, registration=alice_entry, kind="warning",
                           reason="slow play", idempotency_key="p")
    with pytest.raises(Conflict) as refused:
        services.penalty_issue(tournament=tournament, actor=organiser, registration=bob_entry, kind="warning",
                               reason="slow play", idempotency_key="p")
    assert refused.value.code == "idempotency_key_reused"
    assert list(Penalty.objects.values_list("registration", flat=True)) == [alice_entry.pk]


def test_a_key_belongs_to_its_user(tournament, organiser, alice):
    claim_key(organiser, "shared", "walk_in_register", target=tournament, payload={"name": "Gale"})
    assert not claim_key(alice, "shared", "walk_in_register", target=tournament, payload={"name": "Gale"}).repeated


def test_the_fingerprint_reads_models_as_their_ids_and_ignores_the_order_of_keys(tournament, registered):
    alice_entry, bob_entry = registered
    assert fingerprint({"a": alice_entry, "b": 1}) == fingerprint({"b": 1, "a": alice_entry})
    assert fingerprint({"a": alice_entry}) != fingerprint({"a": bob_entry})
    assert fingerprint({"games": [{"winner": 1}]}) != fingerprint({"games": [{"winner": 2}]})
