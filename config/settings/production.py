"""Production settings: the base settings, hardened; ``DJANGO_SETTINGS_MODULE=config.settings.production``.

Required (the process refuses to start without them, with ImproperlyConfigured):

* ``SECRET_KEY``: at least 50 characters, at least 5 different ones, not ``django-insecure-...``
  and not the development default (generate one with
  ``python -c "import secrets; print(secrets.token_urlsafe(50))"``);
* ``ALLOWED_HOSTS``: comma-separated host names, e.g. ``spellfire.example.org,www.spellfire.example.org``.

Optional: ``DEBUG`` (off), ``CSRF_TRUSTED_ORIGINS`` (comma-separated ``https://host`` origins, needed
when the site is reached under another origin than its host, e.g. behind a proxy on another port),
``SECURE_HSTS_SECONDS`` (one year), ``SECURE_SSL_REDIRECT`` (on; turn it off only when the
TLS-terminating proxy itself redirects plain HTTP to HTTPS) and ``SECURE_PROXY_SSL_HEADER`` (the
header a TLS-terminating proxy sets to ``https``, e.g. ``X-Forwarded-Proto``: only behind a proxy that
always sets or strips it). Everything else (``DATABASE_URL``, ``REDIS_URL``, ...) as in base.py.

``manage.py check --deploy`` prints no warning with these settings.
"""

from __future__ import annotations

import environ
from django.core.exceptions import ImproperlyConfigured

#: The public development default of old (before issue 26): a key anyone can read, refused here.
_DEV_SECRET_KEY = "dev-only-not-secret-spellfire-tournament-manager"
_SECRET_KEY_HELP = 'generate one with: python -c "import secrets; print(secrets.token_urlsafe(50))"'


def _secret_key() -> str:
    key = environ.Env().str("SECRET_KEY", default="").strip()
    if not key:
        raise ImproperlyConfigured(
            f"config.settings.production: set the SECRET_KEY environment variable ({_SECRET_KEY_HELP})."
        )
    if key == _DEV_SECRET_KEY or key.startswith("django-insecure-") or len(key) < 50 or len(set(key)) < 5:
        raise ImproperlyConfigured(
            "config.settings.production: SECRET_KEY is insecure (it must have at least 50 characters, at least 5"
            f" different ones, and not be a development or 'django-insecure-' key; {_SECRET_KEY_HELP})."
        )
    return key


def _allowed_hosts() -> list[str]:
    hosts = [h.strip() for h in env.list("ALLOWED_HOSTS", default=[]) if h.strip()]
    if not hosts:
        raise ImproperlyConfigured(
            "config.settings.production: set the ALLOWED_HOSTS environment variable to the site's host names, "
            "comma-separated (e.g. ALLOWED_HOSTS=spellfire.example.org)."
        )
    return hosts


def _proxy_ssl_header() -> tuple[str, str] | None:
    header = env.str("SECURE_PROXY_SSL_HEADER", default="").strip()
    if not header:
        return None
    name = header.upper().replace("-", "_")
    return (name if name.startswith("HTTP_") else f"HTTP_{name}", "https")


# Checked before the base settings are read: without a key the base settings would generate one in var/ (the
# embedded default's), which a production server must never use.
_KEY = _secret_key()

from config.settings.base import *  # noqa: E402,F401,F403
from config.settings.base import SPECTACULAR_SETTINGS, env  # noqa: E402

SECRET_KEY = _KEY
ALLOWED_HOSTS = _allowed_hosts()
DEBUG = env.bool("DEBUG", default=False)
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

# HTTPS only: cookies never sent in clear, browsers told to use HTTPS for a year (subdomains too, and
# eligible for the browsers' preload lists), plain HTTP redirected.
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
LANGUAGE_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=365 * 24 * 60 * 60)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
SECURE_PROXY_SSL_HEADER = _proxy_ssl_header()
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

# SECURE_SSL_REDIRECT=false is a deliberate choice (the proxy redirects); its deploy warning says nothing new.
SILENCED_SYSTEM_CHECKS = [] if SECURE_SSL_REDIRECT else ["security.W008"]

# drf-spectacular's own deploy check (drf_spectacular.W001) generates the whole OpenAPI schema and reports
# documentation quality (enum names, operation ids), not deployment safety; it is off here so that
# `check --deploy` is about the deployment. Run `manage.py spectacular --validate --fail-on-warn` for the schema.
SPECTACULAR_SETTINGS = {**SPECTACULAR_SETTINGS, "ENABLE_DJANGO_DEPLOY_CHECK": False}
