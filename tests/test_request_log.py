"""Issue 26, item 5: quiet, useful logs. A refused request (403, 404, a CSRF failure) is one line (method, path,
status, user) with the request id and no traceback; a real error (500) keeps its traceback; every line carries the
request id, which the answer sends back in X-Request-ID."""

from __future__ import annotations

import logging
import sys
import uuid

import pytest
from django.conf import settings
from django.test import Client

from config.request_log import LINE_FORMAT, ClientErrorLine, RequestIdFilter

pytestmark = pytest.mark.django_db


def login(client: Client, user) -> Client:
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


def formatted(record: logging.LogRecord) -> str:
    """The line the console handler writes for ``record`` (its filters, then the project's format)."""
    RequestIdFilter().filter(record)
    return logging.Formatter(LINE_FORMAT).format(record)


def request_records(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name.startswith(("django.request", "django.security"))]


def test_a_403_is_one_line_with_the_user_and_the_request_id_and_no_traceback(caplog, client, alice, tournament):
    with caplog.at_level(logging.WARNING):
        response = login(client, alice).get(f"/t/{tournament.pk}/manage/")
    assert response.status_code == 403
    [record] = request_records(caplog)
    line = formatted(record)
    request_id = response["X-Request-ID"]
    assert uuid.UUID(request_id)
    assert line.endswith(f"WARNING [{request_id}] django.request: GET /t/{tournament.pk}/manage/ 403 user=alice")
    assert "\n" not in line and "Traceback" not in line
    assert record.exc_info is None


def test_a_404_is_one_line_with_the_request_id_and_no_traceback(caplog, client):
    with caplog.at_level(logging.WARNING):
        response = client.get("/t/999999/")
    assert response.status_code == 404
    [record] = request_records(caplog)
    line = formatted(record)
    assert line.endswith(f"WARNING [{response['X-Request-ID']}] django.request: GET /t/999999/ 404 user=-")
    assert "\n" not in line and record.exc_info is None


def test_a_refused_csrf_token_is_one_line_too(caplog, alice):
    client = Client(enforce_csrf_checks=True)
    with caplog.at_level(logging.WARNING):
        response = client.post("/accounts/login/", {"username": "alice", "password": "alice-pass-123"})
    assert response.status_code == 403
    [record] = request_records(caplog)
    assert formatted(record).endswith(f"[{response['X-Request-ID']}] django.security.csrf: POST /accounts/login/ 403 "
                                      "user=-")


def test_each_request_gets_its_own_id_and_a_proxys_id_is_kept(client):
    first, second = client.get("/t/999999/"), client.get("/t/999999/")
    assert first["X-Request-ID"] != second["X-Request-ID"]
    given = str(uuid.uuid4())
    assert client.get("/t/999999/", HTTP_X_REQUEST_ID=given)["X-Request-ID"] == given


def _record(status: int, exc_info=None) -> logging.LogRecord:
    class Request:
        method = "POST"
        path = "/t/1/"

    record = logging.LogRecord("django.request", logging.ERROR, __file__, 1, "Internal Server Error: %s", ("/t/1/",),
                               exc_info)
    record.status_code = status
    record.request = Request()
    return record


def test_a_server_error_keeps_its_message_and_traceback():
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        record = _record(500, sys.exc_info())
    ClientErrorLine().filter(record)
    line = formatted(record)
    assert "Internal Server Error: /t/1/" in line and "Traceback" in line and "RuntimeError: boom" in line


def test_the_short_line_is_made_once_whatever_the_number_of_filters():
    record = _record(404)
    ClientErrorLine().filter(record)
    ClientErrorLine().filter(record)
    assert record.getMessage() == "POST /t/1/ 404 user=-"
    assert record.request_id == "-"  # outside a request


def test_the_console_handler_and_the_request_loggers_use_the_filters():
    logging_settings = settings.LOGGING
    assert logging_settings["handlers"]["console"]["filters"] == ["request_id", "client_error_line"]
    assert logging_settings["formatters"]["line"]["format"] == LINE_FORMAT
    assert settings.MIDDLEWARE[0] == "django_guid.middleware.guid_middleware"
