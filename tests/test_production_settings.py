"""config.settings.production: `check --deploy` is clean with a real key and hosts; a missing or weak key stops the start.

`check --deploy` and the start without a key run manage.py in a subprocess (settings are read once, at
start) with only the variables given here (no DATABASE_URL/REDIS_URL inherited from CI); the other
cases run the settings module in-process (runpy), which leaves this process's settings alone.
"""

from __future__ import annotations

import os
import runpy
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

ROOT = Path(__file__).resolve().parents[1]
GOOD_KEY = secrets.token_urlsafe(50)
INHERITED = {"PATH", "HOME", "LANG", "LC_ALL", "SYSTEMROOT", "TMPDIR", "SPELLFIRE_CARDS_DIR"}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k in INHERITED}
    environ.update({"DJANGO_SETTINGS_MODULE": "config.settings.production", "PYTHONDONTWRITEBYTECODE": "1"}, **env)
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=environ, capture_output=True,
                          text=True, timeout=120)


def test_check_deploy_passes_without_a_warning():
    done = manage("check", "--deploy", "--fail-level", "WARNING",
                  SECRET_KEY=GOOD_KEY, ALLOWED_HOSTS="spellfire.example.org")
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "System check identified no issues (0 silenced)." in output
    assert "WARNING" not in output.upper()


def load_production(monkeypatch, **env: str) -> dict:
    """Run config/settings/production.py in-process with exactly these variables; its module globals."""
    for name in ("SECRET_KEY", "ALLOWED_HOSTS", "DEBUG", "CSRF_TRUSTED_ORIGINS", "SECURE_SSL_REDIRECT",
                 "SECURE_PROXY_SSL_HEADER", "SECURE_HSTS_SECONDS"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_module("config.settings.production")


def test_the_settings_are_the_hardened_ones(monkeypatch):
    s = load_production(monkeypatch, SECRET_KEY=GOOD_KEY, ALLOWED_HOSTS="a.example.org, b.example.org",
                        CSRF_TRUSTED_ORIGINS="https://a.example.org")
    assert s["SECRET_KEY"] == GOOD_KEY and s["DEBUG"] is False
    assert s["ALLOWED_HOSTS"] == ["a.example.org", "b.example.org"]
    assert s["CSRF_TRUSTED_ORIGINS"] == ["https://a.example.org"]
    assert s["SESSION_COOKIE_SECURE"] and s["CSRF_COOKIE_SECURE"]
    assert s["SECURE_HSTS_SECONDS"] == 31_536_000
    assert s["SECURE_HSTS_INCLUDE_SUBDOMAINS"] and s["SECURE_HSTS_PRELOAD"]
    assert s["SECURE_SSL_REDIRECT"] and s["SECURE_PROXY_SSL_HEADER"] is None and s["SILENCED_SYSTEM_CHECKS"] == []
    assert s["SECURE_CONTENT_TYPE_NOSNIFF"] and s["X_FRAME_OPTIONS"] == "DENY"


def test_behind_a_tls_proxy(monkeypatch):
    s = load_production(monkeypatch, SECRET_KEY=GOOD_KEY, ALLOWED_HOSTS="a.example.org",
                        SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto")
    assert s["SECURE_PROXY_SSL_HEADER"] == ("HTTP_X_FORWARDED_PROTO", "https") and s["SECURE_SSL_REDIRECT"]
    s = load_production(monkeypatch, SECRET_KEY=GOOD_KEY, ALLOWED_HOSTS="a.example.org",
                        SECURE_PROXY_SSL_HEADER="HTTP_X_FORWARDED_PROTO", SECURE_SSL_REDIRECT="false")
    assert s["SECURE_PROXY_SSL_HEADER"] == ("HTTP_X_FORWARDED_PROTO", "https") and not s["SECURE_SSL_REDIRECT"]
    assert s["SILENCED_SYSTEM_CHECKS"] == ["security.W008"]


def test_a_missing_secret_key_stops_the_start_with_a_clear_message():
    done = manage("check", ALLOWED_HOSTS="spellfire.example.org")
    assert done.returncode != 0
    assert "ImproperlyConfigured" in done.stderr, done.stderr
    assert "set the SECRET_KEY environment variable" in done.stderr, done.stderr


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"ALLOWED_HOSTS": "spellfire.example.org"}, "set the SECRET_KEY environment variable"),
        ({"SECRET_KEY": " ", "ALLOWED_HOSTS": "spellfire.example.org"}, "set the SECRET_KEY environment variable"),
        ({"SECRET_KEY": "too-short", "ALLOWED_HOSTS": "spellfire.example.org"}, "SECRET_KEY is insecure"),
        ({"SECRET_KEY": "django-insecure-" + GOOD_KEY, "ALLOWED_HOSTS": "x.org"}, "SECRET_KEY is insecure"),
        ({"SECRET_KEY": "ab" * 40, "ALLOWED_HOSTS": "x.org"}, "SECRET_KEY is insecure"),
        ({"SECRET_KEY": "dev-only-not-secret-spellfire-tournament-manager", "ALLOWED_HOSTS": "x.org"},
         "SECRET_KEY is insecure"),
        ({"SECRET_KEY": GOOD_KEY}, "set the ALLOWED_HOSTS environment variable"),
        ({"SECRET_KEY": GOOD_KEY, "ALLOWED_HOSTS": " , "}, "set the ALLOWED_HOSTS environment variable"),
    ],
    ids=["no-key", "blank-key", "short-key", "django-insecure", "few-characters", "dev-default", "no-hosts",
         "blank-hosts"],
)
def test_a_missing_or_insecure_setting_is_refused(monkeypatch, env, message):
    with pytest.raises(ImproperlyConfigured, match=message):
        load_production(monkeypatch, **env)
