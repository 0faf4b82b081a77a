"""Issue 21, findings 2, 4 and 12: credentials the database cannot hold are refused before any query; the client's
address is REMOTE_ADDR unless TRUSTED_PROXY_COUNT says how many proxies in front append to X-Forwarded-For (the
API throttles and the login lockout alike); sign-ups are limited per address (SIGNUP_THROTTLE_RATE) and failed
logins across usernames too (LOGIN_IP_FAILURE_LIMIT), besides the per-username lockout (tests/test_brute_force.py)."""

from __future__ import annotations

import base64
import random

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-pass-phrase-9"
# The probe's header: base64 of "a\x00b:x" -- a NUL byte in the username
NUL_USERNAME = {"HTTP_AUTHORIZATION": "Basic YQBiOng="}


@pytest.fixture(autouse=True)
def _fresh_counts():
    cache.clear()
    yield
    cache.clear()


def _basic(username: str, password: str) -> dict:
    return {"HTTP_AUTHORIZATION": "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()}


def _random_address() -> str:
    return ".".join(str(random.randint(1, 254)) for _ in range(4))


# Finding 2: a NUL byte in HTTP Basic credentials


def test_a_nul_byte_in_basic_credentials_is_a_401_before_any_query():
    assert base64.b64decode(NUL_USERNAME["HTTP_AUTHORIZATION"][6:]) == b"a\x00b:x"
    with CaptureQueriesContext(connection) as queries:
        response = APIClient().get("/api/v1/tournaments/", **NUL_USERNAME)
    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"
    assert response["WWW-Authenticate"].startswith("Basic")
    assert [q["sql"] for q in queries.captured_queries] == []


def test_a_nul_byte_in_the_basic_password_is_refused_too(alice):
    assert APIClient().get("/api/v1/tournaments/", **_basic("alice", "alice\x00pass")).status_code == 401
    assert APIClient().get("/api/v1/tournaments/", **_basic("alice", "alice-pass-123")).status_code == 200


@pytest.mark.skipif(connection.vendor != "postgresql",
                    reason="PostgreSQL refuses NUL in text (psycopg DataError); SQLite stores it, the test above "
                           "checks no query is made there")
def test_on_postgresql_a_nul_byte_in_basic_credentials_is_a_401_not_a_500():
    assert APIClient().get("/api/v1/tournaments/", **NUL_USERNAME).status_code == 401
    assert APIClient().post("/api/v1/tournaments/", {}, format="json", **NUL_USERNAME).status_code == 401


def test_a_nul_byte_in_the_login_form_is_a_form_error():
    response = Client().post("/accounts/login/", {"username": "a\x00b", "password": "x"})
    assert response.status_code == 200 and response.context["form"].errors


# Finding 4: X-Forwarded-For is trusted only from configured proxies


@override_settings(API_THROTTLE_RATES={"anon": "12/minute", "user": None})
def test_random_forwarded_for_headers_are_throttled_like_one_client():
    # the probe's 130 requests against 120/minute, scaled down tenfold (130 requests cost 2 s of CI)
    api = APIClient()
    codes = [api.get("/api/v1/tournaments/", HTTP_X_FORWARDED_FOR=_random_address()).status_code
             for _ in range(13)]
    assert codes == [200] * 12 + [429]


@override_settings(API_THROTTLE_RATES={"anon": "2/minute", "user": None}, TRUSTED_PROXY_COUNT=1)
def test_behind_one_trusted_proxy_the_last_forwarded_address_is_the_client():
    api = APIClient()
    first = {"HTTP_X_FORWARDED_FOR": "198.51.100.7, 203.0.113.1"}
    assert [api.get("/api/v1/tournaments/", **first).status_code for _ in range(3)] == [200, 200, 429]
    # the same proxy (REMOTE_ADDR) forwarding another client: a budget of its own
    assert api.get("/api/v1/tournaments/", HTTP_X_FORWARDED_FOR="203.0.113.2").status_code == 200
    # a client cannot escape by prepending addresses: the proxy appends the one it saw
    assert api.get("/api/v1/tournaments/", HTTP_X_FORWARDED_FOR="10.9.9.9, 203.0.113.1").status_code == 429


@override_settings(TRUSTED_PROXY_COUNT=1)
def test_behind_a_trusted_proxy_the_lockout_records_the_forwarded_address(alice):
    Client().post("/accounts/login/", {"username": "alice", "password": "wrong"},
                  HTTP_X_FORWARDED_FOR="spoofed, 198.51.100.7")
    assert list(AccessAttempt.objects.values_list("ip_address", flat=True)) == ["198.51.100.7"]


@override_settings(TRUSTED_PROXY_COUNT=1)
def test_a_forwarded_value_that_is_no_address_falls_back_to_remote_addr(alice):
    Client().post("/accounts/login/", {"username": "alice", "password": "wrong"}, HTTP_X_FORWARDED_FOR="not-an-ip")
    assert list(AccessAttempt.objects.values_list("ip_address", flat=True)) == ["127.0.0.1"]


def test_without_trusted_proxies_the_lockout_ignores_forwarded_for(alice):
    Client().post("/accounts/login/", {"username": "alice", "password": "wrong"},
                  HTTP_X_FORWARDED_FOR="198.51.100.7")
    assert list(AccessAttempt.objects.values_list("ip_address", flat=True)) == ["127.0.0.1"]


# Finding 12: sign-ups per address; failed logins across usernames per address


def _signup(username: str, address: str = "127.0.0.1"):
    return Client(REMOTE_ADDR=address).post(
        "/signup/", {"username": username, "display_name": f"{username} name", "password1": PASSWORD,
                     "password2": PASSWORD})


@override_settings(SIGNUP_THROTTLE_RATE="3/hour")
def test_the_sign_up_after_the_limit_from_one_address_gets_the_429_page():
    assert [_signup(f"player{i}").status_code for i in range(3)] == [302, 302, 302]
    response = _signup("player3")
    assert response.status_code == 429
    assert "429.html" in [t.name for t in response.templates]
    text = response.content.decode()
    assert "Too many accounts were created from this address" in text
    assert response["Retry-After"]
    assert not User.objects.filter(username="player3").exists()
    assert _signup("player3", address="10.0.0.9").status_code == 302  # another address is not affected


@override_settings(SIGNUP_THROTTLE_RATE="3/hour")
def test_showing_the_sign_up_form_is_not_counted():
    client = Client()
    assert [client.get("/signup/").status_code for _ in range(5)] == [200] * 5
    assert _signup("player0").status_code == 302


def test_sign_ups_are_limited_by_default():
    from django.conf import settings

    from config.settings import base

    assert base.SIGNUP_THROTTLE_RATE == "20/hour"
    assert settings.SIGNUP_THROTTLE_RATE is None  # the test settings turn it off; the tests above turn it on


def _fail_login(username: str, address: str = "127.0.0.1"):
    return Client(REMOTE_ADDR=address).post("/accounts/login/", {"username": username, "password": "wrong"})


@override_settings(LOGIN_IP_FAILURE_LIMIT=6)
def test_password_spraying_across_usernames_from_one_address_is_locked_out(alice, bob):
    assert [_fail_login(f"user{i}").status_code for i in range(5)] == [200] * 5  # under the per-username limit
    assert _fail_login("user5").status_code == 429  # the sixth failure from the address locks it
    response = Client().post("/accounts/login/", {"username": "alice", "password": "alice-pass-123"})
    assert response.status_code == 429  # even the right password, from that address
    text = response.content.decode()
    assert "Logging in from this address failed 6 times" in text
    # another address is not affected
    assert Client(REMOTE_ADDR="10.0.0.9").post(
        "/accounts/login/", {"username": "bob", "password": "bob-pass-123"}).status_code == 302


@override_settings(LOGIN_IP_FAILURE_LIMIT=6)
def test_a_success_forgives_only_the_own_failures_not_the_addresses(alice):
    for i in range(5):
        _fail_login(f"user{i}")
    _fail_login("alice")
    assert Client().post("/accounts/login/", {"username": "alice", "password": "alice-pass-123"}).status_code == 429
    AccessAttempt.objects.filter(username="alice").delete()
    assert Client().post("/accounts/login/", {"username": "alice", "password": "alice-pass-123"}).status_code == 302
    # alice's success did not wipe the other usernames' failures from this address
    assert AccessAttempt.objects.filter(ip_address="127.0.0.1").count() == 5
    assert _fail_login("user9").status_code == 429


def test_the_address_limit_is_higher_than_the_per_username_one():
    from django.conf import settings

    assert settings.LOGIN_IP_FAILURE_LIMIT == 20 > settings.AXES_FAILURE_LIMIT
    assert settings.AXES_LOCKOUT_PARAMETERS == [["username", "ip_address"], "ip_address"]
