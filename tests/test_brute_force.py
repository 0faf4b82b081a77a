"""Issue #11, item 12: brute force. django-axes locks out a username from an IP address after
AXES_FAILURE_LIMIT (5) failed logins, on the login page, the admin's login and the API's HTTP Basic
authentication; the API throttles anonymous and logged-in clients (rates from settings)."""

from __future__ import annotations

import base64

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client, override_settings
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_counts():
    cache.clear()
    yield
    cache.clear()


def _fail(client: Client, url: str, username: str, times: int) -> None:
    for _ in range(times):
        client.post(url, {"username": username, "password": "wrong-password"})


@pytest.mark.parametrize("url", ["/accounts/login/", "/admin/login/"])
def test_the_sixth_try_is_locked_out_even_with_the_right_password(alice, url):
    from django.contrib.auth.models import User

    User.objects.filter(pk=alice.pk).update(is_staff=True)
    client = Client()
    _fail(client, url, "alice", settings.AXES_FAILURE_LIMIT)
    response = client.post(url, {"username": "alice", "password": "alice-pass-123"})
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_fewer_failures_than_the_limit_still_log_in(alice):
    client = Client()
    _fail(client, "/accounts/login/", "alice", settings.AXES_FAILURE_LIMIT - 1)
    response = client.post("/accounts/login/", {"username": "alice", "password": "alice-pass-123"})
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(alice.pk)


def test_a_lockout_is_per_username_and_address(alice, bob):
    _fail(Client(), "/accounts/login/", "alice", settings.AXES_FAILURE_LIMIT)
    other_address = Client(REMOTE_ADDR="10.0.0.9")
    assert other_address.post("/accounts/login/", {"username": "alice", "password": "alice-pass-123"}).status_code == 302
    assert Client().post("/accounts/login/", {"username": "bob", "password": "bob-pass-123"}).status_code == 302


def _basic(username: str, password: str) -> dict:
    return {"HTTP_AUTHORIZATION": "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()}


def test_http_basic_on_the_api_is_locked_out_too(alice):
    api = APIClient()
    assert api.get("/api/v1/tournaments/", **_basic("alice", "alice-pass-123")).status_code == 200
    for _ in range(settings.AXES_FAILURE_LIMIT):
        assert api.get("/api/v1/tournaments/", **_basic("alice", "wrong")).status_code in (401, 403)
    response = api.get("/api/v1/tournaments/", **_basic("alice", "alice-pass-123"))
    assert response.status_code in (401, 403, 429)


def test_the_api_throttles_are_configured():
    classes = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_CLASSES"]
    assert classes == ["tournaments.api.throttles.AnonThrottle", "tournaments.api.throttles.UserThrottle"]


@override_settings(API_THROTTLE_RATES={"anon": "3/minute", "user": "5/minute"})
def test_an_anonymous_client_is_throttled_then_a_user_is():
    anonymous = APIClient()
    assert [anonymous.get("/api/v1/tournaments/").status_code for _ in range(4)] == [200, 200, 200, 429]
    assert anonymous.get("/api/v1/tournaments/").json()["code"] == "throttled"


@override_settings(API_THROTTLE_RATES={"anon": "3/minute", "user": "5/minute"})
def test_a_logged_in_client_has_its_own_rate(alice):
    api = APIClient()
    api.force_authenticate(alice)
    assert [api.get("/api/v1/tournaments/").status_code for _ in range(6)] == [200] * 5 + [429]
