"""Test settings: the embedded default unless DATABASE_URL/REDIS_URL are set; fast hashing.

Tasks run eagerly in tests; the integration tests (tests/e2e/test_celery_worker.py) switch
eager mode off to hand the work to the real worker that .ci/run starts.
"""
import os

# A fixed test-only key (never var/secret_key: the test run creates no file); SECRET_KEY in the environment wins.
os.environ.setdefault("SECRET_KEY", "test-only-not-secret-" + "spellfire-tournament-manager-test-settings-key")

from config.settings.base import *  # noqa: F401,F403
from config.settings.base import CACHES, DATABASES

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
CELERY_TASK_ALWAYS_EAGER = True
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    DATABASES["default"]["TEST"] = {"NAME": ":memory:"}
# The suite makes many API requests as one client: no throttling (tests/test_brute_force.py turns it on).
API_THROTTLE_RATES = {"anon": None, "user": None}
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True
# Parallel test processes (pytest-xdist) each have their own test database, whose ids all start at 1: on a shared
# Redis each keeps its cache keys (standings job markers, rendered pages) apart under its own prefix.
if os.environ.get("PYTEST_XDIST_WORKER"):
    CACHES["default"]["KEY_PREFIX"] = os.environ["PYTEST_XDIST_WORKER"]
# Many tests sign up from 127.0.0.1: no sign-up limit (tests/test_client_address_and_limits.py turns it on).
SIGNUP_THROTTLE_RATE = None
# Webhook tests post to a receiver on 127.0.0.1 (the SSRF tests turn it off).
WEBHOOKS_ALLOW_LOOPBACK = True
