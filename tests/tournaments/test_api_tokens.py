"""Personal API tokens (issue 25, item 4): created on the account page (the secret shown once, only its SHA-256
stored), ``Authorization: Bearer`` on any API endpoint with the user's rights and no CSRF token, read-only tokens
refused on unsafe methods, revoked tokens refused, ``last_used_at`` written at most once a minute."""

from __future__ import annotations

import datetime
import hashlib
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tournaments.models import ApiToken
from tournaments.services import api_tokens

pytestmark = pytest.mark.django_db


def _bearer(secret: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {secret}"}


def test_a_token_is_created_on_the_account_page_shown_once_and_stored_hashed(alice):
    client = Client()
    client.force_login(alice)
    page = client.post("/account/tokens/", {"token-name": "stream overlay", "token-scope": "read"})
    assert page.status_code == 200
    assert page["Cache-Control"] == "no-store"
    secret = re.search(
        r'class="mb-0 mt-2 text-break new-token"><code>(sft_[\w-]+)</code>', page.content.decode()
    )[1]
    token = ApiToken.objects.get(user=alice)
    assert (token.name, token.scope) == ("stream overlay", "read")
    assert token.key_hash == hashlib.sha256(secret.encode()).hexdigest()
    assert secret not in {token.key_hash, token.prefix} and secret.startswith(token.prefix)
    again = client.get("/account/").content.decode()
    assert "stream overlay" in again and secret not in again  # listed, the secret never shown again
    assert "Never used" in again


def test_a_blank_token_name_is_a_form_error(alice):
    client = Client()
    client.force_login(alice)
    assert client.post("/account/tokens/", {"token-name": " ", "token-scope": "read"}).status_code == 400
    assert not ApiToken.objects.exists()


def test_a_bearer_token_acts_as_its_user_without_csrf(tournament, alice):
    _, secret = api_tokens.api_token_create(user=alice, name="bot", scope="write")
    client = Client(enforce_csrf_checks=True)  # a browser's cookie-less request: no CSRF token sent
    answer = client.post(
        f"/api/v1/tournaments/{tournament.pk}/registrations/",
        {},
        content_type="application/json",
        **_bearer(secret),
    )
    assert answer.status_code == 201, answer.content
    assert tournament.registrations.get().player == alice


def test_a_token_has_its_users_rights_only(tournament, organiser, alice):
    _, staff = api_tokens.api_token_create(user=organiser, name="desk", scope="read")
    _, player = api_tokens.api_token_create(user=alice, name="bot", scope="read")
    url = f"/api/v1/tournaments/{tournament.pk}/forbidden-pairs/"
    assert Client().get(url, **_bearer(staff)).status_code == 200
    assert Client().get(url, **_bearer(player)).status_code == 403


def test_a_read_only_token_is_refused_on_unsafe_methods(tournament, alice):
    _, secret = api_tokens.api_token_create(user=alice, name="overlay", scope="read")
    assert Client().get(f"/api/v1/tournaments/{tournament.pk}/", **_bearer(secret)).status_code == 200
    answer = Client().post(
        f"/api/v1/tournaments/{tournament.pk}/registrations/",
        {},
        content_type="application/json",
        **_bearer(secret),
    )
    assert answer.status_code == 403
    assert answer.json()["code"] == "token_read_only"
    assert not tournament.registrations.exists()


def test_a_revoked_or_unknown_token_is_a_401_with_a_bearer_challenge(tournament, alice):
    token, secret = api_tokens.api_token_create(user=alice, name="bot", scope="write")
    client = Client()
    client.force_login(alice)
    assert client.post(f"/account/tokens/{token.pk}/revoke/").status_code == 302
    for sent in (secret, "sft_not-a-token", "garbage"):
        answer = Client().get(f"/api/v1/tournaments/{tournament.pk}/", **_bearer(sent))
        assert answer.status_code == 401, sent
        assert answer.json()["code"] == "invalid_token"
        assert answer["WWW-Authenticate"].startswith("Bearer")
    # without a token an anonymous read is answered as before
    assert Client().get(f"/api/v1/tournaments/{tournament.pk}/").status_code == 200


def test_another_users_token_cannot_be_revoked(alice, bob):
    token, _ = api_tokens.api_token_create(user=alice, name="bot")
    client = Client()
    client.force_login(bob)
    assert client.post(f"/account/tokens/{token.pk}/revoke/").status_code == 404
    token.refresh_from_db()
    assert token.revoked_at is None


def test_last_used_is_written_at_most_once_a_minute(tournament, alice):
    token, secret = api_tokens.api_token_create(user=alice, name="bot")
    url = f"/api/v1/tournaments/{tournament.pk}/"
    assert Client().get(url, **_bearer(secret)).status_code == 200
    token.refresh_from_db()
    first = token.last_used_at
    assert first is not None
    with CaptureQueriesContext(connection) as queries:
        assert Client().get(url, **_bearer(secret)).status_code == 200
    assert not [q for q in queries if q["sql"].startswith("UPDATE") and "apitoken" in q["sql"]]
    token.refresh_from_db()
    assert token.last_used_at == first
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now() - datetime.timedelta(seconds=61))
    assert Client().get(url, **_bearer(secret)).status_code == 200
    token.refresh_from_db()
    assert token.last_used_at > first


def test_the_schema_documents_bearer_tokens(db):
    schema = Client().get("/api/schema/?format=json").json()
    assert schema["components"]["securitySchemes"]["bearerAuth"]["scheme"] == "bearer"
